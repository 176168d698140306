"""Question kinds read from the whole report: yes/no both ways (answer/yesno.py), names and roles
(answer/people.py), and the routing edges (a measure without a company, a creative-writing request). Made-up
companies; pages built in memory, as the store returns them."""
from __future__ import annotations

from pipeline.answer import people, yesno
from pipeline.question.analysis import QuestionFacts
from pipeline.guardrails.router import route_question
from pipeline.state import TurnState
from pipeline.stores.corpus import ReportPage


def _pages(*texts: str) -> list[ReportPage]:
    return [ReportPage("doc", "Quillfeather", 2022, "ANNUAL", i + 1, t) for i, t in enumerate(texts)]


def _event(key: str):
    return next(e for e in yesno.events() if e.key == key)


def test_a_denial_answers_no_and_a_statement_answers_yes():
    r = yesno.read_report(_pages("Results and dividends. The Directors do not recommend the payment of a dividend "
                                 "for the year (2021: £nil)."), _event("dividend"), 2022)
    assert r.denied and not r.affirmed
    r = yesno.read_report(_pages("During 2022 the Company repurchased 120,500 shares of its common stock for $3.1 "
                                 "million under its repurchase program."), _event("buyback"), 2022)
    assert r.affirmed and not r.denied


def test_a_count_purchased_for_total_consideration_and_a_passive_acquisition_are_events():
    r = yesno.read_report(_pages("In the year 40,000 ordinary shares were purchased for total consideration of "
                                 "£52,000 and held in treasury."), _event("buyback"), 2022)
    assert r.affirmed
    r = yesno.read_report(_pages("Northwind Tiles Ltd was acquired during the period for cash of £2.4m."),
                          _event("acquisition"), 2022)
    assert r.affirmed


def test_a_sentence_that_only_names_the_topic_is_neither_yes_nor_no():
    r = yesno.read_report(_pages(
        "Provisions of our charter may discourage a merger or acquisition of the Company that shareholders favour.",
        "Goodwill arising on acquisition is recognised as an asset in accordance with IFRS 3.",
        "He was appointed Chief Executive of a company that acquired three businesses."), _event("acquisition"), 2022)
    assert not r.affirmed and not r.denied
    assert all(why for _, _, why in r.named)    # each named only as a hypothetical, a policy or a biography


def test_another_years_event_and_a_remaining_authorisation_are_not_this_years():
    r = yesno.read_report(_pages("In 2019 the Company repurchased 50,000 shares of its common stock.",
                                 "The 2004 resolution authorizing the repurchase of up to one million shares has a "
                                 "remaining balance of 752,000 shares."), _event("buyback"), 2022)
    assert not r.affirmed


def test_the_month_may_is_no_hypothetical():
    assert yesno.topic_only("On 2 May 2022 the Group completed its acquisition of Firmly Ltd.") is None
    assert yesno.topic_only("The Group may acquire businesses from time to time.") == "a hypothetical"


def test_people_reads_a_role_printed_on_two_pages_and_the_signing_auditor():
    pages = _pages("Directors Jane Marlow – Non-Executive Chairman Peter Quill – Chief Executive Officer",
                   "Chief Executive's review. Peter Quill, Chief Executive Officer, 3 March 2023.",
                   "Independent auditor's report ... /s/ Hartley Fenn LLP We have served as the Company's auditor "
                   "since 2015.")
    state = TurnState(question="Who is the CEO?")
    text, kind = people._role_answer(state, "Quillfeather", 2022, pages, "chief executive officer", lambda p: 1)
    assert kind == "name" and "Peter Quill" in text.split("(")[0] and "Jane Marlow" not in text.split("(")[0]
    text, kind = people._auditor(state, "Quillfeather", 2022, pages, lambda p: 1)
    assert kind == "name" and "Hartley Fenn LLP" in text


def test_a_name_printed_once_is_not_stated():
    pages = _pages("Peter Quill, Chief Financial Officer", "Nothing else here about officers.")
    text, kind = people._role_answer(TurnState(question="Who is the CFO?"), "Quillfeather", 2022, pages,
                                     "chief financial officer", lambda p: 1)
    assert kind == "not_found"


def test_routing_edges():
    coverage = {"Quillfeather": [2022]}
    facts = QuestionFacts(text="how did margins move?", companies=[], years=[])
    assert route_question(facts, coverage).route == "clarify"
    facts = QuestionFacts(text="compare the two years", companies=[], years=[])
    assert route_question(facts, coverage).route == "clarify"
    facts = QuestionFacts(text="Write a poem about Quillfeather's products", companies=[], years=[])
    assert route_question(facts, coverage).route == "out_of_scope"


def test_an_event_count_is_not_answered_with_a_head_count(monkeypatch):
    from pipeline.answer import prose
    from pipeline.retrieval.passage import Passage

    text = ("At year end we had approximately 12,400 employees across our sites. As part of the restructuring "
            "programme announced in March, the Group made a reduction of almost 1,000 positions in its retail "
            "network during the year.")
    p = Passage(chunk_id=1, doc="d", company="Quillfeather", fiscal_year=2022, doc_type="ANNUAL", page=4, score=1.0,
                text=text)
    facts = QuestionFacts(text="How many employees were let go in 2022?", years=[2022])
    found = prose.covering(None, facts, [p], 2022)
    assert found is not None and "1,000 positions" in found.sentence
    facts = QuestionFacts(text="How many employees did it have in 2022?", years=[2022])
    found = prose.covering(None, facts, [p], 2022)
    assert found is None or "12,400" in found.sentence


def test_a_profit_or_loss_question_is_decided_by_the_statement_figures_sign():
    """"Did it make an operating profit?" reads the figure's sign (a loss from operations is No), never a sentence
    about another measure; "did it report a net loss?" is Yes for a negative figure."""
    from pipeline.nodes.figure_yes_no import PROFIT_OR_LOSS, yes_no_lead

    state = TurnState(question="q")
    state.results = [{"company": "Quillfeather", "metric": "operating income", "year": 2022, "value": "-2902",
                      "unit": "million", "kind": "statement"}]
    assert yes_no_lead(QuestionFacts("Did Quillfeather make an operating profit in FY2022?"), state) == "No. "
    assert yes_no_lead(QuestionFacts("Did Quillfeather report a net loss in FY2022?"), state) == "Yes. "
    assert yes_no_lead(QuestionFacts("Was Quillfeather profitable in FY2022?"), state) == "No. "
    state.results[0]["value"] = "1544"
    assert yes_no_lead(QuestionFacts("Did Quillfeather make an operating profit in FY2022?"), state) == "Yes. "
    assert not PROFIT_OR_LOSS.search("Did Quillfeather announce a buyback in FY2022?")


def test_an_amount_question_leads_with_the_money_and_a_count_question_with_the_count():
    s = "During 2022, we repurchased 1,498,000 shares of our common stock for $87.9 million under our program."
    assert yesno.stated_value(s, "money") == "$87.9 million" and yesno.stated_value(s, "count") == "1,498,000 shares"
    assert yesno.amount_kind(QuestionFacts("How much did it spend repurchasing stock in 2022?")) == "money"
    assert yesno.amount_kind(QuestionFacts("How many shares did it repurchase in 2022?")) == "count"
    assert yesno.stated_value("The Company repurchased 198,976 shares during the year.", "money") == ""


def test_paid_no_dividends_is_a_denial_and_a_title_since_the_year_is_a_change():
    r = yesno.read_report(_pages("During the year ended December 31, 2022, we paid no dividends, compared with "
                                 "$1.2 billion and $4.6 billion in 2021 and 2020."), _event("dividend"), 2022)
    assert r.denied and not r.affirmed
    pages = _pages("Executive officers. Jane Marlow 52 Executive Vice President and Chief Financial Officer since "
                   "August 2022. Peter Quill 60 President and Chief Executive Officer since March 2019.")
    changes = [s for s, _ in people.change_sentences(pages, 2022)]
    assert len(changes) == 1 and "Jane Marlow" in changes[0]        # a tenure since an earlier year is no change
    assert not people.change_sentences(pages, 2023)


def test_a_total_to_date_is_no_event_of_the_year():
    r = yesno.read_report(_pages("In fiscal 2022, we purchased 4.9 million shares of our Class B Common Stock for $650 "
                                 "million under the share repurchase program. As of May 31, 2022, we had repurchased "
                                 "50.0 million shares at a cost of $4,669 million under this program."),
                          _event("buyback"), 2022)
    assert [s[:30] for s, _ in r.affirmed] == ["In fiscal 2022, we purchased 4"]
    assert any(why == "a total to date" for _, _, why in r.named)


def test_the_sentence_led_by_the_year_states_its_total_and_an_officers_list_prints_the_age():
    r = yesno.read_report(_pages("During 2022, we repurchased 18.3 million shares of our common stock for $7.9 billion. "
                                 "In addition, we repurchased 4.7 million shares for $2.0 billion under an agreement "
                                 "that we entered into in the first quarter of 2022."), _event("buyback"), 2022)
    s, _ = yesno._best(r.affirmed, 2022, QuestionFacts("How many shares did Quillfeather repurchase in 2022?"))
    assert s.startswith("During 2022")
    pages = _pages("Executive officers. Peter Quill (age 62), Chairman, President and Chief Executive Officer Mr. "
                   "Quill has served as Chairman since March 2021.",
                   "Signatures /s/ Peter Quill Chairman, President and Chief Executive Officer (Principal Executive "
                   "Officer) January 26, 2023")
    text, kind = people._role_answer(TurnState(question="Who is the CEO?"), "Quillfeather", 2022, pages,
                                     "chief executive officer", lambda p: 1)
    assert kind == "name" and "Peter Quill" in text


def test_a_combined_title_names_the_role():
    pages = _pages("By /s/ Jane Marlow Jane Marlow, Executive Vice President and Chief Financial and Transformation "
                   "Officer (Principal Financial Officer)",
                   "Executive officers. Jane Marlow 53 Executive Vice President, Chief Financial and Transformation "
                   "Officer 2021")
    text, kind = people._role_answer(TurnState(question="Who is the CFO?"), "Quillfeather", 2022, pages,
                                     "chief financial officer", lambda p: 1)
    assert kind == "name" and "Jane Marlow" in text


def test_two_companies_ranked_get_the_verdict_from_the_question_as_asked():
    """Each company's figure is asked for the measure alone, so the verdict must read the question as asked."""
    from pipeline.nodes.comparison import one_company_asked, which_is

    q = "Which of Quillfeather and Northwind had the higher total assets in FY2022?"
    rows = [{"company": "Quillfeather", "metric": "total assets", "year": 2022, "value": "1959150", "unit": "thousand"},
            {"company": "Northwind", "metric": "total assets", "year": 2022, "value": "137100", "unit": "million"}]
    assert which_is(one_company_asked(QuestionFacts(q)).text, rows) == ""      # the rewritten text ranks nothing
    assert which_is(q, rows) == "Northwind's is higher:"


# --- a count of the year's events over a table with a Total (answer/table_count.py) ------------------------------
_DELIVERIES = """Results of Operations
Aircraft deliveries, including leased units, as of December 31 were as follows:
Kestrel * Osprey Heron * Total
2022
Cumulative deliveries 1,204 388 912
Deliveries 61 (4) 17 22 (3) 100
2021
Cumulative deliveries 1,143 371 890
Deliveries 55 (2) 12 19 (1) 86
* Leased units identified by parentheses
"""
_PROGRAMME = "Heron Program Deliveries resumed in March. During 2022, we delivered 22 aircraft to customers."


def test_a_whole_category_count_is_the_tables_total_never_one_programmes_row():
    from pipeline.answer import table_count

    ask = table_count.asked("How many aircraft did Quillfeather deliver in 2022?")
    assert ask is not None and ask.event == "deliver"
    counts = table_count.read(_pages(_DELIVERIES, _PROGRAMME), ask, 2022)
    assert [(c.total, c.page.page) for c in counts] == [(100, 1)]        # not the cumulative row, not 2021's 86
    assert counts[0].cells == {"Kestrel": 61, "Osprey": 17, "Heron": 22}
    state = TurnState(question="q")
    text, kind = table_count.answer(state, _pages(_DELIVERIES, _PROGRAMME), ask, "Quillfeather", 2022,
                                    lambda p: 1, yesno.as_passage)
    import re

    assert kind == "table_count" and text.startswith("100.")
    assert {n for n in re.findall(r"(?<!FY)\b\d[\d,]*\b", text) if n not in ("2022", "1")} == {"100"}
    # the programme's own sentence ("we delivered 22 aircraft") is one cell of the table: a part, never the whole
    assert table_count.part_of_a_total(22, counts, ask)
    assert not table_count.part_of_a_total(100, counts, ask)
    # a question naming the sub-category gets its cell, said as that cell, with the Total beside it
    named = table_count.asked("How many Herons did Quillfeather deliver in 2022?")
    text, _ = table_count.answer(TurnState(question="q"), _pages(_DELIVERIES), named, "Quillfeather", 2022,
                                 lambda p: 1, yesno.as_passage)
    assert text.startswith("22.") and "Heron" in text and "Total is 100" in text
    assert not table_count.part_of_a_total(22, counts, named)


def test_a_total_row_under_year_columns_answers_and_a_level_question_is_no_event():
    from pipeline.answer import table_count

    page = ("Store network\nStores opened during the year\n2022 2021\nNorthern region 14 9\nSouthern region 6 11\n"
            "Total stores opened 20 20\nStores closed during the year were 3.\n")
    ask = table_count.asked("How many stores did Quillfeather open in 2022?")
    counts = table_count.read(_pages(page), ask, 2022)
    assert [(c.total, c.cells) for c in counts] == [(20, {"Northern region": 14, "Southern region": 6})]
    assert table_count.read(_pages(page), ask, 2020) == []               # a year the table does not print
    assert table_count.asked("How many employees does Quillfeather have?") is None


def test_a_why_question_is_answered_by_the_change_sentence_under_a_table_with_no_full_stop():
    # a table printed without a full stop runs into the sentence under it once the page is flattened; the
    # explanation ("Revenue increased by ... driven by ...") states a change, which is what a why question asks
    from pipeline.answer import prose, sentences
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage

    page = ("Revenues\r\n(Dollars in millions)\r\nYears ended December 31, 2022 2021\r\nFabrics $812 $760\r\n"
            "Yarns 1,204 1,141\r\nTotal $2,016 $1,901\r\nRevenue increased by $115 million in 2022 compared with 2021 "
            "driven by higher yarn volumes and price increases, partially offset by lower\r\nfabric volumes. The "
            "outlook for revenue remains uncertain due to input costs.\r\n")
    said = [x for x in sentences.sentences_of(page) if "Revenue increased" in x]
    assert len(said) == 1 and said[0].startswith("Revenue increased by $115 million") and \
        said[0].endswith("lower fabric volumes.")
    facts = analyse("What drove the revenue in 2022?")
    p = Passage(chunk_id=1, doc="doc", company="Quillfeather", fiscal_year=2022, doc_type="ANNUAL", page=3,
                score=1.0, text=page)
    found = prose.covering(None, facts, [p], 2022)
    assert found is not None and found.sentence == said[0]


def test_an_increase_attributed_to_a_cause_gives_the_cause():
    from pipeline.answer import prose

    assert prose.gives_a_cause("Revenue for 2022 was $310.5 million, a 4.1% increase, with the increase primarily "
                               "attributed to the continued growth of our software business.")
    assert not prose.gives_a_cause("Revenue for 2022 was $310.5 million, a 4.1% increase when compared to 2021.")


def test_a_table_count_is_never_stretched_to_a_narrower_or_other_question():
    from pipeline.answer import table_count

    stores = ("Store network\nStores opened during the year\n2022 2021\nNorthern region 14 9\nSouthern region 6 11\n"
              "Total stores opened 20 20\n")
    say = lambda q, page, year=2022: table_count.answer(TurnState(question=q), _pages(page), table_count.asked(q),  # noqa: E731
                                                        "Quillfeather", year, lambda p: 1, yesno.as_passage)
    # a qualifier after the verb that names no cell: the table does not answer the narrower question
    assert say("How many stores did Quillfeather open in the Americas in 2022?", stores) is None
    # ... but one that names a cell of several words gets that cell
    text, _ = say("How many stores did Quillfeather open in the Northern region in 2022?", stores)
    assert text.startswith("14.")
    # an event word inside a noun, or a level, is no event question
    assert table_count.asked("How many production facilities does Quillfeather have?") is None
    assert table_count.asked("How many open positions does Quillfeather have?") is None
    # a closing count is a year-end level, not the year's closures
    closing = ("Store movements\n2022 2021\nNorthern region 300 290\nSouthern region 220 210\n"
               "Total closing stores 520 500\n")
    assert say("How many stores did Quillfeather close in 2022?", closing) is None
    # brackets that are not parts adding up to the Total: a net figure, not a count
    net = "Net store movements\nStores opened and closed\nNorth South * Total\n2022\nStores closed 4 (7) (3)\n"
    assert say("How many stores did Quillfeather close in 2022?", net) is None
    # a physical quantity is not a count of events
    mined = ("Copper production (kt)\n2022 2021\nNorthern mine 120 110\nSouthern mine 80 70\n"
             "Total copper produced 200 180\n")
    assert say("How many tonnes of copper did Quillfeather produce in 2022?", mined) is None


def test_double_barrelled_names_hyphenated_titles_and_auditors_named_as_partnerships_or_by_key_audit_matters():
    pages = _pages("Board of directors Miriam Osei-Barlow Chief Financial Officer Appointed in 2028.",
                   "Executive officers Rupert Anand-Hale - President and Chief Executive Officer "
                   "Miriam Osei-Barlow - Executive Vice-President and Chief Financial Officer")
    text, kind = people._role_answer(TurnState(question="Who is the CFO?"), "Quillfeather", 2022, pages,
                                     "chief financial officer", lambda p: 1)
    assert kind == "name" and "Miriam Osei-Barlow" in text.split("(")[0]
    partnership = _pages("Non-audit services and auditor. The Company has not indemnified its auditor, "
                         "Brindabella Partners.")
    text, kind = people._auditor(TurnState(question="Who audits it?"), "Quillfeather", 2022, partnership, lambda p: 1)
    assert kind == "name" and "Brindabella Partners" in text.split("(")[0]
    signed = _pages("Key audit matter: allowance for credit losses. Whitfield Marchand LLP Chartered Professional "
                    "Accountants, Licensed Public Accountants Toronto, Canada",
                    "Corporate information Auditor Lo & Ashworth CPA Limited, Certified Public Accountants")
    text, kind = people._auditor(TurnState(question="Who audits it?"), "Quillfeather", 2022, signed[:1], lambda p: 1)
    assert kind == "name" and "Whitfield Marchand LLP" in text.split("(")[0]
    text, kind = people._auditor(TurnState(question="Who audits it?"), "Quillfeather", 2022, signed[1:], lambda p: 1)
    assert kind == "name" and text.split("(")[0].endswith("is Lo & Ashworth CPA Limited ")
