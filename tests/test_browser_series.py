"""A series question in a real browser (Playwright + Debian chromium, as tests/test_browser.py): the chat shows
the table and the chart, and the CSV and Excel downloads hold the same values as the answer. Its own server and
page, so it runs alone (`pytest tests/test_browser_series.py`). It asks about the made-up filing every session
database holds, so it needs no real corpus beyond what the browser marks require."""
import csv
import io
import re

import pytest

from tests.browser_support import CHROMIUM, CHROMIUM_ARGS, MARKS, READY
from tests.test_browser import SHOTS, server  # noqa: F401  (the server fixture is shared)

pytestmark = MARKS


@pytest.fixture(scope="module")
def page(server):  # noqa: F811
    """A page of its own; the first load may take minutes on a loaded machine (the landing page reads the corpus)."""
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pg = browser.new_page(viewport={"width": 1400, "height": 950})
        pg.goto(server, timeout=180000)
        pg.get_by_test_id("stChatInput").wait_for(timeout=240000)
        yield pg
        browser.close()


def _ask(page, question: str):
    """Ask on a fresh page and wait for the reply and for the table's lazy widgets (dataframe, plotly) to load;
    generous timeouts: the chart's chunk loads after the answer, slowly on a loaded machine."""
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(question)
    box.press("Enter")
    page.wait_for_function("""(tail) => {
        const m = document.querySelectorAll('[data-testid="stChatMessage"]');
        return m.length === 2 && m[0].innerText.includes(tail) && m[1].innerText.includes('How this answer was made');
        }""", arg=question[-14:], timeout=240000)
    try:
        page.wait_for_function(READY, timeout=240000)
    except Exception:
        page.screenshot(path=str(SHOTS / "series-not-ready.png"))
        raise
    return page.get_by_test_id("stChatMessage").nth(1)


def _answer_values(text: str) -> dict[str, str]:
    """'FY2016 $30,109 million [1]; FY2017 ...' -> {'FY2016': '30109', ...}: the values the answer states."""
    return {p: v.replace(",", "") for p, v in re.findall(r"(FY\d{4}) \$([\d,]+(?:\.\d+)?) million", text)}


def test_a_series_question_renders_the_table_and_chart_and_downloads_the_same_values(page, tmp_path):
    from openpyxl import load_workbook
    from playwright.sync_api import expect

    # the session database's made-up Verizon FY2030 10-K prints capex for FY2028-FY2030; FY2027 is held by no report
    reply = _ask(page, "Verizon capex FY2027 to FY2030")
    content = reply.get_by_test_id("stChatMessageContent")
    expect(content).to_contain_text("FY2027: no figure")
    stated = _answer_values(content.inner_text())
    assert stated == {"FY2028": "7654", "FY2029": "8765", "FY2030": "9876"}     # never interpolated
    expect(reply).to_contain_text("(USD million)", timeout=30000)   # unit and currency in the table's header
    expect(reply.get_by_test_id("stDataFrame").first).to_be_visible(timeout=30000)
    expect(reply.locator(".js-plotly-plot").first).to_be_visible(timeout=60000)
    page.wait_for_function(READY, timeout=120000)
    page.screenshot(path=str(SHOTS / "series.png"))

    with page.expect_download(timeout=60000) as d:
        reply.get_by_role("button", name="Download CSV").click()
    rows = list(csv.DictReader(io.StringIO(open(d.value.path(), encoding="utf-8").read())))
    assert {r["period"]: r["value"] for r in rows if r["value"]} == stated
    assert [r["why empty"] for r in rows if not r["value"]] == [r["why empty"] for r in rows if r["period"] == "FY2027"]
    assert all(r["citation"] == "Verizon · FY2030 · 10-K p. 2" for r in rows if r["value"])

    with page.expect_download(timeout=60000) as d:
        reply.get_by_role("button", name="Download Excel").click()
    out = tmp_path / "series.xlsx"
    d.value.save_as(out)
    ws = load_workbook(out).active
    head = [c.value for c in ws[2]]
    got = {ws.cell(row=r, column=head.index("period") + 1).value:
           ws.cell(row=r, column=head.index("value") + 1).value for r in range(3, ws.max_row + 1)}
    assert got.pop("FY2027") is None
    assert {p: str(int(v)) if float(v).is_integer() else str(v) for p, v in got.items()} == stated
