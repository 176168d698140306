"""`ara users`: who may sign in to a shared deployment (ARA_AUTH=password|oidc) and with which role. Registered
on the `ara` group in pipeline/cli/main.py. Whoever runs it holds the database, so it acts as the operator."""
from __future__ import annotations

import json

import click

from pipeline.core.access import ROLES

_ROLE = click.Choice(list(ROLES))


def _run(action):
    """Run `action(conn, operator)` on a migrated connection; a user error is a one-line message and exit 1."""
    from pipeline.core.access import OPERATOR
    from pipeline.signin.auth import UserError
    from pipeline.cli.settings import checked_settings
    from pipeline.stores import db

    with db.session(checked_settings()) as conn:
        try:
            return action(conn, OPERATOR)
        except UserError as e:
            raise click.ClickException(str(e)) from None


def _password(ask: bool, stdin: bool) -> str | None:
    if stdin:
        return click.get_text_stream("stdin").readline().rstrip("\n")
    if ask:
        return click.prompt("Password", hide_input=True, confirmation_prompt=True)
    return None


@click.group(name="users", invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="JSON list of {username, role, has_password}.")
@click.pass_context
def users(ctx: click.Context, as_json: bool) -> None:
    """Users of a shared deployment and their roles: analyst (own conversations), reviewer (every trace,
    read-only), admin (corpus writes, company edits, baselines)."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(list_, as_json=as_json)


@users.command(name="list")
@click.option("--json", "as_json", is_flag=True)
def list_(as_json: bool) -> None:
    """List the users, their roles and whether they have a password."""
    from pipeline.signin import auth

    rows = _run(lambda c, op: auth.list_users(c, by=op))
    if as_json:
        click.echo(json.dumps([{k: r[k] for k in ("username", "role", "has_password")} for r in rows], indent=2))
        return
    if not rows:
        click.echo("No users yet: `ara users add NAME --role admin`.")
    for r in rows:
        how = "password" if r["has_password"] else "identity provider only"
        click.echo(f"{r['username']:<40} {r['role']:<9} {how}")


@users.command()
@click.argument("name")
@click.option("--role", type=_ROLE, default="analyst", show_default=True)
@click.option("--no-password", is_flag=True, help="Sign in through the identity provider only (ARA_AUTH=oidc).")
@click.option("--password-stdin", is_flag=True, help="Read the password from the first line of stdin (scripts).")
def add(name: str, role: str, no_password: bool, password_stdin: bool) -> None:
    """Add user NAME (a name or an e-mail address; with ARA_AUTH=oidc, the address the provider gives)."""
    from pipeline.signin import auth

    password = _password(not no_password, password_stdin and not no_password)
    added = _run(lambda c, op: auth.add_user(c, name, role, password, by=op))
    click.echo(f"added {added} ({role})")


@users.command()
@click.argument("name")
def remove(name: str) -> None:
    """Remove user NAME and end their sessions (their conversations stay, readable by reviewers)."""
    from pipeline.signin import auth

    _run(lambda c, op: auth.remove_user(c, name, by=op))
    click.echo(f"removed {name}")


@users.command()
@click.argument("name")
@click.argument("role", type=_ROLE)
def role(name: str, role: str) -> None:
    """Give user NAME the role ROLE (it applies from their next page view)."""
    from pipeline.signin import auth

    _run(lambda c, op: auth.set_role(c, name, role, by=op))
    click.echo(f"{name} is now {role}")


@users.command()
@click.argument("name")
@click.option("--password-stdin", is_flag=True, help="Read the password from the first line of stdin (scripts).")
@click.option("--none", "no_password", is_flag=True, help="Remove the password (identity provider only).")
def password(name: str, password_stdin: bool, no_password: bool) -> None:
    """Set user NAME's password; their open sessions end."""
    from pipeline.signin import auth

    new = None if no_password else _password(True, password_stdin)
    _run(lambda c, op: auth.set_password(c, name, new, by=op))
    click.echo(f"password of {name} {'removed' if new is None else 'changed'}; their sessions ended")
