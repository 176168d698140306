"""Embedding providers: the local ONNX model, and the OpenAI path against a local fake server."""
import http.server
import json
import threading

import numpy as np
import pytest

from pipeline.providers.embeddings import LOCAL_DIM, get_embedder
from pipeline.settings import Settings


def test_local_model_is_normalised_deterministic_and_semantic(embedder):
    texts = ["capital expenditure", "Purchases of property, plant and equipment", "Dividends paid to shareholders"]
    v = np.array(embedder.get_text_embedding_batch(texts))
    assert v.shape == (3, LOCAL_DIM)
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-4)
    assert np.allclose(v, np.array(embedder.get_text_embedding_batch(list(reversed(texts))))[::-1], atol=1e-5)
    assert v[0] @ v[1] > v[0] @ v[2]          # capex is nearer PP&E purchases than dividends


class _FakeOpenAI(http.server.BaseHTTPRequestHandler):
    calls: list = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _FakeOpenAI.calls.append((self.path, self.headers.get("Authorization"), body))
        data = [{"object": "embedding", "index": i, "embedding": [float(len(t)), 1.0, 0.0]}
                for i, t in enumerate(body["input"])]
        out = json.dumps({"object": "list", "data": data, "model": body["model"],
                          "usage": {"prompt_tokens": 1, "total_tokens": 1}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    def log_message(self, *a):
        pass


@pytest.fixture
def fake_openai():
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _FakeOpenAI)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    _FakeOpenAI.calls = []
    yield f"http://127.0.0.1:{srv.server_port}/v1"
    srv.shutdown()


def test_many_texts_spread_over_worker_sessions_get_the_vectors_each_gets_alone(embedder):
    texts = [f"Net sales of the segment rose {i} percent" + " in the Americas" * (i % 7) for i in range(40)]
    together = np.array(embedder.get_text_embedding_batch(texts))       # several micro-batches, worker sessions
    alone = np.array([embedder.get_text_embedding(t) for t in texts])    # one text, the query session
    assert together.shape == (40, LOCAL_DIM)
    assert np.abs(together - alone).max() < 1e-4                          # same order, same vectors


def test_openai_provider_uses_the_configured_server_model_and_key(fake_openai):
    s = Settings(embed_provider="openai", openai_base_url=fake_openai, openai_api_key="sk-test-123",
                 embed_model="my-embedder", data_dir="/tmp/x")
    e = get_embedder(s)
    vecs = e.get_text_embedding_batch(["ab", "abcd"])
    assert [v[0] for v in vecs] == [2.0, 4.0]
    path, auth, body = _FakeOpenAI.calls[-1]
    assert path == "/v1/embeddings" and auth == "Bearer sk-test-123" and body["model"] == "my-embedder"


def test_openai_provider_without_key_or_server_is_a_clear_error():
    with pytest.raises(ValueError, match="OPENAI_API_KEY"):
        get_embedder(Settings(embed_provider="openai", data_dir="/tmp/x"))
