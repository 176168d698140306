"""The app as a person uses it, in a real browser: Playwright driving Debian's chromium (no browser download).
One server and one page for the module; the tests run in order and write screenshots to build/screenshots/
(git-ignored; `make screenshots` sets ARA_SCREENSHOTS_DIR=docs/screenshots to refresh the README's)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser_support import CHROMIUM, CHROMIUM_ARGS, MARKS, READY, free_port, wait_healthy

pytestmark = MARKS
ROOT = Path(__file__).resolve().parent.parent
SHOTS = Path(os.environ.get("ARA_SCREENSHOTS_DIR") or ROOT / "build" / "screenshots")


@pytest.fixture(scope="module")
def server(loaded):
    from pipeline.stores import db

    with db.connect(loaded) as c:          # the walk-through below reads the cache's comparison: start it empty
        c.execute("DELETE FROM semantic_cache")
        c.commit()
    port = free_port()
    env = dict(os.environ, ARA_DATA_DIR=str(loaded.data_dir), ARA_CACHE_ENABLED="true")
    env.pop("DATABASE_URL", None)
    if loaded.database_url:
        env["DATABASE_URL"] = loaded.database_url
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(ROOT / "app" / "streamlit_app.py"),
                             "--server.port", str(port), "--server.address", "127.0.0.1", "--server.headless", "true",
                             "--browser.gatherUsageStats", "false"], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    if not wait_healthy(url):
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
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pg = browser.new_page(viewport={"width": 1400, "height": 950})
        pg.goto(server)
        pg.get_by_test_id("stChatInput").wait_for(timeout=60000)
        yield pg
        browser.close()


def ask(page, question: str, n: int):
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(question)
    box.press("Enter")
    # wait for this turn's own messages: a rerun can briefly show the previous run's elements at these indices
    page.wait_for_function("""([n, tail]) => {
        const m = document.querySelectorAll('[data-testid="stChatMessage"]');
        return m.length === 2 * n + 2 && m[2 * n].innerText.includes(tail)
            && m[2 * n + 1].innerText.includes('How this answer was made'); }""", arg=[n, question[-14:]],
                           timeout=120000)
    page.wait_for_function(READY, timeout=60000)
    return page.get_by_test_id("stChatMessage").nth(2 * n + 1)


def shot(page, name: str) -> None:
    page.wait_for_function(READY, timeout=60000)
    page.wait_for_timeout(600)
    page.screenshot(path=str(SHOTS / name))


def test_landing_page_shows_the_reports_held(page):
    from playwright.sync_api import expect

    main = page.get_by_test_id("stMainBlockContainer")
    expect(main).to_contain_text("Reports held")
    table = main.get_by_test_id("stTable")
    for text in ("3M", "FY2018", "FY2021", "10-K", "Boeing"):
        expect(table).to_contain_text(text)


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


def _highlight_boxes(png: bytes, scale: float, height: float) -> list[tuple[float, float, float, float]]:
    """The highlight outlines drawn on a rendered page (orange, (214, 120, 0)), back in PDF points
    (left, bottom, right, top): connected runs of outline pixels, one box per run of rows."""
    import io

    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB")
    w, h = img.size
    px = img.load()
    rows: dict[int, list[int]] = {}
    for y in range(h):
        xs = [x for x in range(0, w, 2) if abs(px[x, y][0] - 214) < 30 and abs(px[x, y][1] - 120) < 40
              and px[x, y][2] < 60]
        if len(xs) > 20:                       # a horizontal edge of a box
            rows[y] = xs
    boxes, ys = [], sorted(rows)
    while ys:                                   # pair each top edge with the next bottom edge
        top = ys.pop(0)
        while ys and ys[0] - top < 4:
            ys.pop(0)
        if not ys:
            break
        bottom = ys.pop(0)
        while ys and ys[0] - bottom < 4:
            ys.pop(0)
        xs = rows[top]
        boxes.append(((min(xs) + 3) / scale, height - (bottom - 3) / scale, (max(xs) - 3) / scale,
                      height - (top + 3) / scale))
    return boxes


def test_a_prose_citation_is_highlighted_on_the_quoted_words(page, loaded):
    """The reviewer walk-through's turn: a prose answer whose grading drops boilerplate pages. Its citation's
    highlight box overlaps the quoted words' characters on the PDF page (pypdfium2 char boxes)."""
    import re

    import pypdfium2 as pdfium
    from playwright.sync_api import expect

    page.get_by_test_id("stSidebar").get_by_role("button", name="New conversation").click()
    expect(page.get_by_test_id("stChatMessage")).to_have_count(0, timeout=30000)
    page.wait_for_function(READY, timeout=60000)
    reply = ask(page, "How many employees did 3M have in FY2018?", 0)
    text = reply.get_by_test_id("stChatMessageContent").inner_text()
    quote = re.search(r"\u201c(.+?)\u201d", text)
    if not quote:     # the prose answerer declined this question: nothing quoted, nothing to highlight
        pytest.skip(f"the answer quotes no sentence: {text[:120]}")
    button = reply.get_by_role("button", name=re.compile(r"\[1\] 3M · FY2018 · 10-K p\. \d+"))
    page_no = int(re.search(r"p\. (\d+)", button.inner_text()).group(1))
    expect(page.get_by_test_id("stSidebar")).to_contain_text("dropped by the grader")
    button.click()
    dialog = page.get_by_role("dialog")
    page.wait_for_function("() => { const i = document.querySelector('[role=dialog] img'); "
                           "return i && i.complete && i.naturalWidth > 500 }", timeout=60000)
    src = dialog.locator("img").first.get_attribute("src")
    png = page.evaluate("async (u) => { const r = await fetch(u); const b = new Uint8Array(await r.arrayBuffer());"
                        " return Array.from(b); }", src)
    shot(page, "citation-prose.png")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden", timeout=20000)

    doc = pdfium.PdfDocument(str(loaded_pdf(loaded, "3M_2018_10K")))
    pg = doc[page_no - 1]
    tp = pg.get_textpage()
    flat = tp.get_text_range()
    words = quote.group(1).split()[:6]      # the quote's first words, in order, wherever the page breaks lines
    at = re.search(r"\s+".join(map(re.escape, words)), flat)
    assert at, words
    chars = [tp.get_charbox(j) for j in range(at.start(), at.end()) if not flat[j].isspace()]
    boxes = _highlight_boxes(bytes(png), 1.6, pg.get_height())
    doc.close()
    assert chars and boxes
    overlaps = [c for c in chars if any(min(b[2], c[2]) > max(b[0], c[0]) and min(b[3], c[3]) > max(b[1], c[1])
                                        for b in boxes)]
    assert len(overlaps) >= len(chars) // 2, (boxes, chars[:3])
    # the reviewer's walk-through (next test) traces this conversation's last turn: one whose grader drops pages
    ask(page, "Who audits 3M in FY2018?", 1)


def loaded_pdf(loaded, name: str) -> Path:
    from tests.conftest import corpus_pdf

    return corpus_pdf(name)


def _pick(page, container, label: str, option: str, nth: int = 0) -> None:
    page.wait_for_function(READY, timeout=60000)
    page.wait_for_timeout(800)               # a rerun that just ended may still be replacing the widgets
    box = container.get_by_test_id("stSelectbox").filter(has_text=label).nth(nth)
    box.click()
    page.keyboard.type(option.strip()[:20])  # filter: a long list renders only the options in view
    page.get_by_role("option", name=option).first.click()
    page.wait_for_timeout(800)
    page.wait_for_function(READY, timeout=60000)


def test_a_reviewer_walks_through_one_turn(page):
    """Open the trace of the last turn, find the pages grading dropped with their reasons, export the turn as
    JSON, find the cache's comparison (on the repeated capex question), and compare two turns side by side."""
    import re

    from playwright.sync_api import expect

    page.get_by_test_id("stSidebarNav").get_by_text("Trace").click()
    main = page.get_by_test_id("stMainBlockContainer")
    expect(main).to_contain_text("Who audits 3M in FY2018?", timeout=30000)
    main.get_by_role("tab", name="Step details").click()
    grade = main.get_by_test_id("stExpander").filter(has_text="grade —")
    expect(grade).to_contain_text(re.compile(r"Dropped: 3M_2018_10K p\. \d+ \(boilerplate: "))
    grade.scroll_into_view_if_needed()
    shot(page, "trace.png")

    main.get_by_role("tab", name="Steps").click()
    with page.expect_download() as dl:
        main.get_by_role("button", name="Export this turn's trace (JSON)").click()
    exported = json.loads(Path(dl.value.path()).read_text())
    steps = {s["node"]: s["data"] for s in exported["final_state"]["steps"]}
    dropped = [r for r in steps["grade"]["pages"] if not r["kept"]]
    assert dropped and all(r["reason"].startswith("boilerplate") for r in dropped)
    assert set(steps["retrieve"]["retrievers"]) >= {"dense", "bm25"} and steps["rerank"]["pages"]

    _pick(page, main, "Conversation", "capex")        # the first conversation: the capex question, asked again
    _pick(page, main, "Turn", "3. ")                 # (with a script in it) on turn 3
    main.get_by_role("tab", name="Step details").click()
    cache = main.get_by_test_id("stExpander").filter(has_text="cache_lookup —")
    cache.get_by_text("cache_lookup —").click()
    expect(cache).to_contain_text("Compared with \u201cWhat was 3M's capex in FY2018?\u201d (3M, FY2018")
    expect(cache).to_contain_text("similarity")

    main.get_by_role("tab", name="Compare with another turn").click()
    _pick(page, main, "Conversation", "capex", nth=1)
    _pick(page, main, "Turn", "1. What was 3M's capex in FY2018?", nth=1)
    expect(main).to_contain_text("Decisions side by side")
    expect(main.get_by_text("Turn B")).to_be_visible()
    shot(page, "trace-compare.png")


def test_reopened_conversation_is_marked_in_the_list(page):
    from playwright.sync_api import expect

    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Chat").click()
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_role("button", name="New conversation").click()
    expect(page.get_by_test_id("stChatMessage")).to_have_count(0, timeout=30000)
    page.wait_for_function(READY, timeout=60000)
    old = sidebar.get_by_role("button", name="What was 3M's capex in FY2018?", exact=False).first
    for _ in range(3):      # (the expander may be open already, from the app's last run: a click would close it)
        sidebar.get_by_text("Past conversations").click()
        page.wait_for_timeout(800)             # the expander's rerun may still be replacing the list
        page.wait_for_function(READY, timeout=60000)
        try:
            expect(old).to_be_visible(timeout=10000)
            break
        except AssertionError:
            continue
    expect(old).to_be_visible(timeout=30000)      # the list is read after the expander reruns (slow under load)
    old.click()
    page.wait_for_function(READY, timeout=60000)
    listed = sidebar.get_by_test_id("stExpander").filter(has_text="Past conversations")
    current = listed.get_by_test_id("stBaseButton-primary")
    expect(current.first).to_contain_text("▶ 3M · FY2018 — What was 3M's capex in FY2018?")
    expect(current.filter(has_text="Who audits 3M")).to_have_count(0)     # the previously open one is not marked
    expect(page.get_by_test_id("stChatMessage").first).to_contain_text("What was 3M's capex in FY2018?")


def test_dashboard_shows_a_chart(page, loaded):
    from evals import baselines, quality as q
    from pipeline.stores import db

    base = baselines.load("main")
    with db.connect(loaded) as conn:
        baselines.store_run(conn, base, is_baseline=True)
        baselines.store_run(conn, {**base, "name": "candidate", "commit": "candidate"}, is_baseline=False)
        results = [q.QualityResult("financebench", f"fb{i}", company, kind, f"question {i}?", "$1.00",
                                   f"answer {i}", outcome, "detail") for i, (company, kind, outcome) in enumerate([
            ("3M", "metrics-generated", "correct"), ("3M", "metrics-generated", "incorrect"),
            ("Boeing", "domain-relevant", "refused"), ("Boeing", "novel-generated", "ungraded")])]
        baselines.store_run(conn, baselines.record(q.report_json(results), "quality", {}), is_baseline=False)
    from playwright.sync_api import expect

    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Evaluation").click()
    main = page.get_by_test_id("stMainBlockContainer")
    main.locator(".js-plotly-plot").first.wait_for(timeout=150000)   # the committed baselines are drawn too
    for label in ("correct", "incorrect", "refused", "ungraded"):
        expect(main.get_by_test_id("stMetric").filter(has_text=label).first).to_contain_text("1", timeout=60000)
    shot(page, "dashboard-quality.png")
    main.get_by_role("tab", name="Regressions").click()
    main.get_by_role("tabpanel", name="Regressions").locator(".js-plotly-plot").first.wait_for(timeout=60000)
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


def test_the_figures_view_searches_what_was_read_from_a_filings_tables(page):
    """The analyst's check of extraction: pick a filing on the Corpus page, filter its extracted figures by a row
    label, and see how many of the document's figures match."""
    import re

    from playwright.sync_api import expect

    page.get_by_test_id("stSidebarNav").get_by_text("Corpus").click()
    main = page.get_by_test_id("stMain")
    expect(main).to_contain_text("Figures", timeout=30000)
    _pick(page, main, "Document", "3M · FY2018 · 10K")
    every = re.compile(r"(\d+) shown of (\d+) figures extracted")
    expect(main).to_contain_text(every, timeout=30000)
    box = main.get_by_label("Row label contains")
    box.fill("diluted")
    box.press("Enter")
    page.wait_for_function(READY, timeout=60000)
    expect(main).to_contain_text(every, timeout=30000)
    shown, total = map(int, every.search(main.inner_text()).groups())
    assert 0 < shown < total                 # the filter narrowed a non-empty extraction to the diluted rows
    assert main.get_by_test_id("stDataFrame").count() >= 2   # the documents table and the figures table
    shot(page, "figures.png")
    box.fill("zzzz no such row")
    box.press("Enter")
    expect(main).to_contain_text("No extracted figure matches.", timeout=30000)
