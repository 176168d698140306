"""Heavy, shared objects for the app, created once per server process (st.cache_resource)."""
from __future__ import annotations

import streamlit as st

from pipeline.settings import Settings, get_settings


@st.cache_resource(show_spinner="Starting the database…")
def database_ready() -> Settings:
    """Start (or attach to) the database and apply migrations once per server process."""
    from pipeline.providers.llm import ModelConfigError, check_config
    from pipeline.stores import db

    s = get_settings()
    try:
        check_config(s)
    except ModelConfigError as e:
        st.error(str(e), icon=":material/settings:")
        st.stop()
    try:
        with db.session(s):
            pass
    except Exception as e:  # noqa: BLE001 - the one error path: cause and fix, not a traceback
        from app.components.problems import show_problem
        show_problem(e, s)
    return s


def connect():
    """A connection borrowed from this server process's pool (ARA_DB_POOL_SIZE), shared by every session."""
    from pipeline.stores import pool

    return pool.connector(database_ready())()


@st.cache_resource(show_spinner="Loading the retrieval models…")
def turn_context():
    """The turn graph's context: retriever (embedder + keyword index), reranker, optional LLM, counters."""
    from pipeline.nodes import TurnContext

    return TurnContext.from_settings(database_ready())   # the process's pool: turns are admitted by it too


def current_user() -> str:
    """Whose threads this browser session may see: the signed-in user when Streamlit auth is configured, else
    one user per session (ARA_APP_USERS=per-session) or the single local analyst."""
    import secrets

    try:
        if st.user.is_logged_in:
            return f"user:{st.user.email}"
    except Exception:  # noqa: BLE001 - no auth configured
        pass
    if database_ready().app_users == "per-session":
        return st.session_state.setdefault("user_id", "session-" + secrets.token_urlsafe(16))
    return "local"
