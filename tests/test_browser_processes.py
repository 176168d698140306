"""Two `ara serve` processes on different ports against one database, one browser session each: each page
shows its own answer, and both turns are in the one audit log with the chain intact."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser_support import CHROMIUM, CHROMIUM_ARGS, MARKS, READY, free_port, wait_healthy

pytestmark = MARKS
ROOT = Path(__file__).resolve().parent.parent


ARA = shutil.which("ara", path=str(Path(sys.executable).parent)) or "ara"


@pytest.fixture(scope="module")
def two_servers(loaded):
    env = dict(os.environ, ARA_DATA_DIR=str(loaded.data_dir), ARA_CACHE_ENABLED="false", ARA_DB_POOL_SIZE="3",
               ARA_APP_USERS="per-session")
    env.pop("DATABASE_URL", None)
    if loaded.database_url:
        env["DATABASE_URL"] = loaded.database_url
    procs, urls = [], []
    try:
        for _ in range(2):      # started together: both run migrations and attach to the server at once
            port = free_port()
            procs.append(subprocess.Popen([ARA, "serve", "--port", str(port)], env=env, cwd=ROOT,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            urls.append(f"http://127.0.0.1:{port}")
        for url in urls:
            if not wait_healthy(url):
                pytest.fail(f"streamlit did not start on {url}")
        yield urls
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(timeout=30)


def test_each_process_shows_its_own_answer_and_both_turns_are_audited(two_servers, conn):
    from playwright.sync_api import expect, sync_playwright

    from pipeline.stores import integrity

    conn.commit()
    before = conn.execute("SELECT coalesce(max(id), 0) FROM audit_log").fetchone()[0]
    asks = [("What was 3M's capex in FY2018?", "$1,577 million"), ("What was Boeing's revenue in FY2018?", "Boeing")]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = []
        for url in two_servers:
            pg = browser.new_context().new_page()
            pg.goto(url)
            pg.get_by_test_id("stChatInput").wait_for(timeout=120000)
            pages.append(pg)
        for pg, (q, _) in zip(pages, asks):        # both questions are in flight in both processes at once
            box = pg.get_by_test_id("stChatInputTextArea")
            box.fill(q)
            box.press("Enter")
        for pg, (q, want) in zip(pages, asks):
            msgs = pg.get_by_test_id("stChatMessage")
            pg.wait_for_function("""(tail) => {          // the answer is finished, not still streaming its steps
                const m = document.querySelectorAll('[data-testid="stChatMessage"]');
                return m.length === 2 && m[0].innerText.includes(tail)
                    && m[1].innerText.includes('How this answer was made'); }""", arg=q[-14:], timeout=240000)
            pg.wait_for_function(READY, timeout=120000)
            expect(msgs.nth(0)).to_contain_text(q)
            expect(msgs.nth(1).get_by_test_id("stChatMessageContent")).to_contain_text(want)
        # each page holds its own conversation only
        expect(pages[0].get_by_test_id("stMainBlockContainer")).not_to_contain_text("Boeing's revenue")
        expect(pages[1].get_by_test_id("stMainBlockContainer")).not_to_contain_text("3M's capex")
        browser.close()
    conn.commit()
    rows = conn.execute("SELECT record->>'question' FROM audit_log WHERE id > %s", (before,)).fetchall()
    assert sorted(r[0] for r in rows) == sorted(q for q, _ in asks)
    assert integrity.audit_chain(conn)["ok"]
