"""Hybrid retrieval: pgvector dense + BM25 keyword, each scoped to company / fiscal year, fused by
reciprocal rank (LlamaIndex `QueryFusionRetriever`, mode `reciprocal_rerank`): a pool of `pool_k` per side,
cut to `final_k`."""
from __future__ import annotations

import threading
from dataclasses import asdict, dataclass
from typing import Callable, Iterable, Literal

from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from pipeline.keyword import KeywordIndex, load_or_build
from pipeline.question import QuestionFacts, analyse
from pipeline.settings import Settings
from pipeline.stores import corpus

Mode = Literal["hybrid", "dense", "keyword"]


@dataclass
class Scope:
    company: str | None = None
    fiscal_year: int | None = None
    doc_types: tuple[str, ...] | None = None


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

    def to_json(self) -> dict:
        d = asdict(self)
        for internal in ("chunk_id", "doc_type"):
            d.pop(internal)
        return d


def _node(h: corpus.ChunkHit, score: float) -> NodeWithScore:
    node = TextNode(id_=str(h.chunk_id), text=h.text,
                    metadata={"doc": h.doc_id, "company": h.company, "fiscal_year": h.fiscal_year,
                              "doc_type": h.doc_type, "page": h.page, "chunk_id": h.chunk_id})
    return NodeWithScore(node=node, score=score)


class DenseRetriever(BaseRetriever):
    def __init__(self, conn, embedder, scope: Scope, k: int):
        super().__init__()
        self.conn, self.embedder, self.scope, self.k = conn, embedder, scope, k

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        vec = self.embedder.get_query_embedding(query_bundle.query_str)
        hits = corpus.dense_search(self.conn, vec, k=self.k, company=self.scope.company,
                                   fiscal_year=self.scope.fiscal_year, doc_types=self.scope.doc_types)
        return [_node(h, h.score) for h in hits]


class KeywordRetriever(BaseRetriever):
    def __init__(self, conn, index: KeywordIndex, scope: Scope, k: int):
        super().__init__()
        self.conn, self.index, self.scope, self.k = conn, index, scope, k

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        ranked = self.index.search(query_bundle.query_str, self.k, company=self.scope.company,
                                   fiscal_year=self.scope.fiscal_year, doc_types=self.scope.doc_types)
        rows = corpus.chunks_by_ids(self.conn, [i for i, _ in ranked])
        return [_node(rows[i], s) for i, s in ranked if i in rows]


class Retriever:
    """Holds the embedder and the keyword index (rebuilt when the corpus version changes)."""

    def __init__(self, settings: Settings, connect: Callable, embedder=None):
        self.settings, self._connect = settings, connect
        self._embedder = embedder
        self._kw: KeywordIndex | None = None
        self._kw_version: str | None = None
        self._lock = threading.Lock()

    @property
    def embedder(self):
        if self._embedder is None:
            from pipeline.providers.embeddings import get_embedder
            self._embedder = get_embedder(self.settings)
        return self._embedder

    @property
    def keyword_index_cached(self) -> KeywordIndex | None:
        return self._kw

    def keyword_index(self, conn) -> KeywordIndex:
        with self._lock:
            version = corpus.corpus_version(conn)
            if self._kw is None or version != self._kw_version:
                self._kw, self._kw_version = load_or_build(conn, self.settings.data_dir)
            return self._kw

    def scope_for(self, facts: QuestionFacts, company: str | None = None, year: int | None = None) -> Scope:
        c = company or (facts.company.name if facts.company else None)
        return Scope(company=c, fiscal_year=year if year is not None else facts.year)

    def retrieve(self, question: str, *, company: str | None = None, year: int | None = None,
                 k: int | None = None, pool_k: int | None = None, mode: Mode = "hybrid",
                 facts: QuestionFacts | None = None, conn=None, doc_types: Iterable[str] | None = None,
                 rerank: bool = True) -> list[Passage]:
        """Scoped candidates from each side (`pool_k` each), fused, reranked, cut to `k`."""
        facts = facts or analyse(question)
        scope = self.scope_for(facts, company, year)
        if doc_types:
            scope.doc_types = tuple(doc_types)
        k = k or self.settings.final_k
        pool = pool_k or self.settings.pool_k
        query = facts.search_query()
        own = conn is None
        conn = conn or self._connect()
        try:
            retrievers: list[BaseRetriever] = []
            if mode in ("hybrid", "dense"):
                retrievers.append(DenseRetriever(conn, self.embedder, scope, pool))
            if mode in ("hybrid", "keyword"):
                retrievers.append(KeywordRetriever(conn, self.keyword_index(conn), scope, pool))
            if len(retrievers) == 1:
                nodes = retrievers[0].retrieve(query)
            else:
                nodes = _fuse(retrievers, query, 2 * pool)
        finally:
            if own:
                conn.close()
        passages = [Passage(chunk_id=int(n.node.metadata["chunk_id"]), doc=n.node.metadata["doc"],
                        company=n.node.metadata["company"], fiscal_year=n.node.metadata["fiscal_year"],
                        doc_type=n.node.metadata["doc_type"], page=n.node.metadata["page"],
                        score=float(n.score or 0.0), text=n.node.get_content()) for n in nodes]
        if rerank:
            from pipeline.rerank import StatementReranker
            return StatementReranker().rerank(facts, passages, k)
        return passages[:k]


def _fuse(retrievers: list[BaseRetriever], query: str, k: int) -> list[NodeWithScore]:
    from llama_index.core.llms import MockLLM
    from llama_index.core.retrievers import QueryFusionRetriever

    fusion = QueryFusionRetriever(retrievers, llm=MockLLM(), mode="reciprocal_rerank", similarity_top_k=k,
                                  num_queries=1, use_async=False, verbose=False)
    return fusion.retrieve(query)
