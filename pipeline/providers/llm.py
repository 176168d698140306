"""Generative models, only when configured: OpenAI (llama-index-llms-openai) or any OpenAI-compatible server
(`OPENAI_BASE_URL`: Ollama, vLLM, llama.cpp server) through OpenAILike. Unconfigured -> None, and every node
uses its deterministic implementation. Output that must be JSON is parsed strictly here."""
from __future__ import annotations

import json
import re
from typing import Any

from pipeline.settings import Settings


class MalformedOutput(ValueError):
    """The model answered, but not in the required shape."""


def get_llm(settings: Settings):
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
    if not key and not settings.openai_base_url:
        return None
    if settings.openai_base_url:
        from llama_index.llms.openai_like import OpenAILike

        return OpenAILike(model=settings.llm_model, api_base=settings.openai_base_url, api_key=key or "not-needed",
                          is_chat_model=True, context_window=32000, max_retries=settings.llm_max_retries,
                          timeout=settings.llm_timeout, temperature=0.0)
    from llama_index.llms.openai import OpenAI

    return OpenAI(model=settings.llm_model, api_key=key, max_retries=settings.llm_max_retries,
                  timeout=settings.llm_timeout, temperature=0.0)


USAGE = {"calls": 0, "tokens": 0}   # process-wide counters (evaluation reads their change per case)


def complete(llm, prompt: str) -> str:
    from llama_index.core.llms import ChatMessage

    resp = llm.chat([ChatMessage(role="user", content=prompt)])
    USAGE["calls"] += 1
    usage = getattr(resp.raw, "usage", None) if resp.raw is not None else None
    if isinstance(resp.raw, dict):
        usage = resp.raw.get("usage")
    total = usage.get("total_tokens") if isinstance(usage, dict) else getattr(usage, "total_tokens", None)
    USAGE["tokens"] += int(total or 0)
    return resp.message.content or ""


def parse_json_object(text: str, required: dict[str, type | tuple]) -> dict[str, Any]:
    """The single JSON object in `text` (code fences allowed) with the required keys and types, else raise."""
    s = text.strip()
    s = re.sub(r"^```(?:json)?\s*|\s*```$", "", s)
    try:
        obj = json.loads(s)
    except ValueError:
        raise MalformedOutput(f"not JSON: {text[:120]!r}") from None
    if not isinstance(obj, dict):
        raise MalformedOutput("not a JSON object")
    for k, t in required.items():
        if k not in obj or not isinstance(obj[k], t):
            raise MalformedOutput(f"missing or mistyped field {k!r}")
    return obj
