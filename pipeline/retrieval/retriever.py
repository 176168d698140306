"""Hybrid retrieval: pgvector dense + BM25 keyword, each scoped to company / fiscal year, fused by
reciprocal rank (LlamaIndex `QueryFusionRetriever`, mode `reciprocal_rerank`): a pool of `pool_k` per side,
cut to `final_k`."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Callable, Iterable, Literal

from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.schema import NodeWithScore

from pipeline.reading.counts import counted_nouns
from pipeline.reading.facts import FACTS_VERSION
from pipeline.providers.embeddings import get_embedder
from pipeline.question.analysis import QuestionFacts, analyse
from pipeline.question.periods import YEARS_PRINTED_BACK
from pipeline.retrieval.keyword import KeywordIndex, load_or_build
from pipeline.retrieval.passage import Passage, Scope
from pipeline.retrieval.rerank import get_reranker, rerank_or_keep
from pipeline.retrieval.sides import (CountRetriever, DenseRetriever, FactsRetriever, InMemorySearch,
                                      KeywordRetriever, KeywordSearch, StatementRetriever)
from pipeline.settings import Settings
from pipeline.stores import corpus
from pipeline.stores import filings as filings_store
from pipeline.stores import keyword as keyword_store
from pipeline.stores.dense import scope_rows

Mode = Literal["hybrid", "dense", "keyword"]


class Retriever:
    """Holds the embedder, the reranker and the keyword search (see `keyword_index`)."""

    def __init__(self, settings: Settings, connect: Callable, embedder=None):
        self.settings, self._connect = settings, connect
        self._embedder = embedder
        self._reranker = None
        self._kw: KeywordIndex | None = None
        self._kw_version: str | None = None
        self._terms_ready = False
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None

    def _embedding_pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="ara-embed")
            return self._pool

    @property
    def embedder(self):
        if self._embedder is None:
            self._embedder = get_embedder(self.settings)
        return self._embedder

    @property
    def reranker(self):
        """The configured reranker (ARA_RERANK_PROVIDER), shared by `retrieve` and the turn graph."""
        if self._reranker is None:
            self._reranker = get_reranker(self.settings)
        return self._reranker

    def keyword_index(self, conn) -> KeywordSearch | InMemorySearch:
        """The keyword search of ARA_KEYWORD_BACKEND. `postgres` (default) builds nothing: chunks stored before
        their terms were (migration 0016) are tokenised once, on a connection of its own, by the first process
        that searches. `bm25s` loads or builds the whole-corpus index whenever the corpus version changes."""
        with self._lock:
            if self.settings.keyword_backend == "postgres":
                if not self._terms_ready:
                    with self._connect() as own:
                        keyword_store.ensure_terms(own)
                        own.commit()
                    self._terms_ready = True
                return KeywordSearch()
            version = corpus.corpus_version(conn)
            if self._kw is None or version != self._kw_version:
                self._kw, self._kw_version = load_or_build(conn, self.settings.data_dir)
            return InMemorySearch(self._kw)

    @staticmethod
    def _sized(scope: Scope, conn) -> Scope:
        """The scope with its chunk count (one query over the documents table, unless already known)."""
        if scope.rows is not None:
            return scope
        return replace(scope, rows=scope_rows(conn, scope.company, scope.fiscal_year, scope.doc_types))

    def scope_for(self, facts: QuestionFacts, company: str | None = None, year: int | None = None,
                  conn=None) -> Scope:
        """Company and fiscal year to filter on. A question naming no year searches the company's latest
        report; a year with no report of that company searches the latest report before it (where a forecast
        for that year would be), else none."""
        c = company or (facts.company.name if facts.company else None)
        # A question comparing years (FY2015 to FY2016, a three-year average) is best read in the latest named
        # year's report, which prints the earlier years as comparative columns.
        y = year if year is not None else (max(facts.years) if len(facts.years) > 1 else facts.year)
        scope = Scope(company=c, fiscal_year=y)
        if c is None or conn is None:
            return scope
        # one statement: years, sizes, the facts locator's filings
        filings = filings_store.of_company(conn, c, FACTS_VERSION)
        sizes = filings_store.year_sizes(filings)      # {fiscal year: chunks}, newest first
        years = list(sizes)
        if not years:
            return scope
        scope.filings = filings
        if y is None:
            scope.fiscal_year, scope.note = years[0], f"no year named: latest report, FY{years[0]}"
        elif y not in years and any(y < x <= y + YEARS_PRINTED_BACK for x in years):
            later = min(x for x in years if y < x <= y + YEARS_PRINTED_BACK)
            scope.fiscal_year, scope.note = later, f"FY{y} is read from the FY{later} report (a comparative year)"
        elif y not in years:
            earlier = [x for x in years if x < y]
            scope.fiscal_year = earlier[0] if earlier else None
            scope.note = (f"no FY{y} report: searched FY{earlier[0]}, the latest before it" if earlier
                          else f"no FY{y} report: searched all years")
        scope.rows = sizes[scope.fiscal_year] if scope.fiscal_year is not None else sum(sizes.values())
        return scope

    def candidates(self, query: str, facts: QuestionFacts, scope: Scope, conn, *, pool_k: int | None = None,
                   mode: Mode = "hybrid", statements: bool = True) -> list[Passage]:
        """The fused candidate pool for one scope (not reranked, not cut)."""
        return self.candidates_checked(query, facts, scope, conn, pool_k=pool_k, mode=mode, statements=statements)[0]

    def candidates_checked(self, query: str, facts: QuestionFacts, scope: Scope, conn, *, pool_k: int | None = None,
                           mode: Mode = "hybrid", statements: bool = True,
                           trace: dict | None = None) -> tuple[list[Passage], str | None]:
        """(candidates, the dense side's error if it failed). In hybrid mode a failing embedder leaves keyword
        and statement retrieval to carry the turn (the caller reports it as a fail-open). `trace`, when given,
        receives what each retriever returned (`{name: [NodeWithScore]}`, in its own rank order)."""
        pool = pool_k or self.settings.pool_k
        scope = self._sized(scope, conn)
        dense_error: str | None = None
        pending = None
        dense = None
        if mode in ("hybrid", "dense"):
            dense = DenseRetriever(conn, self.embedder if mode == "dense" else None, scope, pool)
            if mode == "hybrid":
                try:
                    dense.embedder = self.embedder
                    # The query is embedded on another thread (ONNX releases the GIL) while the other sides run
                    # their statements in Postgres: the waits overlap instead of adding up.
                    pending = self._embedding_pool().submit(dense.embedder.get_query_embedding, query)
                except Exception as e:  # noqa: BLE001 - reported through the fail-open policy by the caller
                    dense, dense_error = None, f"{type(e).__name__}: {e}"
        others: list[BaseRetriever] = []
        if mode in ("hybrid", "keyword"):
            others.append(KeywordRetriever(conn, self.keyword_index(conn), scope, pool))
        if mode == "hybrid" and statements and facts.statements:
            others.append(StatementRetriever(conn, facts, scope, pool))
        if mode == "hybrid" and statements:
            others.append(FactsRetriever(conn, facts, scope, pool))
        nouns = counted_nouns(facts.text) if mode == "hybrid" and scope.company else ()
        if nouns:
            others.append(CountRetriever(conn, nouns, scope, pool))
        if pending is not None:
            for side in others:
                side.prefetch(query)
            try:
                dense.vector = pending.result()
            except Exception as e:  # noqa: BLE001 - reported through the fail-open policy by the caller
                dense, dense_error = None, f"{type(e).__name__}: {e}"
        retrievers: list[BaseRetriever] = ([dense] if dense is not None else []) + others
        nodes = retrievers[0].retrieve(query) if len(retrievers) == 1 else _fuse(retrievers, query, 2 * pool)
        if trace is not None:
            trace.update({getattr(r, "name", type(r).__name__): list(getattr(r, "last", [])) for r in retrievers})
            if dense_error:
                trace["dense"] = []
        return ([Passage(chunk_id=int(n.node.metadata["chunk_id"]), doc=n.node.metadata["doc"],
                        company=n.node.metadata["company"], fiscal_year=n.node.metadata["fiscal_year"],
                        doc_type=n.node.metadata["doc_type"], page=n.node.metadata["page"],
                        score=float(n.score or 0.0), text=n.node.get_content(),
                        statement=n.node.metadata.get("statement")) for n in nodes], dense_error)

    def retrieve(self, question: str, *, company: str | None = None, year: int | None = None,
                 k: int | None = None, pool_k: int | None = None, mode: Mode = "hybrid",
                 facts: QuestionFacts | None = None, conn=None, doc_types: Iterable[str] | None = None,
                 rerank: bool = True, statements: bool = True) -> list[Passage]:
        """Scoped candidates from each side (`pool_k` each), fused, reranked, cut to `k`."""
        facts = facts or analyse(question)
        k = k or self.settings.final_k
        pool = pool_k or self.settings.pool_k
        query = facts.search_query()
        own = conn is None
        conn = conn or self._connect()
        try:
            scope = self.scope_for(facts, company, year, conn)
            if doc_types:
                scope.doc_types, scope.rows = tuple(doc_types), None
            passages = self.candidates(query, facts, scope, conn, pool_k=pool, mode=mode, statements=statements)
        finally:
            if own:
                conn.close()
        if rerank:
            passages = rerank_or_keep(self.reranker, facts, passages)
        return one_per_page(passages, k)


def one_per_page(passages: list[Passage], k: int) -> list[Passage]:
    """The best chunk of each page, in order, up to `k` pages: answers read whole pages, so a second chunk of
    the same page would only push another page out of the final set."""
    seen: set[tuple[str, int]] = set()
    out: list[Passage] = []
    for p in passages:
        if (p.doc, p.page) not in seen:
            seen.add((p.doc, p.page))
            out.append(p)
        if len(out) == k:
            break
    return out


def _fuse(retrievers: list[BaseRetriever], query: str, k: int) -> list[NodeWithScore]:
    from llama_index.core.llms import MockLLM
    from llama_index.core.retrievers import QueryFusionRetriever

    fusion = QueryFusionRetriever(retrievers, llm=MockLLM(), mode="reciprocal_rerank", similarity_top_k=k,
                                  num_queries=1, use_async=False, verbose=False)
    return fusion.retrieve(query)
