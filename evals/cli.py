"""`ara eval`: the eval suites (mock / real) with baselines and a gate, A/B of retrieval settings, the LLM-judge
agreement check, promoting a traced turn to a case, and `ara eval quality` (evals/quality.py)."""
from __future__ import annotations

import json
import sys
import time

import click

from pipeline.cli.settings import checked_settings as _settings
from pipeline.settings import Settings


@click.group(name="eval", invoke_without_command=True)
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
        from pipeline.retrieval.rerank import RAN

        ran_before = RAN.copy()
        ctx = TurnContext.from_settings(s.model_copy(update={"cache_enabled": False}))
        report = run_real(suites, ctx)
    rj = report.to_json()
    config = {"mode": mode, "embed_model": s.embed_model_name, "rerank": s.rerank_provider, "pool_k": s.pool_k,
              "final_k": s.final_k, "llm": bool(s.openai_api_key or s.openai_base_url)}
    if mode == "real":
        from pipeline.retrieval.rerank import ran_since

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
    from pipeline.retrieval.retriever import Retriever
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
    from pipeline.retrieval.rerank import RAN, ran_since

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
    from pipeline.stores.checkpoints import CheckpointSaver

    s = _settings()
    row = CheckpointSaver(lambda: db.connect(s)).completed_turn(turn_id)
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



@eval_.command(name="quality")
@click.option("--set", "only", help="Only this set (financebench, financebench:corpus-more, conversation, or an "
              "evals/sets/ file's set name).")
@click.option("--limit", type=int, help="At most N cases per set.")
@click.option("--company", help="Only cases of this company.")
@click.option("--save-baseline", help="Also save the run as a named baseline (refused if the name exists).")
@click.option("--overwrite", is_flag=True, help="Let --save-baseline replace an existing baseline of that name.")
@click.option("--baseline", help="Gate against this committed baseline (evals/baselines/NAME.json): exit 1 on any "
              "case incorrect now that was not incorrect there, or a set losing more correct answers than "
              "--max-drop.")
@click.option("--max-drop", type=int, default=None, help="Correct answers a set may lose against --baseline "
              "(default: evals.quality.GATE_MAX_DROP).")
@click.option("--name", default="quality", show_default=True, help="Run name shown on the dashboard.")
@click.option("--json", "as_json", is_flag=True)
def quality(only: str | None, limit: int | None, company: str | None, save_baseline: str | None, overwrite: bool,
            baseline: str | None, max_drop: int | None, name: str, as_json: bool) -> None:
    """Correct / incorrect / refused per set, company and question type (graded by evals/grading.py)."""
    from evals import baselines, quality as q, quality_sets as qs
    from pipeline.nodes import TurnContext
    from pipeline.settings import get_settings
    from pipeline.stores import db

    s = get_settings()
    try:
        sets = qs.load_sets(s, only)
    except qs.SetError as e:
        raise click.ClickException(str(e)) from None
    if not sets:
        raise click.ClickException(f"no quality sets found (ARA_EVAL_QUALITY_DIRS={s.eval_quality_dirs!r}, "
                                   f"{s.eval_sets_dir}/*.jsonl, {s.eval_suites_dir}/conversation.jsonl)")
    base = None
    if baseline:
        try:
            base = baselines.load(baseline)
        except FileNotFoundError as e:
            raise click.ClickException(str(e)) from None
    for k in list(sets):
        cases = [c for c in sets[k] if company is None or c.company.lower() == company.lower()]
        sets[k] = cases[:limit] if limit else cases
    with db.session(s):
        pass
    with db.connect(s) as conn:
        from pipeline.stores import corpus

        held = sorted(d["doc_id"] for d in corpus.list_documents(conn))      # what the run could read
        if save_baseline and not overwrite and baselines.exists(save_baseline, conn=conn):
            raise click.ClickException(f"a baseline named {save_baseline!r} exists; choose a new name or pass "
                                       "--overwrite")
    ctx = TurnContext.from_settings(s.model_copy(update={"cache_enabled": False}))
    echo = (lambda r: None) if as_json else \
        (lambda r: click.echo(f"{r.outcome:<10} {r.suite:<26} {r.id:<24} {r.detail[:70]}", err=True))
    t0 = time.perf_counter()
    results = q.run(sets, ctx, progress=echo)
    rj = q.report_json(results)
    rec = baselines.record(rj, save_baseline or name, {"mode": "quality", "sets": sorted(sets),
                                                       "llm": bool(s.openai_api_key or s.openai_base_url),
                                                       "seconds": round(time.perf_counter() - t0, 1),
                                                       "documents": len(held), "documents_held": held})
    with db.connect(s) as conn:
        baselines.store_run(conn, rec, is_baseline=bool(save_baseline))
    if save_baseline:
        click.echo(f"baseline saved: {baselines.save(rec, overwrite=overwrite)}", err=True)
    failures, changes = [], []
    if base is not None:
        failures, changes = q.gate(rj, base, q.GATE_MAX_DROP if max_drop is None else max_drop)
        if only is None and company is None and limit is None:
            failures += [f"set {k!r} of the baseline was not run (is its corpus or file missing?)"
                         for k in sorted(set(base.get("metrics", {})) - set(sets))]
    if as_json:
        click.echo(json.dumps({**rj, "gate_failures": failures, "changes": changes}, indent=2, default=str))
        sys.exit(1 if failures else 0)
    click.echo(f"\n{'set':<26} {'n':>3} {'correct':>8} {'incorrect':>10} {'refused':>8} {'ungraded':>9}"
               + ("   baseline c/i/r" if base else ""))
    for k, m in rj["metrics"].items():
        was = (base or {}).get("metrics", {}).get(k)
        click.echo(f"{k:<26} {m['n']:>3} {m['correct']:>8} {m['incorrect']:>10} {m['refused']:>8} {m['ungraded']:>9}"
                   + (f"   {was['correct']}/{was['incorrect']}/{was['refused']}" if was else
                      ("   (new set)" if base else "")))
    if base is not None:
        click.echo(f"\nagainst baseline {baseline!r} ({base.get('commit')}, {base.get('time')}):")
        was_held = (base.get("config") or {}).get("documents_held")
        if was_held is not None and set(was_held) != set(held):
            click.echo(f"  NOTE: the baseline was recorded with {len(was_held)} documents held, this run has "
                       f"{len(held)} (+{len(set(held) - set(was_held))} / -{len(set(was_held) - set(held))}); "
                       "re-record it on the full corpora with `make quality-baseline`")
        for c in changes:
            click.echo(f"  {c}")
        for f in failures:
            click.echo(f"  GATE: {f}")
        if not failures:
            click.echo("  gate passed: no new incorrect answer, no set lost more than "
                       f"{q.GATE_MAX_DROP if max_drop is None else max_drop} correct answer(s)")
    sys.exit(1 if failures else 0)
