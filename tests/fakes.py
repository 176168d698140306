"""A local fake HTTP server that speaks just enough of the OpenAI and Cohere APIs, with scripted faults.
Tests never reach the internet."""
from __future__ import annotations

import http.server
import json
import threading
import time


class FakeAPI:
    """Responses are scripted per path suffix: a queue of ("json", obj) | ("status", code) | ("sleep", s) |
    ("text", str); when a queue runs dry, `default` answers."""

    def __init__(self):
        self.script: dict[str, list] = {}
        self.requests: list[tuple[str, dict, dict]] = []
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                fake.requests.append((self.path, dict(self.headers), body))
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
                else:
                    self._send(200, val(body) if callable(val) else val)

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

    def close(self):
        self.server.shutdown()


def chat(content: str) -> dict:
    return {"id": "c1", "object": "chat.completion", "created": 0, "model": "fake",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


def rerank_reversed(body: dict) -> dict:
    n = len(body.get("documents", []))
    return {"id": "r1", "results": [{"index": i, "relevance_score": 1.0 - 0.01 * r}
                                    for r, i in enumerate(reversed(range(n)))], "meta": {}}
