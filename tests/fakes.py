"""A local fake HTTP server that speaks just enough of the OpenAI and Cohere APIs, with scripted faults.
Tests never reach the internet.

Chat completions answer streaming requests (`"stream": true`) as server-sent events built from the same scripted
reply, so one script serves both. Model replies can be scripted per purpose (`for_purpose`): the router, the
synthesis, the verifier and the summariser prompts are told apart by their text, so a test does not depend on
the order of calls."""
from __future__ import annotations

import http.server
import json
import threading
import time


class FakeAPI:
    """Responses are scripted per path suffix: a queue of ("json", obj) | ("status", code) | ("sleep", s) |
    ("text", str) | ("truncated", content) (a stream cut off mid-answer: no finish reason, no [DONE]); chat
    completions may instead be scripted per purpose (`for_purpose`). Unscripted requests get a 404."""

    def __init__(self):
        self.script: dict[str, list] = {}
        self.purposes: dict[str, list] = {}
        self.requests: list[tuple[str, dict, dict]] = []
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                fake.requests.append((self.path, dict(self.headers), {}))
                self._answer({})

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                fake.requests.append((self.path, dict(self.headers), body))
                self._answer(body)

            def _answer(self, body):
                purpose = purpose_of(body) if self.path.endswith("/chat/completions") else None
                if purpose and fake.purposes.get(purpose):
                    kind, val = fake.purposes[purpose].pop(0)
                else:
                    for suffix, queue in fake.script.items():
                        if self.path.endswith(suffix) and queue:
                            kind, val = queue.pop(0)
                            break
                    else:
                        kind, val = "status", 404
                if kind == "sleep":
                    time.sleep(val)
                    kind, val = "status", 504
                if kind == "status":
                    self._send(val, {"error": {"message": f"fake {val}", "type": "fake"}})
                elif kind == "text":
                    self._send(200, val)
                elif kind == "truncated":
                    self._stream(val, finish=None, cut=True)
                else:
                    payload = val(body) if callable(val) else val
                    if body.get("stream") and isinstance(payload, dict) and "choices" in payload:
                        self._stream(payload["choices"][0]["message"]["content"], "stop", usage=payload.get("usage"))
                    else:
                        self._send(200, payload)

            def _stream(self, content: str, finish, cut: bool = False, usage=None):
                words = content.split(" ")
                if cut:
                    words = words[: max(1, len(words) // 2)]
                events = [{"id": "s1", "object": "chat.completion.chunk", "created": 0, "model": "fake",
                           "choices": [{"index": 0, "delta": {"role": "assistant", "content": w + " "},
                                        "finish_reason": None}]} for w in words]
                if not cut:
                    events.append({"id": "s1", "object": "chat.completion.chunk", "created": 0, "model": "fake",
                                   "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]})
                    if usage:
                        events.append({"id": "s1", "object": "chat.completion.chunk", "created": 0, "model": "fake",
                                       "choices": [], "usage": usage})
                out = "".join(f"data: {json.dumps(e)}\n\n" for e in events) + ("" if cut else "data: [DONE]\n\n")
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    self.wfile.write(out.encode())
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    pass
                self.close_connection = True

            def _send(self, code, payload):
                out = payload.encode() if isinstance(payload, str) else json.dumps(payload).encode()
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(out)))
                    self.end_headers()
                    self.wfile.write(out)
                except (BrokenPipeError, ConnectionResetError):
                    pass   # the client timed out first: that is the fault under test

            def log_message(self, *a):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}"

    def then(self, suffix: str, *responses) -> "FakeAPI":
        self.script.setdefault(suffix, []).extend(responses)
        return self

    def for_purpose(self, purpose: str, *responses) -> "FakeAPI":
        """Script chat replies for one purpose: route_llm | synthesise | kinds | verify_llm | summary."""
        self.purposes.setdefault(purpose, []).extend(responses)
        return self

    def calls(self, purpose: str | None = None) -> list[dict]:
        """The chat-completion request bodies received (of one purpose)."""
        return [b for p, _, b in self.requests if p.endswith("/chat/completions")
                and (purpose is None or purpose_of(b) == purpose)]

    def close(self):
        self.server.shutdown()


def purpose_of(body: dict) -> str | None:
    text = " ".join(str(m.get("content", "")) for m in body.get("messages", []))
    for marker, purpose in (("You route questions", "route_llm"), ("You check an analyst answer", "verify_llm"),
                            ("Summarise this conversation", "summary"), ("numbered report sentences", "kinds"),
                            ("numbered report figures", "kinds"),
                            ("numbered sources", "synthesise")):
        if marker in text:
            return purpose
    return None


def chat(content: str, prompt_tokens: int = 1, completion_tokens: int = 1) -> dict:
    return {"id": "c1", "object": "chat.completion", "created": 0, "model": "fake",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


def models(*ids: str) -> dict:
    return {"object": "list", "data": [{"id": i, "object": "model", "owned_by": "fake"} for i in ids]}


def rerank_reversed(body: dict) -> dict:
    n = len(body.get("documents", []))
    return {"id": "r1", "results": [{"index": i, "relevance_score": 1.0 - 0.01 * r}
                                    for r, i in enumerate(reversed(range(n)))], "meta": {}}
