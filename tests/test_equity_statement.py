"""Statements of changes in equity read into facts where the reading is certain (made-up companies): the title
recognised, each movement's total column with the period of its block, closing balances as levels, and a cell
whose column or period cannot be told not stored."""
from __future__ import annotations

from pathlib import Path

from ingest.pdf import read_pages
from pipeline.question.figure_ask import read_ask
from pipeline.retrieval.fact_match import FactMatch, NoMatch, choose
from pipeline.question.analysis import QuestionFacts
from pipeline.question.lexicon import get_lexicon
from pipeline.question.registry import Company
from pipeline.reading.facts import extract
from pipeline.reading.statement_titles import detect_title
from pipeline.reading.tables import parse_page
from pipeline.stores.facts import StoredFact
from tests.pdfs import write_pdf

# A made-up US filer: its income statement dates the fiscal year; its equity statement prints share counts as
# columns of their own and leaves blank cells unprinted (so most rows print fewer figures than there are columns).
US_INCOME = [
    "Tarnwick Instruments, Inc.",
    "Consolidated Statements of Operations",
    "(in thousands, except per share data)",
    "Year Ended December 31, 2023 December 31, 2022",
    "Revenue 412,300 388,410",
    "Net income 41,220 36,905",
]
US_CASH = [
    "Tarnwick Instruments, Inc.",
    "Consolidated Statements of Cash Flows",
    "(in thousands)",
    "Year Ended December 31, 2023 December 31, 2022",
    "Net income 41,220 36,905",
    "Stock-based compensation 6,410 5,877",
    "Purchases of treasury stock (12,000) (9,500)",
    "Net cash used in financing activities (18,750) (13,870)",
]
US_EQUITY = [
    "Tarnwick Instruments, Inc.",
    "Consolidated Statements of Changes in Stockholders' Equity",
    "(in thousands, except share data)",
    "Common Stock Additional Retained Treasury Stock Total",
    "Shares Amount Paid-in Capital Earnings Shares Amount Stockholders' Equity",
    "Balance at December 31, 2021 24,310,000 $ 243 $ 101,500 $ 210,880 1,200,000 $ (30,100) $ 282,523",
    "Net income 36,905 36,905",
    "Stock-based compensation 5,877 5,877",
    "Issuance of common stock under employee plans 95,000 1 2,310 2,311",
    "Repurchases of common stock 310,000 (9,500) (9,500)",
    "Cash dividends declared ($0.20 per share) (4,601) (4,601)",
    "Balance at December 31, 2022 24,405,000 $ 244 $ 109,687 $ 243,184 1,510,000 $ (39,600) $ 313,515",
    "Net income 41,220 41,220",
    "Stock-based compensation 6,410 6,410",
    "Issuance of common stock under employee plans 102,000 1 2,655 2,656",
    "Repurchases of common stock 380,000 (12,000) (12,000)",
    "Cash dividends declared ($0.24 per share) (5,498) (5,498)",
    "Balance at December 31, 2023 24,507,000 $ 245 $ 118,752 $ 278,906 1,890,000 $ (51,600) $ 346,303",
    "See accompanying notes to consolidated financial statements.",
]

# A made-up UK group under IFRS: two year blocks, the prior year first, a parent-attributable subtotal beside the
# non-controlling interests, the dividend printed only here (its cash-flow statement nets it into financing).
UK_BALANCE = [
    "Merrowdene Holdings plc",
    "Consolidated statement of financial position",
    "as at 31 December 2023",
    "2023 2022",
    "£000 £000",
    "Total assets 96,410 88,214",
    "Total equity 61,490 57,905",
]
UK_EQUITY = [
    "Merrowdene Holdings plc",
    "Consolidated statement of changes in equity",
    "for the year ended 31 December 2023",
    "Share Share Retained Non-controlling Total",
    "capital premium earnings Total interests equity",
    "£000 £000 £000 £000 £000 £000",
    "At 1 January 2022 5,000 12,400 37,880 55,280 1,210 56,490",
    "Profit for the year - - 4,105 4,105 230 4,335",
    "Dividends paid - - (2,950) (2,950) - (2,950)",
    "Dividends paid to non-controlling interests - - - - (120) (120)",
    "Shares issued 50 100 - 150 - 150",
    "At 31 December 2022 5,050 12,500 39,035 56,585 1,320 57,905",
    "Profit for the year - - 6,020 6,020 260 6,280",
    "Dividends paid - - (3,150) (3,150) - (3,150)",
    "Dividends paid to non-controlling interests - - - - (140) (140)",
    "Share-based payments - - 595 595 - 595",
    "At 31 December 2023 5,050 12,500 42,500 60,050 1,440 61,490",
]

# A made-up Australian company printing the current year's block first, then the prior year's.
AU_EQUITY = [
    "Quandong Minerals Limited",
    "Statement of Changes in Equity",
    "for the year ended 30 June 2024",
    "Issued capital Reserves Accumulated losses Total equity",
    "$ $ $ $",
    "Balance at 1 July 2023 18,400,000 620,000 (9,310,000) 9,710,000",
    "Loss after income tax for the year - - (1,845,000) (1,845,000)",
    "Shares issued 2,500,000 - - 2,500,000",
    "Share-based payments - 140,000 - 140,000",
    "Balance at 30 June 2024 20,900,000 760,000 (11,155,000) 10,505,000",
    "Balance at 1 July 2022 16,100,000 540,000 (7,990,000) 8,650,000",
    "Loss after income tax for the year - - (1,320,000) (1,320,000)",
    "Shares issued 2,300,000 - - 2,300,000",
    "Share-based payments - 80,000 - 80,000",
    "Balance at 30 June 2023 18,400,000 620,000 (9,310,000) 9,710,000",
]
AU_BALANCE = [
    "Quandong Minerals Limited",
    "Statement of Financial Position",
    "as at 30 June 2024",
    "30 June 2024 30 June 2023",
    "Total assets 12,080,000 11,150,000",
]


def _facts(pages: list[list[str]]) -> list[StoredFact]:
    texts = ["\n".join(p) for p in pages]
    return [StoredFact(id=i, doc_id="d", company="", doc_type="ANNUAL", doc_fiscal_year=0, page=f.page,
                       line_no=f.line_no, table_title=f.table_title, statement=f.statement, secondary=f.secondary,
                       label=f.label, label_path=f.label_path, column_header=f.column_header,
                       fiscal_year=f.fiscal_year, span=f.span, qualifiers=f.qualifiers, value_printed=f.value_printed,
                       value=f.value, scale=f.scale, kind=f.kind, currency=f.currency)
            for i, f in enumerate(extract(texts, 0, "ANNUAL"))]


def _equity(facts, label, year):
    return [f.value_printed for f in facts if f.statement == "equity" and f.label == label and f.fiscal_year == year]


def _answer(question: str, facts: list[StoredFact], company: str, year: int):
    metrics = get_lexicon().find(question)
    qf = QuestionFacts(text=question, companies=[Company(key="k", name=company)], years=[year], metrics=metrics)
    ask = read_ask(question, qf, metrics[0] if metrics else None)
    return choose(ask, [f for f in facts if f.fiscal_year == year], ["d"])


def test_equity_statement_titles_are_their_own_kind():
    for title in ["Consolidated Statement of Changes in Equity", "CONSOLIDATED STATEMENTS OF SHAREHOLDERS’ EQUITY",
                  "Consolidated Statements of Stockholders' Equity (Deficit)", "Group statement of changes in equity",
                  "Statement of Changes in Stockholders' (Deficit) Equity (continued)", "Consolidated Statements of Equity",
                  "Consolidated Statements of Redeemable Convertible Preferred Stock and Stockholders’ Equity",
                  "Consolidated Statement of Chang es in Equity"]:
        assert detect_title([title])[1] == "equity", title
    assert detect_title(["Consolidated statement of comprehensive income"])[1] == "income"
    assert detect_title(["Total equity"])[1] is None
    # a second statement on the page starts below its title
    page = parse_page("\n".join(UK_BALANCE + UK_EQUITY[1:]))
    assert {r.statement for r in page.rows if r.label == "Total equity"} == {"balance"}
    assert {r.statement for r in page.rows if r.label.startswith("Dividends paid")} == {"equity"}


def test_us_layout_with_share_count_columns_reads_the_total_column():
    facts = _facts([US_INCOME, US_CASH, US_EQUITY])
    assert _equity(facts, "Cash dividends declared ($0.24 per share)", 2023) == ["(5,498)"]
    assert _equity(facts, "Cash dividends declared ($0.20 per share)", 2022) == ["(4,601)"]
    # the share counts (95,000; 310,000) are columns of their own, never the total
    assert _equity(facts, "Issuance of common stock under employee plans", 2023) == ["2,656"]
    assert _equity(facts, "Repurchases of common stock", 2022) == ["(9,500)"]
    assert _equity(facts, "Balance at December 31, 2023", 2023) == ["346,303"]
    assert _equity(facts, "Balance at December 31, 2021", 2021) == ["282,523"]
    div = next(f for f in facts if f.statement == "equity" and f.label.startswith("Cash dividends declared")
               and f.fiscal_year == 2023)
    assert div.kind == "money" and div.scale == "thousand" and div.column_header.startswith("Total")
    # a matrix row is never read as a year column
    assert not [f for f in facts if f.statement == "equity" and f.value_printed in ("95,000", "310,000", "36,905")
                and f.fiscal_year == 2023]


def test_other_statements_answer_first_and_the_equity_statement_what_only_it_prints():
    facts = _facts([US_INCOME, US_CASH, US_EQUITY])
    hit = _answer("What was Tarnwick's net income in FY2023?", facts, "Tarnwick", 2023)
    assert isinstance(hit, FactMatch) and hit.fact.statement == "income"
    hit = _answer("What was Tarnwick's stock-based compensation in FY2023?", facts, "Tarnwick", 2023)
    assert isinstance(hit, FactMatch) and hit.fact.statement == "cash_flow"
    hit = _answer("What were Tarnwick's dividends declared in FY2023?", facts, "Tarnwick", 2023)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(5,498)" and hit.fact.statement == "equity"
    # named, the equity statement answers before the others
    hit = _answer("Net income in Tarnwick's statement of stockholders' equity for FY2023?", facts, "Tarnwick", 2023)
    assert isinstance(hit, FactMatch) and hit.fact.statement == "equity" and hit.fact.value_printed == "41,220"


def test_ifrs_two_year_blocks_prior_year_first_with_a_parent_subtotal():
    facts = _facts([UK_BALANCE, UK_EQUITY])
    # the total equity column (after the parent's subtotal and the non-controlling interests), per block
    assert _equity(facts, "Dividends paid", 2022) == ["(2,950)"]
    assert _equity(facts, "Dividends paid", 2023) == ["(3,150)"]
    assert _equity(facts, "Profit for the year", 2023) == ["6,280"]
    assert _equity(facts, "Share-based payments", 2023) == ["595"]
    assert _equity(facts, "Shares issued", 2022) == ["150"]
    assert _equity(facts, "Shares issued", 2023) == []
    assert _equity(facts, "At 31 December 2022", 2022) == ["57,905"]
    hit = _answer("What dividends did Merrowdene pay to shareholders in FY2023?", facts, "Merrowdene", 2023)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(3,150)", hit
    # total equity stays the balance sheet's
    hit = _answer("What was Merrowdene's total equity at the end of FY2023?", facts, "Merrowdene", 2023)
    assert isinstance(hit, FactMatch) and hit.fact.statement == "balance" and hit.fact.value_printed == "61,490"


def test_current_year_block_first():
    facts = _facts([AU_BALANCE, AU_EQUITY])
    assert _equity(facts, "Shares issued", 2024) == ["2,500,000"]
    assert _equity(facts, "Shares issued", 2023) == ["2,300,000"]
    assert _equity(facts, "Share-based payments", 2023) == ["80,000"]
    assert _equity(facts, "Balance at 30 June 2024", 2024) == ["10,505,000"]
    # "Balance at 1 July 2023" is the 30 June 2023 balance printed again: one level for FY2023, not a FY2024 one
    assert _equity(facts, "Balance at 1 July 2023", 2024) == []
    hit = _answer("What was the amount of shares issued by Quandong Minerals in FY2024?", facts, "Quandong Minerals", 2024)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,500,000"


def test_a_cell_that_cannot_be_placed_is_not_stored():
    page = [
        "Pellworth Foods Inc.",
        "Consolidated Statements of Shareholders' Equity",
        "(in millions)",
        "Common Retained Accumulated other Total",
        "stock earnings comprehensive loss equity",
        "Balance at December 31, 2022 $ 410 $ 2,905 $ (318) $ 2,997",
        "Net income 377 377",
        # a transfer between components: the total column is blank, the figures are components'
        "Reclassification of stranded tax effects (22) 22",
        # a note reference before the figures: they add up no way, so no figure of it is stored
        "Other comprehensive loss 14 (41) (41)",
        # figures that add up in no place they could stand
        "Share-based compensation 31 31 31",
        "Balance at December 31, 2023 $ 441 $ 3,260 $ (359) $ 3,342",
    ]
    facts = _facts([US_INCOME, page])
    assert _equity(facts, "Net income", 2023) == ["377"]
    for label in ("Reclassification of stranded tax effects", "Other comprehensive loss", "Share-based compensation"):
        assert _equity(facts, label, 2023) == [], label
    # a span that is not a year (an adjusted opening balance the day after the closing one) dates no movement
    adjusted = [
        "Pellworth Foods Inc.",
        "Consolidated Statements of Shareholders' Equity",
        "Common stock Retained earnings Total equity",
        "Balance at December 31, 2022 410 2,905 3,315",
        "Adoption of new accounting standard (15) (15)",
        "Balance at January 1, 2023 410 2,890 3,300",
        "Net income 377 377",
        "Balance at December 31, 2023 410 3,267 3,677",
    ]
    facts = _facts([US_INCOME, adjusted])
    assert _equity(facts, "Adoption of new accounting standard", 2023) == []
    assert _equity(facts, "Adoption of new accounting standard", 2022) == []
    assert _equity(facts, "Net income", 2023) == ["377"]
    # the adjusted opening balance is not the FY2022 closing level: neither is stored for FY2022
    assert not [f for f in facts if f.statement == "equity" and f.fiscal_year == 2022 and f.label.startswith("Balance")]


def test_generated_report_read_end_to_end(tmp_path: Path):
    pdf = write_pdf(tmp_path / "merrowdene.pdf", [UK_BALANCE, UK_EQUITY])
    facts = _facts([p.splitlines() for p in read_pages(pdf)])
    assert _equity(facts, "Dividends paid", 2023) == ["(3,150)"]
    assert _equity(facts, "At 31 December 2023", 2023) == ["61,490"]
    hit = _answer("What were Merrowdene's dividends paid in FY2022?", facts, "Merrowdene", 2022)
    assert isinstance(hit, FactMatch) and hit.fact.statement == "equity" and hit.fact.value_printed == "(2,950)", hit
    assert isinstance(_answer("What were Merrowdene's dividends paid in FY2021?", facts, "Merrowdene", 2021), NoMatch)


def test_an_accrued_dividend_never_answers_dividends_declared():
    # a supplemental non-cash row of the cash flows: the year-end accrual, not the year's declaration
    cash = US_CASH + ["Supplemental disclosure of non-cash financing activities:",
                      "Dividends declared and not paid 1,470 1,150"]
    facts = _facts([US_INCOME, cash, US_EQUITY])
    for q in ("What were Tarnwick's dividends declared in FY2023?", "What were Tarnwick's cash dividends declared in FY2023?"):
        hit = _answer(q, facts, "Tarnwick", 2023)
        assert isinstance(hit, FactMatch) and hit.fact.statement == "equity" and hit.fact.value_printed == "(5,498)", q
    # with no equity statement read, the accrual is no answer (nor is "declared but unpaid", "payable", "accrued")
    for row in ("Dividends declared and not paid", "Dividends declared but unpaid", "Dividends declared, payable",
                "Dividends declared and accrued"):
        facts = _facts([US_INCOME, US_CASH + [f"{row} 1,470 1,150"]])
        hit = _answer("What were Tarnwick's dividends declared in FY2023?", facts, "Tarnwick", 2023)
        assert isinstance(hit, NoMatch), (row, hit)


# A made-up UK plc whose wide equity statement is split over facing pages: the titled page prints the share capital
# columns and their subtotal only, which sums its columns just as total equity does.
SPLIT_INCOME = ["Corriemoor Energy plc", "Consolidated statement of comprehensive income",
                "for the year ended 31 March 2023", "2023 2022", "£ £",
                "Revenue 1,204,000 998,000", "Loss for the year (412,000) (388,000)"]
SPLIT_BALANCE = ["Corriemoor Energy plc", "Consolidated statement of financial position", "as at 31 March 2023",
                 "2023 2022", "£ £", "Total assets 2,950,000 3,108,000", "Total equity 610,000 1,002,000"]
SPLIT_LEFT = ["Corriemoor Energy plc", "Consolidated statement of changes in equity", "for the year ended 31 March 2023",
              "Share Share Total share", "capital premium capital", "£ £ £",
              "At 1 April 2021 500,000 2,100,000 2,600,000",
              "Shares issued on exercise of options 20,000 80,000 100,000",
              "Shares issued for cash 50,000 450,000 500,000",
              "At 31 March 2022 570,000 2,630,000 3,200,000",
              "Shares issued on exercise of options 10,000 40,000 50,000",
              "At 31 March 2023 580,000 2,670,000 3,250,000"]
SPLIT_RIGHT = ["Share-based Accumulated Total", "payment reserve losses equity",
               "150,000 (1,900,000) 850,000", "(60,000) - 40,000", "- - 500,000",
               "90,000 (2,288,000) 1,002,000", "(30,000) - 20,000", "60,000 (2,700,000) 610,000"]


def test_a_component_subtotal_of_a_split_statement_is_not_its_total():
    facts = _facts([SPLIT_INCOME, SPLIT_BALANCE, SPLIT_LEFT, SPLIT_RIGHT])
    # its closing balance (3,250,000) is not the balance sheet's total equity (610,000): nothing of the page is kept
    assert not [f for f in facts if f.statement == "equity"]
    hit = _answer("What were Corriemoor's shares issued on exercise of options in FY2023?", facts, "Corriemoor", 2023)
    assert not (isinstance(hit, FactMatch) and hit.fact.value_printed == "50,000"), hit
    # no balance sheet to check it against: the header's last total names no equity, so nothing is kept either
    facts = _facts([SPLIT_INCOME, SPLIT_LEFT, SPLIT_RIGHT])
    assert not [f for f in facts if f.statement == "equity"]
    # a page printing the whole statement agrees with the balance sheet and is kept
    whole = SPLIT_LEFT[:3] + ["Share Share Share-based Accumulated Total", "capital premium payment reserve losses equity",
                              "At 1 April 2021 500,000 2,100,000 150,000 (1,900,000) 850,000",
                              "Loss for the year - - - (388,000) (388,000)",
                              "Shares issued for cash 50,000 450,000 - - 500,000",
                              "At 31 March 2022 550,000 2,550,000 150,000 (2,288,000) 962,000",
                              "Loss for the year - - - (412,000) (412,000)",
                              "Shares issued on exercise of options 10,000 40,000 (30,000) - 20,000",
                              "At 31 March 2023 560,000 2,590,000 120,000 (2,700,000) 570,000"]
    balance = SPLIT_BALANCE[:-1] + ["Total equity 570,000 962,000"]
    facts = _facts([SPLIT_INCOME, balance, whole])
    assert _equity(facts, "Shares issued on exercise of options", 2023) == ["20,000"]
    # the same page against a balance sheet that disagrees: not kept
    facts = _facts([SPLIT_INCOME, SPLIT_BALANCE, whole])
    assert not [f for f in facts if f.statement == "equity"]


def test_a_parent_subtotal_is_not_total_equity():
    # the titled page ends at the owners' subtotal; the balance sheet prints it beside the NCI and the whole
    left = ["Harrowgate Leisure plc", "Consolidated statement of changes in equity", "for the year ended 31 December 2023",
            "Share Retained Total attributable", "capital earnings to owners", "£000 £000 £000",
            "At 1 January 2023 5,000 37,880 42,880",
            "Profit for the year - 4,105 4,105",
            "Dividends paid - (2,950) (2,950)",
            "At 31 December 2023 5,000 39,035 44,035"]
    balance = ["Harrowgate Leisure plc", "Consolidated statement of financial position", "as at 31 December 2023",
               "2023 2022", "£000 £000", "Total equity attributable to owners 44,035 42,880",
               "Non-controlling interests 1,320 1,210", "Total equity 45,355 44,090"]
    facts = _facts([balance, left])
    assert not [f for f in facts if f.statement == "equity"]


def test_a_sentence_naming_the_statement_starts_none():
    from pipeline.reading.equity import start_line
    from pipeline.reading.equity_title import is_title
    for line in ["The consolidated statement of changes in equity sets out the movements in each reserve.",
                 "Consolidated statement of changes in equity shows that dividends were paid",
                 "Statement of changes in equity on page 84 for the movements"]:
        assert not is_title(line), line
    for line in ["Consolidated Statement of Changes in Equity", "Statement of Changes in Equity (continued)",
                 "CONSOLIDATED STATEMENTS OF SHAREHOLDERS' EQUITY AND COMPREHENSIVE INCOME",
                 "Consolidated Statements of Stockholders' Equity Tarnwick Instruments, Inc. and Subsidiaries",
                 "Statement of Changes in Equity for the year ended 30 June 2024",
                 "Consolidated Statements of Changes in Stockholders' Equity (in thousands, except share data)"]:
        assert is_title(line), line
    # a notes page on reserves citing the statement is no equity statement (its table is no movement of equity)
    note = ["Notes to the financial statements", "24. Other reserves",
            "The consolidated statement of changes in equity sets out the movements in each reserve.",
            "Hedging Translation Total other", "reserve reserve reserves", "£000 £000 £000",
            "At 1 January 2023 120 (340) (220)", "Cash flow hedges 45 - 45", "Exchange differences - (95) (95)",
            "At 31 December 2023 165 (435) (270)"]
    assert start_line(parse_page("\n".join(note))) is None


def test_an_equity_dividend_answers_dividends_paid_only_when_its_label_says_paid():
    # a US statement prints the dividends declared; its row "Cash dividends" is no payment of cash
    equity = [ln.replace("Cash dividends declared ($0.24 per share)", "Cash dividends")
              .replace("Cash dividends declared ($0.20 per share)", "Cash dividends") for ln in US_EQUITY]
    facts = _facts([US_INCOME, US_CASH, equity])
    assert _equity(facts, "Cash dividends", 2023) == ["(5,498)"]
    for q in ("What were Tarnwick's dividends paid in FY2023?", "How much did Tarnwick pay in dividends in FY2023?"):
        hit = _answer(q, facts, "Tarnwick", 2023)
        assert not (isinstance(hit, FactMatch) and hit.fact.statement == "equity"), (q, hit)
    # the cash flows' payment answers it; an IFRS statement's "Dividends paid" row too (Merrowdene, above)
    cash = US_CASH[:-1] + ["Cash dividends paid (5,300) (4,500)", US_CASH[-1]]
    hit = _answer("What were Tarnwick's dividends paid in FY2023?", _facts([US_INCOME, cash, equity]), "Tarnwick", 2023)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(5,300)"


def test_a_wide_statement_row_that_adds_up_no_way_costs_bounded_work(monkeypatch):
    from datetime import date
    from itertools import combinations as real_combinations
    from pipeline.reading import equity
    # 16 columns: four classes of preferred stock with no amount (shares and amount, all dashes), common shares and
    # amount, paid-in capital, retained earnings, other comprehensive loss, treasury stock, minority interest, total
    cols = [["—"] * 8 + ["10,000", "10", "5,000", "3,000", "(200)", "500", "(1,000)", "6,810"],
            ["—"] * 8 + ["10,100", "10", "5,400", "3,500", "(150)", "600", "(1,300)", "7,460"],
            ["—"] * 8 + ["10,300", "11", "5,900", "4,000", "(120)", "700", "(1,600)", "8,191"]]
    s = equity.structure([equity.EquityRow("Balance", v, k, balance=date(2021 + k, 12, 31)) for k, v in enumerate(cols)])
    assert s is not None and s.total == 15
    tried = []

    def counted(items, k):
        for c in real_combinations(items, k):
            tried.append(c)
            yield c
    monkeypatch.setattr(equity, "combinations", counted)
    # a row that adds up: read as before
    assert equity.total_of(equity.EquityRow("Issuance", ["100", "1", "400", "401"], 1), s) == "401"
    tried.clear()
    # eight figures that add up no way: skipped (nothing stored) without trying every placement in 16 columns
    odd = equity.EquityRow("Other", [f"{(j + 1) * 1000 + 7 * j + 1:,}" for j in range(8)], 2)
    assert equity.total_of(odd, s) is None
    assert len(tried) < 1000


def test_the_total_column_is_named_only_from_one_header_line_naming_it_whole():
    # the header's words wrapped over lines and jumbled ("Total" / "Total interests equity"): just "Total"
    uk = next(f for f in _facts([UK_BALANCE, UK_EQUITY]) if f.statement == "equity" and f.label == "Dividends paid"
              and f.fiscal_year == 2023)
    assert uk.column_header == "Total, year ended 31 December 2023"
    # one header line holds "Total equity" whole: its name
    au = next(f for f in _facts([AU_BALANCE, AU_EQUITY]) if f.statement == "equity" and f.label == "Shares issued"
              and f.fiscal_year == 2024)
    assert au.column_header == "Total equity, year ended 30 June 2024"


def test_the_statement_name_blocks_only_the_word_equity():
    lex = get_lexicon()
    # "recognised in equity" says where a movement is booked: its neighbouring term still names the measure
    assert [m.key for m in lex.find("What were the dividends recognised in equity in FY2023?")] == ["dividends_declared"]
    assert [m.key for m in lex.find("What was net income in the statement of shareholders' equity for FY2023?")] == \
        ["net_income"]
    # equity outside the statement's name is still the measure
    assert "total_equity" in [m.key for m in lex.find("What was total equity at the end of FY2023?")]


def test_every_name_of_the_statement_is_read_alike_by_the_lexicon_and_the_figure_question():
    for name in ("statement of shareowners' equity", "statement of members' equity", "statement of changes in equity",
                 "consolidated statement of stockholders’ equity", "equity statement"):
        q = f"What was Tarnwick's net income in its {name} for FY2023?"
        metrics = get_lexicon().find(q)
        assert [m.key for m in metrics] == ["net_income"], name
        qf = QuestionFacts(text=q, companies=[Company(key="k", name="Tarnwick")], years=[2023], metrics=metrics)
        assert read_ask(q, qf, metrics[0]).statement_hint == "equity", name


def test_a_column_of_dashes_is_kept_empty_first_when_placing_a_short_row():
    from datetime import date
    from pipeline.reading import equity
    # a class of preferred stock with no amount: a dash on every full row, so whether the total sums it is unknown
    full = [["—", "410", "1,200", "2,905", "4,515"], ["—", "412", "1,260", "3,282", "4,954"]]
    s = equity.structure([equity.EquityRow("Balance", v, k, balance=date(2022 + k, 12, 31)) for k, v in enumerate(full)])
    assert s is not None and s.total == 4 and s.empty == 1
    # placed beside the dashes, the row adds up one way (10 - 5 = 5 in the total); a figure in the dash column would
    # also let it read as a transfer with the total blank, so without the rule it would not be stored
    assert equity.total_of(equity.EquityRow("Conversion of notes", ["10", "(5)", "5"], 3), s) == "5"
    # two figures that cancel out: a transfer with the total blank however they are placed, never stored
    assert equity.total_of(equity.EquityRow("Reclassification", ["7", "(7)"], 4), s) is None


def test_recognised_is_filler_of_a_figure_question():
    q = "What was the share-based payment expense recognised by Tarnwick in FY2023?"
    metrics = get_lexicon().find(q)
    qf = QuestionFacts(text=q, companies=[Company(key="k", name="Tarnwick")], years=[2023], metrics=metrics)
    ask = read_ask(q, qf, metrics[0] if metrics else None)
    assert not [w for w in [*ask.hard, *ask.soft] if w.startswith("recogn")], ask


def test_opening_closing_and_ending_balance_rows_date_their_blocks():
    page = ["Pellworth Foods Inc.", "Consolidated Statements of Shareholders' Equity", "(in millions)",
            "Common stock Retained earnings Total equity",
            "Opening balance at January 1, 2022 410 2,905 3,315",
            "Net income 340 340",
            "Closing balance at December 31, 2022 410 3,245 3,655",
            "Net income 377 377",
            "Dividends declared (40) (40)",
            "Ending balance, December 31, 2023 410 3,582 3,992"]
    facts = _facts([US_INCOME, page])
    assert _equity(facts, "Net income", 2022) == ["340"]
    assert _equity(facts, "Net income", 2023) == ["377"]
    assert _equity(facts, "Dividends declared", 2023) == ["(40)"]
    assert _equity(facts, "Ending balance, December 31, 2023", 2023) == ["3,992"]


def test_a_52_53_week_year_end_balance_is_a_level():
    income = ["Larchmont Outfitters, Inc.", "Consolidated Statements of Earnings", "($ in millions)",
              "Fiscal Years Ended January 28, 2023 January 29, 2022",
              "Revenue 4,210 3,980", "Net earnings 205 188"]
    page = ["Larchmont Outfitters, Inc.", "Consolidated Statements of Changes in Shareholders' Equity", "($ in millions)",
            "Common stock Retained earnings Total equity",
            "Balances at January 30, 2021 120 1,400 1,520",
            "Net earnings 188 188",
            "Balances at January 29, 2022 120 1,588 1,708",
            "Net earnings 205 205",
            "Balances at January 28, 2023 120 1,793 1,913"]
    facts = _facts([income, page])
    # each year end moves by a day or two: its balance is still that fiscal year's level
    assert _equity(facts, "Balances at January 28, 2023", 2023) == ["1,913"]
    assert _equity(facts, "Balances at January 29, 2022", 2022) == ["1,708"]
    assert _equity(facts, "Net earnings", 2023) == ["205"]


def test_a_balance_sheet_of_year_only_columns_checks_the_equity_statement():
    # the balance sheet's columns print the year alone (no date read); the equity statement's header wraps its
    # column names so that its last "Total" names nothing after it: the check by fiscal year keeps the page
    balance = ["Tarnwick Instruments, Inc.", "Consolidated Balance Sheets", "(in thousands)",
               "2023 2022", "Total assets 512,400 470,310", "Total stockholders' equity 346,303 313,515",
               "Total liabilities and stockholders' equity 512,400 470,310"]
    equity = US_EQUITY[:3] + ["Stockholders' Common Stock Additional Retained Treasury Stock",
                              "Equity Shares Amount Paid-in Capital Earnings Shares Amount Total"] + US_EQUITY[5:]
    facts = _facts([US_INCOME, balance, US_CASH, equity])
    assert _equity(facts, "Cash dividends declared ($0.24 per share)", 2023) == ["(5,498)"]
    # named, the statement's dividend answers a question that does not say paid; "paid" asked, only a paid row
    named = [ln.replace("Cash dividends declared ($0.24 per share)", "Cash dividends") for ln in equity]
    facts = _facts([US_INCOME, balance, US_CASH, named])
    hit = _answer("What were Tarnwick's dividends in its statement of stockholders' equity for FY2023?", facts,
                  "Tarnwick", 2023)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(5,498)", hit
    hit = _answer("What dividends did Tarnwick pay in its statement of stockholders' equity for FY2023?", facts,
                  "Tarnwick", 2023)
    assert not isinstance(hit, FactMatch), hit


def test_the_check_works_when_the_filers_year_end_is_not_read():
    # every statement prints the year alone: no fiscal-year end is read, so the closing balances are the balance rows
    # the movements' years end at
    income = ["Tarnwick Instruments, Inc.", "Consolidated Statements of Operations", "(in thousands)", "2023 2022",
              "Revenue 412,300 388,410", "Net income 41,220 36,905"]
    equity = US_EQUITY[:3] + ["Stockholders' Common Stock Additional Retained Treasury Stock",
                              "Equity Shares Amount Paid-in Capital Earnings Shares Amount Total"] + US_EQUITY[5:]
    for total, kept in (("346,303 313,515", ["(5,498)"]), ("346,000 313,000", [])):
        balance = ["Tarnwick Instruments, Inc.", "Consolidated Balance Sheets", "(in thousands)", "2023 2022",
                   "Total assets 512,400 470,310", f"Total stockholders' equity {total}"]
        facts = _facts([income, balance, equity])
        assert _equity(facts, "Cash dividends declared ($0.24 per share)", 2023) == kept, total


def test_a_dividend_row_stating_its_rate_is_the_amount_and_a_bare_equity_dividend_is_the_declaration():
    # A made-up filer whose equity statement names each dividend by the rate it was paid at, in the two wordings
    # filers use: a parenthesis ("Dividends ($0.24 per share)") and an appended clause ("..., $0.24 per share").
    for row in ("Dividends ($0.24 per share)", "Common stock dividends, $0.24 per share",
                "Dividends on common stock ($0.24 per share) and preferred stock ($0.05 per share)"):
        equity = [ln.replace("Cash dividends declared ($0.24 per share)", row) for ln in US_EQUITY]
        facts = _facts([US_INCOME, US_CASH, equity])
        assert _equity(facts, row, 2023) == ["(5,498)"], row
        for q in ("What were Tarnwick's dividends declared in FY2023?",
                  "What were Tarnwick's dividends in its statement of changes in stockholders' equity for FY2023?"):
            hit = _answer(q, facts, "Tarnwick", 2023)
            assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(5,498)", (row, q, hit)
        # the rate is not the dividend per share's row: a per-share question is not answered with the amount
        hit = _answer("What was Tarnwick's dividend per share in FY2023?", facts, "Tarnwick", 2023)
        assert not isinstance(hit, FactMatch), (row, hit)


def test_a_stated_rate_is_read_off_the_label_in_any_currency_and_a_per_share_row_keeps_its_name():
    from pipeline.question.units import without_stated_rate
    assert without_stated_rate("Final dividend of 5.2p per ordinary share") == "Final dividend"
    assert without_stated_rate("Dividends paid (A$0.10 a share)") == "Dividends paid"
    assert without_stated_rate("Interim dividend 3.5 pence per share") == "Interim dividend"
    # one rate per column of a multi-year statement
    assert without_stated_rate("Dividends ($1.20, $0.90, and $0.60 per common share, respectively).") == "Dividends"
    # no figure: the row is the per-share measure itself
    assert without_stated_rate("Dividends declared per share") == "Dividends declared per share"
    assert without_stated_rate("Cash dividends declared per common share") == "Cash dividends declared per common share"


def test_a_bare_dividends_row_off_the_equity_statement_is_not_a_declaration():
    # "Dividends" in the cash flows is the cash paid; only the statement of changes in equity books the declaration
    metric = get_lexicon().get("dividends_declared")
    assert metric.matches_row("Dividends", "equity")
    assert not metric.matches_row("Dividends", "cash_flow")
    assert not metric.matches_row("Dividends payable", "equity")


def test_a_movement_under_a_loss_row_read_as_its_heading_is_not_called_a_loss():
    # a statement of changes in equity whose dividends row follows "Other comprehensive loss": the reader may take
    # the row above as a heading, and the dividend, printed in brackets, is a reduction of equity, not a loss
    from dataclasses import replace as copy
    from pipeline.answer.wording import shown
    equity = [ln.replace("Cash dividends declared ($0.24 per share)", "Common stock dividends, $0.24 per share")
              for ln in US_EQUITY]
    div = next(f for f in _facts([US_INCOME, US_CASH, equity])
               if f.label.startswith("Common stock dividends") and f.fiscal_year == 2023)
    under = copy(div, label_path="Other comprehensive loss \u203a " + div.label)
    assert shown(under) == "5,498 thousand"
    # off the equity statement a part's loss under its heading is still said ("Operating loss › International")
    part = copy(under, statement="income", label="International", label_path="Operating income (loss) \u203a International")
    assert shown(part) == "a loss of 5,498 thousand"


def test_a_non_controlling_or_preferred_dividend_row_is_not_the_companys_dividend():
    metric = get_lexicon().get("dividends_declared")
    assert metric.matches_row("Dividends to shareholders", "equity")
    for label in ("Dividends to noncontrolling interests", "Dividends to non-controlling interests",
                  "Dividends on preferred stock", "Preferred stock dividends"):
        assert not metric.matches_row(label, "equity"), label
