from pipeline.guardrails.grader import found_flags, grade
from pipeline.retrieval.passage import Passage


def p(text, company="3M", year=2018, page=1):
    return Passage(chunk_id=page, doc=f"{company}_{year}_10K", company=company, fiscal_year=year, doc_type="10K",
                   page=page, score=0.1, text=text)


AUDIT = p("Report of Independent Registered Public Accounting Firm\nWe have audited the balance sheets", page=2)
EXHIBITS = p("3.2 By-Laws, as amended (Exhibit 3.2 to the Company's Form 10-Q for the quarter)", page=3)
CASH = p("Consolidated Statement of Cash Flows\nPurchases of property, plant and equipment | 2018: (1,577)", page=4)


def test_boilerplate_is_dropped_unless_asked_about():
    g = {x.passage.page: x for x in grade("What was 3M's capex?", [AUDIT, EXHIBITS, CASH], ["3M"], [2018])}
    assert not g[2].kept and "auditor" in g[2].reason
    assert not g[3].kept and "exhibit" in g[3].reason
    assert g[4].kept
    g = grade("Who is 3M's auditor and what did the audit find?", [AUDIT], ["3M"], [2018])
    assert g[0].kept


def test_out_of_scope_passages_are_dropped_and_found_flags_follow():
    other = p("Boeing revenue", company="Boeing", page=9)
    old = p("3M revenue", year=2017, page=8)
    g = grade("3M and Boeing revenue", [CASH, other, old], ["3M"], [2018])
    assert [x.kept for x in g] == [True, False, False]
    assert found_flags(g, ["3M", "Boeing"]) == {"3M": True, "Boeing": False}
