"""A fresh install's Evaluation page is populated: a server started on a new, empty data directory (as the first
`make run` does, before anyone has run an evaluation) shows the committed baselines - the quality baseline's
correct / incorrect / refused per set, and the regression baselines."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser_support import CHROMIUM, CHROMIUM_ARGS, MARKS, READY, free_port, wait_healthy

pytestmark = [*MARKS, pytest.mark.db]
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def fresh_server(tmp_path):
    port = free_port()
    env = dict(os.environ, ARA_DATA_DIR=str(tmp_path / "fresh-data"), ARA_CORPUS_DIR=str(tmp_path / "no-corpus"))
    env.pop("DATABASE_URL", None)
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(ROOT / "app" / "streamlit_app.py"),
                             "--server.port", str(port), "--server.address", "127.0.0.1", "--server.headless", "true",
                             "--browser.gatherUsageStats", "false"], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        if not wait_healthy(url, tries=240):
            pytest.fail("streamlit did not start on a fresh data directory")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def test_a_fresh_install_shows_the_committed_baselines_on_the_evaluation_page(fresh_server):
    import json

    from playwright.sync_api import expect, sync_playwright

    quality = json.loads((ROOT / "evals" / "baselines" / "quality.json").read_text(encoding="utf-8"))
    _, m = sorted(quality["metrics"].items())[0]          # the set the Quality tab opens on
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 950})
            page.goto(fresh_server)
            page.get_by_test_id("stSidebarNav").get_by_role("link", name="Evaluation").click(timeout=120000)
            main = page.get_by_test_id("stMainBlockContainer")
            main.locator(".js-plotly-plot").first.wait_for(timeout=120000)
            page.wait_for_function(READY, timeout=60000)
            expect(main).not_to_contain_text("No evaluation runs yet")
            expect(main).to_contain_text("committed baseline")
            per_set = main.get_by_test_id("stDataFrame").first
            expect(per_set).to_be_visible()
            metrics = main.get_by_test_id("stMetric")
            expect(metrics.filter(has_text="cases").first).to_contain_text(str(m["n"]))       # the first set's
            for label in ("correct", "incorrect", "refused"):
                expect(metrics.filter(has_text=label).first).to_contain_text(str(m[label]))
            main.get_by_role("tab", name="Regressions").click()
            expect(main.get_by_role("tabpanel", name="Regressions")).to_contain_text("Per-case flips", timeout=60000)
        finally:
            browser.close()
