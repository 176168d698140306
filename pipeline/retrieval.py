"""Hybrid retrieval: pgvector dense + BM25 keyword, each scoped to company / fiscal year, fused by
reciprocal rank (LlamaIndex `QueryFusionRetriever`, mode `reciprocal_rerank`): a pool of `pool_k` per side,
cut to `final_k`."""
from __future__ import annotations

import re

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from typing import Callable, Iterable, Literal

from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from pipeline.keyword import KeywordIndex, load_or_build, query_terms
from pipeline.question import QuestionFacts, analyse
from pipeline.settings import Settings
from pipeline.stores import corpus

Mode = Literal["hybrid", "dense", "keyword"]


@dataclass
class Scope:
    company: str | None = None
    fiscal_year: int | None = None
    doc_types: tuple[str, ...] | None = None
    note: str = ""      # how the scope was chosen when the question did not say exactly
    rows: int | None = None   # how many chunks it holds, when known (read once, shared by both retrieval sides)


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


def _node(h: corpus.ChunkHit, score: float) -> NodeWithScore:
    node = TextNode(id_=str(h.chunk_id), text=h.text,
                    metadata={"doc": h.doc_id, "company": h.company, "ticker": h.ticker, "fiscal_year": h.fiscal_year,
                              "doc_type": h.doc_type, "page": h.page, "chunk_id": h.chunk_id,
                              "statement": h.statement})
    return NodeWithScore(node=node, score=score)


def _remember(retriever, nodes: list[NodeWithScore]) -> list[NodeWithScore]:
    """Keep a copy of what a retriever returned, with its own scores (fusion rewrites the scores in place)."""
    retriever.last = [NodeWithScore(node=n.node, score=n.score) for n in nodes]
    return nodes


class DenseRetriever(BaseRetriever):
    name = "dense"

    def __init__(self, conn, embedder, scope: Scope, k: int):
        super().__init__()
        self.conn, self.embedder, self.scope, self.k = conn, embedder, scope, k
        self.vector = None        # a query vector computed ahead (so its failure can be handled apart)
        self.last: list[NodeWithScore] = []   # what it returned last (for the turn's trace)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        vec = self.vector if self.vector is not None else self.embedder.get_query_embedding(query_bundle.query_str)
        hits = corpus.dense_search(self.conn, vec, k=self.k, company=self.scope.company,
                                   fiscal_year=self.scope.fiscal_year, doc_types=self.scope.doc_types,
                                   rows=self.scope.rows)
        return _remember(self, [_node(h, h.score) for h in hits])


class KeywordSearch:
    """BM25 over the scope's chunks in Postgres (ARA_KEYWORD_BACKEND=postgres): nothing held in memory."""

    def search(self, conn, query: str, k: int, *, company: str | None = None, fiscal_year: int | None = None,
               doc_types: Iterable[str] | None = None, rows: int | None = None) -> list[tuple[int, float]]:
        from pipeline.stores import keyword as keyword_store

        return keyword_store.search(conn, query_terms(query), k, company=company, fiscal_year=fiscal_year,
                                    doc_types=doc_types, rows=rows)


class _InMemorySearch:
    """The whole-corpus bm25s index (ARA_KEYWORD_BACKEND=bm25s), behind the same call as KeywordSearch."""

    def __init__(self, index: KeywordIndex):
        self.index = index

    def search(self, conn, query: str, k: int, rows: int | None = None, **scope) -> list[tuple[int, float]]:
        return self.index.search(query, k, **scope)


class KeywordRetriever(BaseRetriever):
    name = "bm25"

    def __init__(self, conn, index: KeywordSearch | _InMemorySearch, scope: Scope, k: int):
        super().__init__()
        self.conn, self.index, self.scope, self.k = conn, index, scope, k
        self.last: list[NodeWithScore] = []
        self._ready: list[NodeWithScore] | None = None

    def prefetch(self, query: str) -> None:
        """Search now (while something else runs); the fusion's call then returns these nodes."""
        self._ready = self._retrieve(QueryBundle(query_str=query))

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        if self._ready is not None:
            nodes, self._ready = self._ready, None
            return nodes
        ranked = self.index.search(self.conn, query_bundle.query_str, self.k, company=self.scope.company,
                                   fiscal_year=self.scope.fiscal_year, doc_types=self.scope.doc_types,
                                   rows=self.scope.rows)
        rows = corpus.chunks_by_ids(self.conn, [i for i, _ in ranked])
        return _remember(self, [_node(rows[i], s) for i, s in ranked if i in rows])


class StatementRetriever(BaseRetriever):
    """Structure-aware candidates: the primary-statement pages where the asked metric is printed, chunks holding
    a row of that metric first. Only for questions whose metric the lexicon places on a statement."""

    name = "statement"

    def __init__(self, conn, facts: QuestionFacts, scope: Scope, k: int):
        super().__init__()
        self.conn, self.facts, self.scope, self.k = conn, facts, scope, k
        self.last: list[NodeWithScore] = []

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        from pipeline.rerank import row_matches

        out: list[tuple[float, int, corpus.ChunkHit]] = []
        for rank, statement in enumerate(self.facts.statements):
            for h in corpus.statement_chunks(self.conn, statement, company=self.scope.company,
                                             fiscal_year=self.scope.fiscal_year, doc_types=self.scope.doc_types):
                row, year = row_matches(self.facts, h.text)
                # a chunk naming the metric in the analyst's words comes before the page's other chunks
                named = any(t in h.text.lower() for m in self.facts.metrics[:1] for t in m.terms if len(t) > 3)
                out.append((2.0 * row + year + 0.5 * named - 0.5 * rank, -len(out), h))
        out.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return _remember(self, [_node(h, score) for score, _, h in out[: self.k]])


class FactsRetriever(BaseRetriever):
    """The pages whose table rows answer the question (pipeline/answer/facts.py): the row that covers the asked
    measure and its qualifiers, the calculator inputs of a derived measure, then the closest lines."""

    name = "facts"

    def __init__(self, conn, facts: QuestionFacts, scope: Scope, k: int):
        super().__init__()
        self.conn, self.facts, self.scope, self.k = conn, facts, scope, k
        self.last: list[NodeWithScore] = []

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        from pipeline.answer import facts as lookup
        from pipeline.lexicon import get_lexicon

        if not self.scope.company or not self.scope.fiscal_year:
            return []
        metrics = list(self.facts.metrics) or [None]
        for m in list(metrics):
            if m is not None and not m.printed and m.formula:
                metrics += [get_lexicon().get(k) for k in re.findall(r"[a-z_]+", m.formula)]
        pages: list[tuple[str, int]] = []
        rows: dict[tuple[str, int], set[str]] = {}      # the rows found on each page, to rank its chunks
        docs = lookup.documents_for(self.conn, self.scope.company, self.scope.fiscal_year)   # once for every metric
        for m in metrics:
            if m is not None and not m.printed:
                continue
            ask = lookup.read_ask(self.facts.text, self.facts, m, with_qualifiers=m is None or m is metrics[0])
            if m is None and not ask.hard:
                continue
            found = lookup.find(self.conn, ask, self.scope.company, self.scope.fiscal_year, docs=docs)
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
        return _remember(self, [_node(h, 1.0 / (1 + order[(h.doc_id, h.page)])) for h in hits])


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
            from pipeline.providers.embeddings import get_embedder
            self._embedder = get_embedder(self.settings)
        return self._embedder

    @property
    def reranker(self):
        """The configured reranker (ARA_RERANK_PROVIDER), shared by `retrieve` and the turn graph."""
        if self._reranker is None:
            from pipeline.rerank import get_reranker
            self._reranker = get_reranker(self.settings)
        return self._reranker

    def keyword_index(self, conn) -> KeywordSearch | _InMemorySearch:
        """The keyword search of ARA_KEYWORD_BACKEND. `postgres` (default) builds nothing: chunks stored before
        their terms were (migration 0016) are tokenised once, on a connection of its own, by the first process
        that searches. `bm25s` loads or builds the whole-corpus index whenever the corpus version changes."""
        with self._lock:
            if self.settings.keyword_backend == "postgres":
                if not self._terms_ready:
                    from pipeline.stores import keyword as keyword_store

                    with self._connect() as own:
                        keyword_store.ensure_terms(own)
                        own.commit()
                    self._terms_ready = True
                return KeywordSearch()
            version = corpus.corpus_version(conn)
            if self._kw is None or version != self._kw_version:
                self._kw, self._kw_version = load_or_build(conn, self.settings.data_dir)
            return _InMemorySearch(self._kw)

    @staticmethod
    def _sized(scope: Scope, conn) -> Scope:
        """The scope with its chunk count (one query over the documents table, unless already known)."""
        if scope.rows is not None:
            return scope
        from dataclasses import replace

        from pipeline.stores.dense import scope_rows

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
        sizes = corpus.year_sizes(conn, c)      # {fiscal year: chunks}, newest first
        years = list(sizes)
        if not years:
            return scope
        if y is None:
            scope.fiscal_year, scope.note = years[0], f"no year named: latest report, FY{years[0]}"
        elif y not in years and any(y < x <= y + 2 for x in years):
            later = min(x for x in years if y < x <= y + 2)
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
        retrievers: list[BaseRetriever] = []
        dense_error: str | None = None
        pending = None
        if mode in ("hybrid", "dense"):
            dense = DenseRetriever(conn, self.embedder if mode == "dense" else None, scope, pool)
            if mode == "dense":
                retrievers.append(dense)
            else:
                try:
                    dense.embedder = self.embedder
                    # The query is embedded on another thread (ONNX releases the GIL) while the keyword search
                    # runs in Postgres: the two waits overlap instead of adding up.
                    pending = self._embedding_pool().submit(dense.embedder.get_query_embedding, query)
                except Exception as e:  # noqa: BLE001 - reported through the fail-open policy by the caller
                    dense_error = f"{type(e).__name__}: {e}"
        if mode in ("hybrid", "keyword"):
            keyword = KeywordRetriever(conn, self.keyword_index(conn), scope, pool)
            if pending is not None:
                keyword.prefetch(query)
            retrievers.append(keyword)
        if pending is not None:
            try:
                dense.vector = pending.result()
                retrievers.insert(0, dense)
            except Exception as e:  # noqa: BLE001 - reported through the fail-open policy by the caller
                dense_error = f"{type(e).__name__}: {e}"
        if mode == "hybrid" and statements and facts.statements:
            retrievers.append(StatementRetriever(conn, facts, scope, pool))
        if mode == "hybrid" and statements:
            retrievers.append(FactsRetriever(conn, facts, scope, pool))
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
            from pipeline.rerank import rerank_or_keep
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
