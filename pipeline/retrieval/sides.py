"""The four candidate sources of one scoped retrieval, each a LlamaIndex retriever the fusion in
`pipeline/retrieval/retriever.py` combines: dense (pgvector), keyword (BM25), the statement pages of the asked metric and
the pages whose facts answer the question.

Each side costs as few round trips as it can: one statement that returns the chunks with their texts (dense,
keyword, statement pages), and the facts locator reads its filings from the scope (`Scope.filings`, read once by
`Retriever.scope_for`). The sides that do not need the query vector can run ahead (`prefetch`) while the query
is embedded on another thread.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterable

from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from pipeline.question import figure_ask

from pipeline.retrieval import fact_match as lookup
from pipeline.reading.counts import count_pattern
from pipeline.question.lexicon import get_lexicon
from pipeline.question.analysis import QuestionFacts
from pipeline.retrieval.keyword import KeywordIndex
from pipeline.retrieval.passage import Scope
from pipeline.retrieval.rerank import row_matches
from pipeline.stores import corpus, dense
from pipeline.stores import keyword as keyword_store
from pipeline.stores.tokeniser import query_terms


def _node(h: corpus.ChunkHit, score: float) -> NodeWithScore:
    node = TextNode(id_=str(h.chunk_id), text=h.text,
                    metadata={"doc": h.doc_id, "company": h.company, "ticker": h.ticker, "fiscal_year": h.fiscal_year,
                              "doc_type": h.doc_type, "page": h.page, "chunk_id": h.chunk_id,
                              "statement": h.statement})
    return NodeWithScore(node=node, score=score)


class Side(BaseRetriever):
    """A retriever over one scope that keeps a copy of what it returned (`last`, with its own scores: the fusion
    rewrites them in place) and can search ahead of the fusion's call (`prefetch`)."""

    name = "side"

    def __init__(self, conn, scope: Scope, k: int):
        super().__init__()
        self.conn, self.scope, self.k = conn, scope, k
        self.last: list[NodeWithScore] = []
        self._ready: list[NodeWithScore] | None = None

    def prefetch(self, query: str) -> None:
        """Search now (while something else runs); the fusion's call then returns these nodes."""
        self._ready = self._retrieve(QueryBundle(query_str=query))

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        if self._ready is not None:
            nodes, self._ready = self._ready, None
            return nodes
        nodes = self.search(query_bundle.query_str)
        self.last = [NodeWithScore(node=n.node, score=n.score) for n in nodes]
        return nodes

    def search(self, query: str) -> list[NodeWithScore]:
        raise NotImplementedError


class DenseRetriever(Side):
    name = "dense"

    def __init__(self, conn, embedder, scope: Scope, k: int):
        super().__init__(conn, scope, k)
        self.embedder = embedder
        self.vector = None        # a query vector computed ahead (so its failure can be handled apart)

    def search(self, query: str) -> list[NodeWithScore]:
        vec = self.vector if self.vector is not None else self.embedder.get_query_embedding(query)
        hits = dense.dense_search(self.conn, vec, k=self.k, company=self.scope.company,
                                   fiscal_year=self.scope.fiscal_year, doc_types=self.scope.doc_types,
                                   rows=self.scope.rows)
        return [_node(h, h.score) for h in hits]


class KeywordSearch:
    """BM25 over the scope's chunks in Postgres (ARA_KEYWORD_BACKEND=postgres): nothing held in memory; the hits
    come back with their texts from the statement that ranks them."""

    def search(self, conn, query: str, k: int, *, company: str | None = None, fiscal_year: int | None = None,
               doc_types: Iterable[str] | None = None, rows: int | None = None) -> list[corpus.ChunkHit]:
        return keyword_store.search_chunks(conn, query_terms(query), k, company=company, fiscal_year=fiscal_year,
                                           doc_types=doc_types, rows=rows)


class InMemorySearch:
    """The whole-corpus bm25s index (ARA_KEYWORD_BACKEND=bm25s), behind the same call as KeywordSearch."""

    def __init__(self, index: KeywordIndex):
        self.index = index

    def search(self, conn, query: str, k: int, rows: int | None = None, **scope) -> list[corpus.ChunkHit]:
        ranked = self.index.search(query, k, **scope)
        found = corpus.chunks_by_ids(conn, [i for i, _ in ranked])
        return [replace(found[i], score=s) for i, s in ranked if i in found]


class KeywordRetriever(Side):
    name = "bm25"

    def __init__(self, conn, index: KeywordSearch | InMemorySearch, scope: Scope, k: int):
        super().__init__(conn, scope, k)
        self.index = index

    def search(self, query: str) -> list[NodeWithScore]:
        hits = self.index.search(self.conn, query, self.k, company=self.scope.company,
                                 fiscal_year=self.scope.fiscal_year, doc_types=self.scope.doc_types,
                                 rows=self.scope.rows)
        return [_node(h, h.score) for h in hits]


class StatementRetriever(Side):
    """Structure-aware candidates: the primary-statement pages where the asked metric is printed, chunks holding
    a row of that metric first. Only for questions whose metric the lexicon places on a statement."""

    name = "statement"

    def __init__(self, conn, facts: QuestionFacts, scope: Scope, k: int):
        super().__init__(conn, scope, k)
        self.facts = facts

    def search(self, query: str) -> list[NodeWithScore]:
        out: list[tuple[float, int, corpus.ChunkHit]] = []
        pages = corpus.statement_chunks(self.conn, self.facts.statements, company=self.scope.company,
                                        fiscal_year=self.scope.fiscal_year, doc_types=self.scope.doc_types)
        for rank, statement in enumerate(self.facts.statements):
            for h in pages.get(statement, []):
                row, year = row_matches(self.facts, h.text)
                # a chunk naming the metric in the analyst's words comes before the page's other chunks
                named = any(t in h.text.lower() for m in self.facts.metrics[:1] for t in m.terms if len(t) > 3)
                out.append((2.0 * row + year + 0.5 * named - 0.5 * rank, -len(out), h))
        out.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [_node(h, score) for score, _, h in out[: self.k]]


class CountRetriever(Side):
    """The chunks that state a count of what a "how many" question asks about ("approximately 156,000 employees",
    "total workforce was approximately 156,000"): a human-capital paragraph is one chunk among thousands that
    mention employees, and neither the keyword nor the dense side ranks it first."""

    name = "count"

    def __init__(self, conn, nouns: tuple[str, ...], scope: Scope, k: int):
        super().__init__(conn, scope, k)
        self.nouns = nouns

    def search(self, query: str) -> list[NodeWithScore]:
        hits = corpus.chunks_matching(self.conn, count_pattern(self.nouns, postgres=True), company=self.scope.company,
                                      fiscal_year=self.scope.fiscal_year, doc_types=self.scope.doc_types,
                                      limit=self.k)
        return [_node(h, 1.0 / (1 + i)) for i, h in enumerate(hits)]


class FactsRetriever(Side):
    """The pages whose table rows answer the question (pipeline/retrieval/fact_match.py): the row that covers the asked
    measure and its qualifiers, the calculator inputs of a derived measure, then the closest lines."""

    name = "facts"

    def __init__(self, conn, facts: QuestionFacts, scope: Scope, k: int):
        super().__init__(conn, scope, k)
        self.facts = facts

    def _documents(self) -> tuple[list[tuple[str, int, bool]], bool]:
        """(the filings that can print the scope's year, best first; whether their facts are known to be current).
        From the scope's filings when it has them (no statement); a stale one (after a rules change) is left to
        the facts search, which rebuilds it before reading."""
        company, year, filings = self.scope.company, self.scope.fiscal_year, self.scope.filings
        if filings is None:
            return lookup.documents_for(self.conn, company, year), False
        docs = lookup.documents_for(self.conn, company, year, filings=filings)
        wanted = {d for d, _, _ in docs}
        return docs, all(f.facts_current for f in filings if f.doc_id in wanted)

    def search(self, query: str) -> list[NodeWithScore]:
        if not self.scope.company or not self.scope.fiscal_year:
            return []
        metrics = list(self.facts.metrics) or [None]
        for m in list(metrics):
            if m is not None and not m.printed and m.formula:
                metrics += [get_lexicon().get(k) for k in re.findall(r"[a-z_]+", m.formula)]
        pages: list[tuple[str, int]] = []
        rows: dict[tuple[str, int], set[str]] = {}      # the rows found on each page, to rank its chunks
        docs, current = self._documents()                # once for every metric
        for m in metrics:
            if m is not None and not m.printed:
                continue
            ask = figure_ask.read_ask(self.facts.text, self.facts, m, with_qualifiers=m is None or m is metrics[0])
            if m is None and not ask.hard:
                continue
            found = lookup.find(self.conn, ask, self.scope.company, self.scope.fiscal_year, docs=docs, current=current)
            hits = [found.fact, *found.alternatives] if isinstance(found, lookup.FactMatch) else found.closest
            for f in hits:
                if (f.doc_id, f.page) not in pages:
                    pages.append((f.doc_id, f.page))
                rows.setdefault((f.doc_id, f.page), set()).add(f.label.lower())
        hits = corpus.chunks_on_pages(self.conn, pages[: self.k])
        order = {ref: i for i, ref in enumerate(pages)}
        # on each page, the chunk holding the found row first (a page's first chunk is often another part of it)
        hits.sort(key=lambda h: (order[(h.doc_id, h.page)],
                                 not any(r in h.text.lower() for r in rows.get((h.doc_id, h.page), ())), h.chunk_id))
        return [_node(h, 1.0 / (1 + order[(h.doc_id, h.page)])) for h in hits]
