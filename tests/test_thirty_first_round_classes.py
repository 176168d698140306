"""Classes found by the thirty-first rounds (stop 56). The companies, names, wording and figures here are made up."""
from __future__ import annotations

import pytest

from pipeline.question import shorthand
from pipeline.reading.unit_caption import caption_scale
from tests.stored_facts import facts_of, printed_answer


def _answer(question, pages, company, year, doc_fy):
    return printed_answer(shorthand.spell(question), pages, company, year, doc_fy)

_TWO_SCALES = ["KESTREL FORGE SOFTWARE, INC.", "CONSOLIDATED STATEMENTS OF INCOME", "(In thousands)",
               "Years Ended December 31, 2071 2070", "Total revenue 4,795,512 4,147,065",
               "Net income 629,551 268,395",
               "The following table summarizes our contractual obligations as of December 31, 2071 (in millions):",
               "Payment Due by Period", "2071 2070", "Operating lease obligations 1,049.1 1,112.4",
               "Operating Expenses (dollars in millions)", "Fiscal 2071 Fiscal 2070",
               "Research and development 862.7 844.4"]


@pytest.mark.parametrize("label, scale", [
    ("Total revenue", "thousand"),          # (the page's caption, over the first table)
    ("Operating lease obligations", "million"),     # (a prose caption closing with the second table's scale)
    ("Research and development", "million"),        # (a heading's own "(dollars in millions)")
])
def test_a_tables_own_caption_right_above_it_is_its_scale_on_a_page_in_another(label, scale):
    facts = [f for f in facts_of(["\n".join(_TWO_SCALES)]) if f.label == label]
    assert facts and {f.scale for f in facts} == {scale}


@pytest.mark.parametrize("lines, expect", [
    (["Revenue (dollars in millions)", "2071 2070"], "million"),
    (["(in thousands, except per share data)", "Fiscal", "2071 2070"], "thousand"),
    (["Revenue rose to $4.8 billion in millions of new subscriptions", "2071 2070"], None),   # (prose, no caption)
    (["Segment results (in millions)", "Revenue 12.1 11.0", "Cost 3.2 2.9", "2071 2070"], None),   # (too far above)
])
def test_the_caption_scale_is_a_bracketed_scale_closing_a_line_within_two_above_the_header(lines, expect):
    assert caption_scale(lines, len(lines) - 1) == expect


_SIDES = [["WILLOWBANK DATA SYSTEMS, INC.", "CONSOLIDATED BALANCE SHEETS", "(In thousands)", "December 31, 2071 2070",
           "Current liabilities:", "Accounts payable 41,220 38,415", "Deferred revenue, current 212,118 198,220",
           "Operating lease liabilities, current 12,004 11,300", "Total current liabilities 265,342 247,935",
           "Deferred revenue, non-current 31,220 28,100", "Long-term debt, net of current portion 498,400 497,200",
           "Total liabilities 806,966 784,535"]]


@pytest.mark.parametrize("question, expect", [
    ("current portion of deferred revenue 2071", "212,118"),    # (the current line is the current portion asked)
    ("deferred revenue current portion 2070", "198,220"),
    ("long-term deferred revenue 2071", "31,220"),             # (long-term asked: the non-current line)
    ("deferred revenue, non-current 2070", "28,100"),
    ("deferred revenue 2071", None),            # (both sides printed in their labels, no total: which is not said)
    ("current portion of long-term debt 2071", None),           # (not printed: only the debt net of it)
    ("long-term debt 2071", "498,400"),
    ("current operating lease liabilities 2070", "11,300"),
])
def test_a_side_printed_in_the_label_is_the_current_portion_or_long_term_line_and_neither_side_asked_refuses(
        question, expect):
    assert _answer(question, _SIDES, "Willowbank Data Systems, Inc.", int(question[-4:]), 2071) == expect


_RESPECTIVE = ("During 2071, 2070, and 2069 our Board approved total cash dividends of $1.26 per share, $1.10 per share, "
               "and $0.98 per share of common stock, totaling $43.7 million, $38.2 million, and $34.9 million, "
               "respectively.")


@pytest.mark.parametrize("amount, year", [("$1.26", 2071), ("$1.10", 2070), ("$0.98", 2069),
                                          ("$43.7 million", 2071), ("$34.9 million", 2069)])
def test_two_lists_paired_with_the_years_respectively_pair_each_amount_with_its_year(amount, year):
    from pipeline.answer.stated import amount_year

    assert amount_year(_RESPECTIVE, amount) == year


def test_without_respectively_two_lists_do_not_pair_with_the_years():
    from pipeline.answer.stated import amount_year

    assert amount_year(_RESPECTIVE.replace(", respectively", ""), "$1.10") is None


@pytest.mark.parametrize("year, expect", [({2070}, "$1.10"), ({2069}, "$0.98"), ({2068}, None)])
def test_the_respective_amount_of_the_asked_year_is_taken_from_the_stated_amounts_list(year, expect):
    from pipeline.answer.stated import Stated, respective

    said = respective(_RESPECTIVE, Stated("dividends per share", "$1.26"), year)
    assert (said.amount if said else None) == expect


def test_a_respectively_sentence_reads_as_prose_though_it_prints_many_figures():
    from pipeline.answer.sentences import reads_as_prose

    assert reads_as_prose(_RESPECTIVE + " 67")          # (the page number run into it)
    assert not reads_as_prose("Revenue $1.26 $1.10 $0.98 $43.7 $38.2 $34.9 in total for the years shown")


def test_a_sentence_opening_on_a_percentage_is_its_own_sentence_but_not_after_an_abbreviation():
    from pipeline.answer.sentences import sentences_of

    text = ("As of December 31, 2071, we had approximately 2,118 regular full and part time employees and 412 "
            "contractors. 64% of our employees are located in the United States and 36% in Europe and Asia.")
    assert len(sentences_of(text)) == 2
    assert len(sentences_of("Our workforce grew by approx. 12% over the year, led by our new plants in Ohio.")) == 1


@pytest.mark.parametrize("sentence, score", [
    ("we had approximately 2,118 regular full and part time employees.", 2),     # (whole-count words only)
    ("we had approximately 2,118 engineers working on new products with other employees.", 0),
    ("we had 2,118 research and development employees.", 1),     # (a narrower count)
])
def test_a_count_is_whole_across_words_that_only_say_it_is_whole(sentence, score):
    from pipeline.answer.prose_counts import count_score

    assert count_score(sentence, ["~employe"]) == score


_GROSS_MARGIN = [["MARLOW SURGICAL HOLDINGS CORPORATION", "Results of operations", "(In thousands)",
                  "Years Ended December 31, 2071 2070", "Segment Net Sales", "Total revenues 1,557,666 1,542,448",
                  "Cost of goods sold 587,355 580,148", "Gross margin on total revenues 970,311 962,300",
                  "Gross margin as a percentage of total revenues 62.3 % 62.4 %"]]


@pytest.mark.parametrize("question, expect", [("gross profit 2071", "970,311"), ("gross profit 2070", "962,300")])
def test_a_gross_margin_amount_on_the_revenue_it_is_earned_on_is_the_gross_profit(question, expect):
    assert _answer(question, _GROSS_MARGIN, "Marlow Surgical Holdings Corporation", int(question[-4:]), 2071) == expect
