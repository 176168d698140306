"""`ara audit`: verify the append-only trail's hash chain, export a period as JSONL, apply retention."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from pipeline.cli.settings import checked_settings as _settings


@click.group()
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


