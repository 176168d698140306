"""`ara eval quality`: the quality suites (FinanceBench sets, the conversation suite) through the whole turn graph,
graded correct / incorrect / refused / ungraded (evals/quality.py), stored like every `ara eval` run."""
from __future__ import annotations

import json
import sys

import click


@click.command(name="quality")
@click.option("--set", "only", help="Only this set (financebench, financebench:corpus-more, conversation).")
@click.option("--limit", type=int, help="At most N cases per set.")
@click.option("--company", help="Only cases of this company.")
@click.option("--save-baseline", help="Also save the run as a named baseline (refused if the name exists).")
@click.option("--overwrite", is_flag=True, help="Let --save-baseline replace an existing baseline of that name.")
@click.option("--name", default="quality", show_default=True, help="Run name shown on the dashboard.")
@click.option("--json", "as_json", is_flag=True)
def quality(only: str | None, limit: int | None, company: str | None, save_baseline: str | None, overwrite: bool,
            name: str, as_json: bool) -> None:
    """Correct / incorrect / refused per set, company and question type (numeric answers within 1 %)."""
    from evals import baselines, quality as q
    from pipeline.nodes import TurnContext
    from pipeline.settings import get_settings
    from pipeline.stores import db

    s = get_settings()
    sets = q.load_sets(s, only)
    if not sets:
        raise click.ClickException(f"no quality sets found (ARA_EVAL_QUALITY_DIRS={s.eval_quality_dirs!r}, "
                                   f"{s.eval_suites_dir}/conversation.jsonl)")
    for k in list(sets):
        cases = [c for c in sets[k] if company is None or c.company.lower() == company.lower()]
        sets[k] = cases[:limit] if limit else cases
    with db.session(s):
        pass
    with db.connect(s) as conn:
        if save_baseline and not overwrite and baselines.exists(save_baseline, conn=conn):
            raise click.ClickException(f"a baseline named {save_baseline!r} exists; choose a new name or pass "
                                       "--overwrite")
    ctx = TurnContext.from_settings(s.model_copy(update={"cache_enabled": False}))
    echo = (lambda r: None) if as_json else \
        (lambda r: click.echo(f"{r.outcome:<10} {r.suite:<26} {r.id:<24} {r.detail[:70]}", err=True))
    results = q.run(sets, ctx, progress=echo)
    rj = q.report_json(results)
    rec = baselines.record(rj, save_baseline or name, {"mode": "quality", "sets": sorted(sets),
                                                       "llm": bool(s.openai_api_key or s.openai_base_url)})
    with db.connect(s) as conn:
        baselines.store_run(conn, rec, is_baseline=bool(save_baseline))
    if save_baseline:
        click.echo(f"baseline saved: {baselines.save(rec, overwrite=overwrite)}", err=True)
    if as_json:
        click.echo(json.dumps(rj, indent=2, default=str))
        sys.exit(0)
    click.echo(f"\n{'set':<26} {'n':>3} {'correct':>8} {'incorrect':>10} {'refused':>8} {'ungraded':>9}")
    for k, m in rj["metrics"].items():
        click.echo(f"{k:<26} {m['n']:>3} {m['correct']:>8} {m['incorrect']:>10} {m['refused']:>8} {m['ungraded']:>9}")
