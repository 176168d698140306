"""The Streamlit app, driven in-process with AppTest."""
from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parent.parent / "app" / "streamlit_app.py")


def test_chat_answers_with_a_citation(env_settings):
    at = AppTest.from_file(APP, default_timeout=120).run()
    assert not at.exception
    at.chat_input[0].set_value("What was Verizon's capex in FY2030?").run()
    assert not at.exception
    roles = [m.name for m in at.chat_message]
    assert roles == ["user", "assistant"]
    body = " ".join(md.value for md in at.chat_message[1].markdown)
    assert "9,876 million" in body
    assert [b.label for b in at.chat_message[1].button] == ["[1] Verizon · FY2030 · 10-K p. 2"]
    panels = [e.label for e in at.sidebar.expander]
    assert "Routing" in panels and "Groundedness: pass" in panels and any(p.startswith("Cache") for p in panels)
    labels = [e.label for e in at.chat_message[1].expander]
    assert "How this answer was made" in labels
    steps = at.chat_message[1].dataframe[0].value
    assert list(steps["step"])[:4] == ["carry_over", "summary", "notes", "route"]
    assert list(steps["step"])[-5:] == ["final_gate", "shape", "audit", "cache_write", "notes_write"]


def test_clarify_reply_looks_like_the_product_talking(env_settings):
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.chat_input[0].set_value("What were the numbers last year?").run()
    body = " ".join(md.value for md in at.chat_message[1].markdown)
    assert "Which company" in body and not at.exception and not at.error


def test_markup_in_answers_is_inert():
    from app.components.render import safe_markdown

    out = safe_markdown("<script>alert(1)</script> costs $5 and $6")
    assert "<script>" not in out and "\\$5" in out


def test_corpus_page_lists_documents(env_settings):
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("views/corpus.py").run()
    assert not at.exception
    df = at.dataframe[0].value
    assert "VERIZON_2030_10K" in set(df["doc_id"])


def test_threads_are_durable_and_reopen_from_checkpoints(env_settings):
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.chat_input[0].set_value("What was Verizon's capex in FY2030?").run()
    at.chat_input[0].set_value("and what about net income?").run()
    assert "4,321 million" in " ".join(md.value for md in at.chat_message[3].markdown)
    thread = at.session_state.thread_id
    fresh = AppTest.from_file(APP, default_timeout=120).run()            # a new browser session
    assert fresh.session_state.thread_id != thread and not fresh.chat_message
    button = next(b for b in fresh.sidebar.button if b.key == f"thread-{thread}")
    button.click().run()
    assert [m.name for m in fresh.chat_message] == ["user", "assistant", "user", "assistant"]
    assert "4,321 million" in " ".join(md.value for md in fresh.chat_message[3].markdown)


def test_a_script_in_an_answer_is_rendered_inert(env_settings):
    def page():
        from app.components.answer import show_answer

        show_answer({"answer": "Revenue was $5 [1] <script>window.__pwned=1</script> <img src=x onerror=alert(1)>",
                     "route": "retrieve", "confidence": "high", "citations": [], "steps": []}, 0)

    at = AppTest.from_function(page, default_timeout=60).run()
    assert not at.exception
    import re

    md = at.markdown[0].value
    assert not re.search(r"(?<!\\)<", md)                    # every < is escaped: shown as text, never markup
    assert "\\<script\\>" in md and "\\$5" in md            # and a dollar sign is not LaTeX


def test_per_session_users_never_see_each_others_threads(env_settings, monkeypatch):
    from pipeline import settings as settings_mod

    monkeypatch.setenv("ARA_APP_USERS", "per-session")
    settings_mod.get_settings.cache_clear()
    from app.components import resources

    resources.database_ready.clear()
    try:
        alice = AppTest.from_file(APP, default_timeout=120).run()
        alice.chat_input[0].set_value("What was Verizon's capex in FY2030?").run()
        thread = alice.session_state.thread_id
        mallory = AppTest.from_file(APP, default_timeout=120).run()
        assert not [b for b in mallory.sidebar.button if b.key == f"thread-{thread}"]
        assert alice.session_state.principal.user_id != mallory.session_state.principal.user_id
    finally:
        resources.database_ready.clear()
        settings_mod.get_settings.cache_clear()


VIEWS = sorted((Path(APP).parent / "views").glob("[!_]*.py"))


def test_no_page_folder_streamlit_would_serve_beside_the_entry_script():
    # Streamlit auto-discovers a pages/ folder beside the entry script and serves each file as a page of its own;
    # the pages live in app/views/, reached only through the entry script's st.navigation (which lists each).
    app = Path(APP).parent
    assert not (app / "pages").exists()
    nav = Path(APP).read_text(encoding="utf-8")
    assert VIEWS and all(f'st.Page("views/{v.name}"' in nav for v in VIEWS)


def test_every_page_run_on_its_own_resolves_the_visitor_first(env_settings, monkeypatch):
    """A page file run without the entry script (as a pages/ folder's URL would) with nobody signed in
    (ARA_AUTH=password) draws the sign-in notice and none of its data: each page resolves the principal itself."""
    from pipeline import settings as settings_mod

    monkeypatch.setenv("ARA_AUTH", "password")
    settings_mod.get_settings.cache_clear()
    from app.components import resources

    resources.database_ready.clear()
    assert len(VIEWS) >= 4
    try:
        for view in VIEWS:
            at = AppTest.from_file(str(view), default_timeout=120).run()
            assert not at.exception, (view.name, at.exception)
            assert [w.value for w in at.warning] == ["Please sign in."], view.name
            assert not at.dataframe and not at.chat_input and not at.button, view.name
            assert "VERIZON" not in " ".join(m.value for m in at.markdown).upper(), view.name
    finally:
        resources.database_ready.clear()
        settings_mod.get_settings.cache_clear()
