"""The keyword side of retrieval: the tokeniser, and BM25 (Lucene variant) over the chunks.

The tokeniser folds case and punctuation, joins thousands separators ("1,577" -> "1577"), reads "PP&E" as one
term and stems; question filler words ("what", "was", "the", "of", "in", ...) are stop words, so they never
decide the ranking.

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
import re
import shutil
from pathlib import Path
from typing import Iterable

import numpy as np

FILLER = ["what", "was", "were", "is", "are", "the", "of", "in", "for", "did", "does", "do", "how", "much", "many",
          "which", "who", "whom", "when", "where", "why", "a", "an", "and", "or", "to", "by", "on", "at", "as",
          "its", "it", "their", "this", "that", "these", "those", "be", "been", "has", "have", "had", "with",
          "from", "into", "than", "then", "there", "such", "if", "but", "not", "no", "will", "would", "can",
          "could", "should", "about", "give", "tell", "me", "please", "fy", "fiscal", "year", "amount", "value",
          "figure", "report", "reported", "company", "company's"]


def normalise(text: str) -> str:
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)           # 1,577 -> 1577
    text = re.sub(r"(?i)\bPP&E\b", "ppe", text)
    text = text.replace("&", " and ")
    return text


MAX_TERM_BYTES = 2046   # Postgres refuses a longer lexeme ("word is too long"); no real term comes near it


def chunk_terms(texts: list[str]) -> list[list[str]]:
    """Each text's terms in order, as the keyword index stores them (stemmed, filler words gone; a "word" longer
    than Postgres's lexeme limit, like 12,000 x's, is dropped)."""
    if not texts:
        return []
    tok = _tokenizer()
    # Tokenizer.tokenize(return_as="string") without its progress bar: a disabled tqdm still takes a
    # multiprocessing lock, ~2 ms, which is most of a one-question call.
    out = tok.decode(list(tok.streaming_tokenize([normalise(t) for t in texts], update_vocab=True)))
    return [[t for t in terms if t and len(t.encode()) <= MAX_TERM_BYTES] for terms in out]


def query_terms(query: str) -> list[str]:
    """The query's terms (duplicates kept: a term asked twice weighs twice, as in bm25s)."""
    return chunk_terms([query])[0]


def tsvector_literal(terms: list[str]) -> str:
    """A tsvector in Postgres's input syntax ('term':1,4 'other':2): the term's positions give its frequency.
    Terms are quoted (a quote doubled, a backslash escaped), so no text can change the literal's structure."""
    positions: dict[str, list[int]] = {}
    for i, t in enumerate(terms, start=1):
        positions.setdefault(t, []).append(min(i, 16383))
    parts = []
    for t, pos in positions.items():
        q = t.replace("\\", "\\\\").replace("'", "''")
        parts.append(f"'{q}':" + ",".join(str(p) for p in sorted(set(pos))[:256]))
    return " ".join(parts)


def _stemmer():
    import Stemmer
    return Stemmer.Stemmer("english")


def _tokenizer():
    from bm25s.tokenization import Tokenizer
    return Tokenizer(lower=True, stopwords=FILLER, stemmer=_stemmer())


class KeywordIndex:
    def __init__(self, ids: np.ndarray, companies: np.ndarray, years: np.ndarray, doc_types: np.ndarray,
                 bm25) -> None:
        self.ids, self.companies, self.years, self.doc_types = ids, companies, years, doc_types
        self.bm25 = bm25

    @classmethod
    def build(cls, rows: list[tuple]) -> "KeywordIndex":
        import bm25s

        ids = np.array([r[0] for r in rows], dtype=np.int64)
        tok = _tokenizer()
        texts = [normalise(r[4]) for r in rows]
        bm = bm25s.BM25(method="lucene")
        if len(rows):
            bm.index(tok.tokenize(texts, update_vocab=True, return_as="tuple", show_progress=False),
                     show_progress=False)
        return cls(ids, np.array([r[1] for r in rows], dtype=object), np.array([r[2] for r in rows], dtype=np.int64),
                   np.array([r[3] for r in rows], dtype=object), bm)

    def tokens(self, query: str) -> list[str]:
        """The query's terms as the index sees them (stemmed, stop words gone), unknown terms dropped."""
        tok = _tokenizer()  # a throwaway vocabulary: the index's own vocab maps the strings
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
    from pipeline.stores import corpus

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
