"""Classes found by the twenty-sixth rounds (made-up report pages, round 28; made-up whole reports, round 20) and by
what the last rounds left (a terse "<company> CEO?", a statement titled with its unit on the same line), written by
helpers who never read the code. The companies, names, wording and figures here are made up again."""
from __future__ import annotations

import dataclasses

import pytest

from pipeline.answer.role_asked import asks_role
from pipeline.question import shorthand
from pipeline.question.analysis import QuestionFacts
from pipeline.question.registry import Company
from pipeline.reading.statement_titles import detect_title
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, stored_facts


def _facts(pages: list[list[str]], company: str, doc_fy: int):
    return [dataclasses.replace(f, company=company)
            for f in stored_facts(["\n".join(p) for p in pages], doc_fy, "ANNUAL", as_ingested=True)]


def _answer(question: str, pages: list[list[str]], company: str, year: int, doc_fy: int) -> str | None:
    hit = answer_of(question, _facts(pages, company, doc_fy), company, year)
    return hit.fact.value_printed if isinstance(hit, FactMatch) else None


_TERNLEY = Company(key="t", name="Ternley Marsh Outfitters, Inc.", aliases=("Ternley", "Ternley Marsh"),
                   tickers=("TMO.UN",))


@pytest.mark.parametrize("question, role", [
    ("TMO.UN CEO?", "chief executive officer"),
    ("Ternley's auditor?", "auditor"),
    ("Ternley Marsh external auditors?", "auditor"),
    ("Ternley chair?", "chair"),
    ("TMO.UN Group CFO?", "chief financial officer"),
    ("Ternley Marsh CFO?", "chief financial officer"),          # no period: the person
    ("Ternley chief financial officer FY2071?", "chief financial officer"),
    ("Ternley CFO FY2071?", None),          # beside a period "CFO" is operating cash flow, as analysts abbreviate it
    ("Ternley CFO in fiscal '71", None),
    ("TMO.UN CFO H1?", None),
    ("Ternley CEO pay?", None),              # a measure about the role, not the person
    ("Ternley capex?", None),
])
def test_a_role_named_alone_beside_the_company_asks_for_the_person(question, role):
    assert asks_role(QuestionFacts(text=question, companies=[_TERNLEY])) == role


@pytest.mark.parametrize("line, kind", [
    ("Consolidated Statements of Income (Millions of yen)", "income"),
    ("Consolidated Balance Sheet (Unit: millions of yen)", "balance"),
    ("Consolidated Statement of Cash Flows (in thousands, except per share data)", "cash_flow"),
    ("Consolidated Income Statement (€ million)", "income"),
    ("Consolidated Statement of Financial Position (HK$'000)", "balance"),
    ("Consolidated Statements of Income (see note 3)", None),     # a bracket that is no unit: a sentence's aside
    ("Consolidated balance sheet (in millions) 45", None),       # a contents entry: a page number after it
])
def test_a_statement_titled_with_its_unit_on_the_same_line_is_that_statement(line, kind):
    assert detect_title([line, "Net sales 412,308 438,915"])[1] == kind


# A start-named fiscal year ("FY2071" = April 2071 to March 2072) whose statement prints its unit on the title line and
# the prior year first: the title dates the filing, so the March 2071 column is FY2070's
_SHIRANAMI = [
    ["SHIRANAMI SEIKA CO., LTD.", "Integrated Report 2072",
     "In this report, 'FY2071' refers to the fiscal year from April 1, 2071 to March 31, 2072."],
    ["Consolidated Statements of Income (Millions of yen)",
     "FY2070 (Apr 1, 2070 - Mar 31, 2071) FY2071 (Apr 1, 2071 - Mar 31, 2072)",
     "Net sales 205,114 219,802",
     "Cost of sales 143,580 152,903",
     "Gross profit 61,534 66,899",
     "Selling, general and administrative expenses 52,116 55,020",
     "Operating profit 9,418 11,879",
     "Ordinary profit 9,902 12,311",
     "Profit attributable to owners of parent 6,204 7,718"],
]


def test_a_start_named_filers_prior_year_column_is_its_prior_fiscal_year():
    assert _answer("Shiranami ordinary profit FY2071", _SHIRANAMI, "Shiranami Seika", 2071, 2071) == "12,311"
    assert _answer("Shiranami ordinary profit FY2070", _SHIRANAMI, "Shiranami Seika", 2070, 2071) == "9,902"



# Book value per share printed as "Net assets per share" (a Japanese results summary) or "Equity per share" (a Nordic
# key-figures table); asked as "BVPS" or spelled out
_KAWASEMI = [["Consolidated Balance Sheets (Millions of yen)",
              "As of March 31, 2071 As of March 31, 2072",
              "Total assets 188,402 197,310",
              "Total net assets 102,118 108,940",
              "Net assets per share (yen) 2,418.36 2,577.02",
              "Equity ratio (%) 53.1 54.0"]]
_FJELLHAVN = [["Key figures", "NOK million 2071 2070",
               "Operating revenue 8,412 7,906",
               "Equity 3,318 3,102",
               "Equity per share (NOK) 41.22 38.54",
               "Equity ratio 38.2% 37.6%"]]


def test_book_value_per_share_is_read_from_net_assets_or_equity_per_share():
    assert _answer(shorthand.spell("Kawasemi BVPS FY2071"), _KAWASEMI, "Kawasemi Denki", 2071, 2071) == "2,577.02"
    assert _answer("Kawasemi book value per share FY2070?", _KAWASEMI, "Kawasemi Denki", 2070, 2071) == "2,418.36"
    assert _answer("Fjellhavn book value per share 2071", _FJELLHAVN, "Fjellhavn Marine", 2071, 2071) == "41.22"
    assert _answer("Fjellhavn equity 2071", _FJELLHAVN, "Fjellhavn Marine", 2071, 2071) == "3,318"
