"""Integration: a few corpus-world reports (a UK plc, an Australian Limited, a US 10-K with a former name) ingested with
no sidecar and no registry edit, then asked about in analysts' wordings: full legal name, short name, the report's
own abbreviation, its listing code, its former name, sentence-initial instruction words. The scope must resolve to
the report's company, and to no other."""
import json
from pathlib import Path

import pytest

from pipeline.core.access import OPERATOR
from pipeline.question.analysis import analyse
from pipeline.guardrails.router import route_question

WORLD = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus-world"
FILES = {"0c0faea14d108e1617f2d6d2a7c1aae04eb88fe0.pdf": [   # Odyssey Gold Limited (AU), 68 pages
             "What was Odyssey Gold Limited's loss for the year ended 30 June 2022?",
             "Answer briefly: how much cash did Odyssey Gold hold at year end?",
             "Odyssey Gold Ltd exploration expenditure 2022",           # suffix written another way
             "Considering the directors' report, who chairs Odyssey?"],  # the report's own abbreviation
         "53aa4bfb3b29d7fc064e97626fc4f860942ca9fd.pdf": [   # Starvest plc (UK), 48 pages
             "What was Starvest plc's net asset value at 30 September 2022?",
             "Using the accounts, what was Starvest's loss for the year?",
             "SVE total assets 2022",                                   # its AIM ticker, printed in the report
             "According to the report, who chairs Starvest PLC?"],
         "a533b44fe091a8aa62d1fa4f0a3262b311df8bd9.pdf": [   # ARCA biopharma, Inc. (US 10-K), 91 pages
             "What was ARCA biopharma, Inc.'s net loss in 2022?",
             "Here is my question: how much cash did ARCA have at December 31, 2022?",
             "ABIO stockholders' equity 2022",                          # ticker
             "Nuvelo net loss 2022",                                    # the former name the 10-K states
             "Tell me ARCA Biopharma Inc research and development expense for 2022."]}


@pytest.fixture(scope="module")
def world(settings, embedder):
    from ingest.run import ingest_paths
    from pipeline.question.registry_sources import registry_from_db
    from pipeline.stores import corpus, db

    paths = [WORLD / "pdfs" / f for f in FILES]
    if not all(p.exists() for p in paths):
        pytest.skip(f"corpus-world absent: {WORLD / 'pdfs'} (check out ../shared/corpus-world)")
    results = ingest_paths(paths, settings, embedder=embedder, show_progress=False, by=OPERATOR)
    assert all(r.status in ("ingested", "unchanged", "replaced") for r in results), [r.error for r in results]
    conn = db.connect(settings)
    try:
        yield registry_from_db(conn), corpus.coverage_all(conn), {r.path.name: r.info.company for r in results if r.info}
    finally:
        conn.close()


@pytest.mark.db
@pytest.mark.corpus
@pytest.mark.parametrize("file,q", [(f, q) for f, qs in FILES.items() for q in qs])
def test_analysts_wordings_resolve_to_the_reports_company(world, file, q):
    reg, coverage, company_of = world
    listed = {json.loads(ln)["file"]: json.loads(ln)["company"] for ln in
              (WORLD / "documents.jsonl").read_text(encoding="utf-8").splitlines()}
    company = company_of[file]
    assert company.lower().split()[0] == listed[file].lower().split()[0]      # identified as the right company
    facts = analyse(q, reg)
    d = route_question(facts, coverage)
    assert d.companies == [company] and d.route == "retrieve", (q, d.route, d.companies, d.reply)
    assert "don't hold" not in d.reply + d.period_note


def _head_pages(path: Path, n: int = 60) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        out = []
        for i in range(min(len(doc), n)):
            tp = doc[i].get_textpage()
            out.append(tp.get_text_range())
            tp.close()
        return out
    finally:
        doc.close()


@pytest.mark.corpus
def test_names_learned_from_the_world_reports_are_never_common_words_nor_others_brands():
    """Every name learned from the 23 corpus-world reports (their first 60 pages, with the company name
    documents.jsonl gives) is a proper name, never a common English word; and the brands those reports name as
    others' (a customer's, a manager's, a former employer's, a product range's) are not taken for the company. Read by
    hand: none of the 23 states a brand of its own beyond its own name, so no brand is learned."""
    from wordfreq import zipf_frequency

    from ingest.aliases import learn
    from pipeline.question.registry import bare_name

    listing = WORLD / "documents.jsonl"
    if not listing.exists():
        pytest.skip(f"corpus-world absent: {listing} (check out ../shared/corpus-world)")
    rows = [json.loads(ln) for ln in listing.read_text(encoding="utf-8").splitlines()]
    learned = {}
    for r in rows:
        company = r["company"]
        learned[company] = learn(_head_pages(WORLD / "pdfs" / r["file"]), names=[company, bare_name(company)])
    names = [(c, n) for c, found in learned.items() for n in found]
    assert len(names) >= 15                                   # abbreviations, tickers, former names are there
    common = [(c, n.name) for c, n in names if n.kind != "ticker"
              and all(zipf_frequency(w.lower(), "en") >= 4.0 for w in n.name.replace("-", " ").split())]
    assert common == []
    assert [(c, n.name) for c, n in names if n.kind in ("brand", "trading")] == []
    others = {"PayPal", "Westpac", "Codman", "DuraGen", "CHART", "COMPASS", "abrdn", "Bridgewater Bank"}
    assert not [(c, n.name) for c, n in names if n.name in others]
