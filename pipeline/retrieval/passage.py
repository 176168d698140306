"""What retrieval passes on: the `Scope` a question is searched in (company, fiscal year, filing types) and the
`Passage`s it returns, with their fusion and rerank scores."""
from __future__ import annotations

from dataclasses import asdict, dataclass

from pipeline.stores import filings as filings_store


@dataclass
class Scope:
    company: str | None = None
    fiscal_year: int | None = None
    doc_types: tuple[str, ...] | None = None
    note: str = ""      # how the scope was chosen when the question did not say exactly
    rows: int | None = None   # how many chunks it holds, when known (read once, shared by both retrieval sides)
    filings: list[filings_store.Filing] | None = None   # the company's filings, when read (by `scope_for`)


@dataclass
class Passage:
    chunk_id: int
    doc: str
    company: str
    fiscal_year: int
    doc_type: str
    page: int           # 1-based
    score: float
    text: str
    statement: str | None = None
    rerank_score: float | None = None   # set by a reranker; `score` stays the fusion (or single retriever) score

    @property
    def order_score(self) -> float:
        """The score that ordered this passage: the reranker's when it reranked, else the fusion score (a
        reranker's ties keep the fusion order, so `score` breaks them)."""
        return self.rerank_score if self.rerank_score is not None else self.score

    def to_json(self, rank: int | None = None) -> dict:
        d = asdict(self)
        for internal in ("chunk_id", "doc_type", "statement", "rerank_score"):
            d.pop(internal)
        out = {"rank": rank} if rank is not None else {}
        out.update(d)
        out["score"] = round(self.order_score, 6)
        out["fusion_score"] = round(self.score, 6)
        if self.rerank_score is not None:
            out["rerank_score"] = round(self.rerank_score, 6)
        return out
