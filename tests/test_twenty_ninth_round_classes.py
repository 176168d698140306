"""Classes found by the twenty-ninth rounds (stop 54), and the data the vocabulary shares instead of repeating it:
a pattern one event takes from another (events.toml `received_as`), a line-item template the cash flow totals fill
with their activity (metrics.toml `line_items_from`), the minorities' words in one module. The companies, names,
wording and figures here are made up."""
from __future__ import annotations

import pytest

from pipeline.answer.yesno import events
from pipeline.question import shorthand
from pipeline.question.lexicon import load_lexicon
from tests.stored_facts import company_facts, printed_answer

_EVENTS = '''
[[event]]
key = "gift"
name = "a gift"
asked = 'gift'
topic = 'gift'
affirm = ['gave a gift']
deny = ['gave no gift']
received = 'received a gift'

[[event]]
key = "gift_increase"
name = "a bigger gift"
asked = 'bigger gift'
topic = 'gift'
affirm = ['gift grew']
deny = []
received_as = "gift"

[[event]]
key = "plain"
name = "a plain event"
asked = 'plain'
topic = 'plain'
affirm = ['plain']
deny = []
'''


def test_an_event_takes_another_events_received_pattern_by_its_key(tmp_path):
    path = tmp_path / "events.toml"
    path.write_text(_EVENTS, encoding="utf-8")
    by_key = {e.key: e for e in events(str(path))}
    assert by_key["gift_increase"].received.search("The company received a gift from its associate")
    assert by_key["gift_increase"].received.pattern == by_key["gift"].received.pattern
    assert by_key["plain"].received is None


def test_the_shipped_dividend_events_share_one_received_pattern():
    by_key = {e.key: e for e in events()}
    sentence = "Dividends received from associates rose to $12.0 million."
    assert by_key["dividend"].received.search(sentence) and by_key["dividend_increase"].received.search(sentence)


_METRICS = '''
[line_templates]
total = ['net cash from <activity> activities$', 'cash flows? from <activity> activities$']

[[metric]]
key = "a"
label = "a"
terms = ["a"]
line_items_from = ["total", "operating"]
line_items = ['cash from operations$']
statement = "cash_flow"

[[metric]]
key = "b"
label = "b"
terms = ["b"]
line_items_from = ["total", "investing"]
statement = "cash_flow"
'''


def test_a_line_item_template_is_filled_with_the_metrics_word_and_its_own_patterns_added(tmp_path):
    path = tmp_path / "metrics.toml"
    path.write_text(_METRICS, encoding="utf-8")
    lex = load_lexicon(path)
    a, b = lex.get("a"), lex.get("b")
    assert a.matches_row("Net cash from operating activities") and a.matches_row("Cash from operations")
    assert not a.matches_row("Net cash from investing activities")
    assert b.matches_row("Cash flows from investing activities") and not b.matches_row("Cash from operations")


def test_the_shipped_cash_flow_totals_each_match_their_own_activity_only():
    lex = load_lexicon()
    rows = {"operating": "Net cash (used in) provided by operating activities",
            "investing": "Net cash outflow from investing activities",
            "financing": "Net cash flows used in financing activities"}
    for activity, row in rows.items():
        for other in rows:
            assert lex.get(f"{other}_cash_flow").matches_row(row, "cash_flow") == (other == activity), (other, row)


def test_a_minorities_row_in_the_plural_is_read_between_the_owners_and_the_total():
    from pipeline.reading.unlabelled_totals import owners_before_minorities

    assert owners_before_minorities(["1,000", "900"], ["Minorities interests 50 40", "1,050 940"])
    assert owners_before_minorities(["1,000", "900"], ["Minority interest 50 40", "1,050 940"])
    assert not owners_before_minorities(["1,000", "900"], ["Minorities interests 50 40", "1,060 940"])


# --- the round 34 classes (made-up pages nobody tuned on) ---

def _answer(question, pages, company, year, doc_fy):
    return printed_answer(shorthand.spell(question), pages, company, year, doc_fy)


_MEZZANINE = [["TALLWOOD MEDICAL SUPPLY, INC.", "CONSOLIDATED BALANCE SHEETS", "(In millions)", "March 31, 2071 2070",
               "Current liabilities", "Accounts payable 4,210 3,905", "Current portion of long-term debt 512 40",
               "Current portion of operating lease liabilities 188 176", "Total current liabilities 4,910 4,121",
               "Long-term debt 2,940 3,420", "Total liabilities 7,850 7,541",
               "Commitments and contingent liabilities (Financial Note 14)",
               "Redeemable noncontrolling interests 905 870",
               "Tallwood Medical Supply, Inc. stockholders' equity", "Common stock 2 2", "Retained earnings 1,410 1,150",
               "Total Tallwood stockholders' equity 1,412 1,152", "Noncontrolling interests 75 66",
               "Total equity 1,487 1,218",
               "Total liabilities, redeemable noncontrolling interests, and equity $ 10,242 $ 9,629"]]


def test_a_commitments_note_pointer_heads_no_rows_so_the_mezzanine_row_is_answered_by_its_own_line():
    assert _answer("redeemable NCI 2070", _MEZZANINE, "Tallwood Medical Supply, Inc.", 2070, 2071) == "870"
    assert _answer("Redeemable noncontrolling interests FY71", _MEZZANINE, "Tallwood Medical Supply, Inc.", 2071,
                   2071) == "905"
    labels = {f.label_path for f in company_facts(_MEZZANINE, "Tallwood Medical Supply, Inc.", 2071)}
    assert not any("Commitments" in lab for lab in labels)


def test_a_bare_commitments_line_is_a_pointer_only_on_a_balance_sheet():
    from pipeline.reading.memo_lines import note_pointer

    assert note_pointer("Commitments and contingencies (Note 12)", [], None)
    assert note_pointer("Contingent liabilities (see note 29)", [], "income")
    assert note_pointer("Commitments and contingencies", [], "balance")
    assert not note_pointer("Commitments and contingencies", [], None)        # (a note's heading of its rows)
    assert not note_pointer("Commitments and contingencies (Note 12)", ["-", "-"], "balance")
    assert not note_pointer("Contingent consideration", [], "balance")


def test_ltd_in_capitals_is_long_term_debt_unless_it_follows_a_companys_name():
    assert shorthand.spell("current portion of LTD 2094") == "current portion of long-term debt 2094"
    assert shorthand.spell("Acme's LTD at end of 2094") == "Acme's long-term debt at end of 2094"
    assert shorthand.spell("LTD FY93") == "long-term debt FY93"
    assert shorthand.spell("ACME HOLDINGS LTD revenue 2094") == "ACME HOLDINGS LTD revenue 2094"
    assert shorthand.spell("Tata Steel Ltd. revenue") == "Tata Steel Ltd. revenue"
    assert _answer("current portion of LTD FY71", _MEZZANINE, "Tallwood Medical Supply, Inc.", 2071, 2071) == "512"


_KWACHA = [["LUANGWA GRAIN PLC", "FINANCIAL HIGHLIGHTS", "Group - for the year ended 31 March 2071",
            "2071 2070 Change", "K million K million %", "Revenue 3,214.6 2,988.1 7.6",
            "Profit for the year 210.4 180.2 16.8",
            "US Dollar equivalents (unaudited)", "2071 2070", "US$ million US$ million",
            "Revenue (translated at average rate) 129.4 131.7", "Profit for the year (translated) 8.5 7.9"],
           ["LUANGWA GRAIN PLC", "STATEMENT OF PROFIT OR LOSS", "For the year ended 31 March 2071", "Notes 2071 2070",
            "K'000 K'000", "Revenue 5 3,214,588 2,988,104", "Cost of sales (2,510,220) (2,356,880)",
            "Gross profit 704,368 631,224", "Profit for the year 210,412 180,206"]]


def test_a_kwacha_sign_before_its_scale_is_the_statements_currency_and_a_later_usd_block_its_own():
    from pipeline.core.currencies import currency_of

    assert currency_of("K million K million %") == "K" and currency_of("K'000 K'000") == "K"
    assert currency_of("Distance 120 Km") is None and currency_of("k'000") is None
    facts = company_facts(_KWACHA, "Luangwa Grain PLC", 2071)
    cur = {(f.label, f.value_printed): f.currency for f in facts if f.fiscal_year == 2071}
    assert cur[("Revenue", "3,214.6")] == "K" and cur[("Revenue", "3,214,588")] == "K"
    assert cur[("Revenue (translated at average rate)", "129.4")] == "USD"


def test_revenue_asked_in_usd_is_never_the_kwacha_figure():
    got = _answer("Revenue in USD FY2071", _KWACHA, "Luangwa Grain PLC", 2071, 2071)
    assert got in (None, "129.4")       # (the translation's row, or nothing: never a kwacha figure)
    assert _answer("Revenue FY2071", _KWACHA, "Luangwa Grain PLC", 2071, 2071) == "3,214,588"
    assert _answer("Revenue in kwacha FY2071", _KWACHA, "Luangwa Grain PLC", 2071, 2071) == "3,214,588"


_DIVIDEND_FLOWS = [["KAFUE MILLS PLC", "STATEMENT OF CASH FLOWS", "For the year ended 31 March 2071", "2071 2070",
                    "K'000 K'000", "Cash flows from investing activities",
                    "Purchase of property, plant and equipment (88,120) (70,406)", "Dividends received 2,410 1,980",
                    "Net cash used in investing activities (85,710) (68,426)", "Cash flows from financing activities",
                    "Dividends paid to owners of the Company (40,200) (36,000)",
                    "Net cash used in financing activities (40,200) (36,000)"]]


def test_dividends_received_are_never_the_dividends_paid():
    assert _answer("dividends received FY71", _DIVIDEND_FLOWS, "Kafue Mills PLC", 2071, 2071) == "2,410"
    assert _answer("dividend income 2070", _DIVIDEND_FLOWS, "Kafue Mills PLC", 2070, 2071) == "1,980"
    assert _answer("dividends paid FY71", _DIVIDEND_FLOWS, "Kafue Mills PLC", 2071, 2071) == "(40,200)"


# --- round 26 of the made-up reports and the rest of round 34 ---

_GROUP_AND_COMPANY = ["N$'000 Notes Group 2071 Group 2070 Company 2071 Company 2070",
                      "Revenue 3 1 612 418 1 498 806 121 218 104 236",
                      "Cost of sales (1 148 806) (1 052 412) - -",
                      "Gross profit 463 612 446 394 121 218 104 236",
                      "Operating profit 308 294 245 746 102 806 87 430",
                      "Profit attributable to:",
                      "Owners of the parent 156 988 127 722",
                      "Non-controlling interests 52 806 33 118"]


def test_space_grouped_thousands_under_group_and_company_columns_are_read_per_column_never_run_together():
    from pipeline.reading.spaced_thousands import read

    lines = read(_GROUP_AND_COMPANY + ["Other income 850 780 120 110"])
    assert "Revenue 3 1612418 1498806 121218 104236" in lines
    # (two figures of hundreds of billions would be longer than any figure the page's sure rows print)
    assert "Gross profit 463612 446394 121218 104236" in lines
    # four tokens under four columns, or the group's two figures of two groups each: the page cannot say which
    assert "Owners of the parent n/a n/a n/a n/a" in lines and "Other income n/a n/a n/a n/a" in lines
    assert not any(len(tok) > 9 for ln in lines for tok in ln.split() if tok.isdigit())


@pytest.mark.parametrize("title, kind", [
    ("CONSOLIDATED INCOME STATEMENT FOR THE YEAR 2071", "income"),
    ("Consolidated Income Statement for the year 2071", "income"),
    ("CONSOLIDATED STATEMENT OF FINANCIAL POSITION AT 31 DECEMBER 2071", "balance"),
    ("STATEMENT OF FINANCIAL POSITION AS AT 31 DECEMBER 2071", "balance"),
    ("Notes to the income statement for the year 2071", None),
])
def test_a_statement_title_naming_its_year_or_its_date_in_capitals_is_the_statement(title, kind):
    from pipeline.reading.statement_titles import detect_title

    assert detect_title([title, "Amounts in ISK million Notes 2071 2070"])[1] == kind


def test_a_name_with_accented_capitals_is_identified_and_its_distinctive_later_word_names_it():
    from ingest.identify import identify
    from pipeline.question.registry import Company, Registry

    pages = ["COMPAÑÍA MATERA ÑACURUTÚ S.A.\nANNUAL REPORT 2071\nfor the fiscal year ended December 31, 2071",
             "Independent auditor's report\nTo the shareholders of Compañía Matera Ñacurutú S.A.\n"
             "We have audited the consolidated financial statements of Compañía Matera Ñacurutú S.A. (the Company)."]
    assert identify(pages).legal_name == "Compañía Matera Ñacurutú S.A."
    reg = Registry(companies=[Company(key="a", name="Compañía Matera Ñacurutú", aliases=()),
                              Company(key="b", name="abrdn Japan Investment Trust", aliases=()),
                              Company(key="c", name="Lockheed Martin", aliases=())])
    assert reg.spell_out("Ñacurutú net sales FY71") == "Compañía Matera Ñacurutú net sales FY71"
    assert reg.spell_out("ñacurutú net sales") == "ñacurutú net sales"          # (a later word names it capitalised)
    assert reg.spell_out("Japan revenue 2071") == "Japan revenue 2071"          # (a common word never does)
    assert reg.spell_out("Martin revenue") == "Martin revenue"


def test_the_namibian_dollar_sign_is_its_currency():
    from pipeline.core.currencies import currency_of

    assert currency_of("N$'000 Notes Group 2071") == "NAD" and currency_of("Namibia Dollars (N$) thousands") == "NAD"
    assert currency_of("NT$ thousands") == "TWD" and currency_of("N'000") == "NGN"


@pytest.mark.parametrize("sentence, question, denied", [
    ("The Group was in compliance with all loan covenants at year end 2071.", "Did it breach any loan covenants?", True),
    ("The Group was not in compliance with its leverage covenant at 31 December 2071.", "Did it breach any covenants?",
     False),
    ("The Company breached a covenant of its notes.", "Was it in compliance with its covenants?", True),
    ("The Company complied with all covenants of its notes.", "Was it in compliance with its covenants?", False),
    ("The Group did not breach any covenants.", "Did it breach any covenants?", True),
])
def test_a_compliance_sentence_answers_a_breach_question_the_other_way(sentence, question, denied):
    from pipeline.answer.negation import denies

    assert denies(sentence, question) is denied


_SHARES = [["MONTAUK CLEARING GROUP, INC.", "CONSOLIDATED STATEMENTS OF INCOME", "(In millions, except per share amounts)",
            "Year Ended December 31, 2071 2070", "Revenues 6,412 5,980", "Net income 2,010 1,812",
            "Per share information", "Basic earnings per share $ 3.58 $ 3.20", "Diluted earnings per share $ 3.55 $ 3.18",
            "Weighted-average common shares outstanding for earnings per share", "Basic 561.2 566.0",
            "Diluted 566.8 569.7"]]


def test_basic_and_diluted_rows_under_a_share_count_heading_are_counts_not_per_share_figures():
    facts = {(f.label_path, f.fiscal_year): f for f in company_facts(_SHARES, "Montauk Clearing Group, Inc.", 2071)}
    diluted = facts[("Weighted-average common shares outstanding for earnings per share \u203a Diluted", 2071)]
    assert diluted.kind == "count"
    assert _answer("diluted EPS FY71", _SHARES, "Montauk Clearing Group, Inc.", 2071, 2071) == "3.55"
    assert _answer("Diluted share count 2070", _SHARES, "Montauk Clearing Group, Inc.", 2070, 2071) == "569.7"


def test_lt_and_st_before_what_has_a_term_are_long_and_short_term():
    assert shorthand.spell("LT debt end of 2094") == "long-term debt end of 2094"
    assert shorthand.spell("ST borrowings 2094") == "short-term borrowings 2094"
    assert shorthand.spell("LT 2094") == "LT 2094"


_OPERATIONS = [["WALLKILL DRUG DISTRIBUTORS, INC.", "CONSOLIDATED STATEMENTS OF OPERATIONS",
                "(In millions, except per share amounts)", "Years Ended March 31,", "2071 2070",
                "Revenues $ 98,412 $ 91,530", "Cost of sales (94,284) (87,073)", "Gross profit 4,128 4,457",
                "Operating expenses",
                "Selling, distribution, general, and administrative expenses (2,812) (2,655)",
                "Operating income 1,316 1,802"],
               ["SUPPLEMENTAL DISCLOSURE OF CASH FLOW INFORMATION", "Years Ended March 31,", "2071 2070",
                "Cash and cash equivalents at end of period $ 673 $ 616", "Cash paid for:", "Interest $ 372 $ 391",
                "Income taxes, net of refunds $ 688 $ 604"]]


@pytest.mark.parametrize("question, year, expect", [
    ("SG&A 2070", 2070, "(2,655)"),
    ("interest paid FY71", 2071, "372"),
    ("cash paid for interest 2070", 2070, "391"),
    ("cash taxes paid FY71", 2071, "688"),
    ("cash 2071", 2071, "673"),
])
def test_another_function_inside_sga_and_the_items_listed_under_cash_paid_for(question, year, expect):
    assert _answer(question, _OPERATIONS, "Wallkill Drug Distributors, Inc.", year, 2071) == expect


@pytest.mark.parametrize("name, person", [
    ("Ragnheiður Bergsveinsdóttir", True), ("Ásthildur Magnúsdóttir", True), ("Martha N. Iipinge", True),
    ("John Smith", True), ("Board Member", False), ("Chief Executive", False)])
def test_a_persons_name_in_any_latin_letters_is_a_name(name, person):
    from pipeline.answer.people import is_person

    assert is_person(name) is person


@pytest.mark.parametrize("name, firm", [
    ("Brekkan Endurskoðun ehf.", True), ("Badaracco, Irigoyen & Asociados", True), ("Hollis & Associates", True),
    ("Dyrfjöll Ferðaþjónusta hf.", False),          # (a listed Icelandic company's form, never an audit firm's)
    ("Ragnheiður Bergsveinsdóttir", False)])
def test_an_audit_firm_in_icelandic_or_as_associates_is_a_firm(name, firm):
    from pipeline.answer.people import is_firm

    assert is_firm(name) is firm


def test_a_financial_director_is_the_chief_financial_officer_asked():
    from pipeline.answer.role_asked import ROLES
    import re

    cfo = dict(ROLES)["chief financial officer"]
    assert re.search(cfo, "Martha N. Iipinge - Financial Director", re.I)
    assert not re.search(cfo, "Ndapewa M. Shikongo - Independent non-executive Chairperson", re.I)


_EU_BALANCE = [["AS KÕRVEKÜLA MAJAD", "Consolidated statement of financial position", "in thousands of euros Note 31.12.2071 31.12.2070",
                "LIABILITIES AND EQUITY", "Current liabilities", "Borrowings 20 9,412 11,206",
                "Lease liabilities 18 1,118 1,206", "Total current liabilities 10,530 12,412",
                "Non-current liabilities", "Borrowings 20 22,118 24,806", "Lease liabilities 18 3,206 3,884",
                "Total non-current liabilities 25,324 28,690", "Total liabilities 35,854 41,102"]]


@pytest.mark.parametrize("question, expect", [
    ("long-term borrowings 2070", "24,806"), ("noncurrent borrowings 2070", "24,806"),
    ("LT borrowings 2070", "24,806"), ("current borrowings 2070", "11,206"),
    ("borrowings 2070", None),          # (printed for both sides, no total: the question says neither)
    ("lease liabilities 2070", None),
])
def test_long_term_is_the_non_current_side_and_a_line_printed_on_both_sides_needs_its_side(question, expect):
    assert _answer(question, _EU_BALANCE, "AS Kõrveküla Majad", 2070, 2071) == expect


def test_a_ticker_after_the_words_under_the_symbol_in_quotes_is_learned_from_a_sentence_of_the_companys_shares():
    from ingest.aliases import learn

    pages = ["Tantallon Bean Co. Inc. Annual Report 2071",
             "1. NATURE OF BUSINESS\nTantallon Bean Co. Inc. (the \u201cCompany\u201d) is incorporated under the "
             "Canada Business Corporations Act. The common shares of the Company are listed on the Toronto Stock "
             "Exchange under the symbol \u2018TBN\u2019. Its head office is in Vancouver."]
    got = [n.name for n in learn(pages, names=["Tantallon Bean", "Tantallon Bean Co. Inc."]) if n.kind == "ticker"]
    assert got == ["TBN"]
    other = ["Tantallon Bean Co. Inc. Annual Report 2071",
             "The common shares of Kelso Mills Ltd., our supplier, are listed on the TSX under the symbol \u2018KML\u2019."]
    assert [n.name for n in learn(other, names=["Tantallon Bean", "Tantallon Bean Co. Inc."]) if n.kind == "ticker"] == []


def test_eps_dil_is_diluted_eps():
    assert shorthand.spell("OFX EPS dil FY22") == "OFX EPS diluted FY22"
    assert shorthand.spell("dil. EPS FY22") == "diluted EPS FY22"
    assert shorthand.spell("the dil effect") == "the dil effect"


def test_a_percent_sign_after_a_change_between_two_named_years_is_how_it_is_wanted_not_a_rows_word():
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.figure_ask import read_ask
    from pipeline.question.lexicon import get_lexicon

    def hard(q):
        metric = get_lexicon().find(q)
        return read_ask(q, QuestionFacts(text=q, companies=[], years=[2071], metrics=metric),
                        metric[0] if metric else None).hard

    assert "%" not in hard("NPAT growth FY71 vs FY70 %")
    assert "%" in hard("Loan growth % in 2071")          # (a printed growth rate's row may be asked)


def test_a_later_name_word_english_uses_names_no_company_so_a_segment_keeps_it():
    from pipeline.question.registry import Company, Registry

    reg = Registry(companies=[Company(key="m", name="Monocacy Linen & Uniform Services", aliases=()),
                              Company(key="k", name="Kuiseb Bay Fishing Holdings", aliases=())])
    assert reg.spell_out("Healthcare Linen segment operating margin for FY93?") == \
        "Healthcare Linen segment operating margin for FY93?"
    assert reg.spell_out("Kuiseb revenue FY93") == "Kuiseb Bay Fishing Holdings revenue FY93"


def test_a_row_of_two_columns_never_joins_figures_of_different_orders_into_one():
    from pipeline.reading.spaced_thousands import read

    lines = read(["N$'000 Notes 2071 2070", "Revenue 3 1 612 418 1 498 806", "Cost of sales (1 148 806) (1 052 412)",
                  "Odd row 1 612 418 1 498 806 121 218 104 236"])
    assert "Revenue 3 1612418 1498806" in lines
    assert not any(len(tok) > 9 for ln in lines for tok in ln.split() if tok.isdigit())


@pytest.mark.parametrize("heading, row, kind", [
    ("Weighted-average common shares outstanding for earnings per share", "Diluted 566.8 569.7", "count"),
    ("Weighted-average shares outstanding and net income per share:", "Diluted 0.69 0.61", "per_share"),
    ("Weighted-average common shares outstanding for earnings per share", "Diluted $ 0.69 $ 0.61", "per_share"),
    # (a heading stating its own counts heads no count rows by this rule)
    ("Number of shares: 31,214,212 shares issued and 3,100,000 shares in treasury", "Diluted 566.8 569.7", "money"),
])
def test_a_share_count_heading_makes_counts_only_of_rows_that_are_counts(heading, row, kind):
    pages = [["HALLOWAY TOYS, INC.", "CONSOLIDATED STATEMENTS OF INCOME", "(In millions, except per share amounts)",
              "Year Ended December 31, 2071 2070", "Net income 412 380", heading, row]]
    facts = [f for f in company_facts(pages, "Halloway Toys, Inc.", 2071) if f.label == "Diluted"]
    assert facts and {f.kind for f in facts} == {kind}


def test_profit_before_interest_and_tax_is_the_printed_ebit_line():
    pages = [["BRAMWELL FOODS PLC", "CONSOLIDATED INCOME STATEMENT", "for the year ended 31 March 2071",
              "Notes 2071 2070 £m £m", "Revenue 2 1,204.6 1,118.2", "Operating profit 300.4 280.1",
              "Share of profit of joint ventures 71.6 62.0", "Profit before interest and tax 372.0 342.1",
              "Net finance costs (40.2) (38.8)", "Profit before tax 331.8 303.3"]]
    assert _answer("EBIT FY71", pages, "Bramwell Foods plc", 2071, 2071) == "372.0"


@pytest.mark.parametrize("question", ["Taiwan Semiconductor Manufacturing Co., LTD net income 2094",
                                      "infosys LTD revenue", "3i LTD revenue", "net debt / LTD"])
def test_ltd_after_a_name_or_anything_but_a_measures_lead_word_stays_as_typed(question):
    assert shorthand.spell(question) == question


def test_ltd_is_kept_when_it_is_a_word_of_the_company_named():
    assert shorthand.spell("What was LTD revenue in 2094?", {"ltd"}) == "What was LTD revenue in 2094?"


def test_a_later_name_word_beside_another_capitalised_word_names_another_entity():
    from pipeline.question.registry import Company, Registry

    reg = Registry(companies=[Company(key="s", name="Sociedad Quimica y Minera de Chile", aliases=()),
                              Company(key="y", name="Yerbatera Misiones", aliases=()),
                              Company(key="n", name="Compañía Yerbatera Ñandubay", aliases=()),
                              Company(key="p", name="Portuaria Caleta Coliumo", aliases=())])
    assert reg.spell_out("Did Minera Escondida pay a dividend?") == "Did Minera Escondida pay a dividend?"
    assert reg.spell_out("Yerbatera revenue") == "Yerbatera Misiones revenue"     # (another's first word stays its)
    assert reg.spell_out("Caleta Coliumo revenue") == "Portuaria Caleta Coliumo revenue"


def test_dividends_received_by_shareholders_are_the_dividends_paid():
    assert _answer("dividends received by shareholders FY71", _DIVIDEND_FLOWS, "Kafue Mills PLC", 2071, 2071) == \
        "(40,200)"


@pytest.mark.parametrize("sentence, question, denied", [
    ("The Group was in compliance with all loan covenants and no waivers were required.",
     "Did it breach any loan covenants?", True),
    ("The Group breached its leverage covenant; the lenders have not waived it.",
     "Was it in compliance with its covenants?", True),
    ("The Group was in compliance with all covenants other than the interest cover covenant.",
     "Did it breach any covenants?", False),
    ("There was no breach of covenants during the year.", "Was it in compliance with its covenants?", False),
])
def test_a_negation_elsewhere_in_the_sentence_does_not_turn_compliance_into_a_breach(sentence, question, denied):
    from pipeline.answer.negation import denies

    assert denies(sentence, question) is denied


def test_a_banks_bare_contingent_liabilities_heading_still_heads_its_memorandum_rows():
    from pipeline.reading.memo_lines import note_pointer

    assert not note_pointer("Contingent liabilities", [], "balance")
    assert note_pointer("Commitments and contingencies", [], "balance")


_GROUP_COMPANY = [["OKE-ODO BREWERIES PLC", "Consolidated and Separate Statements of Profit or Loss",
                   "For the year ended 31 December 2071", "Group Company", "Notes 2071 2070 2071 2070",
                   "₦'000 ₦'000 ₦'000 ₦'000", "Revenue 7 412,815,240 348,620,915 368,240,615 312,480,240",
                   "Profit before minimum tax and income tax 30,544,370 27,118,040 26,692,705 24,118,615"]]


@pytest.mark.parametrize("question, expect", [
    ("profit before minimum tax and income tax, company, 2071", "26,692,705"),
    ("revenue (company) 2071", "368,240,615"),
    ("revenue, Company, 2071", "368,240,615"),
    ("revenue 2071", "412,815,240"),
    ("company revenue 2071", None),                  # (either column: refused, naming both)
])
def test_a_company_column_tag_set_apart_by_commas_or_brackets_asks_the_parents_column(question, expect):
    assert _answer(question, _GROUP_COMPANY, "Oke-Odo Breweries Plc", 2071, 2071) == expect
