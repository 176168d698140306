"""Classes found by the seventh round of made-up report pages (Ireland, the Netherlands, Chile, Thailand, Denmark; a
US insurer, trucker, cable company, defense contractor and chemicals maker), written by a helper who never read the
code. Each case here was a wrong figure before; the companies, wording and figures are made up again here."""
from __future__ import annotations

import pytest

from pipeline.retrieval.fact_match import FactMatch
from pipeline.reading.tables import parse_page
from tests.stored_facts import answer_of, facts_of


def _hit(question: str, pages: list[list[str]], year: int = 2036, company: str = "Halden"):
    return answer_of(question, facts_of(["\n".join(p) for p in pages]), company, year)


# an unlabelled subtotal closes the heading above it; the rows after it are the heading's siblings
CABLE = ["HALDEN BROADBAND CORP.", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(dollars in millions)",
         "Year Ended December 31,", "2036 2035", "REVENUES:", "Consumer:", "Broadband $ 4,100 $ 3,900",
         "Television 1,200 1,300", "Phone 300 350", "5,600 5,550", "Business services 900 850", "Wholesale 100 95",
         "Total revenues 6,600 6,495", "COSTS AND EXPENSES:", "Programming 2,000 2,050", "Other operating 1,500 1,480",
         "3,500 3,530", "Income from operations 3,100 2,965"]


def test_an_unlabelled_line_summing_a_headings_rows_is_its_total_and_closes_it():
    rows = {r.label: r for r in parse_page("\n".join(CABLE)).rows}
    assert rows["Total Consumer"].values == ["5,600", "5,550"]
    assert rows["Business services"].path == ("REVENUES",)              # beside "Consumer", not under it
    assert rows["Total revenues"].path == ("REVENUES",)
    assert not any(r.label.startswith("Total COSTS") for r in rows.values())   # a section's own line: not read
    hit = _hit("total consumer revenue 2036", [CABLE])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "5,600"


def test_an_unlabelled_line_under_a_section_or_before_its_total_worded_otherwise_is_not_its_total():
    page = ["HALDEN SYSTEMS INC.", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(in millions)", "2036 2035",
            "Revenues:", "Product $ 1,000 $ 900", "Service 500 450", "1,500 1,350", "Financing revenue 200 180",
            "Total net revenues 1,700 1,530"]
    assert not any(r.label.startswith("Total Revenues") for r in parse_page("\n".join(page)).rows)
    hit = _hit("What were Halden's total revenues in 2036?", [page])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed == "1,700"
    nested = ["HALDEN SYSTEMS INC.", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(in millions)", "2036 2035", "Revenues:",
              "Products:", "Hardware $ 600 $ 500", "Software 400 400", "1,000 900", "Service 500 450",
              "Total product and service revenues 1,500 1,350"]
    rows = {r.label: r for r in parse_page("\n".join(nested)).rows}      # (a group inside the section: its total)
    assert rows["Total Products"].values == ["1,000", "900"] and rows["Service"].path == ("Revenues",)


def test_an_unlabelled_subtotal_of_a_headings_first_rows_is_not_its_total():
    bank = ["HALDEN BANCORP", "CONSOLIDATED BALANCE SHEETS", "(in millions)", "December 31, 2036 2035", "Assets",
            "Cash and due from banks $ 300 $ 280", "Interest-bearing deposits 700 650", "1,000 930",
            "Loans, net 9,000 8,500", "Total assets $ 10,000 $ 9,430"]
    assert not any(r.label.startswith("Total Assets") for r in parse_page("\n".join(bank)).rows)
    hit = _hit("Total assets at Dec 31, 2036?", [bank])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "10,000"
    # a line that does not sum the rows above it is no total
    rows = parse_page("\n".join(CABLE[:9] + ["5,700 5,550"] + CABLE[11:])).rows
    assert not any(r.label == "Total Consumer" for r in rows)


RESULT = ["Halden Installaties N.V.", "Consolidated statement of profit or loss", "in EUR thousands",
          "Note 2036 2035", "Revenue 5 812,400 760,100", "Result before income tax 61,200 55,000",
          "Income tax expense 9 (15,300) (13,700)", "Result for the year 45,900 41,300", "Result attributable to:",
          "Shareholders of the Company 44,800 40,400", "Non-controlling interests 1,100 900",
          "Result for the year 45,900 41,300"]


@pytest.mark.parametrize("question,value", [
    ("net result attributable to shareholders 2036", "44,800"),
    ("Halden result attributable to owners FY36", "44,800"),
    ("net result 2036", "45,900"),
])
def test_the_years_result_in_continental_wording_and_its_owners_share(question, value):
    hit = _hit(question, [RESULT])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


def test_a_row_naming_no_holder_under_an_attribution_heading_is_the_lines_total():
    from pipeline.retrieval.attribution import names_a_holder
    assert not names_a_holder("Result attributable to \u203a Result for the year")
    assert names_a_holder("Result attributable to \u203a Shareholders of the Company")
    assert names_a_holder("Profit attributable to: \u203a Non-controlling interests")


CASH_FLOW = ["HALDEN FREIGHT, INC.", "CONSOLIDATED STATEMENTS OF CASH FLOWS", "(in thousands)", "2036 2035",
             "Net cash provided by operating activities 410,000 380,000", "Cash flows from investing activities:",
             "Purchases of property and equipment (300,000) (280,000)",
             "Proceeds from sales of property and equipment 60,000 55,000",
             "Net cash used in investing activities (240,000) (225,000)"]


def test_net_capex_is_never_the_gross_purchases_row():
    assert not isinstance(_hit("net capex 2036", [CASH_FLOW]), FactMatch)
    hit = _hit("capex 2036", [CASH_FLOW])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(300,000)"


def test_ftes_are_employees_never_cash_equivalents():
    pages = [["Halden Installaties N.V.", "Consolidated statement of financial position", "in EUR thousands",
              "2036 2035", "Cash and cash equivalents 64,000 58,000", "Total assets 900,000 850,000"],
             ["Segment information", "2036 North South Total", "Revenue 500,000 312,400 812,400",
              "Number of FTEs at year-end 3,100 2,050 5,150"]]
    hit = _hit("FTEs at year end 2036 total", pages)
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed == "5,150"


def test_the_unlabelled_sum_of_an_attribution_split_is_not_a_holders_share():
    page = ["Halden Logistics Limited", "Consolidated statement of profit or loss", "2036 2035",
            "Profit after income tax expense for the year 83.7 74.9", "Profit for the year is attributable to:",
            "Owners of Halden Logistics Limited 82.9 74.2", "Non-controlling interest 0.8 0.7", "83.7 74.9"]
    assert not any(r.label.startswith("Total") for r in parse_page("\n".join(page)).rows)
    hit = _hit("What was Halden's FY35 profit attributable to owners?", [page], 2035)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "74.2"
