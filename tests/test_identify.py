"""A filing says what it is: company, period, FY label, type, currency and scale read from its own pages.

Unit tests on generated page texts (a UK, an Australian and a Japanese annual report, an earnings release), and
integration tests on the real filings: every corpus-more filing against its documents.jsonl, and demo filings
copied under meaningless names. Only the pages identification needs are extracted (lazily), so this stays fast.
"""
import json
import os
import shutil
from pathlib import Path

import pytest

from ingest.identify import identify
from ingest.registrant import short_name
from pipeline.question.registry_sources import get_registry

ROOT = Path(__file__).resolve().parent.parent
MORE = Path(os.environ.get("ARA_TEST_CORPUS", ROOT.parent / "shared" / "corpus")).resolve().parent / "corpus-more"
DEMO = Path(os.environ.get("ARA_TEST_CORPUS", ROOT.parent / "shared" / "corpus")).resolve() / "pdfs"


class LazyPages:
    """Page texts extracted on first access (identification reads the opening and the statement pages only)."""

    def __init__(self, path: Path):
        import pypdfium2 as pdfium

        self.doc, self.cache = pdfium.PdfDocument(str(path)), {}

    def __len__(self):
        return len(self.doc)

    def __getitem__(self, i):
        if i not in self.cache:
            page = self.doc[i]
            tp = page.get_textpage()
            self.cache[i] = tp.get_text_range()
            tp.close()
            page.close()
        return self.cache[i]


def test_uk_annual_report_in_pounds_thousands():
    pages = ["Harbour Freight Logistics plc\nAnnual Report and Accounts 2022\nfor the year ended 31 December 2022",
             "Harbour Freight Logistics plc (the Company) and its subsidiaries. Harbour Freight revenue grew. "
             "Harbour Freight Logistics plc " * 2,
             "Consolidated Income Statement\nfor the year ended 31 December 2022\n£000 2022 2021\nRevenue 12,345 11,000",
             "Consolidated Balance Sheet\nat 31 December 2022\n£000 2022 2021\nTotal assets 50,000 48,000"]
    i = identify(pages)
    assert i.doc_type == "ANNUAL" and i.fiscal_year == 2022 and str(i.period_end) == "2022-12-31"
    assert i.currency == "GBP" and i.scale == "thousands"
    assert i.legal_name == "Harbour Freight Logistics plc" and i.company == "Harbour Freight Logistics"


def test_australian_report_in_aud_millions():
    pages = ["Southern Cross Minerals Limited\nAnnual Report 2023\nfor the year ended 30 June 2023",
             "Consolidated Statement of Financial Position\nas at 30 June 2023\nA$m 2023 2022\nCash 1,234 1,000",
             "Consolidated Income Statement\nA$m 2023 2022\nRevenue 9,876 8,000"]
    i = identify(pages)
    assert (i.currency, i.scale, i.fiscal_year, i.fiscal_year_end) == ("AUD", "millions", 2023, "06-30")


def test_japanese_fiscal_label_differs_from_the_end_year():
    pages = ["Kitano Precision Co., Ltd.\nIntegrated Report 2022\nResults for fiscal 2021 (year ended March 31, 2022)",
             "In fiscal 2021 net sales rose. Fiscal 2021 was a year of recovery; fiscal 2021 orders grew.",
             "Consolidated Statements of Income\n(¥ millions)\nNet sales 812,000"]
    i = identify(pages)
    assert i.fiscal_year == 2021 and str(i.period_end) == "2022-03-31"
    assert i.fy_label == "FY2021 (year ended 31 Mar 2022)"
    assert i.currency == "JPY" and i.scale == "millions"


def test_earnings_release_heading():
    pages = ["Maple Rail Corp. Reports Third-Quarter 2023 Results\nTORONTO - Maple Rail Corp. (TSX: MRC) today "
             "reported results.\n(in millions of Canadian dollars)"]
    i = identify(pages)
    assert (i.doc_type, i.fiscal_year, i.quarter, i.tickers) == ("EARNINGS", 2023, 3, ("MRC",))
    assert i.company == "Maple Rail" and i.currency == "CAD" and i.scale == "millions"


def test_short_name_is_what_the_document_itself_uses():
    body = "Adobe Systems Incorporated. " + "Adobe products are sold widely. " * 20
    assert short_name("ADOBE SYSTEMS INCORPORATED", body) == "Adobe"
    body = "American Express Company. " + "American Express cards. " * 20 + "Latin American growth."
    assert short_name("American Express Company", body) == "American Express"
    assert short_name("AMAZON.COM, INC.", "Amazon.com, Inc. Amazon") == "Amazon"


def _more_docs():
    f = MORE / "documents.jsonl"
    return [json.loads(line) for line in f.read_text().splitlines() if line.strip()] if f.exists() else []


@pytest.mark.parametrize("doc", _more_docs() or [None], ids=lambda d: d["doc_name"] if d else "absent")
def test_corpus_more_filing_identifies_itself(doc):
    if doc is None or not (MORE / "pdfs" / f"{doc['doc_name']}.pdf").exists():
        pytest.skip(f"corpus-more absent: {MORE} (set ARA_TEST_CORPUS)")
    reg = get_registry()
    i = identify(LazyPages(MORE / "pdfs" / f"{doc['doc_name']}.pdf"))
    assert reg.match(names=(i.company, i.legal_name, *i.aliases), tickers=i.tickers, file_number=i.file_number) is None
    assert doc["company"].lower() in {n.lower() for n in (i.company, *i.aliases)}, (i.company, i.aliases)
    assert i.company.lower() == doc["company"].lower()
    assert i.fiscal_year == int(doc["doc_period"])
    assert i.doc_type == doc["doc_type"].upper()
    assert i.currency == "USD"                          # all are US registrants reporting in dollars
    assert i.scale in ("millions", "thousands")


# Adobe printed its statements in thousands until fiscal 2017, in millions afterwards (checked on the PDFs).
def test_scale_changes_with_the_document_not_the_company():
    if not (MORE / "pdfs" / "ADOBE_2017_10K.pdf").exists():
        pytest.skip("corpus-more absent")
    assert identify(LazyPages(MORE / "pdfs" / "ADOBE_2017_10K.pdf")).scale == "thousands"
    assert identify(LazyPages(MORE / "pdfs" / "ADOBE_2022_10K.pdf")).scale == "millions"


@pytest.mark.parametrize("name", ["3M_2018_10K", "AMCOR_2023Q2_10Q", "PEPSICO_2023Q1_EARNINGS", "VERIZON_2022_10K",
                                  "BOEING_2021_10K"])
def test_demo_filing_under_a_meaningless_name(name, tmp_path):
    src = DEMO / f"{name}.pdf"
    if not src.exists():
        pytest.skip(f"demo corpus absent: {src}")
    import hashlib

    from ingest.documents import describe, hints

    hashed = tmp_path / f"{hashlib.sha1(name.encode()).hexdigest()[:16]}.pdf"
    shutil.copy(src, hashed)
    assert hints(hashed) == ({}, {})                     # nothing to go on but the document
    company, period, kind = name.split("_")[:3]
    info = describe(hashed, get_registry(), LazyPages(hashed))
    assert get_registry().by_name(company).name == info.company and info.new_company is None
    assert (info.period, info.doc_type) == (period, kind)
    assert info.currency == "USD" and info.scale == "millions"
