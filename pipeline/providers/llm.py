"""Generative models, only when configured. One provider interface (`Provider`: `chat` and `stream` over a list of
(role, content) messages, each returning a `Reply` with its usage); the implementation here wraps llama-index's
`OpenAI` (api.openai.com) or `OpenAILike` (`OPENAI_BASE_URL`: Ollama, vLLM, llama.cpp server). Another backend
is one small class with the same two methods. Unconfigured -> None, and every node uses its deterministic
implementation.

Every call is metered: the process-wide `USAGE` (evaluation reads its change per case) and the current turn's
`Meter` (a context variable the turn graph sets; recorded in `TurnState.usage`). JSON the product needs is parsed
here: a JSON object inside prose or a fenced block is found; nothing parseable is `MalformedOutput`."""
from __future__ import annotations

import contextvars
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol

from pipeline.settings import Settings


class MalformedOutput(ValueError):
    """The model answered, but not in the required shape."""


class ModelConfigError(ValueError):
    """The model settings cannot work (said at start-up, not on the first turn)."""


# US dollars per million (input, output) tokens of OpenAI models; a local server costs nothing per call.
# ARA_LLM_PRICE_INPUT / ARA_LLM_PRICE_OUTPUT override (for any provider).
OPENAI_PRICES = {"gpt-4o-mini": (0.15, 0.60), "gpt-4o": (2.50, 10.00), "gpt-4.1": (2.00, 8.00),
                 "gpt-4.1-mini": (0.40, 1.60), "gpt-4.1-nano": (0.10, 0.40)}
DEFAULT_OPENAI_MODEL = "gpt-4o-mini"


@dataclass
class Reply:
    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0
    finished: bool = True          # False: the stream ended without a finish reason (cut off) or hit max tokens
    estimated: bool = False        # token counts estimated (the server reported no usage)


class Provider(Protocol):
    name: str
    model: str
    prices: tuple[float, float]

    def chat(self, messages: list[tuple[str, str]]) -> Reply: ...

    def stream(self, messages: list[tuple[str, str]], on_delta: Callable[[str], None]) -> Reply: ...


@dataclass
class Meter:
    """One turn's model usage: calls, tokens, latency, cost; one row per call."""
    calls: list[dict] = field(default_factory=list)

    def record(self, purpose: str, reply: Reply, prices: tuple[float, float], error: str = "") -> None:
        cost = (reply.prompt_tokens * prices[0] + reply.completion_tokens * prices[1]) / 1e6
        self.calls.append({"purpose": purpose, "prompt_tokens": reply.prompt_tokens,
                           "completion_tokens": reply.completion_tokens, "latency_ms": round(reply.latency_ms, 1),
                           "cost_usd": round(cost, 6), "estimated": reply.estimated, "error": error})

    def to_json(self) -> dict:
        c = self.calls
        return {"calls": len(c), "prompt_tokens": sum(x["prompt_tokens"] for x in c),
                "completion_tokens": sum(x["completion_tokens"] for x in c),
                "tokens": sum(x["prompt_tokens"] + x["completion_tokens"] for x in c),
                "latency_ms": round(sum(x["latency_ms"] for x in c), 1),
                "cost_usd": round(sum(x["cost_usd"] for x in c), 6), "by_call": list(c)}


METER: contextvars.ContextVar[Meter | None] = contextvars.ContextVar("ara_llm_meter", default=None)
USAGE = {"calls": 0, "tokens": 0, "cost_usd": 0.0}   # process-wide counters (evaluation reads their change per case)


def _approx_tokens(text: str) -> int:
    return int(len(text.split()) * 1.3) + 1


class LlamaIndexProvider:
    """OpenAI or an OpenAI-compatible server through llama-index."""

    def __init__(self, llm, name: str, model: str, prices: tuple[float, float]):
        self.llm, self.name, self.model, self.prices = llm, name, model, prices

    @staticmethod
    def _messages(messages: list[tuple[str, str]]):
        from llama_index.core.llms import ChatMessage

        return [ChatMessage(role=r, content=c) for r, c in messages]

    @staticmethod
    def _usage(raw) -> tuple[int, int] | None:
        usage = raw.get("usage") if isinstance(raw, dict) else getattr(raw, "usage", None)
        if usage is None:
            return None
        get = usage.get if isinstance(usage, dict) else (lambda k: getattr(usage, k, None))
        p, c, t = get("prompt_tokens"), get("completion_tokens"), get("total_tokens")
        if p is None and c is None and t is None:
            return None
        return int(p or 0), int(c if c is not None else max(0, int(t or 0) - int(p or 0)))

    def chat(self, messages: list[tuple[str, str]]) -> Reply:
        t0 = time.perf_counter()
        resp = self.llm.chat(self._messages(messages))
        text = resp.message.content or ""
        usage = self._usage(resp.raw) if resp.raw is not None else None
        finish = _finish_reason(resp.raw)
        reply = Reply(text, latency_ms=1000 * (time.perf_counter() - t0), finished=finish in (None, "stop"))
        _fill_usage(reply, usage, messages)
        return reply

    def stream(self, messages: list[tuple[str, str]], on_delta: Callable[[str], None]) -> Reply:
        t0 = time.perf_counter()
        text, usage, finish = "", None, None
        for r in self.llm.stream_chat(self._messages(messages), stream_options={"include_usage": True}):
            if r.delta:
                text += r.delta
                on_delta(r.delta)
            if r.raw is not None:
                usage = self._usage(r.raw) or usage
                finish = _finish_reason(r.raw) or finish
        reply = Reply(text, latency_ms=1000 * (time.perf_counter() - t0), finished=finish == "stop")
        _fill_usage(reply, usage, messages)
        return reply


def _finish_reason(raw) -> str | None:
    choices = raw.get("choices") if isinstance(raw, dict) else getattr(raw, "choices", None)
    if not choices:
        return None
    c = choices[0]
    return c.get("finish_reason") if isinstance(c, dict) else getattr(c, "finish_reason", None)


def _fill_usage(reply: Reply, usage: tuple[int, int] | None, messages: list[tuple[str, str]]) -> None:
    if usage is None:
        reply.prompt_tokens = sum(_approx_tokens(c) for _, c in messages)
        reply.completion_tokens = _approx_tokens(reply.text)
        reply.estimated = True
    else:
        reply.prompt_tokens, reply.completion_tokens = usage


def list_models(base_url: str, api_key: str | None = None, timeout: float = 3.0) -> list[str]:
    """The model ids an OpenAI-compatible server offers (GET {base}/models); raises when it does not answer."""
    import httpx

    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    r = httpx.get(base_url.rstrip("/") + "/models", headers=headers, timeout=timeout)
    r.raise_for_status()
    return [m["id"] for m in r.json().get("data", []) if isinstance(m, dict) and "id" in m]


def check_config(settings: Settings) -> None:
    """OPENAI_BASE_URL without ARA_LLM_MODEL is a configuration error, said with the server's models."""
    if not settings.openai_base_url or settings.llm_model:
        return
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
    try:
        models = list_models(settings.openai_base_url, key)
        offer = (f"The server offers: {', '.join(models)}." if models else "The server lists no models.")
    except Exception as e:  # noqa: BLE001 - the error message is the product here
        offer = f"The server did not answer at {settings.openai_base_url.rstrip('/')}/models ({type(e).__name__})."
    raise ModelConfigError(f"OPENAI_BASE_URL is set ({settings.openai_base_url}) but ARA_LLM_MODEL is not: say which "
                           f"model to use. {offer} Example: ARA_LLM_MODEL=llama3.1:8b")


def prices_for(settings: Settings, model: str) -> tuple[float, float]:
    default = (0.0, 0.0) if settings.openai_base_url else OPENAI_PRICES.get(model, (0.0, 0.0))
    return (settings.llm_price_input if settings.llm_price_input is not None else default[0],
            settings.llm_price_output if settings.llm_price_output is not None else default[1])


def get_llm(settings: Settings) -> Provider | None:
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
    if not key and not settings.openai_base_url:
        return None
    check_config(settings)
    model = settings.llm_model or DEFAULT_OPENAI_MODEL
    common = dict(max_retries=settings.llm_max_retries, timeout=settings.llm_timeout, temperature=0.0,
                  max_tokens=settings.llm_max_tokens)
    if settings.openai_base_url:
        from llama_index.llms.openai_like import OpenAILike

        llm = OpenAILike(model=model, api_base=settings.openai_base_url, api_key=key or "not-needed",
                         is_chat_model=True, context_window=32000, **common)
        return LlamaIndexProvider(llm, "openai-compatible", model, prices_for(settings, model))
    from llama_index.llms.openai import OpenAI

    return LlamaIndexProvider(OpenAI(model=model, api_key=key, **common), "openai", model, prices_for(settings, model))


def _account(llm, purpose: str, reply: Reply | None, error: str = "") -> None:
    reply = reply or Reply("", latency_ms=0.0)
    prices = getattr(llm, "prices", (0.0, 0.0))
    USAGE["calls"] += 1
    USAGE["tokens"] += reply.prompt_tokens + reply.completion_tokens
    USAGE["cost_usd"] += (reply.prompt_tokens * prices[0] + reply.completion_tokens * prices[1]) / 1e6
    meter = METER.get()
    if meter is not None:
        meter.record(purpose, reply, prices, error)


def calls_made() -> int:
    """Model calls the current turn has made so far (its usage meter's rows; 0 outside a metered turn)."""
    meter = METER.get()
    return len(meter.calls) if meter is not None else 0


def chat(llm, messages: list[tuple[str, str]], purpose: str = "", on_delta: Callable[[str], None] | None = None
         ) -> Reply:
    """One metered call (streamed when `on_delta` is given). A failed call is counted too, then re-raised."""
    t0 = time.perf_counter()
    try:
        reply = llm.stream(messages, on_delta) if on_delta is not None else llm.chat(messages)
    except Exception as e:
        _account(llm, purpose, Reply("", latency_ms=1000 * (time.perf_counter() - t0)), type(e).__name__)
        raise
    _account(llm, purpose, reply)
    return reply


def complete(llm, prompt: str, purpose: str = "") -> str:
    return chat(llm, [("user", prompt)], purpose).text


def _objects(text: str) -> Iterable[Any]:
    """Every JSON value the text holds: the whole text, fenced blocks, then each object starting at a '{'."""
    s = text.strip()
    yield s
    for block in re.findall(r"```(?:json|JSON)?\s*(.*?)```", s, re.S):
        yield block.strip()
    dec = json.JSONDecoder()
    for m in re.finditer(r"\{", s):
        try:
            obj, _ = dec.raw_decode(s, m.start())
        except ValueError:
            continue
        yield obj


def parse_json_object(text: str, required: dict[str, type | tuple]) -> dict[str, Any]:
    """The first JSON object in `text` (bare, fenced, or inside prose) with the required keys and types, else
    raise MalformedOutput: nothing parseable is never read as any verdict."""
    problem = f"not JSON: {text[:120]!r}"
    for cand in _objects(text):
        if isinstance(cand, str):
            try:
                cand = json.loads(cand)
            except ValueError:
                continue
        if not isinstance(cand, dict):
            continue
        missing = [k for k, t in required.items() if k not in cand or not isinstance(cand[k], t)]
        if not missing:
            return cand
        problem = f"missing or mistyped field {missing[0]!r}"
    raise MalformedOutput(problem)
