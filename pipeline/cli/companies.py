"""`ara companies`: the company registry (list, correct, merge). Registered on the `ara` group in pipeline/cli/main.py."""
from __future__ import annotations

import json

import click


@click.group(name="companies", invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="JSON list of companies.")
@click.pass_context
def companies(ctx: click.Context, as_json: bool) -> None:
    """List the registered companies: bundled, from ARA_REGISTRY_FILE, and added by ingest."""
    if ctx.invoked_subcommand is not None:
        return
    from pipeline.question.registry_sources import get_registry
    from pipeline.settings import get_settings
    from pipeline.stores import corpus, db

    with db.session(get_settings()) as conn:
        reg = get_registry(conn=conn)
        held = corpus.coverage_all(conn)
        conn.commit()
    rows = [{"key": c.key, "name": c.name, "tickers": list(c.tickers), "aliases": list(c.aliases),
             "fiscal_year_end": c.fiscal_year_end, "origin": c.origin, "file_number": c.file_number,
             "fiscal_years": held.get(c.name, []), "name_sources": dict(c.name_sources)} for c in reg.companies]
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    t = Table(title=f"{len(rows)} companies")
    for col in ("key", "name", "tickers", "aliases", "FY end", "origin", "reports held"):
        t.add_column(col, overflow="fold")
    for r in rows:
        t.add_row(r["key"], r["name"], ", ".join(r["tickers"]), ", ".join(r["aliases"]), r["fiscal_year_end"],
                  r["origin"], ", ".join(f"FY{y}" for y in r["fiscal_years"]) or "-")
    Console(width=max(120, Console().width)).print(t)


@companies.command()
@click.argument("company")
@click.option("--name", help="Correct the display name (its documents follow; the old name stays an alias).")
@click.option("--alias", "aliases", multiple=True, help="Add a name analysts use (repeatable).")
@click.option("--remove-alias", "remove", multiple=True, help="Drop an alias (repeatable).")
@click.option("--ticker", "tickers", multiple=True, help="Add a ticker (repeatable; matched case-sensitively).")
@click.option("--fiscal-year-end", help="Month-day the fiscal year ends, e.g. 06-30.")
@click.option("--sector")
@click.option("--merge-into", help="Fold COMPANY into this one (names become aliases, documents move over).")
def edit(company: str, name: str | None, aliases: tuple[str, ...], remove: tuple[str, ...], tickers: tuple[str, ...],
         fiscal_year_end: str | None, sector: str | None, merge_into: str | None) -> None:
    """Correct COMPANY (key or name): name, aliases, tickers, fiscal-year end; or merge it into another."""
    from pipeline.core.access import OPERATOR
    from pipeline.question.registry_sources import forget_cached
    from pipeline.settings import get_settings
    from pipeline.stores import companies as store
    from pipeline.stores import db

    with db.session(get_settings()) as conn:
        conn.commit()
        try:
            if merge_into:
                row = store.merge(conn, merge_into, company, by=OPERATOR)
                click.echo(f"merged {company} into {row['name']}")
            else:
                row = store.edit(conn, company, name=name, add_aliases=aliases, add_tickers=tickers,
                                 remove_aliases=remove, fiscal_year_end=fiscal_year_end, sector=sector,
                                 by=OPERATOR)
            conn.commit()
        except store.RegistryEditError as e:
            raise click.ClickException(str(e)) from None
    forget_cached()
    click.echo(f"{row['key']}: {row['name']} · tickers {', '.join(row['tickers']) or '-'} · aliases "
               f"{', '.join(row['aliases']) or '-'} · FY end {row['fiscal_year_end']}")
