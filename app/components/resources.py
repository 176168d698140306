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


def current_principal():
    """Who this browser session is (a `pipeline.core.access.Principal`), as decided by the entry script's sign-in
    (`app/components/signin.py`) on this very run: every page draws for, and asks the pipeline as, this principal."""
    p = st.session_state.get("principal")
    if p is None:   # a page run without the entry script (AppTest.from_function): the same rules, no form
        from app.components.signin import principal

        p = principal()
        if p is None:
            st.warning("Please sign in.")
            st.stop()
    return p
