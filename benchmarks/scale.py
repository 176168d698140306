"""Retrieval at scale: the demo corpus's chunks (texts, vectors, terms, pages) replicated under synthetic company
names to N chunks, then measured in fresh processes: retrieval latency (product pipeline: dense + keyword +
statement and facts locators, reranked) filtered by company + fiscal year, by company only and unfiltered; a full
offline turn (`pipeline.graph.run_turn`); peak RSS; cold start (process start to the first answered turn); hit@5 of
the re-targeted questions. The same measurements with today's baseline (whole-corpus bm25s index built in the
process, exact dense scans only) give the ratios.

    python benchmarks/scale.py --size 100000                  # embedded database in a temporary ARA_DATA_DIR
    DATABASE_URL=postgresql://... python benchmarks/scale.py --size 1000000   # a fresh database on that server

The source is the configured database (ARA_DATA_DIR / DATABASE_URL of the environment is NOT used for the target;
`--source-data-dir` names the embedded database holding the ingested demo corpus). Nothing is re-embedded: rows
are copied with COPY and replicated with INSERT ... SELECT.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

START = time.time()
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

N_QUESTIONS = 20
SYLL = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "qu", "bo", "de", "fa", "gu", "hy", "jo"]


def synthetic_name(n: int) -> str:
    """'Kalo Corp', 'Kami Corp', ...: no digits (never read as a year), no real company's name or ticker."""
    a, b, c = SYLL[n % 16], SYLL[(n // 16) % 16], SYLL[(n // 256) % 16]
    return f"{c.capitalize()}{a}{b} Corp"


# --------------------------------------------------------------------------------------------- preparation
def _cols(conn, table: str, skip: tuple[str, ...] = ()) -> list[str]:
    return [r[0] for r in conn.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = %s AND table_schema = 'public'"
        " AND is_generated = 'NEVER' ORDER BY ordinal_position", (table,)) if r[0] not in skip]


def _copy_table(src, dst, table: str) -> int:
    cols = ", ".join(_cols(src, table))
    n = 0
    with src.cursor().copy(f"COPY (SELECT {cols} FROM {table}) TO STDOUT (FORMAT binary)") as out, \
            dst.cursor().copy(f"COPY {table} ({cols}) FROM STDIN (FORMAT binary)") as inp:
        for data in out:
            inp.write(data)
            n += 1
    return n


def _replicate(conn, table: str, where: str = "") -> None:
    """Insert a copy of the original rows of `table` for every (copy, company) in scale_names."""
    cols = _cols(conn, table, skip=("id",))
    expr = {"doc_id": "x.doc_id || '~' || m.copy", "company": "m.name", "ticker": "''"}
    join = ("JOIN scale_names m ON m.orig = x.company" if "company" in cols else
            "JOIN documents d ON d.doc_id = x.doc_id JOIN scale_names m ON m.orig = d.company")
    conn.execute(f"INSERT INTO {table} ({', '.join(cols)}) SELECT {', '.join(expr.get(c, 'x.' + c) for c in cols)}"
                 f" FROM {table} x {join} WHERE x.doc_id NOT LIKE '%%~%%' {where}")


def prepare(src_settings, dst_settings, size: int, questions, hnsw_mem: str = "2GB") -> dict:
    """Copy the demo corpus into the target, replicate it to `size` chunks, index it. Returns what was built."""
    from pipeline.stores import db, dense

    t0 = time.perf_counter()
    import psycopg

    src, dst = db.connect(src_settings), db.connect(dst_settings)
    src.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ   # one snapshot, even while an ingest runs
    db.migrate(dst)
    dst.commit()
    base = src.execute("SELECT count(*) FROM chunks").fetchone()[0]
    if not base:
        raise SystemExit("the source database holds no chunks: run `ara ingest` on the demo corpus first")
    dst.execute("TRUNCATE companies, documents, index_meta CASCADE")
    for t in ("index_meta", "companies", "documents", "pages", "chunks", "facts"):
        _copy_table(src, dst, t)
    for t in ("chunks", "facts"):
        dst.execute(f"SELECT setval(pg_get_serial_sequence('{t}', 'id'), (SELECT max(id) FROM {t}))")
    dst.commit()
    copies = max(1, math.ceil(size / base)) - 1
    companies = [r[0] for r in dst.execute("SELECT DISTINCT company FROM documents ORDER BY 1")]
    names = [(c, i, synthetic_name(i * len(companies) + j)) for i in range(1, copies + 1) for j, c in enumerate(companies)]
    dst.execute("CREATE TABLE scale_names (orig text, copy int, name text)")
    with dst.cursor() as cur:
        cur.executemany("INSERT INTO scale_names VALUES (%s, %s, %s)", names)
        cur.executemany("INSERT INTO companies (key, name, origin) VALUES (%s, %s, 'file') ON CONFLICT DO NOTHING",
                        [(re.sub(r"\W", "", n).upper(), n) for _, _, n in names])
    dst.execute("UPDATE registry_version SET version = version + 1")
    # Bulk load without the chunks' secondary indexes (rebuilt once afterwards, much faster than row by row).
    idx = [r for r in dst.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'chunks'"
                                  " AND indexname NOT LIKE '%%pkey'")]
    for name, _ in idx:
        dst.execute(f'DROP INDEX "{name}"')
    _replicate(dst, "documents")
    dst.commit()
    for i in range(1, copies + 1):       # one copy per statement: bounded transactions, visible progress
        _replicate(dst, "chunks", f"AND m.copy = {int(i)}")
        _replicate(dst, "pages", f"AND m.copy = {int(i)}")
        dst.commit()
        print(f"  copy {i}/{copies}: {base * (i + 1):,} chunks, {time.perf_counter() - t0:.0f} s", flush=True)
    # Facts too (the facts locator and the answerer read them); their "extracted by the current rules" mark
    # (documents.facts_version) came with the documents' rows, so no process re-extracts the copies' facts.
    for i in range(1, copies + 1):
        _replicate(dst, "facts", f"AND m.copy = {int(i)}")
    dst.commit()
    t_load = time.perf_counter() - t0
    dst.execute("SET maintenance_work_mem = '1GB'")
    for _, ddl in idx:
        dst.execute(ddl)
    dst.execute("ANALYZE")
    dst.commit()
    t_idx = time.perf_counter() - t0 - t_load
    dim = int(dst.execute("SELECT value FROM index_meta WHERE key = 'embed_dim'").fetchone()[0])
    dense.build_ann_index(dst, dim, maintenance_work_mem=hnsw_mem)
    dst.commit()
    t_hnsw = time.perf_counter() - t0 - t_load - t_idx
    total = dst.execute("SELECT count(*) FROM chunks").fetchone()[0]
    src.close()
    dst.close()
    return {"chunks": total, "copies": copies + 1, "load_s": t_load, "index_s": t_idx, "hnsw_s": t_hnsw}


def target(q, k: int, copies: int) -> tuple[str, int]:
    """(company, copy) question k is re-targeted at: spread over the copies (copy 0 = the original names)."""
    return q.company, (k * 7) % copies + 1 if copies else 0


# ------------------------------------------------------------------------------------------------- worker
def worker(mode: str, n_unfiltered: int, n_turns: int) -> dict:
    """Runs in a fresh process against the target database (ARA_DATA_DIR / DATABASE_URL in its environment)."""
    import resource

    from evals.financebench import load_questions
    from pipeline.graph import run_turn
    from pipeline.nodes import TurnContext
    from pipeline.question.analysis import analyse
    from pipeline.question.registry_sources import get_registry
    from pipeline.retrieval.rerank import rerank_or_keep
    from pipeline.retrieval.passage import Scope
    from pipeline.retrieval.retriever import one_per_page
    from pipeline.settings import get_settings
    from pipeline.stores import db, dense

    s = get_settings().model_copy(update={"cache_enabled": False, "keyword_backend":
                                          "bm25s" if mode == "baseline" else "postgres"})
    if mode == "baseline":       # today's dense side: always an exact scan
        dense.ann_dim = lambda conn: None
    ctx = TurnContext.from_settings(s, lambda: db.connect(s))
    conn = db.connect(s)
    qs = retargeted(conn, load_questions(Path(os.environ["ARA_SCALE_QUESTIONS"])))
    first = run_turn(qs[0][0], ctx, company=qs[0][1], one_off=True)
    cold = time.time() - float(os.environ.get("ARA_SCALE_SPAWNED", START))
    r = ctx.retriever
    out: dict = {"cold_start_s": cold, "first_route": first.route, "mode": mode}
    t = time.perf_counter()
    r.keyword_index(conn)                      # already built/loaded by the first turn: ~0 here
    kw_build = time.perf_counter() - t

    def product(q, facts, scope):
        ps = r.candidates(facts.search_query(), facts, scope, conn)
        return one_per_page(rerank_or_keep(r.reranker, facts, ps), s.final_k)

    lat: dict[str, list[float]] = {k: [] for k in ("cy", "c", "none", "kw_cy", "kw_c", "kw_none", "dense_cy",
                                                   "dense_none", "turn")}
    hits = 0
    for k, (q, company, evidence) in enumerate(qs):
        facts = analyse(q, get_registry(conn=conn))
        t = time.perf_counter()
        ps = r.retrieve(q, company=company, facts=facts, conn=conn)
        lat["cy"].append(time.perf_counter() - t)
        hits += any((p.doc, p.page) in evidence for p in ps[:5])
        scope = r.scope_for(facts, company, None, conn)
        for name, sc in (("c", Scope(company=company)), ("none", Scope())):
            if name == "none" and k >= n_unfiltered:
                continue
            t = time.perf_counter()
            product(q, facts, sc)
            lat[name].append(time.perf_counter() - t)
        for name, sc in (("kw_cy", scope), ("kw_c", Scope(company=company)), ("kw_none", Scope())):
            if name == "kw_none" and k >= n_unfiltered:
                continue
            t = time.perf_counter()
            r.candidates(facts.search_query(), facts, sc, conn, mode="keyword")
            lat[name].append(time.perf_counter() - t)
        for name, sc in (("dense_cy", scope), ("dense_none", Scope())):
            if name == "dense_none" and k >= n_unfiltered:
                continue
            t = time.perf_counter()
            r.candidates(facts.search_query(), facts, sc, conn, mode="dense")
            lat[name].append(time.perf_counter() - t)
    for q, company, _ in qs[:n_turns]:
        t = time.perf_counter()
        run_turn(q, ctx, company=company, one_off=True)
        lat["turn"].append(time.perf_counter() - t)
    out.update({k: _pct(v) for k, v in lat.items() if v})
    out.update(hit5=hits / len(qs), n=len(qs), kw_after_first_s=kw_build,
               peak_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    conn.close()
    return out


def retargeted(conn, questions):
    """The first N demo questions, each naming a synthetic copy of its company instead ((question, company,
    evidence pages of the copy))."""
    from pipeline.question.registry_sources import get_registry

    copies = conn.execute("SELECT coalesce(max(copy), 0) FROM scale_names").fetchone()[0]
    names = dict(((o, c), n) for o, c, n in conn.execute("SELECT orig, copy, name FROM scale_names"))
    reg = get_registry(conn=conn)
    out = []
    for k, q in enumerate(questions[:N_QUESTIONS]):
        company, copy = target(q, k, copies)
        c = reg.find_companies(q.question)
        orig = c[0].name if c else company
        name = names.get((orig, copy), orig)
        text = q.question
        if c:
            for alias in sorted({c[0].name, c[0].key, *c[0].aliases, *c[0].tickers}, key=len, reverse=True):
                text = re.sub(rf"(?i)\b{re.escape(alias)}\b", name, text)
        evidence = {(f"{d}~{copy}" if copy else d, p) for d, p in q.evidence_pages}
        out.append((text, name, evidence))
    return out


def _pct(xs: list[float]) -> dict:
    xs = sorted(xs)
    return {"p50_ms": 1000 * statistics.median(xs), "p95_ms": 1000 * xs[min(len(xs) - 1, int(0.95 * len(xs)))],
            "n": len(xs)}


# -------------------------------------------------------------------------------------------- orchestration
def run_worker(env: dict, mode: str, n_unfiltered: int, n_turns: int) -> dict:
    env = {**env, "ARA_SCALE_SPAWNED": repr(time.time())}
    p = subprocess.run([sys.executable, __file__, "--worker", mode, "--unfiltered", str(n_unfiltered),
                        "--turns", str(n_turns)], env=env, capture_output=True, text=True, cwd=ROOT)
    if p.returncode:
        raise SystemExit(f"{mode} worker failed:\n{p.stderr[-3000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=100_000)
    ap.add_argument("--source-data-dir", default=os.environ.get("ARA_DATA_DIR", ".data"))
    ap.add_argument("--hnsw-mem", default="2GB", help="maintenance_work_mem for the HNSW build")
    ap.add_argument("--keep", action="store_true", help="keep the target database (to measure again)")
    ap.add_argument("--reuse", help="measure an already prepared target (its ARA_DATA_DIR, or a database URL)")
    ap.add_argument("--baseline", action="store_true", help="also measure today's approach (bm25s, exact only)")
    ap.add_argument("--set", default="demo", choices=["demo", "more"], help="which development set's questions")
    ap.add_argument("--worker", choices=["product", "baseline"])
    ap.add_argument("--unfiltered", type=int, default=N_QUESTIONS)
    ap.add_argument("--turns", type=int, default=N_QUESTIONS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.unfiltered, args.turns)))
        return
    from evals.financebench import load_questions, question_sets
    from pipeline.settings import Settings

    qpath = question_sets()[args.set]
    src = Settings(data_dir=Path(args.source_data_dir).resolve(), database_url=None, corpus_dir=None)
    external = os.environ.get("DATABASE_URL")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "ARA_DATA_DIR")}
    env.update(ARA_SCALE_QUESTIONS=str(qpath), ARA_CACHE_ENABLED="false")
    tmp = Path(tempfile.mkdtemp(prefix="ara-scale-"))
    dbname = None
    if args.reuse:
        url = args.reuse if "://" in args.reuse else None
        dst = Settings(data_dir=tmp if url else Path(args.reuse), database_url=url, corpus_dir=None)
        built = {"chunks": None}
    else:
        if external:
            import psycopg

            dbname = f"ara_scale_{uuid.uuid4().hex[:8]}"
            with psycopg.connect(external, autocommit=True) as c:
                c.execute(f'CREATE DATABASE "{dbname}"')
            url = external.rsplit("/", 1)[0] + f"/{dbname}"
        else:
            url = None
        dst = Settings(data_dir=tmp, database_url=url, corpus_dir=None)
        print(f"preparing {args.size:,} chunks in {'external ' + dbname if url else 'embedded ' + str(tmp)}", flush=True)
        built = prepare(src, dst, args.size, load_questions(qpath), args.hnsw_mem)
        print(json.dumps(built), flush=True)
    env.update(ARA_DATA_DIR=str(dst.data_dir))
    if dst.database_url:
        env["DATABASE_URL"] = dst.database_url
    try:
        results = [run_worker(env, "product", N_QUESTIONS, N_QUESTIONS)]
        if args.baseline:
            results.append(run_worker(env, "baseline", 3, 3))
    finally:
        if dbname and not args.keep:
            import psycopg

            with psycopg.connect(external, autocommit=True) as c:
                c.execute(f'DROP DATABASE IF EXISTS "{dbname}" WITH (FORCE)')
    from pipeline.stores import db

    with db.connect(dst) as c:
        chunks = c.execute("SELECT count(*) FROM chunks").fetchone()[0]
    report(chunks, "external Postgres (TCP)" if dst.database_url else "embedded pgserver", built, results, args.set)


def report(chunks: int, where: str, built: dict, results: list[dict], qset: str) -> None:
    from benchmarks.report import machine, markdown_table, write_section

    def ms(r, k, p="p50_ms"):
        return f"{r[k][p]:.0f}" if k in r else "–"

    rows = []
    for r in results:
        name = "product (Postgres BM25 + exact/HNSW)" if r["mode"] == "product" else "baseline (bm25s whole corpus, exact dense)"
        rows.append([f"{chunks:,}", name, f"{ms(r, 'cy')} / {ms(r, 'cy', 'p95_ms')}", f"{ms(r, 'c')} / {ms(r, 'c', 'p95_ms')}",
                     f"{ms(r, 'none')} / {ms(r, 'none', 'p95_ms')}", ms(r, "kw_cy"), ms(r, "kw_none"), ms(r, "dense_cy"),
                     ms(r, "dense_none"), ms(r, "turn"), f"{r['peak_rss_mb']:.0f}", f"{r['cold_start_s']:.1f}",
                     f"{r['hit5']:.2f}"])
    headers = ["chunks", "approach", "company+FY p50 / p95 ms", "company p50 / p95", "unfiltered p50 / p95",
               "keyword c+FY p50", "keyword unfiltered p50", "dense c+FY p50", "dense unfiltered p50",
               "turn p50 ms", "peak RSS MB", "cold start s", "hit@5"]
    table = markdown_table(headers, rows)
    ratios = ""
    if len(results) == 2:
        p, b = results
        ratio = lambda k: f"{b[k]['p50_ms'] / p[k]['p50_ms']:.1f}x" if k in p and k in b else "–"  # noqa: E731
        ratios = (f"\n\nBaseline / product: company+FY retrieval {ratio('cy')}, unfiltered {ratio('none')}, keyword "
                  f"company+FY {ratio('kw_cy')}, turn {ratio('turn')}, peak RSS {b['peak_rss_mb'] / p['peak_rss_mb']:.1f}x, "
                  f"cold start {b['cold_start_s'] / p['cold_start_s']:.1f}x.")
    print(table + ratios)
    prep = (f" Prepared in {built['load_s']:.0f} s (COPY + INSERT ... SELECT), secondary indexes {built['index_s']:.0f} s, "
            f"HNSW (m=16, ef_construction=64) {built['hnsw_s']:.0f} s."
            if built.get("load_s") is not None else "")
    section = f"scale-{chunks // 1000}k"
    write_section(section, f"## Scale, {chunks:,} chunks ({where})\n\n{machine()} · load average "
                  f"{os.getloadavg()[0]:.1f} at the end of the run (a shared machine: latencies grow with it)\n\n"
                  f"The source database's chunks (`--source-data-dir`) replicated under synthetic company names (`benchmarks/scale.py`); "
                  f"{N_QUESTIONS} FinanceBench questions of the {qset} set re-targeted at synthetic copies (in-sample). Each row is "
                  f"a fresh process; latencies are the product pipeline (dense + keyword + statement and facts locators, "
                  f"reranked) unless the column names one side; the baseline's unfiltered and turn columns are over 3 "
                  f"questions. Cold start: process start to the first answered turn (the baseline builds its "
                  f"whole-corpus bm25s index there).{prep}\n\n{table}{ratios}\n")


if __name__ == "__main__":
    main()
