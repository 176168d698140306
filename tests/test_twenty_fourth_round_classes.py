"""Classes found by the twenty-fourth rounds (made-up report pages, round 24; made-up whole reports, round 17) and by
the refusals left from earlier rounds, written by helpers who never read the code. The companies, names, wording
and figures here are made up again."""
from __future__ import annotations

import dataclasses
from decimal import Decimal

from ingest.aliases import learn
from pipeline.answer.wording import money
from pipeline.question import shorthand
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, stored_facts


def _answer(question: str, pages: list[list[str]], company: str, year: int, doc_fy: int) -> str | None:
    facts = [dataclasses.replace(f, company=company)
             for f in stored_facts(["\n".join(p) for p in pages], doc_fy, "ANNUAL")]
    hit = answer_of(question, facts, company, year)
    return hit.fact.value_printed if isinstance(hit, FactMatch) else None


INDIAN = [["TUNGABHADRA FORGINGS LIMITED", "Consolidated Statement of Profit and Loss for the year ended 31 March 2071",
           "Particulars Note No. Year ended 31 March 2071 Year ended 31 March 2070", "Rs crore Rs crore",
           "I Revenue from operations 21 2,318.40 2,104.75",
           "XI Profit for the year 214.30 188.10",
           "Profit for the year attributable to:",
           "Owners of the Company 205.60 180.20",
           "Non-controlling interests 8.70 7.90",
           "Total comprehensive income attributable to:",
           "Owners of the Company 209.15 182.00",
           "Non-controlling interests 8.70 7.90"]]


def test_a_figure_keeps_the_decimals_it_was_printed_with():
    facts = {f.label: f for f in stored_facts(["\n".join(INDIAN[0])], 2071, "ANNUAL") if f.fiscal_year == 2071}
    assert money(facts["Revenue from operations"].value, facts["Revenue from operations"]).endswith("2,318.40")
    assert money(Decimal("2318.4")).endswith("2,318.4")      # a computed amount: no decimals of its own


def test_the_initials_of_a_limited_company_with_its_legal_form_name_it():
    # the registered name without "Limited"; analysts write "TFL" for Tungabhadra Forgings Limited
    assert _answer("TFL consolidated profit attributable to owners, FY71?", INDIAN, "Tungabhadra Forgings", 2071,
                   2071) == "205.60"


def test_whose_share_said_with_a_verb_is_the_line_attributable_to_them():
    assert _answer("How much of the FY71 profit went to non-controlling interests?", INDIAN, "Tungabhadra Forgings",
                   2071, 2071) == "8.70"
    assert _answer("How much of the FY71 profit went to the owners?", INDIAN, "Tungabhadra Forgings",
                   2071, 2071) == "205.60"


SPUN_OFF = [["Consolidated income statement", "for the year ended 31 December", "Note 2071 2070(a)", "EUR m EUR m",
             "Net sales 2, 3 8,412 7,960",
             "Operating income 2 1,204 1,118",
             "Net income from continuing operations 902 841",
             "Net income from discontinued operations 5 377 120",
             "Net income 1,279 961",
             "Earnings per share (EUR) 10",
             "Basic - continuing operations 4.10 3.82",
             "Basic - total 5.81 4.37",
             "Diluted - continuing operations 4.07 3.80",
             "Diluted - total 5.77 4.35",
             "(a) Restated to present the coatings business as a discontinued operation (Note 5)."]]


def test_a_comparative_asked_as_restated_for_a_named_event_is_the_printed_comparative():
    assert _answer("2070 net sales as restated for the Veloria spin-off?", SPUN_OFF, "Ostrava Chem", 2070,
                   2071) == "7,960"
    assert _answer("Net sales 2070 restated following the disposal of the coatings business?", SPUN_OFF,
                   "Ostrava Chem", 2070, 2071) == "7,960"


def test_a_line_said_to_include_the_discontinued_operations_is_the_total():
    # (its parts printed above it, under the measure's heading: "Earnings per share › Diluted - total")
    assert _answer("Diluted EPS 2071, total incl. discontinued?", SPUN_OFF, "Ostrava Chem", 2071, 2071) == "5.77"
    assert _answer("Net income including discontinued operations, 2071?", SPUN_OFF, "Ostrava Chem", 2071,
                   2071) == "1,279"
    assert _answer("Basic EPS 2070?", SPUN_OFF, "Ostrava Chem", 2070, 2071) == "4.37"
    assert _answer("Diluted EPS from continuing operations 2071?", SPUN_OFF, "Ostrava Chem", 2071, 2071) != "5.77"


def test_the_discontinued_bottom_line_answers_only_when_asked():
    assert _answer("How much net income came from discontinued operations in 2071?", SPUN_OFF, "Ostrava Chem",
                   2071, 2071) == "377"
    assert _answer("Profit from discontinued operations 2070?", SPUN_OFF, "Ostrava Chem", 2070, 2071) == "120"
    assert _answer("Net income 2071?", SPUN_OFF, "Ostrava Chem", 2071, 2071) == "1,279"


def test_ni_in_capitals_is_net_income_but_not_national_insurance():
    assert "net income" in shorthand.spell("What was NI in FY71?")
    assert "net income" not in shorthand.spell("Employer NI contributions in 2071?")
    assert "net income" not in shorthand.spell("Revenue from GB and NI in 2071?")
    assert "net income" not in shorthand.spell("How many stores in ni?")     # lower case: no abbreviation


def test_a_bare_symbol_after_the_listing_sentence_is_the_ticker():
    page = ("PETITCODIAC BANK\nPetitcodiac Bank is a Schedule I bank. Its common shares are listed\n"
            "on the Toronto Stock Exchange under the symbol PTB.\nHead office: Moncton")
    assert [n.name for n in learn([page], names=["Petitcodiac Bank"]) if n.kind == "ticker"] == ["PTB"]
    page = "Our shares trade under the symbol of the parent group, which is not ours."
    assert not [n for n in learn([page], names=["Petitcodiac Bank"]) if n.kind == "ticker"]
