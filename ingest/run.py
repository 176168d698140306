"""`ara ingest`: PDFs -> pages -> chunks -> vectors -> Postgres, one document at a time.

Idempotent and safe: a document whose content hash is already stored is skipped; bytes already held under
another name are reported as "same as X" and not stored twice; a changed document is replaced in one transaction
with its pages, chunks, vectors and facts, so a reader sees the old version whole or the new one whole and an
interrupted run (killed, disk full, database restarted) leaves the old one to be finished by the next run. A
malformed or non-PDF file fails alone with a clear message and leaves no partial rows; a cause that is not the
file's (a full disk, the database gone) stops the batch with the summary (`pipeline/cli/errors.py`). The embedder is
only loaded when something needs embedding, so an unchanged re-ingest is a hash check and one query.
"""
from __future__ import annotations

import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from ingest.documents import DocumentInfo, describe, file_sha256
from pipeline.core.access import Principal, require
from pipeline.question.registry import Registry
from pipeline.question.registry_sources import get_registry
from pipeline.settings import Settings
from pipeline.retrieval import facts_rebuild
from pipeline.stores import corpus, db

Progress = Callable[[str, float], None]  # (message, fraction of the whole run done)


@dataclass
class IngestResult:
    path: Path
    doc_id: str
    status: str            # ingested | replaced | unchanged | duplicate | failed | not tried
    pages: int = 0
    chunks: int = 0
    reused: int = 0        # chunks whose vector was not computed again (ingest/vectors.py)
    seconds: float = 0.0
    error: str = ""
    same_as: str = ""      # duplicate: the document already holding these bytes
    stops: bool = False    # failed for a cause that is not this file's: the batch stopped here
    disk_full: bool = False
    info: DocumentInfo | None = field(default=None, repr=False)


# What the database takes per byte of PDF ingested (pages, chunks, vectors, facts, indexes: 1.8x measured on five
# small filings, docs/reliability.md "Real full disk"; 3x leaves a margin for WAL), for "free at least N MB" after
# a full disk.
DB_BYTES_PER_PDF_BYTE = 3.0

PHASES = ("read", "embedded", "document", "facts", "committed")


def _phase(settings: Settings, name: str, conn=None) -> None:
    """Fault injection for tests (ARA_DEBUG_INGEST_FAULT=PHASE:ACTION): after phase `name` of a document, `kill`
    this process (SIGKILL: no cleanup runs), `pause` (sleep, for a test to kill it or restart the database) or
    `disk_full` (raise what a full disk raises) or `drop_connection` (the server ends this connection, as a database
    restart does). Phases: read (pages read and described), embedded (vectors
    computed), document (its rows written, uncommitted), facts (its facts written, uncommitted), committed."""
    want, _, action = (settings.debug_ingest_fault or "").partition(":")
    if want != name:
        return
    print(f"ingest fault hook: {action} after {name}", file=sys.stderr, flush=True)
    if action == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    elif action == "pause":
        time.sleep(600)
    elif action == "disk_full":
        from pipeline.cli.errors import DiskFullError
        raise DiskFullError(str(settings.data_dir))
    elif action == "drop_connection" and conn is not None:
        conn.execute("SELECT pg_terminate_backend(pg_backend_pid())")


def discover(paths: Iterable[Path]) -> list[Path]:
    """PDFs under the given folders (sorted) and the given files (kept even if not PDFs, so they fail loudly)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(q for q in p.iterdir() if q.suffix.lower() == ".pdf" and q.is_file()))
        else:
            out.append(p)
    return out


class _Embedder:
    """Loaded on first need."""

    def __init__(self, settings: Settings, embedder=None):
        self.settings, self._e = settings, embedder

    def get(self):
        if self._e is None:
            from pipeline.providers.embeddings import get_embedder
            self._e = get_embedder(self.settings)
        return self._e


def ingest_paths(paths: Iterable[Path], settings: Settings, *, conn=None, embedder=None,
                 registry: Registry | None = None, show_progress: bool = True,
                 on_progress: Progress | None = None, force: bool = False,
                 overrides: dict[str, dict] | None = None, by: Principal) -> list[IngestResult]:
    """Ingest every PDF under `paths` as `by` (an admin: ingest changes the corpus everyone reads; AccessDenied
    otherwise, before anything is read or stored). `overrides`: per file name, fields an analyst confirmed (Corpus
    page)."""
    require(by, "corpus.write")
    files = discover(paths)
    own = conn is None
    if own:
        conn = db.connect(settings)
    try:
        db.migrate(conn)
        conn.commit()
        known = corpus.document_hashes(conn)
        conn.commit()
        emb = _Embedder(settings, embedder)
        results: list[IngestResult] = []
        overall = _Overall(files, show_progress, on_progress)
        for n, path in enumerate(files):
            overall.start(n, path)
            reg = registry or get_registry(conn=conn)
            conn.commit()
            results.append(_ingest_one(path, settings, conn, emb, reg, known, show_progress, force,
                                       lambda f, n=n: overall.step(n, f), (overrides or {}).get(path.name)))
            overall.done_file(n, results[-1])
            if results[-1].stops:     # a full disk or a lost database: the next file would fail the same way
                if results[-1].disk_full:
                    from pipeline.cli.errors import disk_full
                    need = sum(overall.sizes[n:]) * DB_BYTES_PER_PDF_BYTE / 1e6
                    results[-1].error = disk_full(settings, need_mb=max(need, 1.0)).text()
                results += [IngestResult(path=p, doc_id=p.stem, status="not tried") for p in files[n + 1:]]
                break
        else:
            # documents ingested before the facts table, under older rules, or left by an interrupted older version
            facts_rebuild.ensure_facts(conn)
            conn.commit()
            _scale_indexes(conn)
        overall.close()
        if registry is None:
            from pipeline.question.registry_sources import forget_cached
            forget_cached()
        return results
    finally:
        if own:
            conn.close()


def _scale_indexes(conn) -> None:
    """Keyword terms of chunks stored before they were (migration 0016), and the HNSW index once the corpus is
    large enough to need one (pipeline/stores/dense.py); both no-ops on an up-to-date small corpus."""
    from pipeline.stores import dense
    from pipeline.stores import keyword as keyword_store

    keyword_store.ensure_terms(conn)
    conn.commit()
    model = corpus.index_model(conn)
    if model and dense.maybe_build_ann_index(conn, model[1]):
        conn.commit()


class _Overall:
    """One progress line for the whole run (file k of n, pages/s, time left) over the per-file bars."""

    def __init__(self, files: list[Path], show: bool, on_progress: Progress | None):
        self.files, self.on_progress, self.t0 = files, on_progress, time.perf_counter()
        self.sizes = [_size(p) for p in files]
        self.total = max(1, sum(self.sizes))
        self.done_bytes, self.pages = 0, 0
        self.bar = None
        if show and files:
            from tqdm import tqdm
            self.bar = tqdm(total=len(files), desc="files", unit="file", position=0, dynamic_ncols=True)

    def _fraction(self, n: int, f: float) -> float:
        return min(1.0, (self.done_bytes + self.sizes[n] * f) / self.total)

    def _msg(self, n: int, path: Path, frac: float) -> str:
        el = time.perf_counter() - self.t0
        rate = self.pages / el if el > 0 and self.pages else 0.0
        left = el / frac - el if frac > 0.02 else None
        eta = f", about {left / 60:.0f} min left" if left and left >= 90 else (f", about {left:.0f} s left" if left else "")
        return f"file {n + 1} of {len(self.files)}: {path.name}" + (f" · {rate:.1f} pages/s" if rate else "") + eta

    def start(self, n: int, path: Path) -> None:
        if self.on_progress:
            f = self._fraction(n, 0.0)
            self.on_progress(self._msg(n, path, f), f)

    def step(self, n: int, f: float) -> None:
        if self.on_progress:
            frac = self._fraction(n, f)
            self.on_progress(self._msg(n, self.files[n], frac), frac)

    def done_file(self, n: int, r: "IngestResult") -> None:
        self.done_bytes += self.sizes[n]
        self.pages += r.pages
        if self.bar is not None:
            el = time.perf_counter() - self.t0
            self.bar.set_postfix_str(f"{self.pages / el:.1f} pages/s" if self.pages and el else "", refresh=False)
            self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        if self.on_progress:
            self.on_progress("done", 1.0)


def _size(p: Path) -> int:
    try:
        return max(1, p.stat().st_size)
    except OSError:
        return 1


def _ingest_one(path: Path, settings: Settings, conn, emb: _Embedder, registry: Registry, known: dict[str, str],
                show_progress: bool, force: bool, step: Callable[[float], None],
                override: dict | None = None) -> IngestResult:
    from ingest.pdf import PdfReadError, read_pages
    from pipeline.stores import companies

    t0 = time.perf_counter()
    result = IngestResult(path=path, doc_id=path.stem, status="failed")
    try:
        if not path.exists():
            raise FileNotFoundError(f"{path}: no such file")
        digest = file_sha256(path)
        if not force and not override and known.get(path.stem) == digest:
            result.status = "unchanged"
            return result
        same = sorted(d for d, h in known.items() if h == digest and d != path.stem)
        if same:                     # content-addressed: these bytes are held already, under another name
            result.status, result.same_as = "duplicate", same[0]
            return result
        pages = read_pages(path)
        info = describe(path, registry, pages, override)
        result.info = info
        _phase(settings, "read", conn)
        embedder = emb.get()
        from ingest.chunking import chunk_page
        from pipeline.providers.embeddings import count_tokens

        chunks = []
        for i, text in enumerate(_bar(pages, show_progress, f"{path.stem} pages", "page")):
            chunks.extend(chunk_page(text, i + 1, settings.chunk_tokens, lambda ts: count_tokens(embedder, ts)))
        step(0.1)
        if not chunks:
            raise PdfReadError(f"{path.name}: no text to index")
        from ingest import vectors as reuse

        need = reuse.plan(conn, embedder, [c.embed_text for c in chunks])
        fresh = []
        bs = settings.embed_batch_size * 8
        batches = range(0, len(need.todo), bs)
        for j, b in enumerate(_bar(batches, show_progress, f"{path.stem} embed", "batch")):
            fresh.extend(embedder.get_text_embedding_batch(need.todo[b:b + bs]))
            step(0.1 + 0.85 * (j + 1) / len(batches))
        vectors = need.fill(fresh)
        _phase(settings, "embedded", conn)
        dim = len(vectors[0])
        try:
            corpus.check_index_model(conn, embedder.model_name, dim)
            conn.commit()
        except Exception:
            conn.rollback()
            raise
        doc = corpus.DocumentRecord(doc_id=info.doc_id, company=info.company, ticker=info.ticker,
                                    fiscal_year=info.fiscal_year, doc_type=info.doc_type, period=info.period,
                                    source_path=str(path.resolve()), sha256=digest, currency=info.currency,
                                    scale=info.scale, period_end=info.period_end, fy_label=info.fy_label,
                                    identity=info.record())
        records = [corpus.ChunkRecord(page=c.page, ord=c.ord, text=c.text, section=c.section, statement=c.statement,
                                      embed_key=k) for c, k in zip(chunks, need.keys)]
        try:
            # The new company, the document's rows and its facts are stored together or not at all: a reader (and
            # the next run's "unchanged" check) sees the old version whole until the new one is whole.
            with conn.transaction():
                key = ""
                if info.new_company is not None:
                    c = info.new_company
                    key = companies.add(conn, {"key": c.key, "name": c.name, "legal_name": c.legal_name,
                                               "tickers": c.tickers, "aliases": c.aliases,
                                               "fiscal_year_end": c.fiscal_year_end, "file_number": c.file_number})
                elif info.known_company is not None and info.identity is not None:
                    idn = info.identity
                    key = info.known_company.key
                    companies.enrich(conn, key, aliases=(idn.legal_name, *idn.aliases),
                                     tickers=idn.tickers, file_number=idn.file_number, legal_name=idn.legal_name,
                                     fiscal_year_end=idn.fiscal_year_end)
                if key:
                    _learn_names(conn, registry, key, info, pages)
                corpus.replace_document(conn, doc, pages, records, vectors, embedder.model_name)
                _phase(settings, "document", conn)
                facts_rebuild.build_facts(conn, info.doc_id, pages)
                _phase(settings, "facts", conn)
        except Exception:
            conn.rollback()
            raise
        _phase(settings, "committed", conn)
        result.status = "replaced" if info.doc_id in known else "ingested"
        known[info.doc_id] = digest
        result.pages, result.chunks, result.reused = len(pages), len(chunks), need.reused
    except Exception as e:  # noqa: BLE001 - every failure is recorded; pipeline/cli/errors.py says whose cause it is
        _rollback(conn)
        result.error, result.stops = _failure(e, settings, path)
        from pipeline.cli.errors import is_disk_full
        result.disk_full = is_disk_full(e)
    finally:
        result.seconds = time.perf_counter() - t0
    return result


def _learn_names(conn, registry: Registry, key: str, info: DocumentInfo, pages) -> None:
    """The names the report gives its company (abbreviation, listing code, former and trading names;
    `ingest/aliases.py`), stored with the company with where each was read. A name that is another registered
    company's own name or ticker is not taken."""
    from ingest.aliases import learn, registrable
    from pipeline.stores import companies

    idn = info.identity
    found = learn(pages, names=[info.company, *((idn.legal_name, *idn.aliases) if idn else ())])
    names, tickers, sources = registrable(found, registry, key, info.doc_id)
    if names or tickers:
        companies.enrich(conn, key, aliases=names, tickers=tickers, sources=sources)


def _failure(e: Exception, settings: Settings, path: Path) -> tuple[str, bool]:
    """(message, whether the batch must stop): the file's own problems are recorded and the next file tried; a full
    disk, a lost database or a permission problem on the data folder stop the batch."""
    import psycopg

    from ingest.documents import DocumentNameError
    from ingest.pdf import PdfReadError
    from pipeline.cli import errors
    from pipeline.question.registry import UnknownCompanyError

    if errors.is_disk_full(e):
        return errors.disk_full(settings).text(), True
    if isinstance(e, (PdfReadError, UnknownCompanyError, DocumentNameError, corpus.EmbeddingModelMismatch,
                      FileNotFoundError, ValueError)) and not isinstance(e, db.DatabaseError):
        return str(e), False
    if isinstance(e, PermissionError) and e.filename and Path(e.filename).resolve() == path.resolve():
        return f"{path.name}: cannot read it (permission denied); give this user read access.", False
    if isinstance(e, (psycopg.Error, db.DatabaseError, OSError)):
        p = errors.explain(e, settings)
        return p.text(), not p.per_file or isinstance(e, (psycopg.OperationalError, db.DatabaseError))
    if settings.debug:
        raise e
    return errors.explain(e, settings).text(), False


def _rollback(conn) -> None:
    try:
        conn.rollback()
    except Exception:  # noqa: BLE001 - the connection itself is gone; the caller reports why
        pass


def _bar(it, show: bool, desc: str, unit: str):
    if not show:
        return it
    from tqdm import tqdm
    return tqdm(it, desc=desc[:28].ljust(28), unit=unit, leave=False, dynamic_ncols=True)


def summary_table(results: list[IngestResult]):
    from rich.table import Table

    t = Table(title="Ingest summary")
    t.add_column("document", no_wrap=True)
    for col in ("company", "FY", "type", "currency", "status", "pages", "chunks", "seconds", "identified from"):
        t.add_column(col, overflow="fold")
    t.add_column("note", overflow="fold", max_width=70)     # the error, what to check, or the file it duplicates
    for r in results:
        i = r.info
        style = {"failed": "red", "not tried": "red", "unchanged": "dim", "duplicate": "dim"}.get(r.status, "green")
        company = (f"[yellow]{i.company}[/]" if i.needs_naming else i.company) if i else ""
        note = f"same as {r.same_as}: these bytes are held already, not stored twice" if r.same_as else r.error
        t.add_row(r.doc_id, company, (i.fy_label or str(i.fiscal_year)) if i else "",
                  i.doc_type if i else "", f"{i.currency} {i.scale}".strip() if i else "",
                  f"[{style}]{r.status}[/]", str(r.pages or ""), str(r.chunks or ""), f"{r.seconds:.1f}",
                  i.evidence_summary() if i else "",
                  "; ".join([note, *(i.notes if i else ()), *(i.flags if i else ())]).strip("; "))
    return t
