"""The keyword side of retrieval: BM25 (Lucene variant) over the chunks, their terms from the keyword tokeniser
(`pipeline/stores/tokeniser.py`).

Two backends (`ARA_KEYWORD_BACKEND`):
- `postgres` (default): every chunk's terms are stored with it (a tsvector, written at ingest) and BM25 is scored
  in SQL over the chunks of the searched scope only (`pipeline/stores/keyword.py`); nothing is built per process,
  so a search scoped to one filing costs the same at 20k chunks as at 1M.
- `bm25s`: the earlier whole-corpus in-memory index (bm25s), built from every chunk text, cached on disk under
  `ARA_DATA_DIR/bm25/<corpus version>/` and rebuilt whenever the corpus version changes. Kept as the measured
  baseline (benchmarks/scale.py) and for a small corpus on a read-only database.
"""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Iterable

import numpy as np

from pipeline.stores import corpus
from pipeline.stores.tokeniser import normalise, tokenizer


class KeywordIndex:
    def __init__(self, ids: np.ndarray, companies: np.ndarray, years: np.ndarray, doc_types: np.ndarray,
                 bm25) -> None:
        self.ids, self.companies, self.years, self.doc_types = ids, companies, years, doc_types
        self.bm25 = bm25

    @classmethod
    def build(cls, rows: list[tuple]) -> "KeywordIndex":
        import bm25s

        ids = np.array([r[0] for r in rows], dtype=np.int64)
        tok = tokenizer()
        texts = [normalise(r[4]) for r in rows]
        bm = bm25s.BM25(method="lucene")
        if len(rows):
            bm.index(tok.tokenize(texts, update_vocab=True, return_as="tuple", show_progress=False),
                     show_progress=False)
        return cls(ids, np.array([r[1] for r in rows], dtype=object), np.array([r[2] for r in rows], dtype=np.int64),
                   np.array([r[3] for r in rows], dtype=object), bm)

    def tokens(self, query: str) -> list[str]:
        """The query's terms as the index sees them (stemmed, stop words gone), unknown terms dropped."""
        tok = tokenizer()  # a throwaway vocabulary: the index's own vocab maps the strings
        terms = tok.tokenize([normalise(query)], update_vocab=True, return_as="string", show_progress=False)[0]
        vocab = self.bm25.vocab_dict or {}
        return [t for t in terms if t and t in vocab]

    def search(self, query: str, k: int, *, company: str | None = None, fiscal_year: int | None = None,
               doc_types: Iterable[str] | None = None) -> list[tuple[int, float]]:
        """(chunk id, BM25 score) best first; only chunks in scope and with a positive score."""
        if not len(self.ids):
            return []
        terms = self.tokens(query)
        if not terms:
            return []
        mask = np.ones(len(self.ids), dtype=np.float32)
        if company:
            mask *= self.companies == company
        if fiscal_year is not None:
            mask *= self.years == int(fiscal_year)
        if doc_types:
            mask *= np.isin(self.doc_types, list(doc_types))
        if not mask.any():
            return []
        k = min(k, len(self.ids))
        docs, scores = self.bm25.retrieve([terms], k=k, weight_mask=mask, show_progress=False)
        # bm25s pads with zero-score rows, including rows the mask excluded: drop them.
        return [(int(self.ids[d]), float(s)) for d, s in zip(docs[0], scores[0]) if s > 0 and mask[d] > 0]

    # --- on-disk cache, keyed by corpus version -----------------------------------------------------
    def save(self, folder: Path) -> None:
        tmp = folder.with_suffix(".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        self.bm25.save(str(tmp / "bm25"), show_progress=False)
        np.save(tmp / "ids.npy", self.ids)
        np.save(tmp / "years.npy", self.years)
        (tmp / "meta.json").write_text(json.dumps({"companies": self.companies.tolist(),
                                                   "doc_types": self.doc_types.tolist()}))
        shutil.rmtree(folder, ignore_errors=True)
        tmp.rename(folder)

    @classmethod
    def load(cls, folder: Path) -> "KeywordIndex":
        import bm25s

        bm = bm25s.BM25.load(str(folder / "bm25"), load_vocab=True, show_progress=False)
        meta = json.loads((folder / "meta.json").read_text())
        return cls(np.load(folder / "ids.npy"), np.array(meta["companies"], dtype=object), np.load(folder / "years.npy"),
                   np.array(meta["doc_types"], dtype=object), bm)


def load_or_build(conn, data_dir: Path) -> tuple[KeywordIndex, str]:
    version = corpus.corpus_version(conn)
    root = Path(data_dir) / "bm25"
    folder = root / hashlib.sha256(version.encode()).hexdigest()[:16]
    if folder.exists():
        try:
            return KeywordIndex.load(folder), version
        except Exception:  # a damaged cache is rebuilt, never trusted
            shutil.rmtree(folder, ignore_errors=True)
    idx = KeywordIndex.build(corpus.all_chunk_rows(conn))
    try:
        if root.exists():
            for old in root.iterdir():
                shutil.rmtree(old, ignore_errors=True)
        idx.save(folder)
    except OSError:
        pass  # a read-only data dir only costs a rebuild next time
    return idx, version
