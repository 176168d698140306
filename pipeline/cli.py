"""`ara`: the command line. Every product capability is a subcommand here first; the app calls the same code."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from pipeline.settings import Settings, get_settings


def _settings() -> Settings:
    """The settings, checked at start-up: a model setting that cannot work is a clear error, not a fail-open
    on every turn (OPENAI_BASE_URL without ARA_LLM_MODEL lists the server's models)."""
    from pipeline.providers.llm import ModelConfigError, check_config

    s = get_settings()
    try:
        check_config(s)
    except ModelConfigError as e:
        raise click.ClickException(str(e)) from None
    return s


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Annual Report Analyst: cited figures from annual reports (10-Ks)."""
    from pipeline.stores.db import install_sigterm_exit

    install_sigterm_exit()


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--corpus", "corpus_dir", type=click.Path(path_type=Path), help="Folder of PDFs (default: ARA_CORPUS_DIR).")
@click.option("--force", is_flag=True, help="Re-ingest even unchanged documents.")
@click.option("--quiet", is_flag=True, help="No progress bars.")
def ingest(paths: tuple[Path, ...], corpus_dir: Path | None, force: bool, quiet: bool) -> None:
    """Ingest PDFs (default: the corpus folder). Unchanged documents are skipped; exits 1 if any file failed."""
    from rich.console import Console

    from ingest.run import ingest_paths, summary_table

    s = _settings()
    targets = list(paths) or [corpus_dir or s.corpus_dir]
    if not targets or targets[0] is None:
        raise click.UsageError("No PDFs given and no corpus folder found: pass PATHs, --corpus DIR or set "
                               "ARA_CORPUS_DIR (see README, 'Getting the filings').")
    results = ingest_paths(targets, s, show_progress=not quiet, force=force)
    console = Console(stderr=False, width=max(100, Console().width))
    console.print(summary_table(results))
    failed = [r for r in results if r.status == "failed"]
    counts = {k: sum(r.status == k for r in results) for k in ("ingested", "replaced", "unchanged", "failed")}
    console.print(" · ".join(f"{v} {k}" for k, v in counts.items()))
    if not results:
        console.print("[yellow]No PDFs found.[/]")
    sys.exit(1 if failed else 0)


def _parse_year(year: str | None) -> int | None:
    if year is None:
        return None
    from pipeline.periods import find_years

    ys = find_years(year if not year.isdigit() or len(year) != 2 else f"FY{year}")
    if not ys:
        raise click.BadParameter(f"not a fiscal year: {year!r} (try 2022 or FY22)")
    return ys[0]


def _company(name: str | None) -> str | None:
    if name is None:
        return None
    from pipeline.registry import get_registry

    reg = get_registry()
    c = reg.by_name(name) or next(iter(reg.find_companies(name)), None)
    if c is None:
        raise click.BadParameter(f"unknown company {name!r}; known: {', '.join(x.name for x in reg.companies)}")
    return c.name


@main.command()
@click.argument("question")
@click.option("--company", help="Company (name, alias or ticker); overrides what the question names.")
@click.option("--year", help="Fiscal year (2022, FY22); overrides what the question names.")
@click.option("--k", type=int, help="How many passages to return (default ARA_FINAL_K).")
@click.option("--mode", type=click.Choice(["hybrid", "dense", "keyword"]), default="hybrid", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="JSON list of {rank, doc, company, fiscal_year, page, score, "
              "fusion_score, rerank_score, text} in final rank order; score is the one that ordered it.")
def retrieve(question: str, company: str | None, year: str | None, k: int | None, mode: str, as_json: bool) -> None:
    """Show the passages retrieval finds for QUESTION (scoped to the company and fiscal year it names)."""
    from pipeline.labels import doc_label
    from pipeline.retrieval import Retriever
    from pipeline.stores import db

    from pipeline.rerank import RAN, ran_since

    s = _settings()
    before = RAN.copy()
    with db.session(s) as conn:
        r = Retriever(s, lambda: db.connect(s))
        passages = r.retrieve(question, company=_company(company), year=_parse_year(year), k=k, mode=mode, conn=conn)
    failed = [name for name in ran_since(before) if name.startswith("fusion order")]
    if failed:
        click.echo(f"note: {failed[0]}; passages are in retrieval order", err=True)
    if as_json:
        click.echo(json.dumps([p.to_json(rank=i) for i, p in enumerate(passages, 1)], indent=2, ensure_ascii=False))
        return
    if not passages:
        click.echo("No passages found (is the corpus ingested? run `ara ingest`).")
    for i, p in enumerate(passages, 1):
        by = f"rerank={p.rerank_score:.4f} (fusion {p.score:.4f})" if p.rerank_score is not None \
            else f"score={p.score:.4f}"
        click.echo(f"[{i}] {doc_label(p.company, p.fiscal_year, p.doc_type, p.page)}  {by}")
        click.echo("    " + p.text.replace("\n", "\n    ")[:600])


@main.command()
@click.argument("question")
@click.option("--company", help="Company (name, alias or ticker); overrides what the question names.")
@click.option("--year", help="Fiscal year (2022, FY22); overrides what the question names.")
@click.option("--thread", help="Continue this conversation (an unknown id starts one; `ara threads` lists them).")
@click.option("--new-thread", is_flag=True, help="Start a new conversation and print its id.")
@click.option("--user", default="local", show_default=True, help="Whose conversation and notes.")
@click.option("--json", "as_json", is_flag=True, help='JSON: {"answer", "route", "citations", "confidence", ...}.')
def ask(question: str, company: str | None, year: str | None, thread: str | None, new_thread: bool, user: str,
        as_json: bool) -> None:
    """Answer QUESTION through the turn graph, with citations (offline by default)."""
    from pipeline.graph import run_turn
    from pipeline.nodes import TurnContext
    from pipeline.stores import db

    s = _settings()
    with db.session(s):
        pass
    if new_thread:
        from pipeline.stores.checkpoints import new_thread_id

        thread = new_thread_id()
    try:
        state = run_turn(question, TurnContext.from_settings(s), thread_id=thread or "", user_id=user,
                         company=_company(company), year=_parse_year(year), one_off=not thread)
    except PermissionError as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        click.echo(json.dumps(state.to_json(), indent=2, ensure_ascii=False))
        return
    click.echo(state.answer)
    for c in state.citations:
        click.echo(f"  [{c.marker}] {c.label}  ({c.doc})")
    for c in state.caveats:
        click.echo(f"  caveat: {c}")
    for w in state.warnings:
        click.echo(f"  warning: {w}")
    click.echo(f"  confidence: {state.confidence} · route: {state.route}"
               + (f" · cached answer from {state.cache['cached_at']}" if state.cache.get("hit") else ""))
    if thread:
        click.echo(f"  thread: {thread} · turn {state.turn}")
    elif state.thread_id:
        click.echo(f"  trace: ara trace {state.thread_id}  (a one-off turn)")


@main.command()
@click.option("--port", default=8501, show_default=True)
@click.option("--address", default="127.0.0.1", show_default=True)
@click.option("--headless/--no-headless", default=True, show_default=True)
def serve(port: int, address: str, headless: bool) -> None:
    """Run the Streamlit app."""
    # The app ships beside this package (editable or wheel install alike); `import app` could find another
    # folder named app/ in the working directory instead.
    script = Path(__file__).resolve().parent.parent / "app" / "streamlit_app.py"
    if not script.exists():
        raise click.ClickException(f"The Streamlit app is missing: {script} (reinstall annual-report-analyst).")
    args = [sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port), "--server.address",
            address, "--server.headless", str(headless).lower(), "--browser.gatherUsageStats", "false"]
    os.execv(sys.executable, args)


@main.command()
@click.option("--dest", type=click.Path(path_type=Path), default=Path("corpus"), show_default=True,
              help="Folder to download into.")
@click.option("--source", type=click.Choice(["mirror", "url"]), default="mirror", show_default=True,
              help="mirror: FinanceBench's copies (sha256-verified); url: the companies' investor-relations links.")
@click.option("--base-url", help="Fetch <base-url>/<doc>.pdf from a mirror of your own instead.")
@click.option("--doc", "docs_", multiple=True, help="Only these documents (repeatable), e.g. --doc 3M_2018_10K.")
def fetch(dest: Path, source: str, base_url: str | None, docs_: tuple[str, ...]) -> None:
    """Download the demo corpus's public filings, then run `ara ingest DEST`."""
    from ingest.fetch import fetch as do_fetch

    results = do_fetch(dest, source=source, base_url=base_url, only=list(docs_) or None)
    for r in results:
        click.echo(f"{r.doc:<40} {r.status:<12} {r.detail}")
    click.echo(f"Next: ARA_CORPUS_DIR={dest} ara ingest")
    sys.exit(1 if any(r.status == "failed" for r in results) else 0)


@main.command()
@click.option("--window", default="24h", show_default=True, help="Time window: 30m, 24h, 7d.")
@click.option("--threshold", type=int, help="Exit 1 when any layer failed open more often (default ARA_FAIL_OPEN_THRESHOLD).")
def health(window: str, threshold: int | None) -> None:
    """Fail-open counts per guardrail layer in a time window; exits 1 above the threshold (for monitors)."""
    import re as _re

    from pipeline.policy import POLICY
    from pipeline.stores import db
    from pipeline.stores.health import counts

    m = _re.fullmatch(r"(\d+)([smhd])", window)
    if not m:
        raise click.BadParameter("use e.g. 30m, 24h or 7d", param_hint="--window")
    seconds = int(m.group(1)) * {"s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]
    s = _settings()
    limit = s.fail_open_threshold if threshold is None else threshold
    with db.session(s) as conn:
        got = counts(conn, seconds)
    over = {k: v for k, v in got.items() if v > limit}
    click.echo(f"fail-open events in the last {window} (threshold {limit}):")
    for layer, p in POLICY.items():
        if p.mode == "open":
            n = got.get(layer, 0)
            click.echo(f"  {layer:<18} {n:>5}{'  OVER' if layer in over else ''}")
    sys.exit(1 if over else 0)


@main.command()
@click.argument("thread")
@click.option("--turn", type=int, help="Only this turn.")
@click.option("--user", default="local", show_default=True)
@click.option("--json", "as_json", is_flag=True)
def trace(thread: str, turn: int | None, user: str, as_json: bool) -> None:
    """Replay what was recorded for THREAD: each step's input, output, verdict and latency (never re-run)."""
    from pipeline.stores import db
    from pipeline.stores.checkpoints import CheckpointSaver

    s = _settings()
    with db.session(s):
        pass
    saver = CheckpointSaver(lambda: db.connect(s))
    if saver.owner(thread) != user:
        raise click.ClickException(f"no thread {thread!r} for user {user!r}")
    out = []
    for t in saver.turns(thread):
        if turn is not None and t["turn"] != turn:
            continue
        cps = saver.turn_steps(thread, t["turn"])
        final = cps[-1]["state"] if cps else {}
        steps = final.get("steps", [])
        out.append({"turn": t["turn"], "status": t["status"], "question": t["question"],
                    "answer": final.get("answer", ""), "route": final.get("route"),
                    "checkpoints": [{"step": c["step"], "node": c["node"], "parent": c["parent_id"]} for c in cps],
                    "steps": steps})
    if as_json:
        click.echo(json.dumps(out, indent=2, ensure_ascii=False, default=str))
        return
    for t in out:
        click.echo(f"turn {t['turn']} [{t['status']}] {t['question']}")
        for st in t["steps"]:
            flag = " (failed open)" if st.get("failed_open") else ""
            click.echo(f"  {st['node']:<13} {st['decision']:<26} {st['latency_ms']:>8.1f} ms{flag}  {st['reason'][:90]}")
            data = st.get("data") or {}
            for k, v in data.items():
                click.echo(f"      {k}: {str(v)[:110]}")
        click.echo(f"  answer: {t['answer'][:300]}")


@main.command()
@click.option("--older-than", "days", type=float, help="Days (default ARA_CHECKPOINT_RETENTION_DAYS).")
def prune(days: float | None) -> None:
    """Delete conversation checkpoints older than the retention period, and expired memory notes."""
    from pipeline.memory.notes import Notes
    from pipeline.stores import db
    from pipeline.stores.checkpoints import CheckpointSaver

    s = _settings()
    with db.session(s):
        pass
    connect = lambda: db.connect(s)  # noqa: E731
    n = CheckpointSaver(connect).prune(days if days is not None else s.checkpoint_retention_days)
    n["notes"] = Notes(connect).expire()
    click.echo(" · ".join(f"{v} {k} removed" for k, v in n.items()))


@main.command()
@click.option("--user", default="local", show_default=True)
def threads(user: str) -> None:
    """List conversations, newest first."""
    from pipeline.stores import db
    from pipeline.stores.checkpoints import CheckpointSaver

    s = _settings()
    with db.session(s):
        pass
    for t in CheckpointSaver(lambda: db.connect(s)).threads(user):
        kind = "one-off" if t["one_off"] else f"{t['turns']:>3} turn(s)"
        click.echo(f"{t['thread_id']}  {t['updated_at']:%Y-%m-%d %H:%M}  {kind:<11}  {t['title'][:60]}")


@main.group(name="eval", invoke_without_command=True)
@click.option("--mode", type=click.Choice(["mock", "real"]), default="mock", show_default=True,
              help="mock: synthetic outputs through the real scorers (no database, no model); real: the components.")
@click.option("--suite", type=click.Choice(["routing", "retrieval", "calculation", "boundary", "conversation", "prose"]))
@click.option("--limit", type=int, help="At most N cases per suite.")
@click.option("--case", "case_id", help="Only this case id.")
@click.option("--json", "as_json", is_flag=True)
@click.option("--save-baseline", help="Save this run as a named baseline (evals/baselines/NAME.json and Postgres); "
              "an existing name is refused unless --overwrite.")
@click.option("--overwrite", is_flag=True, help="Let --save-baseline replace an existing baseline of that name.")
@click.option("--baseline", help="Compare with this baseline; exit 1 if a gated metric falls below it.")
@click.option("--tolerance", type=float, default=0.0, show_default=True, help="Allowed drop of a gated metric.")
@click.pass_context
def eval_(cx: click.Context, mode: str, suite: str | None, limit: int | None, case_id: str | None, as_json: bool,
          save_baseline: str | None, overwrite: bool, baseline: str | None, tolerance: float) -> None:
    """Run the evaluation suites (evals/suites), optionally against a baseline (a deterministic CI gate)."""
    if cx.invoked_subcommand is not None:
        return
    from evals import baselines
    from evals.cases import CaseError, load_suites
    from evals.runner import compare, run_mock, run_real

    s = _settings()
    _refuse_existing_baseline(s, save_baseline, overwrite, check_db=mode == "real")
    try:
        suites = load_suites(s.eval_suites_dir, suite)
    except CaseError as e:
        raise click.ClickException(str(e)) from None
    for name in list(suites):
        cases = [c for c in suites[name] if case_id is None or c.id == case_id]
        suites[name] = cases[:limit] if limit else cases
    if mode == "mock":
        report = run_mock(suites)
    else:
        from pipeline.nodes import TurnContext
        from pipeline.stores import db

        with db.session(s):
            pass
        from pipeline.rerank import RAN

        ran_before = RAN.copy()
        ctx = TurnContext.from_settings(s.model_copy(update={"cache_enabled": False}))
        report = run_real(suites, ctx)
    rj = report.to_json()
    config = {"mode": mode, "embed_model": s.embed_model_name, "rerank": s.rerank_provider, "pool_k": s.pool_k,
              "final_k": s.final_k, "llm": bool(s.openai_api_key or s.openai_base_url)}
    if mode == "real":
        from pipeline.rerank import ran_since

        ran = ran_since(ran_before)          # what actually ordered the candidates, not what was asked for
        config["rerank_ran"] = ran
        if set(ran) - {ctx.reranker.name}:
            config["rerank"] = f"{s.rerank_provider} (partly fell back: {ran})"
        if ctx.llm is not None:
            config["llm_model"] = f"{ctx.llm.name}:{ctx.llm.model}"
    flips, failures = [], []
    if baseline:
        try:
            flips, failures = compare(report, baselines.load(baseline), tolerance)
        except FileNotFoundError as e:
            raise click.ClickException(str(e)) from None
    rec = baselines.record(rj, save_baseline or f"run-{mode}", config)
    if mode == "real":
        from pipeline.stores import db

        with db.connect(s) as conn:
            baselines.store_run(conn, rec, is_baseline=bool(save_baseline))
    if save_baseline:
        path = baselines.save(rec, overwrite=overwrite)
        click.echo(f"baseline saved: {path}", err=True)
    if as_json:
        click.echo(json.dumps({**rj, "flips": flips, "gate_failures": failures}, indent=2, default=str))
    else:
        for r in report.results:
            if not r.passed:
                click.echo(f"FAIL {r.suite:<11} {r.id:<26} {r.detail}")
        click.echo(f"\n{'suite':<12} {'n':>3} {'pass':>6} {'p50 ms':>8} {'calls':>6} {'tokens':>7} {'cost $':>8}  extra")
        for name, m in rj["metrics"].items():
            extra = f"hit@5 {m['hit@5']:.2f}, mean rank {m['mean_rank']}" if name == "retrieval" else ""
            click.echo(f"{name:<12} {m['n']:>3} {m['pass_rate']:>6.2f} {m['p50_ms']:>8.1f} {m['model_calls']:>6} "
                       f"{m['tokens']:>7} {m.get('cost_usd', 0):>8.4f}  {extra}")
        for p in report.problems:
            click.echo(f"SCORER PROBLEM: {p}")
        if baseline:
            click.echo(f"\nagainst baseline {baseline!r}:")
            for f in flips:
                click.echo(f"  {f}")
            for f in failures:
                click.echo(f"  GATE: {f}")
            if not flips and not failures:
                click.echo("  no flips")
    bad = failures or report.problems or (mode == "mock" and not all(r.passed for r in report.results))
    sys.exit(1 if bad else 0)


def _refuse_existing_baseline(s: Settings, name: str | None, overwrite: bool, check_db: bool) -> None:
    """Before a run starts: a baseline name in use is refused unless --overwrite (so a run never replaces the
    committed evals/baselines/main.json by accident)."""
    if not name or overwrite:
        return
    from evals import baselines

    conn = None
    if check_db:
        from pipeline.stores import db

        with db.session(s):
            pass
        conn = db.connect(s)
    try:
        if baselines.exists(name, conn=conn):
            raise click.ClickException(f"a baseline named {name!r} exists; save under a new name "
                                       f"(--save-baseline {name}-2) or pass --overwrite to replace it")
    finally:
        if conn is not None:
            conn.close()


@eval_.command(name="ab")
@click.option("--a", "a_cfg", required=True, help="Preset or JSON of retrieval arguments (see evals/ab.py).")
@click.option("--b", "b_cfg", required=True)
@click.option("--set", "case_set", type=click.Choice(["suite", "financebench", "both"]), default="both",
              show_default=True, help="Retrieval suite cases, FinanceBench evidence pages, or both.")
@click.option("--pause", type=float, default=0.0, help="Seconds between calls (paid rerankers).")
@click.option("--json", "as_json", is_flag=True)
def eval_ab(a_cfg: str, b_cfg: str, case_set: str, pause: float, as_json: bool) -> None:
    """Paired retrieval A/B: only the retrieval configuration differs."""
    from evals import ab
    from evals.cases import load_suite
    from pipeline.retrieval import Retriever
    from pipeline.stores import db

    s = _settings()
    try:
        (an, a), (bn, b) = ab.parse_config(a_cfg), ab.parse_config(b_cfg)
    except ValueError as e:
        raise click.BadParameter(str(e)) from None
    items: list = []
    if case_set in ("suite", "both"):
        items += [ab.Item(c.id, c.query, c.expected["doc"], figure=c.expected["figure"])
                  for c in load_suite(s.eval_suites_dir / "retrieval.jsonl", "retrieval")]
    if case_set in ("financebench", "both"):
        from evals.financebench import load_questions, questions_path

        if questions_path():
            items += [ab.Item(q.id, q.question, q.evidence_pages[0][0], pages=tuple(p for _, p in q.evidence_pages))
                      for q in load_questions()]
    with db.session(s):
        pass
    from pipeline.rerank import RAN, ran_since

    before = RAN.copy()
    out = ab.run(items, Retriever(s, lambda: db.connect(s)), a, b, final_k=s.final_k, pause=pause)
    out["rerank_ran"] = ran_since(before)     # the reranker that actually ran (ARA_RERANK_PROVIDER), per pool
    if as_json:
        click.echo(json.dumps({"a": an, "b": bn, **out}, indent=2))
        return
    click.echo(f"A = {an}   B = {bn}   n = {out['n']}   reranker ran: {out['rerank_ran'] or 'none'}")
    for r in out["cases"]:
        if r["change"] != "same":
            click.echo(f"  {r['change']:<12} {r['id']:<28} A rank {r['a']}  B rank {r['b']}")
    click.echo(f"{'':<4}{'hits in final cut':>18} {'hits in top 5':>14} {'mean rank of hits':>18}")
    for k in ("a", "b"):
        m = out[k]
        click.echo(f"{k.upper():<4}{m['hits']:>18} {m['hits@5']:>14} {str(m['mean_rank']):>18}")
    click.echo(f"paired: {out['better']} better, {out['worse']} worse, {out['ties']} unchanged; sign test "
               f"p = {out['sign_test_p']} (n = {out['n']}): {out['verdict']}")


@eval_.command(name="judge")
@click.option("--json", "as_json", is_flag=True)
def eval_judge(as_json: bool) -> None:
    """Agreement (and Cohen's kappa) of each judge with the hand labels in evals/labels/answers.jsonl."""
    from evals.judges import agreement, llm_judge, load_labels, model_checks_judge, numeric_judge
    from pipeline.providers.llm import USAGE, get_llm

    labels = load_labels()
    judges = {"numeric verifier (deterministic)": numeric_judge,
              "model-answer checks (deterministic, the model path)": model_checks_judge}
    llm = get_llm(_settings())
    if llm is not None:
        judges[f"LLM verifier ({llm.model}, the model path)"] = llm_judge(llm)
    out = {}
    for name, j in judges.items():
        before = dict(USAGE)
        out[name] = agreement(labels, j)
        out[name]["model"] = {k: round(USAGE[k] - before[k], 6) for k in ("calls", "tokens", "cost_usd")}
    if as_json:
        click.echo(json.dumps(out, indent=2))
        return
    for name, r in out.items():
        cost = r["model"]
        click.echo(f"{name}: n = {r['n']}, agreement {r['agreement']:.3f}, Cohen's kappa {r['kappa']:.3f}"
                   + (f" ({cost['calls']} model calls, {cost['tokens']} tokens, ${cost['cost_usd']:.4f})"
                      if cost["calls"] else ""))
        for d in r["disagreements"]:
            click.echo(f"  disagrees on {d['id']} ({d['kind']}): label {d['label']}, judge {d['judge']}")
    if llm is None:
        click.echo("LLM verifier: not configured (set OPENAI_API_KEY or OPENAI_BASE_URL to judge it too)")


@eval_.command(name="promote")
@click.argument("turn_id")
@click.option("--suite", required=True, type=click.Choice(["routing", "retrieval", "calculation", "boundary", "conversation", "prose"]))
@click.option("--why", required=True, help="The regression this case would catch.")
def eval_promote(turn_id: str, suite: str, why: str) -> None:
    """Turn a logged live turn into a new case of SUITE (expected values taken from what was recorded)."""
    from evals.cases import CaseError, append_case
    from pipeline.stores import db

    s = _settings()
    with db.session(s) as conn:
        row = conn.execute("SELECT question, final_state FROM turns WHERE turn_id = %s AND status = 'complete'",
                           (turn_id,)).fetchone()
    if not row:
        raise click.ClickException(f"no completed turn {turn_id!r}")
    question, st = row
    expected: dict = {"route": st.get("route")}
    if suite == "routing":
        expected.update({"companies": st.get("companies"), "years": st.get("years")})
    elif suite == "retrieval":
        if not st.get("figures"):
            raise click.ClickException("that turn printed no figure to use as retrieval ground truth")
        f = st["figures"][0]
        expected = {"doc": f["doc"], "figure": f["value"].strip("()$")}
    elif suite == "calculation":
        if len(st.get("results") or []) != 1:
            raise click.ClickException("that turn has no single numeric result")
        r = st["results"][0]
        expected = {"value": float(r["value"]), "unit": r["unit"], "tolerance": 0.1}
    else:
        if st.get("citations"):
            c = st["citations"][0]
            expected["citation"] = {"doc": c["doc"], "page": c["page"]}
    case = {"id": f"promoted-{turn_id[:10]}", "query": question, "expected": expected, "why_it_matters": why}
    try:
        append_case(s.eval_suites_dir, suite, case)
    except CaseError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"added {case['id']} to {suite}: {json.dumps(expected)}")


@main.group()
def audit() -> None:
    """The append-only audit trail: verify the hash chain, export records, apply retention."""


@audit.command(name="verify")
def audit_verify() -> None:
    """Check the hash chain end to end and report any gap or altered row; exits 1 if the chain is broken."""
    from pipeline.stores import audit as trail
    from pipeline.stores import db

    with db.session(_settings()) as conn:
        r = trail.verify(conn)
    click.echo(f"{r['rows']} records{' (after a retention anchor)' if r['anchored'] else ''}: "
               f"{'chain intact' if r['ok'] else 'CHAIN BROKEN'}")
    for p in r["problems"]:
        click.echo(f"  {p}")
    sys.exit(0 if r["ok"] else 1)


@audit.command(name="export")
@click.option("--from", "start", type=click.DateTime(), help="Start (inclusive), e.g. 2026-01-01.")
@click.option("--to", "end", type=click.DateTime(), help="End (exclusive).")
@click.option("--out", type=click.Path(path_type=Path), help="Write JSONL here instead of standard output.")
def audit_export(start, end, out: Path | None) -> None:
    """Write the records of a period as JSONL for a reviewer."""
    from pipeline.stores import audit as trail
    from pipeline.stores import db

    with db.session(_settings()) as conn:
        # ASCII-escaped: a raw U+2028 in a question would split the line for many JSONL readers
        lines = [json.dumps(r, ensure_ascii=True, default=str) for r in trail.export(conn, start, end)]
    text = "\n".join(lines) + ("\n" if lines else "")
    if out:
        out.write_text(text, encoding="utf-8")
        click.echo(f"{len(lines)} records written to {out}", err=True)
    else:
        click.echo(text, nl=False)


@audit.command(name="prune")
def audit_prune() -> None:
    """Remove records older than ARA_AUDIT_RETENTION_DAYS through the one privileged function."""
    from pipeline.stores import audit as trail
    from pipeline.stores import db

    s = _settings()
    with db.session(s) as conn:
        n = trail.prune(conn, s.audit_retention_days)
    click.echo(f"{n} audit records older than {s.audit_retention_days:g} days removed")


@main.command()
def docs() -> None:
    """List the ingested documents."""
    from pipeline.stores import corpus, db

    with db.session(_settings()) as conn:
        for d in corpus.list_documents(conn):
            click.echo(f"{d['doc_id']:<40} {d['company']:<18} {d['fy_label'] or 'FY%s' % d['fiscal_year']:<12} "
                       f"{d['doc_type']:<9} {d['currency']:<4}{d['scale']:<10}{d['pages']:>4} pages {d['chunks']:>5} chunks")


from pipeline.companies_cli import companies  # noqa: E402

main.add_command(companies)

if __name__ == "__main__":
    main()


def _register_quality() -> None:
    from pipeline.evalcli import quality

    eval_.add_command(quality)


_register_quality()
