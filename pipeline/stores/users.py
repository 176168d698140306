"""The app's users and sign-in sessions in Postgres (parameterised SQL only). `pipeline/signin/auth.py` is the concept
(hashing, sign-in, sessions); this is its storage."""
from __future__ import annotations

import psycopg

_COLS = ("username", "role", "has_password", "created_at", "updated_at")


def get(conn: psycopg.Connection, username: str) -> dict | None:
    row = conn.execute("SELECT username, role, password_hash, created_at, updated_at FROM app_users "
                       "WHERE username = %s", (username,)).fetchone()
    return dict(zip(("username", "role", "password_hash", "created_at", "updated_at"), row)) if row else None


def list_users(conn: psycopg.Connection) -> list[dict]:
    rows = conn.execute("SELECT username, role, password_hash IS NOT NULL, created_at, updated_at FROM app_users "
                        "ORDER BY username").fetchall()
    return [dict(zip(_COLS, r)) for r in rows]


def insert(conn: psycopg.Connection, username: str, role: str, password_hash: str | None) -> bool:
    """False when the user exists already (nothing changed)."""
    cur = conn.execute("INSERT INTO app_users (username, role, password_hash) VALUES (%s, %s, %s) "
                       "ON CONFLICT (username) DO NOTHING", (username, role, password_hash))
    return cur.rowcount == 1


def set_role(conn: psycopg.Connection, username: str, role: str) -> bool:
    cur = conn.execute("UPDATE app_users SET role = %s, updated_at = now() WHERE username = %s", (role, username))
    return cur.rowcount == 1


def set_password_hash(conn: psycopg.Connection, username: str, password_hash: str | None) -> bool:
    cur = conn.execute("UPDATE app_users SET password_hash = %s, updated_at = now() WHERE username = %s",
                       (password_hash, username))
    return cur.rowcount == 1


def delete(conn: psycopg.Connection, username: str) -> bool:
    """Remove a user; their sessions go with them (their conversations stay, under their user id)."""
    return conn.execute("DELETE FROM app_users WHERE username = %s", (username,)).rowcount == 1


def admins(conn: psycopg.Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM app_users WHERE role = 'admin'").fetchone()[0])


def lock_admins(conn: psycopg.Connection) -> list[str]:
    """The admins' names, their rows locked until the transaction ends: two admins demoting each other at once
    cannot both see the other still there."""
    return [r[0] for r in conn.execute("SELECT username FROM app_users WHERE role = 'admin' ORDER BY username "
                                       "FOR UPDATE").fetchall()]


def record_failure(conn: psycopg.Connection, username: str, window_s: float) -> None:
    conn.execute("DELETE FROM sign_in_failures WHERE failed_at < now() - make_interval(secs => %s)", (window_s,))
    conn.execute("INSERT INTO sign_in_failures (username) VALUES (%s)", (username,))


def recent_failures(conn: psycopg.Connection, username: str, window_s: float) -> list[float]:
    """How many seconds ago each failed sign-in of `username` in the window was, most recent first."""
    rows = conn.execute("SELECT extract(epoch FROM now() - failed_at) FROM sign_in_failures WHERE username = %s "
                        "AND failed_at >= now() - make_interval(secs => %s) ORDER BY failed_at DESC",
                        (username, window_s)).fetchall()
    return [float(r[0]) for r in rows]


def clear_failures(conn: psycopg.Connection, username: str) -> None:
    conn.execute("DELETE FROM sign_in_failures WHERE username = %s", (username,))


def add_session(conn: psycopg.Connection, token_sha256: str, username: str, lifetime_s: float) -> None:
    conn.execute("INSERT INTO app_sessions (token_sha256, username, expires_at) "
                 "VALUES (%s, %s, now() + make_interval(secs => %s))", (token_sha256, username, lifetime_s))


def session_user(conn: psycopg.Connection, token_sha256: str) -> dict | None:
    """The user an unexpired session belongs to (username, role), or None."""
    row = conn.execute("SELECT u.username, u.role FROM app_sessions s JOIN app_users u ON u.username = s.username "
                       "WHERE s.token_sha256 = %s AND s.expires_at > now()", (token_sha256,)).fetchone()
    return {"username": row[0], "role": row[1]} if row else None


def delete_session(conn: psycopg.Connection, token_sha256: str) -> None:
    conn.execute("DELETE FROM app_sessions WHERE token_sha256 = %s", (token_sha256,))


def delete_sessions_of(conn: psycopg.Connection, username: str) -> int:
    return conn.execute("DELETE FROM app_sessions WHERE username = %s", (username,)).rowcount


def delete_expired_sessions(conn: psycopg.Connection) -> int:
    return conn.execute("DELETE FROM app_sessions WHERE expires_at <= now()").rowcount
