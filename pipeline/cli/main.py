"""`ara`: the command line. Every product capability is a subcommand here first; the app calls the same code."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from pipeline.cli.settings import checked_settings as _settings


class _Ara(click.Group):
    """The one error path of the CLI: an exception from any command becomes a short message naming its cause and
    the fix (`pipeline/cli/errors.py`) and exit code 2; the traceback only with --debug or ARA_DEBUG=1."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit,
                KeyboardInterrupt):
            raise
        except Exception as e:  # noqa: BLE001 - explained below, re-raised with --debug
            if _debug(ctx):
                raise
            from pipeline.cli.errors import EXIT_CODE, explain

            click.echo(f"Error: {explain(e, _settings_or_none()).text()}", err=True)
            click.echo("(run with --debug or ARA_DEBUG=1 for the traceback)", err=True)
            ctx.exit(EXIT_CODE)


def _debug(ctx: click.Context) -> bool:
    return bool(ctx.params.get("debug")) or os.environ.get("ARA_DEBUG", "").lower() in ("1", "true", "yes")


def _settings_or_none():
    try:
        from pipeline.settings import get_settings
        return get_settings()
    except Exception:  # noqa: BLE001 - the settings themselves are what failed
        return None


@click.group(cls=_Ara, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show the traceback of an error (same as ARA_DEBUG=1).")
def main(debug: bool) -> None:
    """Annual Report Analyst: cited figures from annual reports (10-Ks)."""
    from pipeline.stores.db import install_sigterm_exit

    if debug:
        os.environ["ARA_DEBUG"] = "1"
        from pipeline.settings import get_settings
        get_settings.cache_clear()
    install_sigterm_exit()


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--corpus", "corpus_dir", type=click.Path(path_type=Path), help="Folder of PDFs (default: ARA_CORPUS_DIR).")
@click.option("--force", is_flag=True, help="Re-ingest even unchanged documents.")
@click.option("--quiet", is_flag=True, help="No progress bars.")
@click.option("--expect-failed", "expect_failed", multiple=True, metavar="FILE",
              help="A file (its name) known to fail, e.g. a PDF without a readable text layer: its failure does not "
                   "make the exit code 1, and its ingesting does (the list is then out of date). Repeatable.")
def ingest(paths: tuple[Path, ...], corpus_dir: Path | None, force: bool, quiet: bool,
           expect_failed: tuple[str, ...]) -> None:
    """Ingest PDFs (default: the corpus folder). Unchanged documents are skipped; exits 1 if any file failed
    (other than those named by --expect-failed) or a file named by --expect-failed did not fail."""
    from rich.console import Console

    from ingest.run import ingest_paths, summary_table

    s = _settings()
    targets = list(paths) or [corpus_dir or s.corpus_dir]
    if not targets or targets[0] is None:
        raise click.UsageError("No PDFs given and no corpus folder found: pass PATHs, --corpus DIR or set "
                               "ARA_CORPUS_DIR (see README, 'Getting the filings').")
    from pipeline.core.access import OPERATOR

    results = ingest_paths(targets, s, show_progress=not quiet, force=force, by=OPERATOR)   # whoever holds the shell
    table = summary_table(results)
    console = Console(stderr=False)
    if not console.is_terminal:     # a log or a pipe: as wide as the table needs, never squeezed to 80 columns
        console = Console(stderr=False, width=max(100, Console(width=1000).measure(table).maximum))
    console.print(table)
    failed = [r for r in results if r.status == "failed"]
    counts = {k: sum(r.status == k for r in results)
              for k in ("ingested", "replaced", "unchanged", "duplicate", "failed", "not tried")}
    console.print(" · ".join(f"{v} {k}" for k, v in counts.items() if v or k in ("ingested", "failed")))
    if not results:
        console.print("[yellow]No PDFs found.[/]")
    stopped = next((r for r in results if r.stops), None)
    if stopped:
        from pipeline.cli.errors import EXIT_CODE

        click.echo(f"Error: stopped at {stopped.path.name}: {stopped.error}", err=True)
        sys.exit(EXIT_CODE)
    surprises = _unexpected_outcomes(results, expect_failed)
    for line in surprises:
        click.echo(f"Error: {line}", err=True)
    sys.exit(1 if surprises else 0)


def _unexpected_outcomes(results, expect_failed: tuple[str, ...]) -> list[str]:
    """What `ara ingest` exits 1 for: a file failing that was not named as expected to fail, and a file named as
    expected to fail that was read (ingested, or unchanged from an earlier run) -- a list kept true, not a mute."""
    expected = {Path(name).name for name in expect_failed}
    out = [f"{r.path.name} failed" for r in results if r.status == "failed" and r.path.name not in expected]
    out += [f"{r.path.name} was expected to fail and did not ({r.status}): drop it from --expect-failed"
            for r in results if r.path.name in expected and r.status != "failed"]
    seen = {r.path.name for r in results}
    out += [f"{name} was expected to fail but is not among the files given" for name in sorted(expected - seen)]
    return out


def _parse_year(year: str | None) -> int | None:
    if year is None:
        return None
    from pipeline.question.periods import find_years

    ys = find_years(year if not year.isdigit() or len(year) != 2 else f"FY{year}")
    if not ys:
        raise click.BadParameter(f"not a fiscal year: {year!r} (try 2022 or FY22)")
    return ys[0]


def _company(name: str | None) -> str | None:
    if name is None:
        return None
    from pipeline.question.registry_sources import get_registry

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
    from pipeline.question.labels import doc_label
    from pipeline.retrieval.retriever import Retriever
    from pipeline.stores import db

    from pipeline.retrieval.rerank import RAN, ran_since

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
    if state.table:
        _print_table(state.table)
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
    script = Path(__file__).resolve().parents[2] / "app" / "streamlit_app.py"
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

    from pipeline.guardrails.policy import POLICY
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
def docs() -> None:
    """List the ingested documents."""
    from pipeline.stores import corpus, db

    with db.session(_settings()) as conn:
        for d in corpus.list_documents(conn):
            click.echo(f"{d['doc_id']:<40} {d['company']:<18} {d['fy_label'] or 'FY%s' % d['fiscal_year']:<12} "
                       f"{d['doc_type']:<9} {d['currency']:<4}{d['scale']:<10}{d['pages']:>4} pages {d['chunks']:>5} chunks")


from pipeline.cli.audit import audit  # noqa: E402
from pipeline.cli.companies import companies  # noqa: E402
from pipeline.cli.threads import export_table, prune, threads, trace  # noqa: E402
from pipeline.cli.users import users  # noqa: E402

for _command in (audit, companies, trace, export_table, prune, threads, users):
    main.add_command(_command)


def _add_plugin_commands() -> None:
    """Commands other packages contribute through the `ara.commands` entry point (this project's own `ara eval`
    lives in evals/, which pipeline/ never imports). A plugin that fails to load is reported, not fatal."""
    from importlib.metadata import entry_points

    for ep in entry_points(group="ara.commands"):
        try:
            main.add_command(ep.load(), name=ep.name)
        except Exception as e:  # noqa: BLE001
            click.echo(f"ara: the '{ep.name}' command could not be loaded ({type(e).__name__}: {e})", err=True)


_add_plugin_commands()

if __name__ == "__main__":
    main()
