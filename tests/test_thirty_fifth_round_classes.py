"""Classes found by the thirty-fifth rounds (stop 60). The companies, names, wording and figures here are made up."""
from __future__ import annotations

import pytest

from pipeline.answer import qualifiers_said
from pipeline.answer.negation import denies
from pipeline.answer.role_asked import asks_role
from pipeline.answer.sentences import sentences_of
from pipeline.question import set_aside
from pipeline.question.analysis import QuestionFacts
from pipeline.question.lexicon import get_lexicon
from pipeline.question.registry import Company
from pipeline.reading import cells, line_codes, other_script
from tests.stored_facts import company_facts, printed_answer

# a Taiwanese balance sheet: an account code before every label, a % column after every amount, the assets' total a
# bare "TOTAL" under its class code
_CODES = [["KAOPING GEARWORKS CO., LTD. AND SUBSIDIARIES", "CONSOLIDATED BALANCE SHEETS", "DECEMBER 31, 2091 AND 2090",
           "(In Thousands of New Taiwan Dollars)", "2091 2090", "Code ASSETS Amount % Amount %", "CURRENT ASSETS",
           "1100 Cash and cash equivalents (Notes 4 and 6) $ 412,806 12 $ 388,412 11",
           "1170 Trade receivables, net (Note 9) 618,204 18 602,118 18", "130X Inventories (Note 10) 520,412 15 498,206 15",
           "11XX Total current assets 1,551,422 45 1,488,736 44", "NON-CURRENT ASSETS",
           "1600 Property, plant and equipment (Note 13) 1,890,318 55 1,902,806 56",
           "15XX Total non-current assets 1,890,318 55 1,902,806 56", "1XXX TOTAL $ 3,441,740 100 $ 3,391,542 100",
           "Code LIABILITIES AND EQUITY", "CURRENT LIABILITIES", "2100 Short-term borrowings (Note 16) $ 300,000 9 $ 280,000 8",
           "21XX Total current liabilities 300,000 9 280,000 8", "3XXX Total equity 3,141,740 91 3,111,542 92",
           "TOTAL $ 3,441,740 100 $ 3,391,542 100"],
          ["KAOPING GEARWORKS CO., LTD. AND SUBSIDIARIES", "CONSOLIDATED STATEMENTS OF CASH FLOWS",
           "FOR THE YEARS ENDED DECEMBER 31, 2091 AND 2090", "(In Thousands of New Taiwan Dollars)", "Code 2091 2090",
           "CASH FLOWS FROM OPERATING ACTIVITIES", "A10000 Income before income tax $ 402,806 $ 366,412",
           "A20100 Depreciation expense 120,418 118,206", "AAAA Net cash generated from operating activities 498,206 452,118",
           "CASH FLOWS FROM INVESTING ACTIVITIES", "B02700 Payments for property, plant and equipment (108,412) (96,806)",
           "BBBB Net cash used in investing activities (112,806) (99,412)"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Kaoping total assets at end-2091", 2091, "3,441,740"),
    ("Total current assets 2090", 2090, "1,488,736"),
    ("Kaoping operating cash flow 2091", 2091, "498,206"),
    ("Capex 2090 - payments for PP&E", 2090, "(96,806)"),
    ("Short-term borrowings at December 31, 2091", 2091, "300,000"),
])
def test_account_codes_before_labels_are_no_words_of_them(question, year, expect):
    assert printed_answer(question, _CODES, "Kaoping Gearworks Co., Ltd.", year, 2091) == expect


def test_account_codes_are_read_only_under_a_code_heading():
    rows = ["1100 Cash and cash equivalents 412,806 388,412", "1170 Trade receivables 618,204 602,118",
            "1600 Property, plant and equipment 1,890,318 1,902,806", "2091 2090"]
    assert line_codes.read(rows) == rows        # (no "Code" heading: a label may start with its number)
    read = line_codes.read(["Code 2091 2090"] + rows)
    assert read[1:4] == ["Cash and cash equivalents 412,806 388,412", "Trade receivables 618,204 602,118",
                         "Property, plant and equipment 1,890,318 1,902,806"]
    assert read[4] == "2091 2090"       # (the years' line keeps its years)


def test_a_year_or_a_bare_figure_under_a_code_heading_is_no_code():
    read = line_codes.read(["Code ASSETS Amount % Amount %", "2091 Amount % 2090 Amount %",
                            "1100 Cash and cash equivalents 412,806 12 388,412 11", "1170 Trade receivables 6 1 5 1",
                            "1600 Property, plant and equipment 30 9 31 9", "TOTAL ASSETS", "3441 100 3391 100"])
    assert read[1] == "2091 Amount % 2090 Amount %" and read[6] == "3441 100 3391 100"
    assert read[2] == "Cash and cash equivalents 412,806 12 388,412 11"


# a Thai statement: English labels and headings, each with its Thai after a spaced slash
_THAI = [["SAMUT PRAKAN CANNERY PUBLIC COMPANY LIMITED", "Statement of comprehensive income / งบกำไรขาดทุนเบ็ดเสร็จ",
          "For the year ended 31 December 2093 / สำหรับปีสิ้นสุดวันที่ 31 ธันวาคม 2636", "(Unit: Baht) / (หน่วย: บาท)",
          "Consolidated Separate", "Note 2093 2092 2093 2092",
          "Revenue from sales 22 4,206,418,206 3,918,206,412 2,806,412,118 2,612,418,206",
          "Profit for the year 318,206,412 286,418,206 212,806,418 198,206,412",
          "Other comprehensive income: / กำไรขาดทุนเบ็ดเสร็จอื่น:", "Actuarial loss on defined benefit plans",
          "- net of income tax (2,418,206) – (1,206,418) –",
          "Total comprehensive income for the year 315,788,206 286,418,206 211,600,000 198,206,412",
          "Profit attributable to: / การแบ่งปันกำไร:", "Equity holders of the Company 301,806,412 272,118,206 212,806,418 198,206,412",
          "Non-controlling interests of the subsidiaries 16,400,000 14,300,000 – –",
          "318,206,412 286,418,206 212,806,418 198,206,412", "Total comprehensive income attributable to: / การแบ่งปันกำไรขาดทุนเบ็ดเสร็จ:",
          "Equity holders of the Company 299,388,206 272,118,206 211,600,000 198,206,412",
          "Non-controlling interests of the subsidiaries 16,400,000 14,300,000 – –"]]


def test_a_heading_with_its_thai_translation_is_closed_by_its_total():
    assert printed_answer("Profit attributable to equity holders of Samut Prakan Cannery, 2093", _THAI,
                          "Samut Prakan Cannery Public Company Limited", 2093, 2093) == "301,806,412"
    facts = company_facts(_THAI, "Samut Prakan Cannery Public Company Limited", 2093)
    assert any(f.label_path == "Total comprehensive income attributable to › Equity holders of the Company" for f in facts)
    # (a label wrapped before a dash: "Actuarial loss on defined benefit plans" / "- net of income tax" is one row)
    assert any(f.label.startswith("Actuarial loss on defined benefit plans - net of income tax") for f in facts)


@pytest.mark.parametrize("line, english", [
    ("Revenues / รายได้", "Revenues"),
    ("Basic earnings per share / กำไรต่อหุ้นขั้นพื้นฐาน 25", "Basic earnings per share 25"),
    ("As at 31 December 2093 / ณ วันที่ 31 ธันวาคม 2636", "As at 31 December 2093"),    # (a Buddhist-era date)
    ("Revenue / 营业收入 1,234,567 (1,111,000)", "Revenue 1,234,567 (1,111,000)"),
    ("Year / ปี 2091 2092 2093", "Year 2091 2092 2093"),           # (a header's years, every figure's form, kept)
    ("Number of employees (persons) / จำนวนพนักงาน (คน) 4512 4318", "Number of employees (persons) 4512 4318"),
    ("Gross profit margin / อัตรากำไรขั้นต้น 25.1% 24.3%", "Gross profit margin 25.1% 24.3%"),
    ("Revenue / Выручка 1 234 567 −1 111 000", "Revenue 1 234 567 −1 111 000"),
    ("Ingresos / Revenue 1,234", "Ingresos / Revenue 1,234"),     # (both halves Latin: the label reader's)
    ("รายได้ / Revenues", "รายได้ / Revenues"),                   # (the English half first only)
])
def test_a_line_in_english_and_another_script_reads_as_its_english(line, english):
    assert other_script.read([line]) == [english]


@pytest.mark.parametrize("lines, question, expect", [
    (["Other income (Note 5)", "- government grants 1,206 1,118"], "Government grants 2093", "1,206"),
    (["Finance costs (1,206) (1,118)", "- of which interest on lease liabilities (412) (398)"], "Finance costs 2093",
     "(1,206)"),
    (["Items that may be reclassified subsequently to profit or loss",
      "- exchange differences on translating foreign operations 412 (98)"], "Exchange differences on translating foreign operations 2093", "412"),
])
def test_an_item_after_a_dash_is_no_wrapped_label(lines, question, expect):
    # (only a qualifier's opening continues a label: "- net of income tax")
    page = [["ACME LIMITED", "STATEMENT OF PROFIT OR LOSS", "2093 2092", "Revenue 9,806 9,118"] + lines]
    assert printed_answer(question, page, "Acme Limited", 2093, 2093) == expect


@pytest.mark.parametrize("question, aside, measure", [
    ("Gross profit FY2087 - the unadjusted line, not realized GP", ["realized", "gp"], "gross_profit"),
    ("KLAR EBIT margin 2094/95 (not adjusted)?", ["adjusted"], "ebit"),
    ("Operating cash flow 2090, rather than free cash flow", ["free", "cash", "flow"], "operating_cash_flow"),
    ("Revenue of the Company (standalone, not group) for FY2086", [], "revenue"),    # (whose figure: not set aside)
    ("Revenue, not including VAT", [], "revenue"),        # (an exclusion, read as "excluding")
    ("Trade receivables (not past due) 2093", [], "accounts_receivable"),    # (a state a line is named by)
])
def test_what_a_question_says_it_does_not_ask(question, aside, measure):
    assert set_aside.words(question) == aside
    assert [m.key for m in get_lexicon().find(question)] == [measure]


_REALIZED = [["HSINCHU OPTICAL CO., LTD.", "CONSOLIDATED STATEMENTS OF COMPREHENSIVE INCOME", "2093 2092",
              "Code Amount % Amount %", "4000 OPERATING REVENUE $ 2,418,206 100 $ 2,206,418 100",
              "5000 OPERATING COSTS 1,806,412 75 1,654,206 75", "5900 GROSS PROFIT 611,794 25 552,212 25",
              "5910 UNREALIZED GAIN ON TRANSACTIONS WITH ASSOCIATES (2,406) - (1,812) -",
              "5950 REALIZED GROSS PROFIT 609,388 25 550,400 25"]]


def test_a_line_set_aside_is_never_the_answer():
    co = "Hsinchu Optical Co., Ltd."
    assert printed_answer("Gross profit 2093, not realized gross profit", _REALIZED, co, 2093, 2093) == "611,794"
    assert printed_answer("Realized gross profit 2093", _REALIZED, co, 2093, 2093) == "609,388"


_SIDES = [["ACME LIMITED", "STATEMENT OF FINANCIAL POSITION", "2093 2092", "Total current assets 6,824 6,118",
           "Total assets 14,206 13,118", "Total current liabilities 3,418 3,206", "Total liabilities 8,206 7,812",
           "Total equity attributable to owners of the Company 5,412 4,806", "Total equity 6,000 5,306"],
          ["ACME LIMITED", "STATEMENT OF PROFIT OR LOSS", "2093 2092", "Revenue 9,806 9,118",
           "Basic and diluted earnings per share (cents) 24.6 22.1"]]


@pytest.mark.parametrize("question, expect", [
    ("Current liabilities at 31 December 2093, not total liabilities", "3,418"),   # (a row printing what is asked too)
    ("Current assets 2093, not total assets", "6,824"),
    ("Equity attributable to owners of the Company at 31 December 2093, not total equity", "5,412"),
    ("Diluted EPS 2093, not basic", "24.6"),
])
def test_a_row_printing_every_word_asked_is_not_set_aside(question, expect):
    assert printed_answer(question, _SIDES, "Acme Limited", 2093, 2093) == expect


def test_a_facility_said_unused_denies_borrowings_under_it():
    asked = "Were there any borrowings outstanding under Acme's revolving credit facility at the end of 2094?"
    assert denies("The revolving credit facility was undrawn at December 31, 2094; letters of credit of $2.8 million "
                  "were outstanding.", asked)
    # (an amount left undrawn under it says some was drawn)
    assert not denies("$200 million remained undrawn under the $500 million revolving credit facility.", asked)
    assert not denies("The revolving credit facility was undrawn.", "Was the revolving credit facility undrawn?")


@pytest.mark.parametrize("sentence", [
    "$150 million was outstanding under the term loan facility and the revolving credit facility remained undrawn.",
    "The revolving credit facility was undrawn at December 31, 2093, but $75 million was drawn on it at December 31, 2094.",
    "While the Group's revolving credit facility was undrawn, borrowings of $200 million were outstanding under its term loan.",
    "The overdraft facility was unused at year end; bank loans of $40 million were outstanding.",
])
def test_a_facility_unused_beside_borrowings_outstanding_denies_nothing(sentence):
    assert not denies(sentence, "Were there any borrowings outstanding under Acme's revolving credit facility?")


@pytest.mark.parametrize("question, sentence, unsaid", [
    ("How many tons did Acme harvest in Georgia in 2094?", "In 2094 we harvested 6,842,000 tons of timber.", True),
    ("How many tons did Acme harvest in Georgia in 2094?", "In Georgia we harvested 2,418,000 tons in 2094.", False),
    ("What price per vessel did Acme get for its LNG carriers?", "Orders of US$6.1 billion for 38 vessels.", True),
    ("What price per vessel did Acme get?", "An average of US$240 million per vessel.", False),
    ("Revenue in Canadian dollars in Fiscal 2094?", "Revenue was C$4.2 million.", False),
    ("How many employees did Acme have in December 2094?", "We had 4,000 employees.", False),
    ("What was revenue per share in 2094?", "Revenue was $4.2 million.", False),
])
def test_a_place_or_a_unit_asked_must_be_said(question, sentence, unsaid):
    assert qualifiers_said.unsaid(question, sentence, {"acme"}, counting=True) is unsaid


@pytest.mark.parametrize("question, sentence", [
    ("As stated in the Strategic Report, how many stores did Acme operate?", "We operated 1,206 stores."),
    ("How many stores did Acme report in Item 1 for 2094?", "We operated 4,206 stores at year end."),
    ("Acme's organic growth in Constant Currency, 2094?", "Organic growth was 6.2% in constant-currency terms."),
    ("What was the all-in sustaining cost per ounce in 2094?", "AISC was US$1,042/oz in 2094."),
    ("What was the realised oil price per barrel?", "We realised US$72.40/bbl."),
    ("What was the cash cost per tonne?", "Cash costs were US$42 a tonne."),
    ("What was capex per the cash flow statement in 2094?", "Capital expenditure was $412 million."),
])
def test_words_that_are_no_place_nor_unit_ask_nothing_of_the_sentence(question, sentence):
    assert not qualifiers_said.unsaid(question, sentence, {"acme"}, counting=True)


def test_a_place_binds_only_a_count():
    # ("why did sales fall in Europe?": a cause said of "EMEA" answers it; places bind a count's sentence only)
    assert not qualifiers_said.unsaid("Why did sales fall in Europe in 2094?", "Sales in EMEA fell because of weaker "
                                      "demand.", {"acme"}, counting=False)


def test_a_council_s_chair_is_no_board_chair():
    facts = QuestionFacts(text="Who chairs Tararua's Shareholders' Council?", companies=[Company(key="t", name="Tararua")])
    assert asks_role(facts) is None
    assert asks_role(QuestionFacts(text="Who chairs Tararua's board?", companies=[])) == "chair"
    # (a Supervisory Council is a two-tier company's board: its chair is the company's)
    assert asks_role(QuestionFacts(text="Who is the Chairman of the Supervisory Council of Tallinn Ferries?",
                                   companies=[])) == "chair"


def test_a_middle_initial_ends_no_sentence():
    text = "Chair of the Shareholders' Council: Mere A. Tawhiri, elected in 2090. The Council met six times in the year."
    assert sentences_of(text)[0] == "Chair of the Shareholders' Council: Mere A. Tawhiri, elected in 2090."
    # (a capital letter naming a plan or a customer ends its sentence: the next opens on a word English uses)
    assert sentences_of("No shares were repurchased under Plan B. The Company repurchased 1.2 million shares in 2094.") \
        == ["No shares were repurchased under Plan B.", "The Company repurchased 1.2 million shares in 2094."]


def test_a_row_split_twice_hands_out_its_own_cells():
    label, values = cells.split_row("Revenue 1,204 1,118")
    values.append("mutated")        # (the cached split is not the caller's list)
    assert cells.split_row("Revenue 1,204 1,118") == ("Revenue", ["1,204", "1,118"])


def test_a_count_said_as_a_noun_s_count_is_never_an_amount():
    page = [["ACME RESTAURANTS, INC.", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(in thousands)", "2086 2085",
             "Revenues:", "Company restaurant operations 268,218 251,406", "Franchise royalties 41,206 38,118",
             "Total revenues 309,424 289,524"]]
    assert printed_answer("Total restaurant count at the end of fiscal 2086", page, "Acme Restaurants, Inc.", 2086,
                          2086) is None
    assert printed_answer("Company restaurant operations revenue 2086", page, "Acme Restaurants, Inc.", 2086,
                          2086) == "268,218"
