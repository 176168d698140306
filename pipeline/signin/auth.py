"""Sign-in: who a visitor is (ARA_AUTH), as a `Principal` for `pipeline.core.access`.

- `none` (default): no sign-in. ARA_APP_USERS=single: everyone is the one local analyst (it is their machine);
  per-session: every browser is its own anonymous analyst, known across reloads by a random token it keeps.
- `password`: users in Postgres with argon2id hashes (`ara users add`); a sign-in starts a server-side session
  whose random token the browser keeps, so a reload stays signed in and signing out (or removing the user) ends it.
- `oidc`: Streamlit's own OIDC sign-in (`st.login`) against the organisation's identity provider; the role comes
  from `ara users add EMAIL --role R` (no password), else ARA_AUTH_OIDC_DEFAULT_ROLE.

A token is never stored or shown: sessions keep its sha256, and an anonymous user id is derived from it, so what a
reviewer reads (thread owners, audit records) cannot be replayed to become that user.
"""
from __future__ import annotations

import hashlib
import math
import re
import secrets
from functools import lru_cache

import psycopg

from pipeline.core.access import ROLES, Principal, require
from pipeline.settings import Settings
from pipeline.stores import users as store

_USERNAME = re.compile(r"^[a-z0-9][a-z0-9._@+-]{0,199}$")


class UserError(ValueError):
    """A user command that cannot be applied (bad name, unknown user, unknown role); the message says which."""


class SignInLimited(UserError):
    """Too many failed sign-ins for one user name in the window: refused without checking the password."""


def username(raw: str) -> str:
    """The stored form of a user name (lower case; letters, digits and . _ @ + -, so an e-mail address works)."""
    name = (raw or "").strip().lower()
    if not _USERNAME.match(name):
        raise UserError(f"not a valid user name: {raw!r} (use letters, digits and . _ @ + -, e.g. alice or "
                        "alice@example.com)")
    return name


def user_id(name: str) -> str:
    """The id a signed-in user's conversations, notes and audit records are stored under."""
    return f"user:{name}"


@lru_cache(maxsize=1)
def _hasher():
    from argon2 import PasswordHasher

    return PasswordHasher()   # argon2id with the library's (RFC 9106 low-memory) parameters


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    return _hasher().hash(secrets.token_hex(16))


def hash_password(password: str) -> str:
    if len(password or "") < 8:
        raise UserError("a password needs at least 8 characters")
    return _hasher().hash(password)


def _check_password(stored: str | None, password: str) -> bool:
    from argon2.exceptions import InvalidHashError, VerificationError

    try:
        # an unknown user (or one without a password) costs one hash too, so timing does not tell names apart
        return _hasher().verify(stored or _dummy_hash(), password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def _role(role: str) -> str:
    if role not in ROLES:
        raise UserError(f"unknown role {role!r}; one of {', '.join(ROLES)}")
    return role


# --- managing users (admins; the `ara users` CLI acts as the operator) ------------------------------------------

def add_user(conn: psycopg.Connection, name: str, role: str, password: str | None, *, by: Principal) -> str:
    """Add a user; without a password they can sign in only through the identity provider (ARA_AUTH=oidc)."""
    require(by, "users.manage")
    name, role = username(name), _role(role)
    digest = hash_password(password) if password is not None else None
    if not store.insert(conn, name, role, digest):
        raise UserError(f"user {name!r} exists already (change it with `ara users role` or `ara users password`)")
    conn.commit()
    return name


def _keep_an_admin(conn: psycopg.Connection, name: str, becomes: str | None) -> None:
    """Refuse to remove or demote the last admin: nobody could then manage users, the corpus or the baselines from
    the app. The admins' rows stay locked until the change commits, so two admins demoting each other at once
    cannot both succeed."""
    admins = store.lock_admins(conn)
    if admins == [name] and becomes != "admin":
        conn.rollback()
        what = "removed" if becomes is None else f"made {becomes}"
        raise UserError(f"{name} is the last admin and cannot be {what}; nothing changed. Make another user admin "
                        "first (`ara users role NAME admin` or `ara users add NAME --role admin`).")


def remove_user(conn: psycopg.Connection, name: str, *, by: Principal) -> None:
    """Remove a user and end their sessions; their conversations stay, readable by reviewers. The last admin stays."""
    require(by, "users.manage")
    name = username(name)
    _keep_an_admin(conn, name, None)
    if not store.delete(conn, name):
        conn.rollback()
        raise UserError(f"no user {name!r} (`ara users list` shows them)")
    conn.commit()


def set_role(conn: psycopg.Connection, name: str, role: str, *, by: Principal) -> None:
    """Change a user's role (it applies from their next page view). The last admin is never demoted."""
    require(by, "users.manage")
    name, role = username(name), _role(role)
    _keep_an_admin(conn, name, role)
    if not store.set_role(conn, name, role):
        conn.rollback()
        raise UserError(f"no user {name!r} (`ara users list` shows them)")
    conn.commit()


def set_password(conn: psycopg.Connection, name: str, password: str | None, *, by: Principal) -> None:
    """A new password (None: identity provider only); every open session of the user ends."""
    require(by, "users.manage")
    name = username(name)
    if not store.set_password_hash(conn, name, hash_password(password) if password is not None else None):
        raise UserError(f"no user {name!r} (`ara users list` shows them)")
    store.delete_sessions_of(conn, name)
    store.clear_failures(conn, name)       # a new password lifts a sign-in limit
    conn.commit()


def list_users(conn: psycopg.Connection, *, by: Principal) -> list[dict]:
    require(by, "users.manage")
    return store.list_users(conn)


# --- signing in -------------------------------------------------------------------------------------------------

def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _limit(conn: psycopg.Connection, typed: str, settings: Settings) -> None:
    """Raise SignInLimited when `typed` has failed auth_max_failures times in the window (counted in Postgres, so
    every app process of a deployment sees the same count); the message says when to try again."""
    window = settings.auth_failure_window_minutes * 60
    ago = store.recent_failures(conn, typed, window) if settings.auth_max_failures else []
    conn.commit()
    if settings.auth_max_failures and len(ago) >= settings.auth_max_failures:
        # the limit lifts when the oldest failure that still keeps the count at the limit leaves the window
        wait = max(1, math.ceil((window - ago[settings.auth_max_failures - 1]) / 60))
        raise SignInLimited(f"Too many failed sign-ins for {typed!r}: {len(ago)} in the last "
                            f"{settings.auth_failure_window_minutes:g} minutes. Try again in {wait} minute"
                            f"{'s' if wait != 1 else ''}, or ask an administrator to set a new password "
                            "(`ara users password NAME`).")


def sign_in(conn: psycopg.Connection, name: str, password: str, settings: Settings) -> tuple[Principal, str] | None:
    """(principal, session token) when the password is right; None otherwise (the same for an unknown name).
    Raises SignInLimited, without checking the password, after too many failures for the name typed."""
    typed = (name or "").strip().lower()[:200] or "-"
    _limit(conn, typed, settings)
    try:
        name = username(name)
    except UserError:
        _check_password(None, password)
        store.record_failure(conn, typed, settings.auth_failure_window_minutes * 60)
        conn.commit()
        return None
    row = store.get(conn, name)
    if not _check_password(row["password_hash"] if row else None, password):
        store.record_failure(conn, typed, settings.auth_failure_window_minutes * 60)
        conn.commit()
        return None
    store.clear_failures(conn, typed)
    token = secrets.token_urlsafe(32)
    store.delete_expired_sessions(conn)
    store.add_session(conn, _digest(token), name, settings.auth_session_days * 86400)
    conn.commit()
    return Principal(user_id(name), row["role"], "password"), token


def resume(conn: psycopg.Connection, token: str | None) -> Principal | None:
    """The principal of an unexpired session token, with the role the user has now; None when it is not one."""
    if not token:
        return None
    row = store.session_user(conn, _digest(token))
    return Principal(user_id(row["username"]), row["role"], "password") if row else None


def sign_out(conn: psycopg.Connection, token: str | None) -> None:
    if token:
        store.delete_session(conn, _digest(token))
        conn.commit()


def identity_provider_user(conn: psycopg.Connection, email: str | None, settings: Settings) -> Principal | None:
    """The principal of someone the identity provider signed in: their `ara users` role, else the default role
    (None when unlisted users are refused, or the provider gave no e-mail)."""
    if not email:
        return None
    name = username(email)
    row = store.get(conn, name)
    if row is not None:
        return Principal(user_id(name), row["role"], "oidc")
    if settings.auth_oidc_default_role == "refuse":
        return None
    return Principal(user_id(name), settings.auth_oidc_default_role, "oidc")


def new_browser_token() -> str:
    """A random token an anonymous browser keeps (ARA_APP_USERS=per-session): 256 bits from the OS's CSPRNG."""
    return secrets.token_urlsafe(32)


def browser_principal(token: str) -> Principal:
    """An anonymous per-browser analyst. The user id is derived from the token (not the token itself), so a thread
    owner shown to a reviewer cannot be turned back into the token."""
    return Principal("session-" + _digest("ara-browser:" + token)[:32], "analyst", "session")


def local_principal(settings: Settings) -> Principal | None:
    """Who a visitor is without any sign-in (ARA_AUTH=none, ARA_APP_USERS=single); None in the other modes."""
    from pipeline.core.access import LOCAL

    return LOCAL if settings.auth == "none" and settings.app_users == "single" else None
