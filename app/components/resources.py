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
def answerer():
    from pipeline.answer import Answerer
    from pipeline.retrieval import Retriever

    return Answerer(Retriever(database_ready(), connect))
