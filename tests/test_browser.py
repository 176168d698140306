"""The app as a person uses it, in a real browser: Playwright driving Debian's chromium (no browser download).
One server and one page for the module; the tests run in order and write screenshots to docs/screenshots/."""
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed (apt-get install chromium)"),
    pytest.mark.skipif(not (Path(__file__).parent.parent.parent / "shared" / "corpus" / "pdfs").exists()
                       and not os.environ.get("ARA_TEST_CORPUS"), reason="real corpus absent"),
]
ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "docs" / "screenshots"
READY = "() => !document.querySelector('[data-testid=\"stStatusWidget\"], [data-testid=\"stSkeleton\"]')"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(loaded):
    port = _free_port()
    env = dict(os.environ, ARA_DATA_DIR=str(loaded.data_dir), ARA_CACHE_ENABLED="false")
    env.pop("DATABASE_URL", None)
    if loaded.database_url:
        env["DATABASE_URL"] = loaded.database_url
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(ROOT / "app" / "streamlit_app.py"),
                             "--server.port", str(port), "--server.address", "127.0.0.1", "--server.headless", "true",
                             "--browser.gatherUsageStats", "false"], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            urllib.request.urlopen(url + "/_stcore/health", timeout=1)
            break
        except OSError:
            time.sleep(0.5)
    else:
        proc.kill()
        pytest.fail("streamlit did not start")
    yield url
    proc.terminate()
    proc.wait(timeout=30)


@pytest.fixture(scope="module")
def page(server):
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-quic"])
        pg = browser.new_page(viewport={"width": 1400, "height": 950})
        pg.goto(server)
        pg.get_by_test_id("stChatInput").wait_for(timeout=60000)
        yield pg
        browser.close()


def ask(page, question: str, n: int):
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(question)
    box.press("Enter")
    reply = page.get_by_test_id("stChatMessage").nth(2 * n + 1)
    reply.get_by_text("How this answer was made").wait_for(timeout=90000)
    page.wait_for_function(READY, timeout=60000)
    return reply


def shot(page, name: str) -> None:
    page.wait_for_function(READY, timeout=60000)
    page.wait_for_timeout(600)
    page.screenshot(path=str(SHOTS / name))


def test_ask_and_see_a_cited_answer(page):
    from playwright.sync_api import expect

    reply = ask(page, "What was 3M's capex in FY2018?", 0)
    expect(reply.get_by_test_id("stChatMessageContent")).to_contain_text("$1,577 million")
    expect(reply.get_by_role("button", name="[1] 3M · FY2018 · 10-K p. 60")).to_be_visible()
    expect(page.get_by_test_id("stSidebar")).to_contain_text("Groundedness: pass")
    shot(page, "chat.png")


def test_open_a_citation_and_see_the_page_image(page):
    page.get_by_role("button", name="[1] 3M · FY2018 · 10-K p. 60").click()
    dialog = page.get_by_role("dialog")
    img = dialog.locator("img").first
    img.wait_for(timeout=60000)
    page.wait_for_function("() => { const i = document.querySelector('[role=dialog] img'); "
                           "return i && i.complete && i.naturalWidth > 500 }", timeout=60000)
    assert "1,577" in dialog.inner_text()          # the caption names what was highlighted
    shot(page, "citation.png")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden", timeout=20000)


def test_follow_up_carries_the_company_and_metric(page):
    from playwright.sync_api import expect

    reply = ask(page, "and in FY2021?", 1)
    content = reply.get_by_test_id("stChatMessageContent")
    expect(content).to_contain_text("3M's capital expenditure in FY2021")
    expect(reply.get_by_role("button", name="[1] 3M · FY2021 · 10-K p.", exact=False)).to_be_visible()
    expect(page.get_by_test_id("stSidebar")).to_contain_text("Carried from earlier turns: company 3M")


def test_a_script_in_a_question_never_runs(page):
    ask(page, "<script>window.__pwned=1</script><img src=x onerror='window.__pwned=2'> What was 3M's capex in FY2018?", 2)
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator('[data-testid="stChatMessageContent"] script').count() == 0


def test_trace_page_shows_the_recorded_steps(page):
    from playwright.sync_api import expect

    page.get_by_test_id("stSidebarNav").get_by_text("Trace").click()
    expect(page.get_by_test_id("stMain")).to_contain_text("Trace", timeout=30000)
    page.get_by_test_id("stDataFrame").first.wait_for(timeout=60000)
    expect(page.get_by_test_id("stMain")).to_contain_text("carry_over")
    shot(page, "trace.png")


def test_dashboard_shows_a_chart(page, loaded):
    from evals import baselines
    from pipeline.stores import db

    main = baselines.load("main")
    with db.connect(loaded) as conn:
        baselines.store_run(conn, main, is_baseline=True)
        baselines.store_run(conn, {**main, "name": "candidate", "commit": "candidate"}, is_baseline=False)
    page.get_by_test_id("stSidebarNav").get_by_text("Evaluation").click()
    page.locator(".js-plotly-plot").first.wait_for(timeout=60000)
    shot(page, "dashboard.png")


def test_upload_a_filing_of_an_unknown_company_then_ask_about_it(page, tmp_path_factory):
    """A company the bundled registry does not know, under a download-tool file name: detected, confirmed, ingested,
    then asked about in the chat."""
    from playwright.sync_api import expect

    from tests.pdfs import write_pdf
    from tests.test_companies import COVER, STATEMENT

    pdf = write_pdf(tmp_path_factory.mktemp("upload") / "d41d8cd98f00b204.pdf", [COVER, STATEMENT])
    page.get_by_test_id("stSidebarNav").get_by_text("Corpus").click()
    main = page.get_by_test_id("stMain")
    expect(main).to_contain_text("Upload filings", timeout=30000)
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(pdf))
    expect(main).to_contain_text("detected Zephyr Widgets · FY2031 · 10-K", timeout=90000)
    expect(main).to_contain_text("USD thousands")
    expect(main).to_contain_text("new company")
    page.wait_for_function(READY, timeout=60000)
    shot(page, "upload.png")
    page.get_by_role("button", name="Ingest uploaded files").click()
    expect(main).to_contain_text("1 ingested", timeout=180000)
    page.get_by_test_id("stSidebarNav").get_by_text("Chat", exact=False).first.click()
    page.get_by_test_id("stChatInput").wait_for(timeout=60000)
    page.wait_for_function(READY, timeout=60000)
    n = page.get_by_test_id("stChatMessage").count()
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill("What were Zephyr Widgets' net sales in FY2031?")
    box.press("Enter")
    reply = page.get_by_test_id("stChatMessage").nth(n + 1)          # this question's reply, not an earlier one
    reply.get_by_text("How this answer was made").wait_for(timeout=90000)
    text = reply.get_by_test_id("stChatMessageContent").inner_text()
    assert "Zephyr Widgets" in text and "Which company" not in text and "don't hold" not in text
