"""The app's side of the one error path (pipeline/cli/errors.py): the cause and the fix, the traceback only with
ARA_DEBUG=1."""
from __future__ import annotations

import streamlit as st


def show_problem(exc: BaseException, settings=None) -> None:
    """Say what went wrong and what to do, then stop this run of the page. An unexpected error (a bug, not one of
    the explained classes) is raised again: Streamlit shows it, and the tests see it."""
    from pipeline.cli.errors import explain

    p = explain(exc, settings)
    if not p.known:
        raise exc
    st.error(f"{p.cause}\n\n**Fix:** {p.fix}", icon=":material/error:")
    if settings is not None and getattr(settings, "debug", False):
        st.exception(exc)
    else:
        st.caption("Set ARA_DEBUG=1 to see the traceback.")
    st.stop()
