"""Heavy, shared objects for the app, created once per server process (st.cache_resource)."""
from __future__ import annotations

import streamlit as st

from pipeline.settings import Settings, get_settings


@st.cache_resource(show_spinner="Starting the database…")
def database_ready() -> Settings:
    """Start (or attach to) the database and apply migrations once per server process."""
    from pipeline.stores import db

    s = get_settings()
    with db.session(s):
        pass
    return s


def connect():
    from pipeline.stores import db

    return db.connect(database_ready())


@st.cache_resource(show_spinner="Loading the retrieval models…")
def turn_context():
    """The turn graph's context: retriever (embedder + keyword index), reranker, optional LLM, counters."""
    from pipeline.nodes import TurnContext

    return TurnContext.from_settings(database_ready(), connect)
