"""Embedding reuse at ingest: each distinct chunk text is embedded once, and a text whose vector the index already
holds is not embedded again.

A chunk's key is sha256 over the embedding model, its token limit and the exact text the model sees (the figure-free
copy, `ingest/chunking.py`), so two chunks with one key have one vector by construction; the index holds one model's
vectors only (`corpus.check_index_model`). What repeats: running headers, repeated table headings and boilerplate
within a filing and across a company's years, and every unchanged chunk of a filing ingested again (`--force`, or a
corrected file). The keys are stored with the chunks (migration 0017); nothing else is kept.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Sequence

from pipeline.stores import corpus


def embed_key(model: str, max_tokens: int, text: str) -> bytes:
    return hashlib.sha256(f"{model}\x00{max_tokens}\x00{text}".encode("utf-8", "surrogatepass")).digest()[:16]


@dataclass
class VectorPlan:
    """What one document needs embedded: `todo` (distinct texts not in the index); `fill` gives every chunk its vector."""
    keys: list[bytes]
    todo: list[str]
    todo_keys: list[bytes]
    known: dict[bytes, list[float]] = field(repr=False)

    @property
    def reused(self) -> int:
        """Chunks whose vector is not computed for this document (already in the index, or a repeat within it)."""
        return len(self.keys) - len(self.todo)

    def fill(self, vectors: Sequence[Sequence[float]]) -> list[list[float]]:
        if len(vectors) != len(self.todo):
            raise ValueError(f"{len(vectors)} vectors for {len(self.todo)} texts")
        got = dict(self.known)
        got.update(zip(self.todo_keys, vectors))
        return [got[k] for k in self.keys]


def plan(conn, embedder, texts: Sequence[str]) -> VectorPlan:
    """Key every text; look the distinct keys up in the index when it holds this embedder's vectors."""
    model = embedder.model_name
    limit = int(getattr(embedder, "max_tokens", 0) or 0)
    keys = [embed_key(model, limit, t) for t in texts]
    first: dict[bytes, str] = {}
    for k, t in zip(keys, texts):
        first.setdefault(k, t)
    known: dict[bytes, list[float]] = {}
    index = corpus.index_model(conn)
    if index is not None and index[0] == model:
        known = corpus.vectors_by_key(conn, list(first))
    conn.commit()   # a read: hold no snapshot while the texts embed
    todo_keys = [k for k in first if k not in known]
    return VectorPlan(keys=keys, todo=[first[k] for k in todo_keys], todo_keys=todo_keys, known=known)
