"""Sign-in and roles as people meet them, in a real browser (Playwright + Debian chromium): one app server per
sign-in mode, on the generated filing only (no real corpus needed), the fewest turns that show each rule.

- password: an analyst's conversation survives a reload; another analyst given its id gets neither the conversation
  nor its trace, and no upload, rename or merge; a reviewer reads its trace but cannot continue it or write.
- per-session (no sign-in): a reload keeps the anonymous browser's conversations; another browser does not see them.
- oidc: Streamlit's st.login through a fake identity provider on 127.0.0.1; the role comes from `ara users`.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest


from tests.browser_support import CHROMIUM, CHROMIUM_ARGS, MARKS, READY, free_port, wait_healthy

from pipeline.core.access import OPERATOR

pytestmark = MARKS[:2]          # browser + chromium present; the generated filing stands in for the corpus
ROOT = Path(__file__).resolve().parent.parent
QUESTION = "What was Verizon's capex in FY2030?"
PASSWORD = "a long test password"


@pytest.fixture(scope="module")
def small_corpus(settings, embedder, generated_pdf):
    from ingest.run import ingest_paths

    results = ingest_paths([generated_pdf], settings, embedder=embedder, show_progress=False, by=OPERATOR)
    assert not [r for r in results if r.status == "failed"]
    return settings


def _serve(settings, extra_env: dict, port: int | None = None, args: tuple = ()):
    port = port or free_port()
    env = dict(os.environ, ARA_DATA_DIR=str(settings.data_dir), ARA_CACHE_ENABLED="false", ARA_DB_POOL_SIZE="3",
               **extra_env)
    env.pop("DATABASE_URL", None)
    if settings.database_url:
        env["DATABASE_URL"] = settings.database_url
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(ROOT / "app" / "streamlit_app.py"),
                             "--server.port", str(port), "--server.address", "127.0.0.1", "--server.headless", "true",
                             "--browser.gatherUsageStats", "false", *args], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    if not wait_healthy(url):
        proc.kill()
        pytest.fail("streamlit did not start")
    return proc, url


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=60000)        # a shared 2-core machine: pages take seconds, not milliseconds
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _settle(page):
    page.wait_for_function(READY, timeout=60000)


def _ask(page, question: str):
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(question)
    box.press("Enter")
    page.wait_for_function("""(tail) => { const m = document.querySelectorAll('[data-testid="stChatMessage"]');
        return m.length >= 2 && m[m.length - 2].innerText.includes(tail)
            && m[m.length - 1].innerText.includes('How this answer was made'); }""", arg=question[-14:],
                           timeout=180000)
    _settle(page)


def _page(browser):
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.set_default_timeout(90000)          # a shared 2-core machine: the first page load starts the models
    return page


def _sign_in(browser, url: str, name: str):
    page = _page(browser)
    page.goto(url)
    page.get_by_role("textbox", name="User name").fill(name)
    page.get_by_role("textbox", name="Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_test_id("stChatInput").wait_for(timeout=90000)
    _settle(page)
    return page


@pytest.fixture(scope="module")
def password_server(small_corpus):
    from pipeline.signin import auth
    from pipeline.core.access import OPERATOR
    from pipeline.stores import db

    with db.session(small_corpus) as c:
        for name, role in (("ana", "analyst"), ("bert", "analyst"), ("rev", "reviewer")):
            c.execute("DELETE FROM app_users WHERE username = %s", (name,))
            c.commit()
            auth.add_user(c, name, role, PASSWORD, by=OPERATOR)
    proc, url = _serve(small_corpus, {"ARA_AUTH": "password"})
    yield url
    proc.terminate()
    proc.wait(timeout=30)


def test_password_roles_keep_conversations_apart(password_server, browser):
    from playwright.sync_api import expect

    url = password_server
    stranger = _page(browser)                # nobody signed in: no page's own URL shows any of its data
    for path in ("/corpus", "/trace", "/dashboard", "/chat"):
        stranger.goto(url + path)
        expect(stranger.get_by_role("button", name="Sign in")).to_be_visible()
        _settle(stranger)
        main = stranger.get_by_test_id("stMainBlockContainer")
        expect(main).not_to_contain_text("VERIZON")
        expect(main).not_to_contain_text("Verizon")
        expect(stranger.get_by_test_id("stDataFrame")).to_have_count(0)
        expect(stranger.get_by_test_id("stChatInput")).to_have_count(0)
        expect(stranger.get_by_test_id("stSidebarNav")).to_have_count(0)
    for path in ("/views/corpus", "/pages/corpus", "/app/views/corpus.py"):   # a page file's own path: nothing
        stranger.goto(url + path)
        stranger.wait_for_timeout(5000)
        html = stranger.content()
        assert "Verizon" not in html and "VERIZON" not in html and "Upload filings" not in html, path
        expect(stranger.get_by_test_id("stDataFrame")).to_have_count(0)
        expect(stranger.get_by_test_id("stChatInput")).to_have_count(0)
    stranger.context.close()
    ana = _sign_in(browser, url, "ana")
    expect(ana.get_by_test_id("stSidebar")).to_contain_text("Signed in as ana (analyst)")
    _ask(ana, QUESTION)
    expect(ana.get_by_test_id("stChatMessageContent").last).to_contain_text("9,876")
    thread = ana.url.split("thread=")[1].split("&")[0]
    ana.reload()                                                  # a reload keeps you signed in, in your conversation
    ana.get_by_test_id("stChatInput").wait_for(timeout=90000)
    _settle(ana)
    expect(ana.get_by_test_id("stMainBlockContainer")).to_contain_text(QUESTION)
    expect(ana.get_by_test_id("stSidebar")).to_contain_text("Signed in as ana")

    bert = _sign_in(browser, url, "bert")                         # another analyst, given ana's thread id
    for path in (f"/?thread={thread}", f"/trace?thread={thread}"):
        bert.goto(url + path)
        bert.get_by_test_id("stSidebar").wait_for(timeout=60000)
        _settle(bert)
        expect(bert.get_by_test_id("stMainBlockContainer")).not_to_contain_text("Verizon's capex")
    bert.goto(url + "/corpus")
    main = bert.get_by_test_id("stMainBlockContainer")
    expect(main).to_contain_text("need the admin role")
    _settle(bert)
    expect(main.get_by_test_id("stFileUploader")).to_have_count(0)
    expect(main.get_by_role("button", name="Save")).to_have_count(0)
    expect(main.get_by_text("Or merge it into")).to_have_count(0)
    expect(bert.get_by_test_id("stSidebarNav")).not_to_contain_text("Evaluation")

    rev = _sign_in(browser, url, "rev")                           # a reviewer reads every trace, writes nothing
    rev.goto(url + f"/trace?thread={thread}")
    expect(rev.get_by_test_id("stMainBlockContainer")).to_contain_text(QUESTION, timeout=60000)
    expect(rev.get_by_role("combobox", name="Conversation").first).to_have_value(re.compile("user:ana"))
    rev.goto(url + f"/?thread={thread}")                          # ...but cannot continue ana's conversation
    rev.get_by_test_id("stChatInput").wait_for(timeout=60000)
    _settle(rev)
    expect(rev.get_by_test_id("stMainBlockContainer")).to_contain_text("not one of yours")
    rev.goto(url + "/corpus")
    expect(rev.get_by_test_id("stMainBlockContainer")).to_contain_text("need the admin role")
    expect(rev.get_by_test_id("stMainBlockContainer").get_by_test_id("stFileUploader")).to_have_count(0)

    ana.get_by_role("button", name="Sign out").click()            # signing out ends the session, reload included
    expect(ana.get_by_role("button", name="Sign in")).to_be_visible(timeout=60000)
    ana.reload()
    expect(ana.get_by_role("button", name="Sign in")).to_be_visible(timeout=60000)
    for p in (ana, bert, rev):
        p.context.close()


@pytest.fixture(scope="module")
def per_session_server(small_corpus):
    proc, url = _serve(small_corpus, {"ARA_AUTH": "none", "ARA_APP_USERS": "per-session"})
    yield url
    proc.terminate()
    proc.wait(timeout=30)


def test_per_session_reload_keeps_your_conversations_and_only_yours(per_session_server, browser):
    from playwright.sync_api import expect

    url = per_session_server
    mine = _page(browser)
    mine.goto(url)
    mine.get_by_test_id("stChatInput").wait_for(timeout=90000)
    expect(mine.get_by_test_id("stSidebar")).to_contain_text("No sign-in")
    _ask(mine, QUESTION)
    mine.goto(url)                                                # a reload, without the thread in the address
    mine.get_by_test_id("stChatInput").wait_for(timeout=90000)
    _settle(mine)
    expect(mine.get_by_test_id("stMainBlockContainer")).not_to_contain_text(QUESTION)   # a new conversation
    mine.get_by_test_id("stSidebar").get_by_text("Past conversations").click()
    past = mine.get_by_test_id("stSidebar").get_by_role("button", name="Verizon · FY2030", exact=False)
    expect(past).to_have_count(1)
    past.click()
    expect(mine.get_by_test_id("stMainBlockContainer")).to_contain_text(QUESTION, timeout=60000)

    other = _page(browser)                      # another browser: another anonymous analyst
    other.goto(url)
    other.get_by_test_id("stChatInput").wait_for(timeout=90000)
    _settle(other)
    expect(other.get_by_test_id("stSidebar")).to_contain_text("No sign-in")
    expect(other.get_by_test_id("stSidebar")).not_to_contain_text("Past conversations")
    mine.context.close()
    other.context.close()


@pytest.fixture(scope="module")
def oidc_server(small_corpus, tmp_path_factory):
    from tests.fake_oidc import FakeOIDCProvider

    with FakeOIDCProvider() as idp:
        port = free_port()
        secrets = tmp_path_factory.mktemp("oidc") / "secrets.toml"
        secrets.write_text(f'[auth]\nredirect_uri = "http://127.0.0.1:{port}/oauth2callback"\n'
                           f'cookie_secret = "{os.urandom(16).hex()}"\nclient_id = "{idp.client_id}"\n'
                           f'client_secret = "{idp.client_secret}"\nserver_metadata_url = "{idp.metadata_url}"\n')
        env = {"ARA_AUTH": "oidc"}
        proc, url = _serve(small_corpus, env, port, ("--secrets.files", str(secrets)))
        yield idp, url
        proc.terminate()
        proc.wait(timeout=30)


def test_oidc_sign_in_through_the_identity_provider(oidc_server, browser, small_corpus):
    from playwright.sync_api import expect

    from pipeline.signin import auth
    from pipeline.core.access import OPERATOR
    from pipeline.stores import db

    idp, url = oidc_server
    with db.session(small_corpus) as c:
        c.execute("DELETE FROM app_users WHERE username = 'dora@example.com'")
        c.commit()
        auth.add_user(c, "dora@example.com", "admin", None, by=OPERATOR)
    idp.user = {"sub": "u-dora", "email": "dora@example.com", "name": "Dora"}
    page = _page(browser)
    page.goto(url)
    page.get_by_role("button", name="Sign in with your organisation's account").click()
    page.get_by_test_id("stChatInput").wait_for(timeout=90000)   # provider -> callback -> back in the app
    expect(page.get_by_test_id("stSidebar")).to_contain_text("Signed in as dora@example.com (admin)")
    assert idp.token_requests and idp.token_requests[-1].get("grant_type") == "authorization_code"
    page.goto(url + "/corpus")                                      # the admin's page has the writes
    expect(page.get_by_test_id("stMainBlockContainer").get_by_test_id("stFileUploader")).to_have_count(1,
                                                                                                      timeout=60000)
    page.reload()                                                   # Streamlit's own cookie keeps the sign-in
    expect(page.get_by_test_id("stSidebar")).to_contain_text("Signed in as dora@example.com", timeout=60000)
    page.context.close()
