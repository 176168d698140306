"""Counter-examples an audit of this round's rules found (made-up companies and wording): each gave a wrong figure on
the rules as first written and must not."""
from __future__ import annotations

import pytest

from pipeline.answer.stated import PER_SHARE_AMOUNT, amount_year
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, facts_of


def _hit(question: str, pages: list[list[str]], year: int = 2036, company: str = "Halden"):
    return answer_of(question, facts_of(["\n".join(p) for p in pages]), company, year)


def test_a_currency_the_report_slices_by_stays_a_qualifier():
    page = ["Halden Installaties N.V.", "Notes to the consolidated financial statements", "22. Borrowings",
            "in EUR million", "2036 2035", "Borrowings by currency:", "Euro 400.0 380.0", "US dollar 250.0 240.0",
            "Pound sterling 100.0 90.0", "Total borrowings 750.0 710.0"]
    hit = _hit("borrowings in euros 2036", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "400.0"
    cash = ["Halden plc", "Notes", "£m", "2036 2035", "Cash and cash equivalents by currency:", "Sterling 120.0 110.0",
            "Euro 30.0 25.0", "US dollar 10.0 8.0", "Total cash and cash equivalents 160.0 143.0"]
    hit = _hit("cash and cash equivalents in pounds 2036", [cash])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed == "120.0"


def test_statutory_beside_another_adjusted_measure_is_an_insurers_other_basis():
    page = ["Halden Life Holdings, Inc.", "Financial highlights", "(in millions) 2036 2035", "Net income $ 1,500 $ 1,400",
            "Adjusted operating income 1,200 1,100", "Statutory net income 800 760"]
    statement = ["Halden Life Holdings, Inc.", "Consolidated Statements of Income", "(in millions) 2036 2035",
                 "Total revenues 9,000 8,500", "Net income $ 1,500 $ 1,400"]
    hit = _hit("statutory net income 2036", [statement, page])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed == "800"
    hit = _hit("statutory net income 2036", [page])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed == "800"


def test_unitholders_are_the_owners_and_perpetual_holders_are_not():
    page = ["Halden Industrial REIT", "Consolidated statement of profit or loss", "S$'000 2036 2035",
            "Revenue 120,000 110,000", "Profit for the year attributable to:", "Unitholders 52,000 48,000",
            "Perpetual securities holders 8,000 7,500", "Non-controlling interests 3,000 2,500"]
    hit = _hit("profit for the year attributable to owners 2036", [page])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed == "52,000"
    hit = _hit("profit for the year including non-controlling interests 2036", [page])    # no total is printed
    assert not isinstance(hit, FactMatch)


@pytest.mark.parametrize("sentence,amount,year", [
    ("In 2034 the Board declared quarterly dividends of $0.24 per share, up from $0.22 per share in 2033.", "$0.24", 2034),
    ("In 2034 the Board declared quarterly dividends of $0.24 per share, up from $0.22 per share in 2033.", "$0.22", 2033),
])
def test_amounts_and_years_pair_in_the_order_printed(sentence, amount, year):
    assert amount_year(sentence, amount) == year


def test_a_bracketed_comparative_is_the_prior_years_and_a_yen_amount_keeps_its_thousands():
    import dataclasses
    from benchmarks.made_up_pages import _company
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage
    from pipeline.state import TurnState

    said = Passage(chunk_id=1, doc="H_2034_AR", company="Halden Optics", fiscal_year=2034, doc_type="ANNUAL", page=4,
                   score=1.0, text="Dividend\nThe Board recommends a final dividend of 7.9p per share (2033: 7.2p).")
    for year, found in ((2033, False), (2034, True)):
        q = f"What final dividend per share did Halden Optics recommend for {year}?"
        facts = dataclasses.replace(analyse(q), companies=[_company("Halden Optics plc")], years=[year])
        text, kind = prose.answer(TurnState(question=q), None, facts, "Halden Optics", year, [said], lambda p: 1,
                                  need="per_share", require_year=True)
        assert (kind == "quote" and "7.9p" in text) if found else kind == "not_found"
    assert PER_SHARE_AMOUNT.search("an annual dividend of 1,250 yen per share").group(1) == "1,250 yen"


def test_a_quarter_asked_is_never_answered_with_the_years_figure_stated_in_prose():
    import dataclasses
    from benchmarks.made_up_pages import _company
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage
    from pipeline.state import TurnState

    said = Passage(chunk_id=1, doc="H_2037_10K", company="Halden Outdoor", fiscal_year=2037, doc_type="10K", page=30,
                   score=1.0, text="Results of operations\nNet sales in fiscal 2037 were $2,831 million, up 4.2%.")
    for q, found in (("Q4 2037 net sales?", False), ("Halden net sales 2037?", True)):
        facts = dataclasses.replace(analyse(q), companies=[_company("Halden Outdoor Inc.")], years=[2037])
        text, kind = prose.answer(TurnState(question=q), None, facts, "Halden Outdoor", 2037, [said], lambda p: 1,
                                  need="money", require_year=True)
        assert (kind == "quote" and "2,831" in text) if found else kind == "not_found"


def test_the_minorities_dividends_are_not_the_companys_and_total_is_no_topic_word():
    from pipeline.question.lexicon import get_lexicon
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    m = get_lexicon().get("dividends_paid")
    assert not m.matches_row("Dividends paid to non-controlling interests")
    assert m.matches_row("Dividends paid to members of the parent entity")
    assert "total" not in prose.question_terms(analyse("Total Management Board remuneration for 2036?"))


def test_a_second_audits_counter_examples():
    """A later audit's wrong figures on this round's rules: a company's second word used as a qualifier ("Corvina gas
    revenue"), a dated "YE 31/12/36", a heading that only begins with the measure ("Segment operating profit growth on
    prior year:"), a role held at another company or until a date, a quarter named only as "quarterly"."""
    from pipeline.answer import people
    from pipeline.question.year_parts import names_part
    from pipeline.question import shorthand
    from pipeline.question.registry import Company, Registry
    from pipeline.state import TurnState
    from pipeline.stores.corpus import ReportPage

    reg = Registry([Company(key="CGN", name="Corvina Gas Networks", aliases=())])
    assert "gas revenue" in reg.spell_out("Corvina gas revenue 2036")
    # (never "YE 31" read as the year-end of FY2031: the numeric date is read as the day it names)
    assert shorthand.spell("Halden cash YE 31/12/36") == "Halden cash YE December 31, 2036"
    assert shorthand.spell("cash YE2036") == "cash year-end 2036"
    growth = ["Tamsin plc", "Segment information", "£m 2036 2035", "Segment operating profit growth on prior year:",
              "Industrial 9.4 7.1", "Consumer 3.2 2.8"]
    assert not isinstance(_hit("Industrial operating profit 2036", [growth]), FactMatch)
    bio = "Board of Directors. Mark Tan BEc CA was Chief Financial Officer of Orica Ltd from 2020 to 2028."
    text, kind = people._role_answer(TurnState(question="q"), "Halden", 2036,
                                     [ReportPage("d", "Halden", 2036, "ANNUAL", 1, bio)], "chief financial officer",
                                     lambda p: 1)
    assert kind == "not_found"
    assert names_part("q4", "Fourth quarter revenue was $1.4 billion.")
    assert not names_part("q4", "Revenue was $5.2 billion in 2036; quarterly dividends rose.")
