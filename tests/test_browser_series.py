"""A series question in a real browser (Playwright + Debian chromium, as tests/test_browser.py): the chat shows
the table and the chart, and the CSV and Excel downloads hold the same values as the answer. Its own server and
page, so it runs alone (`pytest tests/test_browser_series.py`)."""
import csv
import io
import re

from tests.browser_support import MARKS, READY
from tests.test_browser import ask, page, server, shot  # noqa: F401  (fixtures and helpers shared)

pytestmark = MARKS


def _answer_values(text: str) -> dict[str, str]:
    """'FY2016 $30,109 million [1]; FY2017 ...' -> {'FY2016': '30109', ...}: the values the answer states."""
    return {p: v.replace(",", "") for p, v in re.findall(r"(FY\d{4}) \$([\d,]+(?:\.\d+)?) million", text)}


def test_a_series_question_renders_the_table_and_chart_and_downloads_the_same_values(page, tmp_path):
    from openpyxl import load_workbook
    from playwright.sync_api import expect

    reply = ask(page, "3M net sales FY2016 to FY2021", 0)
    content = reply.get_by_test_id("stChatMessageContent")
    expect(content).to_contain_text("FY2016")
    stated = _answer_values(content.inner_text())
    assert set(stated) == {f"FY{y}" for y in range(2016, 2022)}     # six years from two reports, none interpolated
    expect(reply).to_contain_text("(USD million)", timeout=30000)   # unit and currency in the table's header
    expect(reply.get_by_test_id("stDataFrame").first).to_be_visible(timeout=30000)
    expect(reply.locator(".js-plotly-plot").first).to_be_visible(timeout=60000)
    page.wait_for_function(READY, timeout=60000)
    shot(page, "series.png")

    with page.expect_download(timeout=60000) as d:
        reply.get_by_role("button", name="Download CSV").click()
    rows = list(csv.DictReader(io.StringIO(open(d.value.path(), encoding="utf-8").read())))
    assert {r["period"]: r["value"] for r in rows} == stated
    assert all(r["citation"].startswith("3M · FY20") and " p. " in r["citation"] for r in rows)

    with page.expect_download(timeout=60000) as d:
        reply.get_by_role("button", name="Download Excel").click()
    out = tmp_path / "series.xlsx"
    d.value.save_as(out)
    ws = load_workbook(out).active
    head = [c.value for c in ws[2]]
    got = {ws.cell(row=r, column=head.index("period") + 1).value:
           ws.cell(row=r, column=head.index("value") + 1).value for r in range(3, ws.max_row + 1)}
    assert {p: str(int(v)) if float(v).is_integer() else str(v) for p, v in got.items()} == stated
