"""The keyword tokeniser: the terms a chunk is stored with (a tsvector written at ingest) and a question is
searched by, the same function for both.

It folds case and punctuation, joins thousands separators ("1,577" -> "1577"), reads "PP&E" as one term and
stems; question filler words ("what", "was", "the", "of", "in", ...) are stop words, so they never decide the
ranking. Pure text, no database: the stores write its terms, the keyword search (`pipeline/retrieval/keyword.py`,
`pipeline/stores/keyword.py`) reads them.
"""
from __future__ import annotations

import re

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
    tok = tokenizer()
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


def tokenizer():
    from bm25s.tokenization import Tokenizer
    return Tokenizer(lower=True, stopwords=FILLER, stemmer=_stemmer())
