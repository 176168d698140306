"""Deterministic retrieval rules: statement tags, query condensing, topics, scope defaults, page diversity."""
import pytest

from pipeline.question.analysis import analyse, core_question
from pipeline.retrieval.passage import Passage
from pipeline.retrieval.retriever import one_per_page
from pipeline.reading.statement_titles import detect_title


@pytest.mark.parametrize("lines,kind", [
    (["3M Company and Subsidiaries", "Consolidated Statement of Cash Flows"], "cash_flow"),
    (["Consolidated Balance Sheets"], "balance"),
    (["Consolidated Statements of Financial Position (continued)"], "balance"),
    (["Consolidated Statements of Income"], "income"),
    (["The balance of contract assets and contract liabilities recorded in our consolidated balance sheets were:"], None),
    (["reported in our consolidated balance sheet. Included in Other assets"], None),
    (["See the Consolidated Statement of Cash Flows for capital spending by segment in the year"], None),
])
def test_statement_titles_are_anchored(lines, kind):
    assert detect_title(lines)[1] == kind


def test_core_question_drops_instructions():
    q = ("Assume that you are a public equities analyst. Answer the following question by using the balance "
         "sheet: what is the year end FY2018 net PPNE for 3M? Answer in USD billions.")
    core = core_question(q)
    assert "net PPNE" in core and "Assume" not in core and "USD billions" not in core
    assert core_question("Answer in USD millions.") == "Answer in USD millions."   # nothing else left: keep it


def test_topics_and_derived_metrics_point_retrieval_somewhere():
    f = analyse("Has Zephyr Widgets reported any materially important ongoing legal battles from FY2031?")
    assert [t.key for t in f.topics][:1] == ["legal"] and "legal proceedings" in f.search_query()
    f = analyse("Who are the primary customers of Quillfeather Labs as of FY2031?")
    assert [t.key for t in f.topics][:1] == ["customers"] and "major customer" in f.search_query()
    f = analyse("Which notional hedging instruments does Zephyr Widgets hold?")
    assert "derivatives" in [t.key for t in f.topics] and "notional amount" in f.search_query()
    f = analyse("Does Quillfeather Labs have an improving gross margin profile as of FY2031?")
    assert f.metric.key == "gross_margin" and not f.metric.printed and f.statements == ["income"]
    assert analyse("Is Zephyr Widgets a capital-intensive business?").statements[:2] == ["balance", "cash_flow"]


def test_topic_expansions_carry_the_class_words_not_one_filing_s():
    """A topic's search words are the ones any filer uses for the subject: no industry's customers
    ('airlines'), products ('aircraft', 'packaging'), one filer's instruments or one 8-K's agreement."""
    from pipeline.question.topics import get_topics

    words = {w for t in get_topics().topics for w in t.search.lower().split()}
    assert not words & {"airline", "airlines", "aircraft", "packaging", "government", "indenture", "supplemental",
                        "cross", "swaps", "leader", "africa", "latin"}


def _p(doc, page, i=0):
    return Passage(chunk_id=i, doc=doc, company="X", fiscal_year=2020, doc_type="10K", page=page, score=0, text="")


def test_one_chunk_per_page_keeps_order_and_k():
    ps = [_p("A", 1, 1), _p("A", 1, 2), _p("A", 2, 3), _p("B", 1, 4), _p("A", 2, 5), _p("A", 3, 6)]
    assert [(p.doc, p.page) for p in one_per_page(ps, 3)] == [("A", 1), ("A", 2), ("B", 1)]


def test_scope_defaults_to_latest_or_earlier_report(ctx, conn):
    r = ctx.retriever
    assert r.scope_for(analyse("Verizon capex"), conn=conn).fiscal_year == 2030
    s = r.scope_for(analyse("What does Verizon forecast for FY2031?"), conn=conn)
    assert s.fiscal_year == 2030 and "no FY2031 report" in s.note
    assert r.scope_for(analyse("Verizon capex FY2030"), conn=conn).note == ""


def test_statement_locator_finds_the_statement_page(ctx, conn):
    ps = ctx.retriever.retrieve("What was Verizon's capex in FY2030?", conn=conn)
    assert (ps[0].doc, ps[0].page) == ("VERIZON_2030_10K", 2) and ps[0].statement == "cash_flow"


def test_secondary_statements_are_not_primary_statements():
    assert detect_title(["Deed of Cross Guarantee", "Consolidated Balance Sheets", "($ in millions)"])[1] is None
    assert detect_title(["Condensed Consolidating Statements of Cash Flows"])[1] is None
    assert detect_title(["Amcor plc and Subsidiaries", "Consolidated Balance Sheets"])[1] == "balance"


def _pool(*texts: str) -> list[Passage]:
    return [Passage(chunk_id=i, doc="AMCOR_2021_10K", company="Amcor", fiscal_year=2021, doc_type="10K", page=10 + i,
                    score=1.0 / (i + 1), text=t) for i, t in enumerate(texts)]


def test_a_question_without_a_metric_is_reranked_by_the_terms_a_passage_carries():
    from pipeline.retrieval.rerank import StatementReranker

    some = [f"Note {n}. Our operations are organised in the Flexibles and Rigid Packaging segments." for n in range(5)]
    none = [f"Note {n}. Share-based compensation expense is recognised over the vesting period." for n in range(4)]
    exhibit = "EXHIBIT 21.1 Amcor Flexibles Americas LLC United States of America"
    answer = "Approximately 46,000 employees in 225 locations operating in over 40 countries."
    pool = _pool(exhibit, *some[:2], answer, *some[2:], *none)     # fusion put the exhibit first, the answer fourth
    out = [p.text for p in StatementReranker().rerank(analyse("In how many countries did Amcor operate in FY2021?"),
                                                      pool, 8)]
    assert out.index(answer) < min(out.index(exhibit), out.index(some[2]))   # above none, and above fewer fused after it
    assert out.index(some[0]) < out.index(exhibit)    # some terms carried beats none, at a similar fusion rank
    assert out.index(some[0]) < out.index(some[4])    # fusion order still orders equal coverage
    # a question without content terms keeps the fusion order
    kept = StatementReranker().rerank(analyse("Amcor FY2021?"), pool, 8)
    assert [p.page for p in kept] == [p.page for p in pool[:8]]


@pytest.mark.parametrize("lines,kind", [
    (["Consolidated Statements of Income Corning Incorporated and Subsidiary Companies"], "income"),
    (["Table\xa0of\xa0Contents", "Consolidated Statements of Cash Flows Corning Incorporated and Subsidiary Companies"],
     "cash_flow"),
    (["See the Consolidated Statement of Cash Flows for capital spending by segment in the year"], None),
])
def test_a_statement_title_may_carry_the_companys_name_on_its_line(lines, kind):
    assert detect_title(lines)[1] == kind


def test_a_title_the_pdf_text_broke_inside_a_word_is_still_the_statement():
    assert detect_title(["3M Company and Subsidiaries", "Consolidated Statement of Incom e",
                         "Years ended December 31"])[1] == "income"


def test_a_row_under_dated_columns_is_recognised_as_the_metrics_row():
    from pipeline.retrieval.rerank import row_matches

    facts = analyse("Verizon capital expenditures FY2022")
    dated = ("Consolidated Statements of Cash Flows (million; columns 2022 | 2021)\n"
             "Capital expenditures (including capitalized software) | 31 Dec 2022: (23,087) | 31 Dec 2021: (20,286)")
    assert row_matches(facts, dated) == (True, True)
    assert row_matches(facts, "Net Income | 31 Dec 2022: 21,748 | 31 Dec 2021: 22,618") == (False, False)
