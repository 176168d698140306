"""`ara trace`, `ara export`, `ara prune`, `ara threads`: the recorded conversations, read back (never re-run)."""
from __future__ import annotations

import json

import click

from pipeline.cli.settings import checked_settings as _settings


@click.command()
@click.argument("thread")
@click.option("--turn", type=int, help="Only this turn.")
@click.option("--user", default="local", show_default=True)
@click.option("--json", "as_json", is_flag=True)
def trace(thread: str, turn: int | None, user: str, as_json: bool) -> None:
    """Replay what was recorded for THREAD: each step's input, output, verdict and latency (never re-run)."""
    saver = _owned_thread(thread, user)
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


def _owned_thread(thread: str, user: str):
    """The recorded conversations, opened for THREAD of `user` (the schema migrated first); a thread that is not
    the user's is an error that names it."""
    from pipeline.stores import db
    from pipeline.stores.checkpoints import CheckpointSaver

    s = _settings()
    with db.session(s):
        pass
    saver = CheckpointSaver(lambda: db.connect(s))
    if saver.owner(thread) != user:
        raise click.ClickException(f"no thread {thread!r} for user {user!r}")
    return saver


def _print_table(raw: dict) -> None:
    """A series answer's table: company x period, each cell its figure (empty: why, in the answer above)."""
    from rich.console import Console
    from rich.table import Table

    from pipeline.core.series_table import SeriesTable

    t = SeriesTable.model_validate(raw)
    out = Table(title=t.header())
    out.add_column("company")
    for p in t.columns:
        out.add_column(p, justify="right")
    for co in t.companies:
        cells = [t.cell(co, p) for p in t.columns]
        out.add_row(co, *[(c.shown if c and c.kind != "missing" else "—") for c in cells])
    Console().print(out)


@click.command(name="export")
@click.argument("thread")
@click.option("--turn", type=int, help="This turn's table (default: the latest turn with one).")
@click.option("--format", "fmt", type=click.Choice(["csv", "xlsx"]), default="csv", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False), help="Write here (default: standard output for csv, "
              "THREAD-turnN.xlsx for xlsx).")
@click.option("--user", default="local", show_default=True)
def export_table(thread: str, turn: int | None, fmt: str, out: str | None, user: str) -> None:
    """Export the series table of a THREAD's turn as CSV or an Excel workbook (citations as columns), read from
    what was recorded (never re-run)."""
    from pipeline.answer import export

    saver = _owned_thread(thread, user)
    turns = [(m.turn, m.state) for m in saver.history(thread) if m.role == "assistant"]
    try:
        n, table = export.turn_table(turns, turn)
    except LookupError as e:
        raise click.ClickException(str(e)) from None
    data = export.render(export.series_rows(table), fmt, export.SERIES_COLUMNS, sheet="Series",
                         title=table.get("measure", ""))
    if out is None and fmt == "csv":
        click.echo(data.decode("utf-8"), nl=False)
        return
    path = out or f"{thread}-turn{n}.xlsx"
    with open(path, "wb") as fh:
        fh.write(data)
    click.echo(f"wrote {path} (turn {n}, {len(table.get('cells', []))} cells)")


@click.command()
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


@click.command()
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
