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
    # (as ingest stores them: the fiscal calendar read from the pages dates each quarter's column)
    facts = [dataclasses.replace(f, company=company)
             for f in stored_facts(["\n".join(p) for p in pages], doc_fy, "ANNUAL", as_ingested=True)]
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
    assert "2,318.40 crore" in money(facts["Revenue from operations"].value, facts["Revenue from operations"])
    assert money(Decimal("2318.4")).endswith("2,318.4")      # a computed amount: no decimals of its own


def test_the_initials_of_a_limited_company_with_its_legal_form_name_it():
    from pipeline.question.name_forms import initials_of as _initials
    from pipeline.question.registry import Company
    # the registered short name without "Limited"; analysts write "TFL" for Tungabhadra Forgings Limited
    limited = Company(key="TF", name="Tungabhadra Forgings", aliases=("Tungabhadra Forgings Limited",))
    assert "TFL" in _initials(limited).split("|")
    assert "NPL" not in _initials(Company(key="NP", name="Nerang Paper", aliases=("Nerang Paper Inc.",))).split("|")
    assert _answer("TFL consolidated profit attributable to owners, FY71?", INDIAN, "Tungabhadra Forgings Limited",
                   2071, 2071) == "205.60"


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


INDIAN_RESULTS = [["KAVERI CASTINGS LIMITED", "CIN: L27100KA2040PLC001234",
                   "STATEMENT OF STANDALONE AUDITED FINANCIAL RESULTS FOR THE QUARTER AND YEAR ENDED 31 MARCH 2081",
                   "(₹ in lakhs, except per share data)",
                   "Particulars Quarter ended Year ended",
                   "31.03.2081 31.12.2080 31.03.2080 31.03.2081 31.03.2080",
                   "(Audited) (Unaudited) (Audited) (Audited) (Audited)",
                   "(Refer Note 3) (Refer Note 3)",
                   "I Revenue from operations 16,418.92 15,815.37 14,906.44 61,612.45 55,406.18",
                   "II Other income 212.40 194.18 201.27 841.06 715.83",
                   "III Total income (I + II) 16,631.32 16,009.55 15,107.71 62,453.51 56,122.01",
                   "XI Total comprehensive income for the period 1,220.22 824.79 940.20 4,581.44 3,863.16",
                   "XIV Earnings per share (of ₹2 each) (not annualised for the quarters)",
                   "(a) Basic (₹) 1.46 0.97 1.07 5.60 4.65"],
                  ["KAVERI CASTINGS LIMITED",
                   "STATEMENT OF CONSOLIDATED AUDITED FINANCIAL RESULTS FOR THE QUARTER AND YEAR ENDED 31 MARCH 2081",
                   "(₹ in lakhs, except per share data)",
                   "Particulars Quarter ended Year ended",
                   "31.03.2081 31.12.2080 31.03.2080 31.03.2081 31.03.2080",
                   "I Revenue from operations 17,184.15 16,428.06 15,150.38 64,845.12 58,058.17"]]


def test_a_results_statement_with_quarter_and_year_columns_answers_each_period():
    # the year's column for the year, the quarter's for a quarter: Q4 ends with the year, Q3 three months before
    # (the standalone page is the parent's own: answered when the question says so, never for the group)
    assert _answer("Revenue from operations FY81", INDIAN_RESULTS, "Kaveri Castings", 2081, 2081) == "64,845.12"
    assert _answer("Consolidated revenue from operations Q3 FY81", INDIAN_RESULTS, "Kaveri Castings", 2081,
                   2081) == "16,428.06"
    assert _answer("Standalone revenue from operations FY81", INDIAN_RESULTS, "Kaveri Castings", 2081,
                   2081) == "61,612.45"
    assert _answer("Q4FY81 standalone revenue", INDIAN_RESULTS, "Kaveri Castings", 2081, 2081) == "16,418.92"
    assert _answer("Standalone revenue from operations in 3Q FY81", INDIAN_RESULTS, "Kaveri Castings", 2081,
                   2081) == "15,815.37"
    assert _answer("Standalone basic EPS for the quarter ended March 2080", INDIAN_RESULTS, "Kaveri Castings", 2080,
                   2081) == "1.07"
    assert _answer("Q2 FY81 standalone revenue", INDIAN_RESULTS, "Kaveri Castings", 2081, 2081) is None
    assert _answer("Standalone total income FY80", INDIAN_RESULTS, "Kaveri Castings", 2080, 2081) == "56,122.01"
    facts = stored_facts(["\n".join(INDIAN_RESULTS[0])], 2081, "ANNUAL")     # (its page alone)
    assert facts and all(f.secondary for f in facts)         # the standalone page is the parent's own
    assert not any("Refer" in f.label_path for f in facts)   # the note references belong to the header


QUARTERLY = [["Quarterly overview (unaudited)",
              "DKK million Q1 2094 Q2 2094 Q3 2094 Q4 2094 Q1 2095 Q2 2095 Q3 2095 Q4 2095",
              "Revenue 2,718 2,906 2,884 3,334 2,984 3,206 3,118 3,598",
              "Special items - (48) - (100) (42) (86) (112) (78)"]]


def test_quarter_columns_named_by_their_quarter_answer_only_that_quarter():
    assert _answer("Q4 2095 revenue", QUARTERLY, "Limavady Pumps", 2095, 2095) == "3,598"
    assert _answer("Special items in Q3 2095", QUARTERLY, "Limavady Pumps", 2095, 2095) == "(112)"
    assert _answer("Revenue 2095", QUARTERLY, "Limavady Pumps", 2095, 2095) is None     # no year's column printed


def test_four_dated_quarter_columns_of_one_year_tell_the_quarter_by_place():
    pages = [["CONSOLIDATED STATEMENTS OF OPERATIONS", "Year Ended June 30,", "2071 2070",
              "Total revenues 755,335 680,370", "Net income (loss) 31,450 12,205"],
             ["NOTE 18. QUARTERLY RESULTS OF OPERATIONS (UNAUDITED)", "Fiscal 2071 - Three Months Ended",
              "Sep. 30, Dec. 31, Mar. 31, Jun. 30,", "2070 2070 2071 2071",
              "Total revenues 177,504 185,057 190,344 202,430", "Net income (loss) 4,403 6,919 9,121 11,007"]]
    assert _answer("Net income for the fourth quarter of fiscal 2071", pages, "Tarwin Analytics", 2071,
                   2071) == "11,007"
    assert _answer("Total revenues for the quarter ended March 31, 2071", pages, "Tarwin Analytics", 2071,
                   2071) == "190,344"


GROUP_AND_COMPANY = [["STATEMENTS OF PROFIT OR LOSS", "for the year ended 28 February 2071",
                      "Group 2071 | Group 2070 Restated* | Company 2071 | Company 2070",
                      "Notes R'000 R'000 R'000 R'000",
                      "Revenue 3 8,406,215 7,918,442 304,206 208,118",
                      "Profit for the year 448,587 408,813 227,680 255,846"],
                     ["7. Earnings and headline earnings per share", "Group (R'000) 2071 2070 Restated",
                      "Headline earnings per share (cents) 112.3 99.5",
                      "Dividends per share (cents) 2071 2070",
                      "Dividend cover (times headline earnings) 1.90 1.85"]]


def test_each_column_named_group_or_company_before_its_year_is_read_as_such():
    assert _answer("Group revenue FY71", GROUP_AND_COMPANY, "Umngeni Pharmacy", 2071, 2071) == "8,406,215"
    assert _answer("Profit for the year at the Company (parent-only) level, FY2071?", GROUP_AND_COMPANY,
                   "Umngeni Pharmacy", 2071, 2071) == "227,680"
    assert not any(f.label_path.startswith("Notes") for f in stored_facts(["\n".join(GROUP_AND_COMPANY[0])], 2071,
                                                                          "ANNUAL"))


def test_a_dividend_cover_is_a_multiple_never_a_per_share_amount():
    assert _answer("HEPS FY2071", GROUP_AND_COMPANY, "Umngeni Pharmacy", 2071, 2071) == "112.3"
    cover = [f for f in stored_facts(["\n".join(GROUP_AND_COMPANY[1])], 2071, "ANNUAL") if "cover" in f.label]
    assert cover and all(f.kind == "multiple" for f in cover)


def test_a_year_end_named_by_its_month_alone_is_the_fiscal_year_ending_then():
    from datetime import date
    from pipeline.question.dated_years import remap
    # a filer naming its years by their start: the year ended March 2073 is its FY2072
    assert remap("Profit for the year ended March 2073?", [2073], [(2072, date(2073, 3, 31))]) == [2072]
    assert remap("Revenue in 2073?", [2073], [(2072, date(2073, 3, 31))]) == [2073]


def test_a_cause_of_another_change_does_not_explain_the_asked_thing():
    from pipeline.question.causes import explains
    terms = ["impair", "namibian", "goodwil"]
    assert not explains("Statutory earnings per share grew more slowly, to 99.1 cents, because of the impairment of "
                        "goodwill in Namibia.", terms)
    assert explains("The Namibian goodwill was impaired because of the loss of a public-sector contract.", terms)
    assert explains("The loss of a public-sector contract drove the impairment of Namibian goodwill.", terms)


def test_a_yes_no_direction_is_never_read_off_a_sentence_stating_none():
    from pipeline.answer.trend import direction_unsaid
    q = "Did income from continuing operations grow in fiscal 2071?"
    assert direction_unsaid(q, "The effective tax rate on continuing operations was 24.0% in fiscal 2071 and 24.5% "
                               "in fiscal 2070.")
    assert not direction_unsaid(q, "Income from continuing operations declined 3% to $98.2 million.")


def test_an_early_january_date_closes_the_fiscal_year_before():
    from pipeline.question.periods import fiscal_years_of_early_january
    assert fiscal_years_of_early_january("As of January 3, 2072, there were 1,118 restaurants") == {2071}
    assert fiscal_years_of_early_january("As of January 28, 2072, we had 90 stores") == set()


def test_a_long_heading_closing_on_a_colon_heads_the_per_share_block_below():
    # the US layout: "Earnings per share attributable to X common stockholders:" / "Basic:" / "Continuing operations"
    # / "Discontinued operations" / "Net income" / "Diluted:" / ...
    pages = [["CONSOLIDATED STATEMENTS OF OPERATIONS", "(In thousands, except per share amounts)",
              "Fiscal Year Ended October 1, 2071 October 2, 2070",
              "Income from continuing operations 98,204 106,192", "Net income 79,460 109,408",
              "Earnings per share attributable to Quillback Outdoor Companies, Inc. common stockholders:",
              "Basic:", "Continuing operations $1.78 $1.89", "Discontinued operations (0.36) 0.06",
              "Net income $1.42 $1.95", "Diluted:", "Continuing operations $1.76 $1.87",
              "Discontinued operations (0.35) 0.05", "Net income $1.41 $1.92"]]
    assert _answer("Diluted EPS FY2071", pages, "Quillback Outdoor", 2071, 2071) == "1.41"
    assert _answer("Diluted EPS from continuing operations FY2070", pages, "Quillback Outdoor", 2070, 2071) == "1.87"
    assert _answer("Basic EPS 2071", pages, "Quillback Outdoor", 2071, 2071) == "1.42"


def test_a_cumulative_or_full_year_column_is_never_a_quarter():
    # (from the audit of this stop's change: "Nine months ended" and "Year ended" beside quarters)
    pages = [["CONSOLIDATED STATEMENTS OF INCOME", "Year ended March 31,", "2072 2071", "Net sales 502,800 480,100"],
             ["Quarterly information", "Three months ended Six months ended Nine months ended Year ended",
              "June 30, 2071 September 30, 2071 December 31, 2071 March 31, 2072",
              "Operating income 10,100 21,500 33,000 44,900"]]
    assert _answer("Q3 FY2072 operating income", pages, "Ulladulla Machinery", 2072, 2072) is None
    assert _answer("Operating income for the three months ended December 31, 2071", pages, "Ulladulla Machinery",
                   2072, 2072) is None
    pages[1][1] = "Three months ended Three months ended Three months ended Year ended"
    assert _answer("Q4 FY2072 operating income", pages, "Ulladulla Machinery", 2072, 2072) is None


def test_ni_is_net_income_only_where_it_opens_the_measure():
    assert "net income" in shorthand.spell("NI attributable to common stockholders 2092")
    assert "net income" in shorthand.spell("Acme's NI in 2097")
    for q in ("Revenue in NI 2071", "Revenue from Northern Ireland (NI)", "How much employer NI did it pay?",
              "NI Water revenue"):
        assert "net income" not in shorthand.spell(q), q


def test_an_event_dated_in_early_january_stays_in_its_own_year():
    from pipeline.question.periods import fiscal_years_of_early_january
    assert fiscal_years_of_early_january("On January 4, 2022, we completed the acquisition of Kelpie Aero.") == set()


def test_a_direction_stated_by_another_verb_is_a_direction():
    from pipeline.answer.trend import direction_unsaid
    assert not direction_unsaid("Did it increase its quarterly dividend in 2072?",
                                "In 2072 the Board raised the quarterly dividend to $0.55 per share from $0.50.")


def test_a_cause_clause_first_explains_what_follows_its_comma():
    from pipeline.question.causes import explains
    assert explains("Due to lower commercial airplane deliveries, revenue declined 5% to $62.3 billion.", ["revenu"])
    assert not explains("Due to lower deliveries, operating margin fell to 3%.", ["revenu"])


def test_its_shares_are_the_companys_only_after_a_sentence_about_the_company_itself():
    other = "Kestrel Energy owns 30% of Bayfield Resources Ltd.; its common shares are listed under the symbol BFR."
    parent = "Kestrel Energy is a subsidiary of Boreal Holdings. Its shares trade under the symbol BOR."
    for page in (other, parent):
        assert not [n for n in learn([page], names=["Kestrel Energy"]) if n.kind == "ticker"]


def test_a_change_between_two_month_named_year_ends_keeps_both_years():
    from datetime import date
    from pipeline.question.dated_years import remap
    assert remap("How did revenue change from March 2072 to March 2073?", [2072, 2073],
                 [(2072, date(2073, 3, 31))]) == [2071, 2072]


def test_the_minorities_share_named_as_a_noun_or_a_verb_is_their_line_under_profit_attributable():
    pages = [["STATEMENTS OF PROFIT OR LOSS", "Group 2071 | Group 2070 | Company 2071 | Company 2070",
              "Notes R'000 R'000 R'000 R'000", "Profit for the year 448,587 408,813 227,680 255,846",
              "Profit attributable to:", "Owners of the parent 419,975 383,695 - -",
              "Non-controlling interests 28,612 25,118 - -"]]
    for q in ("NCI share of profit FY2071?", "Minority interest share of profit FY2071", "How much of 2071 profit went "
              "to minorities?", "Profit attributable to non-controlling interests FY2071?"):
        assert _answer(q, pages, "Umngeni Pharmacy", 2071, 2071) == "28,612", q
    assert _answer("Net income FY2071", pages, "Umngeni Pharmacy", 2071, 2071) == "448,587"


def test_fiscal_labels_over_dates_pair_by_position_not_by_calendar_year():
    # a retailer naming its year by the year it starts: "Fiscal 2074" ended February 1, 2075
    from pipeline.reading.columns import header_block
    h = header_block(["Fiscal Year Ended", "Fiscal 2074 Fiscal 2073 Fiscal 2072",
                      "February 1, 2075 February 2, 2074 January 28, 2073", "(52 weeks) (53 weeks) (52 weeks)"])
    assert [(c.year, str(c.end)) for c in h.columns] == [(2074, "2075-02-01"), (2073, "2074-02-02"),
                                                         (2072, "2073-01-28")]
    pages = [["CONSOLIDATED STATEMENTS OF INCOME", "Fiscal Year Ended", "Fiscal 2074 Fiscal 2073 Fiscal 2072",
              "February 1, 2075 February 2, 2074 January 28, 2073", "Net sales $ 4,218,615 $ 4,106,842 $ 3,884,215",
              "Operating income 451,660 465,557 439,200"]]
    assert _answer("Operating income FY2073", pages, "Pawpaw Home Goods", 2073, 2074) == "465,557"


def test_a_dividend_row_for_an_earlier_year_end_is_not_this_years_proposal():
    pages = [["12. Dividends", "2097 2096", "£m £m",
              "Final dividend for the year ended 31 March 2096 of 14.2p (2095: 13.4p) per share 40.6 38.5",
              "Interim dividend for the year ended 31 March 2097 of 7.1p (2096: 6.8p) per share 20.3 19.4"]]
    assert _answer("Proposed final dividend FY97", pages, "Nettlecombe Foods", 2097, 2097) is None
    assert _answer("Final dividend paid in FY97", pages, "Nettlecombe Foods", 2097, 2097) == "40.6"


def test_the_parent_balance_sheet_asked_is_the_parents_column():
    from pipeline.question.whose_figure import asked
    assert asked("Investments in subsidiaries on the parent balance sheet 2088")[0]
    assert not asked("Profit attributable to owners of the parent 2088")[0]


def test_a_cause_of_a_thing_the_paragraph_named_before_explains_it():
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage
    text = ("Segment review\nTasman Retail revenue grew 11.4% but segment results fell to $18.2 million from $21.4 "
            "million. The segment margin declined because of pre-opening costs of 14 new stores and a weaker ringgit.")
    page = Passage(chunk_id=1, doc="KOWHAI_2071_AR", company="Kowhai Holdings", fiscal_year=2071, doc_type="AR",
                   page=9, score=1.0, text=text)
    found = prose.covering(None, analyse("Why did Tasman Retail's profit fall in FY2071?"), [page], 2071)
    assert found is not None and "pre-opening costs" in found.sentence


def test_net_assets_is_no_carrying_amount_net_of_an_allowance():
    # Japanese GAAP: "Total shareholders' equity" asked by name is that subtotal, never "Total net assets"
    pages = [["Consolidated Balance Sheets", "(Millions of yen)", "As of March 31, 2071 As of March 31, 2072",
              "Total liabilities 208,150 224,605", "Net assets", "Shareholders' equity", "Share capital 18,415 18,415",
              "Retained earnings 276,628 297,581", "Total shareholders' equity 308,108 322,596",
              "Accumulated other comprehensive income", "Total accumulated other comprehensive income 21,910 23,175",
              "Non-controlling interests 14,880 15,915", "Total net assets 344,898 361,686",
              "Total liabilities and net assets 553,048 586,291"]]
    assert _answer("Total shareholders' equity as of March 31, 2072", pages, "Hakone Machinery", 2072,
                   2072) == "322,596"


def test_a_columnar_years_adjusted_figures_answer_only_the_adjusted_basis():
    pages = [["Group income statement", "for the 52 weeks ended 28 September 2071",
              "52 weeks ended 28 September 2071 52 weeks ended 29 September 2070",
              "Before Adjusting Before Adjusting", "adjusting items adjusting items",
              "items (note 5) Total items (note 5) Total", "Notes £m £m £m £m £m £m",
              "Revenue 2 1,418.6 - 1,418.6 1,306.4 - 1,306.4",
              "Operating profit 313.6 (79.2) 234.4 258.4 (36.6) 221.8",
              "Profit before tax 171.8 (68.8) 103.0 119.6 (43.2) 76.4"]]
    assert _answer("Adjusted operating profit FY71", pages, "Whinfell Inns", 2071, 2071) == "313.6"
    assert _answer("Underlying PBT FY70", pages, "Whinfell Inns", 2070, 2071) == "119.6"
    assert _answer("Operating profit FY71", pages, "Whinfell Inns", 2071, 2071) == "234.4"
    assert _answer("Total profit before tax 2070", pages, "Whinfell Inns", 2070, 2071) == "76.4"
    # an investment trust's Revenue | Capital | Total columns name no basis before items: no adjusted figure
    trust = [["Statement of Comprehensive Income", "Year ended 31 March 2072 Year ended 31 March 2071",
              "Revenue Capital Total Revenue Capital Total", "Notes £'000 £'000 £'000 £'000 £'000 £'000",
              "Net return before taxation 1,310 (11,734) (10,424) 1,073 26,747 27,820"]]
    assert _answer("Adjusted net return before taxation 2072", trust, "Brathay Trust", 2072, 2072) is None


def test_a_sentence_referring_back_is_still_read_for_its_own_cause():
    # the paragraph before names what it explains, and may hold another cause ("... due to ...") of its own
    from pipeline.question.causes import explains
    before = "Tasman Retail revenue grew 11.4% due to new stores, but segment results fell to $18.2 million."
    sentence = "The segment margin declined because of pre-opening costs of 14 new stores."
    assert explains(sentence, ["tasman", "retail"], before)
    assert not explains(sentence, ["tasman", "retail"])
