"""Answers from prose: the coverage bar, number kinds, yes/no, never boilerplate, "which" over one table."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.answer import NOT_FOUND
from pipeline.answer import prose, prose_counts, superlative
from pipeline.question.analysis import analyse
from pipeline.retrieval.passage import Passage
from pipeline.state import TurnState
from pipeline.question.terms import content_terms, coverage, stems


def page(text: str, n: int = 7, company: str = "Boeing") -> Passage:
    return Passage(chunk_id=n, doc=f"{company.upper()}_2022_10K", company=company, fiscal_year=2022, doc_type="10K",
                   page=n, score=1.0, text=text)


def ask(q: str, passages: list[Passage]):
    state = TurnState(question=q)
    cites: list[Passage] = []

    def cite(p):
        cites.append(p)
        return len(cites)

    text, kind = prose.answer(state, None, analyse(q), "Boeing", 2022, passages, cite)
    return text, kind, cites


def ask_figure(q: str, passages: list[Passage], need: str = "money"):
    """A statement figure (or a measure no statement prints, need="number") looked for in prose for FY2022."""
    state = TurnState(question=q)
    return prose.answer(state, None, analyse(q), "Boeing", 2022, passages, lambda p: 1, need=need, require_year=True)


WORKFORCE = page("Human Capital\nAs of December 31, 2022, our total workforce was approximately 156,000 people, "
                 "with about 85% located in the United States. We value the diversity of our workforce.")
BUYBACK = page("Liquidity\nIn 2022 we did not repurchase any shares of our common stock, and the share repurchase "
               "program remains suspended. Dividends were also suspended in 2020.", 9)
COVER = page("Delaware 91-0425694 (State or other jurisdiction of incorporation) (I.R.S. Employer Identification "
             "No.) 929 Long Bridge Drive, Arlington, VA 22202 (Address of principal executive offices) (Zip Code) "
             "Registrant's telephone number, including area code (703) 465-3500. Securities registered pursuant "
             "to Section 12(b) of the Act: Common Stock of the company with 156,000 employees.", 1)


def test_synonyms_and_stems_cover_the_question():
    terms = content_terms("How many employees does Boeing have?", {"boeing"})
    assert terms and coverage(terms, stems(WORKFORCE.text)) == 1.0


def test_a_count_is_answered_from_a_covering_sentence_with_a_count():
    text, kind, cites = ask("How many employees did Boeing have in 2022?", [COVER, WORKFORCE])
    assert kind == "quote" and "156,000 people" in text and cites == [WORKFORCE]


def test_the_right_kind_of_number_is_required():
    text, kind, _ = ask("How much did Boeing pay its employees in 2022?", [WORKFORCE])
    assert kind == "not_found" and text.startswith(NOT_FOUND) and "Boeing · FY2022 · 10-K p. 7" in text and "BOEING_2022_10K" not in text


def test_a_sentence_sharing_one_word_is_not_an_answer():
    text, kind, _ = ask("What is Boeing's strategy for sustainable aviation fuel?", [WORKFORCE, BUYBACK])
    assert kind == "not_found" and text.startswith(NOT_FOUND)


def test_cover_pages_are_never_answers():
    text, kind, _ = ask("How many employees did Boeing have in 2022?", [COVER])
    assert kind == "not_found"


def test_yes_no_answers_no_from_a_negated_sentence_and_cites_it():
    text, kind, cites = ask("Did Boeing repurchase shares in 2022?", [WORKFORCE, BUYBACK])
    assert kind == "yes_no" and text.startswith("No.") and "did not repurchase" in text and cites == [BUYBACK]


def test_yes_no_without_a_covering_sentence_says_the_report_does_not_say():
    text, kind, _ = ask("Did Boeing open a factory in Brazil in 2022?", [WORKFORCE, BUYBACK])
    assert kind == "not_found" and "the report does not say" in text


OPEX = page("Consolidated Statements of Operations\n(Dollars in millions) 2022 2021\nRevenues 66,608 62,286\n"
            "Operating expenses:\nResearch and development 2,852 2,249\nSelling, general and administrative 4,187 4,157\n"
            "Depreciation 1,979 2,144\nTotal operating expenses 9,018 8,550\nOperating loss (3,547) (2,902)", 60)


def test_which_line_grew_most_compares_the_named_tables_rows():
    state = TurnState(question="q")
    facts = analyse("Which operating expense line grew most in 2022 for Boeing?")
    text, kind = superlative.compare(state, facts, prose.question_terms(facts), "Boeing", 2022, [OPEX], lambda p: p.text, lambda p: 1)
    assert kind == "superlative" and text.startswith("Research and development grew most")
    assert "2,249 \u2192 2,852" in text and "4,157 \u2192 4,187" in text and "Total" not in text
    assert "(2,852 - 2,249) / 2,249" in state.derivation


def test_number_kinds():
    assert prose.number_kinds("paid approximately $45.9 billion in 2022") == {"money"}
    assert prose.number_kinds("about 85% located in 2022") == {"percent"}
    assert prose.number_kinds("operated 982 stores at fiscal 2023 end") == {"count"}
    assert prose.number_kinds("in 2022 and 2021") == set()


def test_a_narrower_count_or_another_nouns_count_is_not_the_answer():
    hired = page("Human Capital\nIn 2022 we hired approximately 9,800 new employees for critical skills. We support "
                 "groups open to all employees with more than 13,000 participants across 150 chapters globally.")
    text, kind, _ = ask("How many employees did Boeing have in 2022?", [hired])
    assert kind == "not_found"


def test_a_narrative_question_with_one_or_two_terms_is_never_answered_by_a_word_match():
    rev = page("Revenue\nRevenue is recognized for each commercial aircraft performance obligation at the point in "
               "time when the aircraft is completed and accepted by the customer.")
    text, kind, _ = ask("Who are the primary customers of Boeing as of FY2022?", [rev])
    assert kind == "not_found" and text.startswith(NOT_FOUND)


def test_a_statement_figure_is_not_taken_from_a_sentence_stating_a_change():
    from pipeline.answer.prose import covering

    seg = page("Results\nIn 2022, revenues increased by $4,128 million compared with 2021 driven by higher deliveries.")
    assert covering(None, analyse("What was Boeing's total revenue in 2022?"), [seg], 2022, need="money",
                    require_year=True) is None
    assert covering(None, analyse("What was Boeing's revenue in 2022?"), [seg], 2022, need="money",
                    require_year=True) is None


def test_by_how_much_needs_the_amount_of_a_change_that_happened_not_an_option():
    option = page("Credit facilities\nThe company may, upon the agreement of the lenders, increase the commitments "
                  "under the 2023 Five Year Credit Agreement to up to $4,950,000,000 in total.", 2)
    assert ask("By how much did Boeing increase its revolving credit agreement in 2022?", [option])[1] == "not_found"
    stated = page("Credit facilities\nIn 2022 the company increased its revolving credit agreement by $400 million "
                  "to $4.2 billion.", 3)
    text, kind, _ = ask("By how much did Boeing increase its revolving credit agreement in 2022?", [option, stated])
    assert kind == "quote" and "by $400 million" in text and "4,950" not in text


def test_one_segments_count_does_not_answer_a_question_about_the_company():
    seg = page("Properties\nThe breakdown of our facilities at December 31, 2022 was as follows: Flexibles Segment "
               "This segment has 174 significant manufacturing and support facilities located in 39 countries.", 23)
    q = "How many manufacturing and support facilities did Boeing have in 2022?"
    assert ask(q, [seg])[1] == "not_found"
    assert "174" in ask("How many manufacturing and support facilities did Boeing's Flexibles segment have in 2022?",
                        [seg])[0]


def test_a_long_sentence_with_dates_and_several_shares_is_still_prose():
    hc = page("Human Capital\nAt June 30, 2022, we had approximately 46,000 employees worldwide, with approximately "
              "30% located in North America, 30% located in Europe, 20% located in Latin America, and 20% located "
              "in the Asia Pacific region.", 9)
    assert "46,000 employees" in ask("How many employees did Boeing have in 2022?", [hc])[0]


def test_an_amount_for_a_later_year_needs_a_sentence_about_that_year():
    from pipeline.answer.prose import covering

    q = analyse("As of FY2022, how much did Boeing expect to pay for benefit payments to retirees in 2025?")
    vague = page("Pensions\nThe bonds selected had maturities that coincided with the time periods during which "
                 "benefit payments to retirees are expected to occur (at least $300 million par outstanding).", 4)
    assert covering(None, q, [vague], 2022) is None
    stated = page("Pensions\nBenefit payments to retirees expected to be paid in 2025 are $1,097 million.", 5)
    assert covering(None, q, [vague, stated], 2022).passage.page == 5


BALANCE = page("Consolidated Balance Sheets\n(Millions) December 31, 2022 2021\nAssets\n"
               "Cash and due from banks 5,510 4,459\nInterest-bearing deposits in other banks 28,097 17,726\n"
               "Total assets 228,354 188,548\nLiabilities\nCustomer deposits 110,239 84,382\n"
               "Accounts payable 12,133 10,574\nLong-term debt 42,573 38,675\nTotal liabilities 203,223 165,371", 71)


def test_the_largest_liability_in_the_balance_sheet_compares_the_liabilities_not_the_first_section():
    state = TurnState(question="q")
    facts = analyse("What was the largest liability in Boeing's Balance Sheet in 2022?")
    text, kind = superlative.compare(state, facts, prose.question_terms(facts), "Boeing", 2022, [BALANCE], lambda p: p.text,
                                     lambda p: 1)
    assert kind == "superlative" and text.startswith("Customer deposits is the highest") and "28,097" not in text


def test_one_agreements_amount_does_not_answer_the_total_over_all_of_them():
    one = page("Credit facilities\nOn May 26, 2022, the company entered into a new $4,200,000,000 364 day unsecured "
               "revolving credit agreement with its lenders.", 2)
    q = "What is the total amount Boeing may borrow under its unsecured revolving credit agreements in 2022?"
    assert ask(q, [one])[1] == "not_found"
    both = page("Credit facilities\nIn 2022 the company may borrow up to $8,400,000,000 in total under its unsecured "
                "revolving credit agreements.", 3)
    text, kind, _ = ask(q, [one, both])
    assert kind == "quote" and "8,400,000,000" in text
    # a total over a plural the sentence also names in the plural is still answered
    assert prose_counts.one_of_many("What was the total number of employees?", "We had 92,000 employees.") is False
    assert prose_counts.one_of_many("What were its total credit facilities?", "It has one $2 billion credit facility.")


def test_a_statement_figure_is_not_taken_from_a_sentence_stating_an_improvement():
    change = page("Liquidity\nThe $6.9 billion improvement in cash provided by operating activities in 2022 is primarily "
                  "driven by improved changes in assets and liabilities.", 4)
    assert ask_figure("What was Boeing's operating cash flow in 2022?", [change])[1] == "not_found"


def test_a_measure_no_statement_prints_is_read_from_a_sentence_with_every_word_the_year_and_a_number():
    funded = page("Backlog\nFunded backlog was $88.5 billion at December 31, 2022, as compared to $102.3 billion at "
                  "December 31, 2021.", 36)
    total = page("Backlog\nOur backlog was $150.0 billion at December 31, 2022.", 37)
    q = "What was Boeing's funded backlog in 2022?"
    text, kind = ask_figure(q, [total, funded], need="number")
    assert kind == "quote" and "$88.5 billion" in text            # "2022," names 2022: a date, then a comma
    assert ask_figure(q, [total], need="number")[1] == "not_found"                              # "funded" missing
    assert ask_figure("What was Boeing's funded backlog in 2020?", [funded], need="number")[1] == "not_found"


@pytest.mark.parametrize("sentence,count", [
    ("We employed approximately 798,000 full-time and part-time employees as of December 31, 2022.", "798,000"),
    ("As of December 31, 2022, we had approximately 61,200 full- and part-time employees worldwide.", "61,200"),
])
def test_a_whole_workforce_count_a_few_words_before_the_noun_is_the_answer(sentence, count):
    text, kind, _ = ask("How many employees did Boeing have in 2022?", [page("Human Capital\n" + sentence, 4)])
    assert kind == "quote" and count in text


@pytest.mark.parametrize("sentence", [
    "Our teams include software engineers, scientists and other technical staff in 2022. 4",   # a page number
    "Refer to Note 13 (Employee Retirement Plans) for the plans we sponsored in 2022.",       # a note number
])
def test_a_page_or_note_number_next_to_the_noun_is_not_a_head_count(sentence):
    assert ask("How many employees did Boeing have in 2022?", [page("Human Capital\n" + sentence, 4)])[1] == \
        "not_found"


def test_a_figure_looked_for_in_prose_needs_every_word_of_the_question_not_most():
    business = page("Segments\nBusiness segment revenues were $31.1 billion in 2022, a decrease of 2.3%.", 22)
    assert ask_figure("What was Boeing's Consumer segment revenue in 2022?", [business])[1] == "not_found"


def test_a_plan_does_not_answer_whether_something_happened():
    plan = page("Stores\nWe are on track to deliver our fiscal 2022 store plans, which include closing 20 to 30 large "
                "format stores by the end of fiscal 2022.", 5)
    assert ask("Was there any change in the number of Boeing stores in 2022?", [plan])[1] == "not_found"


SEGMENTS = page("Reportable Segments\nThe following table presents net sales by segment (in millions):\n"
                "Year ended December 31, 2022 2021\nSegment net sales\n"
                "Optical Communications 5,023 4,349\nDisplay Technologies 3,306 3,700\n"
                "Net sales of reportable segments 13,143 12,877\nImpact of constant currency reporting (616) (38)\n"
                "Eliminations (12) (9)\nTotal net sales 14,189 14,082", 103)
RECONCILIATION = page("Reportable Segments (Continued)\nThe following table presents a reconciliation of net sales of "
                      "reportable segments to consolidated net sales (in millions):\nYear ended December 31, 2022 2021\n"
                      "Net sales of reportable segments 13,143 12,877\n"
                      "Net sales of Hemlock and Emerging Growth Businesses 1,662 1,243\n"
                      "Impact of constant currency reporting (616) (38)\nNet sales 14,189 14,082", 104)
DEBT_NOTE = page("Note 15 - Debt\nInterest expense recorded by BCC is reflected as interest expense on our "
                 "Consolidated Statements of Operations.\nShort-term debt at December 31 consisted of the following:\n"
                 "2022 2021\nUnsecured debt $5,103 $1,155\nFinance lease obligations 65 61\nOther notes 22 80\n"
                 "Total $5,190 $1,296", 93)


def _compare(q: str, passages: list[Passage]):
    facts = analyse(q)
    return superlative.compare(TurnState(question=q), facts, prose.question_terms(facts), "Boeing", 2022, passages,
                               lambda p: p.text, lambda p: 1)


def test_a_superlative_never_compares_the_lines_that_add_up_or_reconcile_the_others():
    text, kind = _compare("Which Boeing segment was the largest by net sales in 2022?", [SEGMENTS])
    assert kind == "superlative" and text.startswith("Optical Communications is the highest")
    assert "13,143" not in text and "(616)" not in text
    # a reconciliation table has one segment line left: nothing to compare, so no answer from it
    assert _compare("Which Boeing segment was the largest by net sales in 2022?", [RECONCILIATION]) is None


def test_a_sentence_of_prose_is_not_the_heading_of_the_rows_compared():
    assert _compare("Which operating expense line grew most at Boeing in 2022?", [DEBT_NOTE]) is None


def test_a_sentence_stating_a_change_is_not_the_figure_asked_for():
    changed = page("Global Services\nRevenue from Global Services increased $555 million during 2022 as compared to "
                   "2021 primarily due to net new additions across our offerings.", 40)
    text, kind, _ = ask("Boeing Global Services revenue 2022", [changed])
    assert kind == "not_found" and "555" not in text
    stated = page("Global Services\nGlobal Services revenue was $4.42 billion in 2022, up from $3.87 billion in 2021, "
                  "which represents 14% year-over-year growth.", 41)
    text, kind, _ = ask("Boeing Global Services revenue 2022", [changed, stated])
    assert kind == "quote" and "$4.42 billion" in text
    reached = page("Global Services\nGlobal Services revenues increased 14% from $18.7 billion in 2021 to $21.3 "
                   "billion in 2022, driven by growth in digital and wholesale channels.", 42)
    text, kind, _ = ask("Boeing Global Services revenue 2022", [changed, reached])     # a change and the level reached
    assert kind == "quote" and "$21.3 billion" in text


LMT_SUMMARY = page("Selected Financial Data\n(In millions, except per share data) 2022 2021\nOperating results\n"
                   "Net sales $ 65,984 $ 67,044\nOperating profit 8,348 9,123\n"
                   "Earnings from continuing operations per common share\nBasic 21.74 22.85\nDiluted 21.66 22.76", 28)
LMT_SEGMENTS = page("Business Segment Results\n(In millions) 2022 2021\nOperating profit\nAeronautics $ 2,866 $ 2,799\n"
                    "Missiles and Fire Control 1,635 1,541\nSpace 1,045 1,134\nConsolidated 5,546 5,474", 39)


def test_which_segment_compares_the_rows_under_the_asked_measure_and_never_the_consolidated_line():
    assert _compare("Which Boeing segment had the highest operating profit in 2022?", [LMT_SUMMARY]) is None
    text, kind = _compare("Which Boeing segment had the highest operating profit in 2022?", [LMT_SUMMARY, LMT_SEGMENTS])
    assert kind == "superlative" and text.startswith("Aeronautics is the highest") and "5,546" not in text


def test_how_many_were_hired_is_not_how_many_there_are():
    def count(passages):
        q = "Boeing employees 2022"
        return prose.answer(TurnState(question=q), None, analyse(q), "Boeing", 2022, passages, lambda p: 1, need="count")

    hired = page("Human Capital\nDuring 2022, we hired more than 14,000 employees, despite the continuing challenges "
                 "presented by the pandemic.", 6)
    text, kind = count([hired])
    assert kind == "not_found" and "14,000" not in text
    total = page("Employees\nAt December 31, 2022, we had approximately 116,000 employees.", 7)
    text, kind = count([hired, total])
    assert kind == "quote" and "116,000" in text


def test_a_statements_title_or_a_rates_denominator_does_not_carry_the_measure():
    gain = page("Sale of Subsidiary\nIn the second quarter of fiscal 2022, we completed the sale of a subsidiary and "
                "recognized a $21 million gain within Gain on sale of subsidiary, net on our Condensed Consolidated "
                "Statements of Earnings.", 8)
    text, kind, _ = ask("What were Boeing's net earnings in the second quarter of fiscal 2022?", [gain])
    assert kind == "not_found" and "$21 million" not in text
    sga = page("Domestic Segment\nOur Domestic segment SG&A decreased $4 million and the rate decreased to 18.6% of "
               "revenue in fiscal 2022 compared to 18.9% of revenue in fiscal 2021.", 33)
    text, kind, _ = ask("Boeing Domestic segment revenue in fiscal 2022", [sga])
    assert kind == "not_found" and "SG&A" not in text


AMZN_SEGMENTS = page("Segment Information\n(in millions) 2022 2021\nNet sales:\nNorth America $ 170,773 $ 141,366\n"
                     "International 74,723 65,866\nOperating income (loss):\nNorth America $ 7,033 $ 7,267\n"
                     "International (1,693) (2,142)\nConsolidated $ 14,541 $ 12,421", 24)


def test_which_was_bigger_of_two_named_lines_compares_them_under_the_asked_measure():
    text, kind = _compare("which was bigger in 2022, North America or International segment operating income?",
                          [AMZN_SEGMENTS])
    assert kind == "superlative" and text.startswith("North America is the highest")
    assert "7,033" in text and "(1,693)" in text and "170,773" not in text


def test_a_workforce_made_up_of_a_number_of_employees_states_a_level_not_a_change():
    sentence = ("As of December 31, 2022, we had a highly skilled workforce made up of approximately 116,000 employees, "
                "including approximately 60,000 engineers, scientists and information technology professionals.")
    text, kind, _ = ask("How many employees did Boeing have in 2022?", [page("Workforce Demographics\n" + sentence, 6)])
    assert kind == "quote" and "116,000" in text
    for changed in ("Our workforce grew by 4,000 employees in 2022, to a level we had not reached since 2019.",
                    "In 2022, our talent processes supported the net addition of approximately 11,100 employees "
                    "worldwide."):
        assert ask("How many employees did Boeing have in 2022?", [page("Human Capital\n" + changed, 6)])[1] == \
            "not_found", changed


def test_a_named_segments_head_count_is_not_the_companys():
    seg = page("Rigid Packaging\nAs of June 30, 2022, the Rigid Packaging Segment employed approximately 6,000 "
               "employees at 51 significant manufacturing and support facilities in 11 countries.", 9)
    assert ask("How many employees did Boeing have in 2022?", [seg])[1] == "not_found"
    whole = page("Employees\nAs of June 30, 2022, we employed approximately 46,000 employees in 40 countries.", 9)
    text, kind, _ = ask("How many employees did Boeing have in 2022?", [seg, whole])
    assert kind == "quote" and "46,000" in text


def test_a_persons_biography_is_never_the_companys_count():
    bio = page("Executive Officers\nShe was responsible for sales and profits in more than 180 stores in 2022 in "
               "addition to the human resources strategies for the company.", 44)
    assert ask("How many stores did Boeing have at the end of 2022?", [bio])[1] == "not_found"


def test_a_sentence_whose_subject_names_a_narrower_figure_does_not_answer_the_asked_one():
    part = page("Segment results\nWireless equipment revenues included in our Business segment amounted to "
                "approximately $3.4 billion and $2.9 billion for the years ended December 31, 2022 and 2021.", 30)
    assert ask_figure("What were Boeing's Business segment revenues in 2022?", [part])[1] == "not_found"
    whole = page("Segment results\nBusiness segment revenues amounted to $31.0 billion in 2022.", 30)
    assert ask_figure("What were Boeing's Business segment revenues in 2022?", [whole])[1] == "quote"


@pytest.mark.parametrize("question,nouns", [
    ("How many employees did Boeing have in 2022?", {"employees", "workforce", "headcount"}),
    ("Best Buy number of stores FY2023", {"stores", "locations"}),
    ("What was Boeing's revenue in 2022?", set()),
    ("Boeing total accounts receivable 2022", set()),                     # an amount, not a count of accounts
    ("Boeing stock-based compensation to employees 2022", set()),
    ("Corning employees 2022", {"employees", "workforce"}),
])
def test_what_a_how_many_question_counts_with_its_synonyms(question, nouns):
    from pipeline.reading.counts import counted_nouns

    assert nouns <= set(counted_nouns(question)) and bool(nouns) == bool(counted_nouns(question))


@pytest.mark.parametrize("text,states", [
    ("At December 31, 2018, the Company employed 93,516 people (full-time equivalents).", True),
    ("Boeing's total workforce was approximately 156,000 and 142,000.", True),
    ("Each of our 61,200\u00a0full-\u00a0and\u00a0part-time\u00a0employees in 44 countries", True),
    ("Employees hired in 2022 are eligible for the plan.", False),             # a year, not a count
    ("We value our employees and their families.", False),
])
def test_a_stated_count_of_the_asked_noun(text, states):
    from pipeline.reading.counts import counted_nouns, states_count

    assert states_count(text, counted_nouns("How many employees?")) is states


@pytest.mark.parametrize("q,sentence", [
    # the measure's words scattered over a sentence about another measure
    ("What was Boeing's net income in FY2022?",
     "Of the total R&D related deferred income tax assets (net of applicable amortization) as of December 31, 2022, "
     "Federal and state was $28.2 million with the remaining amount attributable to foreign R&D credits."),
    ("What were Boeing's total assets at the end of FY2022?",
     "Of the total R&D related deferred income tax assets (net of applicable amortization) as of December 31, 2022, "
     "Federal and state was $28.2 million with the remaining amount attributable to foreign R&D credits."),
    # the measure's name as a modifier of another measure's ("net operating loss carryforwards", "intangible assets")
    ("What was Boeing's net income in FY2022?",
     "At December 31, 2022, the Company had net operating loss carryforwards of $79.5 million for federal income tax "
     "purposes to offset future taxable income."),
    ("What were Boeing's total assets at the end of FY2022?",
     "Amortization of product technology based intangible assets totaled $64.4 million, $66.5 million and $46.7 "
     "million for the years ended December 31, 2022, 2021 and 2020, respectively."),
    ("What was Boeing's net interest income in FY2022?",
     "Interest expense (671) (403) No amounts were reclassified from accumulated other comprehensive income into net "
     "income related to hedge ineffectiveness during the years ended December 31, 2022, 2021 and 2020."),
])
def test_a_statement_figure_in_prose_needs_the_measure_named_not_its_words_scattered(q, sentence):
    text, kind = ask_figure(q, [page("Notes\n" + sentence, 66)], need="money")
    assert kind == "not_found" and text.startswith(NOT_FOUND)


def test_the_amount_attached_to_the_measure_answers_never_the_sentences_first_amount():
    """"Net cash used in investing activities ... was $22.3 million and consisted of ... $0.3 million in purchases
    of property and equipment": the purchases are $0.3 million; the $22.3 million is another measure's."""
    investing = page("Investing activities\nNet cash used in investing activities for the year ended December 31, "
                     "2022 was $22.3 million and consisted primarily of $139.7 million in purchases of investments "
                     "and $0.3 million in purchases of property and equipment.", 132)
    text, kind = ask_figure("What were Boeing's purchases of property and equipment in FY2022?", [investing],
                            need="number")
    assert kind == "quote"
    lead = text.split("\u201c")[0]
    assert "$0.3 million" in lead and "$22.3 million" not in lead and "purchases of property and equipment" in lead
    stated = page("Results\nNet income for the year ended December 31, 2022 was $44.1 million, compared to $72.3 "
                  "million in 2021.", 40)
    text, kind = ask_figure("What was Boeing's net income in FY2022?", [stated])
    assert kind == "quote" and "net income of $44.1 million" in text.split("\u201c")[0]


def test_which_side_of_tax_is_part_of_the_measure_in_prose():
    after = page("Results\nThe Group recorded a loss after income tax of $1,239,019 for the year ended 30 June 2022.", 8)
    before = page("Results\nThe Group recorded a loss before income tax of $1,239,019 for the year ended 30 June "
                  "2022.", 8)
    q = "What was Boeing's loss before income tax in FY2022?"
    assert ask_figure(q, [after], need="number")[1] == "not_found"
    text, kind = ask_figure(q, [before], need="number")
    assert kind == "quote" and "loss before income tax of $1,239,019" in text


def test_a_day_before_its_month_is_a_date_not_a_count():
    from pipeline.answer.prose_counts import count_score
    from pipeline.question.terms import content_terms

    terms = content_terms("How many stores did Wrenfold operate at 30 September 2031")
    assert count_score("Wrenfold plc statement of cash flows for the year ended 30 September 2031 Note 30 September "
                       "2030 cash flows from operating activities", terms) == 0
    assert count_score("At the year end Wrenfold operated 214 stores across the region.", terms) == 2


def test_the_words_above_a_table_row_are_its_caption_not_a_sentence():
    from pipeline.answer.sentences import sentences_of

    page = "\n".join([
        "The Board reviews the performance of the Company against its benchmark each year.",
        "Net asset value per share Share price Dividends per share At 31 March 2031 pence",
        "Net asset value per share 713.43 682.30",
        "The discount widened over the year as the share price fell by more than the net asset value.",
    ])
    got = sentences_of(page)
    assert not any("pence" in s for s in got), got
    assert any(s.startswith("The Board reviews") for s in got) and any(s.startswith("The discount") for s in got)


def test_a_table_row_with_its_currency_signs_printed_apart_ends_the_text_above_it():
    from pipeline.answer.prose import sentences_of

    # pdfium prints "$ 2,016" with the sign as its own word: the row still ends the sentence above, which stops at
    # its full stop instead of running on into the table's figures
    page = "\n".join([
        "Revenue increased 6% in 2031, driven by higher volumes in the Fabrics segment.",
        "Fabrics $ 1,204 $ 1,141",
        "Total $ 2,016 $ 1,901",
        "Operating expenses fell as the restructuring completed.",
    ])
    got = sentences_of(page)
    assert not any("1,204" in s or "2,016" in s for s in got), got
    assert any(s.startswith("Revenue increased") for s in got) and any(s.startswith("Operating expenses") for s in got)


def test_a_flow_is_read_on_the_asking_part_of_the_question():
    """"How many ... were let go" asks an event's count; an instruction sentence's "cut" does not make a head count
    question one (the candidates and the check read it the same way)."""
    from pipeline.answer.prose_counts import asks_a_flow
    from pipeline.question.analysis import QuestionFacts

    assert asks_a_flow(QuestionFacts("How many employees were let go in 2022?"))
    assert not asks_a_flow(QuestionFacts("How many employees did Quillfeather have in 2022? Round to the nearest "
                                         "thousand and give the figure before any were cut."))
    assert not asks_a_flow(QuestionFacts("How many employees did Quillfeather have in 2022?"))


@pytest.mark.parametrize("sentence,score", [
    ("As of December 31, 2030, we had 212 full-time employees, 31 of whom hold doctorates.", 2),
    # a share or an amount run into the text before the noun counts nothing
    ("Product development 12,230 6,233 5,997 96 % Personnel expenses include salary and benefits.", 0),
    # the noun as a modifier of another: the number is that other thing's
    ("Options to purchase common stock 8,924,365 Employee Stock Purchase Plan 1,517,411 Total 11,584,632.", 0),
    # the number after the noun and its comma counts a part of them
    ("Of the full-time employees, 68 were primarily engaged in research and development.", 1),
    # a word after the noun's punctuation starts another clause, not a compound noun
    ("At year end we had 1,045 employees; benefits costs rose by a tenth over the year.", 2),
])
def test_a_number_counts_people_only_when_it_is_their_count(sentence, score):
    from pipeline.answer.prose_counts import count_score
    from pipeline.question.terms import stems

    assert count_score(sentence, sorted(stems("employees personnel headcount staff"))) == score


# never_count is NEVER's count read faster: it must count what NEVER finds, on pages built of its phrases, their
# near misses (a word run into "form", a street address without a state) and ordinary text around them.
_NEVER_PIECES = ["Commission File Number 1-442", "Table of Contents", "table  of contents", "P.O. Box 1234",
                 "po box 7", "Shipbox 12", "Form of Indemnification Agreement", "platform of the agreement",
                 "form 10-K", "Exhibit No. 10.3", "exhibit 4", "Chicago, IL 60606", "3Chicago, IL 60606",
                 "Springfield,  MA 01103 ", "x, IL 60606", "(312) 555-0100", "forward-looking statements",
                 "Revenue increased 12% to $4.2 billion.", "Registrant’s telephone number", "I.R.S. Employer",
                 "incorporated herein by reference", "Large accelerated filer ☒", "Ærø, DK 12345", "", "\n"]


@given(st.lists(st.sampled_from(_NEVER_PIECES), max_size=12), st.sampled_from([" ", "\n", ", ", "  "]))
@settings(max_examples=400, deadline=None, derandomize=True, database=None)
def test_never_count_counts_what_never_finds(pieces, sep):
    from pipeline.answer.sentences import NEVER, never_count
    text = sep.join(pieces)
    assert never_count(text) == len(NEVER.findall(text))


def test_never_count_finds_each_phrase_kind():
    from pipeline.answer.sentences import never_count
    assert never_count("Our offices: 100 Main St, Chicago, IL 60606. P.O. Box 9") == 2
    assert never_count("The platform of the new agreement grew revenue.") == 0
    assert never_count("Revenue grew 4% in FY2022, driven by pricing.") == 0


def test_a_cause_named_by_anaphor_is_quoted_with_the_sentence_it_follows_and_a_recurring_pattern_is_no_cause():
    from pipeline.answer.prose import covering

    q = analyse("Why did Boeing's revenue rise in 2022?")
    seasonal = page("Seasonality\nOur business is modestly seasonal, with revenue typically lower in the fourth quarter "
                    "due to customer plant shutdowns around the holidays.", 4)
    assert covering(None, q, [seasonal], 2022) is None
    mdna = page("Results of operations\nRevenue was $66,608 million in 2022, an increase of 7% from 2021. The increase "
                "was primarily driven by higher commercial deliveries and services volume.", 5)
    found = covering(None, q, [seasonal, mdna], 2022)
    assert found is not None and found.passage.page == 5
    assert "Revenue was $66,608 million in 2022" in found.sentence and "driven by higher commercial" in found.sentence
