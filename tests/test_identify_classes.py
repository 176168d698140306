"""Each class of wrong identification, on made-up companies in generated PDFs (or page texts where a glyph is not in
the PDF core fonts): where a report names itself, what is never a company, period from statement headings,
currency and scale per statement, and a report whose company cannot be read still ingested (flagged)."""
from pathlib import Path

from ingest.documents import NOT_DETECTED, describe
from ingest.entity import plausible, reporting_entity
from ingest.identify import identify
from ingest.pdf import read_pages
from pipeline.reading.facts import extract
from pipeline.question.registry import Registry
from tests.pdfs import write_pdf

PROSE = ("The Group. The Group continued to invest. The Bank Limited facility was renewed and the Business grew. "
         "Services were provided to the Parent. The Pty Ltd subsidiaries are listed in note 30.")


def _pdf(tmp_path: Path, pages: list[list[str]], name: str = "a1b2c3d4e5f6.pdf") -> list[str]:
    return read_pages(write_pdf(tmp_path / name, pages))


def _empty_registry() -> Registry:
    return Registry([])


def test_directors_report_names_the_company_not_a_sentence_fragment(tmp_path):
    pages = _pdf(tmp_path, [
        ["Annual Report 2031", "Building for the long term"],
        ["Chair's letter", PROSE[:90], PROSE[90:]],
        ["Directors' Report", "The directors present their report on Quokka Minerals Limited and its controlled",
         "entities for the year ended 30 June 2031.", PROSE[:90]],
        ["Consolidated Statement of Profit or Loss", "for the year ended 30 June 2031", "Note 2031 2030",
         "$ $", "Revenue 1,234,567 1,000,000", "Expenses (234,567) (200,000)"]])
    i = identify(pages)
    assert i.legal_name == "Quokka Minerals Limited" and i.company == "Quokka Minerals"
    assert i.sources["company"]["page"] == 3 and i.confidence["company"] in ("medium", "high")


def test_auditors_report_names_the_company_and_the_auditor_is_never_it(tmp_path):
    pages = _pdf(tmp_path, [
        ["Strategic report", "Our year in numbers"],
        ["Independent auditor's report to the members of Tarnwick Holdings plc",
         "Report on the audit of the financial statements of Tarnwick Holdings plc",
         "Opinion: in our opinion the financial statements give a true and fair view.",
         "Brightmoor Audit Services LLP", "Chartered Accountants and Statutory Auditor", "London"],
        ["Brightmoor Audit Services LLP", "Chartered Accountants", "2 April 2032"],
        ["Consolidated income statement", "for the year ended 31 December 2031", "Note 2031 2030",
         "GBP000 GBP000", "Revenue 12,345 11,000"]])
    ent = reporting_entity(pages)
    assert ent is not None and ent.legal_name == "Tarnwick Holdings plc" and "auditor's report" in ent.kinds
    assert identify(pages).company == "Tarnwick Holdings"


def test_statement_heading_and_listing_line_name_the_company(tmp_path):
    pages = _pdf(tmp_path, [
        ["Halvard Shipping AG", "Annual Report 2031"],
        ["Consolidated statement of financial position of Halvard Shipping AG", "as at 31 December 2031",
         "EUR million 2031 2030", "Total assets 5,432 5,001"],
        ["Consolidated income statement of Halvard Shipping AG", "for the year ended 31 December 2031",
         "EUR million 2031 2030", "Revenue 2,100 1,950"]])
    i = identify(pages)
    assert i.legal_name == "Halvard Shipping AG"
    assert (i.currency, i.scale, i.fiscal_year, str(i.period_end)) == ("EUR", "millions", 2031, "2031-12-31")


def test_a_brand_printed_in_lower_case_is_part_of_the_name():
    pages = ["kestrl Pacific Growth Trust plc\nAnnual Report 31 March 2032",
             "kestrl Pacific Growth Trust plc (the \"Company\") is an investment trust. " * 3,
             "kestrl Pacific Growth Trust plc\nStatement of Financial Position\nAs at 31 March 2032\n"
             "Notes \u00a3'000 \u00a3'000\nNet assets 89,930 107,438"]
    i = identify(pages)
    assert i.legal_name == "kestrl Pacific Growth Trust plc"
    assert (i.currency, i.scale, str(i.period_end)) == ("GBP", "thousands", "2032-03-31")


def test_sentence_fragments_and_generic_words_are_never_a_company():
    for fragment in ("Bank Limited", "Group. The Group Limited", "The Pty Ltd", "Business Inc.", "Parent Company",
                     "of the Company", "Investment Trust plc", "China Limited", "2031 of Acme Widgets Inc."):
        assert not plausible(fragment), fragment
    for name in ("Quokka Minerals Limited", "Bank of Tasman Corporation", "3W Holdings, Inc.", "Odd & Sons plc",
                 "Kitano Precision Co., Ltd."):
        assert plausible(name), name


def test_a_subsidiary_or_an_officers_other_company_never_outvotes_the_registrant(tmp_path):
    cover = ["UNITED STATES SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K",
             "ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
             "For the fiscal year ended December 31, 2031", "Commission File Number 001-99999",
             "CORVANT INTERNATIONAL, INC.", "(Exact name of registrant as specified in its charter)"]
    legal = ["Item 3. Legal Proceedings", "Corvant Sub Holdings LLC (the \"Subsidiary\") is a defendant. "
             "Corvant Sub Holdings LLC denies the claims.",
             "Our CEO also serves as chief executive of Blue Harbor Capital Inc. (\"Blue Harbor\").",
             "Blue Harbor Capital Inc. is a customer. Blue Harbor Capital Inc. buys our services."]
    pages = _pdf(tmp_path, [cover, legal, legal, ["CORVANT INTERNATIONAL, INC.", "CONSOLIDATED BALANCE SHEETS",
                                                  "(in thousands)", "Total assets $ 1,234 $ 1,100"]])
    i = identify(pages)
    assert i.legal_name == "CORVANT INTERNATIONAL, INC." and i.company.lower() == "corvant international"
    assert (i.doc_type, i.fiscal_year, i.currency, i.scale) == ("10K", 2031, "USD", "thousands")
    # and with no cover at all, the registrant's own statements and auditor's report outvote the others
    no_cover = _pdf(tmp_path, [legal, legal, ["Report of Independent Registered Public Accounting Firm",
                                              "To the Board of Directors of Corvant International, Inc.",
                                              "We have audited the accompanying consolidated financial statements of "
                                              "Corvant International, Inc. and subsidiaries (the \"Company\")."]],
                    name="nocover.pdf")
    ent = reporting_entity(no_cover)
    assert ent is not None and ent.legal_name == "Corvant International, Inc."


def test_period_from_statement_headings_not_a_prior_year_in_the_letter():
    pages = ["Annual Report\nChair's letter: in the year ended 30 June 2030 we listed.",
             "Consolidated Statement of Profit or Loss\nfor the year ended 30 June 2031\nA$m 2031 2030\n"
             "Revenue 218.1 190.0",
             "Consolidated Statement of Financial Position\nas at 30 June 2031\nA$m 2031 2030\nTotal assets 900 800"]
    i = identify(pages)
    assert (i.fiscal_year, str(i.period_end), i.fiscal_year_end) == (2031, "2031-06-30", "06-30")
    assert i.sources["period"]["page"] == 2 and i.confidence["period"] == "high"


def test_fiscal_label_with_a_date_range_and_52_weeks():
    pages = ["Hanabi Optics Co., Ltd.\nIntegrated Report 2032\nfiscal 2031 (April 1, 2031 - March 31, 2032)",
             "Consolidated Statements of Income\nfor the year ended March 31, 2032\n(\u00a5 million)\nNet sales 812,000"]
    i = identify(pages)
    assert (i.fiscal_year, str(i.period_end), i.currency, i.scale) == (2031, "2032-03-31", "JPY", "millions")
    assert i.fy_label == "FY2031 (year ended 31 Mar 2032)"
    weeks = ["Larder Foods Inc. Annual Report",
             "Consolidated Statements of Income\n52 weeks ended January 29, 2032\n(in thousands)\nNet sales 4,321 4,000"]
    w = identify(weeks)
    assert str(w.period_end) == "2032-01-29" and w.fiscal_year == 2032


def test_presented_in_australian_dollars_wins_over_a_bare_dollar():
    pages = ["Wattle Freight Limited\nABN 12 345 678 901\nAnnual Report 2031",
             "Notes: the financial statements are presented in Australian dollars.",
             "Consolidated statement of financial position\nas at 30 June 2031\n$m 2031 2030\nTotal assets 1,234 1,100",
             "Consolidated income statement\nfor the year ended 30 June 2031\n$m 2031 2030\nRevenue 500 450"]
    i = identify(pages)
    assert (i.currency, i.scale) == ("AUD", "millions")
    assert all(u.currency == "AUD" for u in i.statement_units)
    # with no stated currency, the listing line (ABN, ASX) says whose dollar a bare "$" is
    listed = [pages[0] + "\nASX: WFL", "ACN 123 456 789", pages[2], pages[3]]
    assert identify(listed).currency == "AUD"


def test_symbol_scales_per_statement_and_mixed_scales_are_read_per_page():
    for header, want in (("HK$'000", ("HKD", "thousands")), ("\u00a3000", ("GBP", "thousands")),
                         ("US$ thousands", ("USD", "thousands")), ("\u20acm", ("EUR", "millions")),
                         ("\u00a5 million", ("JPY", "millions")), ("A$m", ("AUD", "millions")),
                         ("$ $", ("USD", "units"))):
        pages = ["Plain Example Holdings Limited annual report",
                 f"Consolidated income statement\nfor the year ended 31 December 2031\nNote 2031 2030\n{header}\n"
                 "Revenue 1,234 1,100\nCosts (234) (200)"]
        i = identify(pages)
        assert (i.currency, i.scale) == want, header
    mixed = ["Mixed Units Corp. annual report",
             "Consolidated Balance Sheets\nDecember 31, 2031\n(in thousands)\nTotal assets 1,234,567 1,100,000",
             "Consolidated Statements of Operations\nYear ended December 31, 2031\n(in thousands)\nRevenue 4,321 4,000",
             "Consolidated Statements of Cash Flows\nYear ended December 31, 2031\n(in millions)\nNet cash 12 11"]
    i = identify(mixed)
    by_page = {u.page: u.scale for u in i.statement_units}
    assert by_page == {2: "thousands", 3: "thousands", 4: "millions"} and i.scale == "thousands"
    assert any("different scales" in f for f in i.flags)


def test_facts_take_a_pages_own_unit_before_the_documents():
    pages = ["Consolidated Statements of Cash Flows\nYears ended December 31,\n2031 2030\n"
             "Net cash provided by operating activities 12 11"]
    facts = extract(pages, 2031, "10K", currency="USD", scale="thousand", page_units={1: ("USD", "millions")})
    assert facts and {f.scale for f in facts} == {"million"}
    whole = extract(pages, 2031, "ANNUAL", currency="GBP", scale="thousand", page_units={1: ("GBP", "units")})
    assert whole and {f.scale for f in whole} == {None}


def test_a_report_whose_company_and_type_cannot_be_read_is_ingested_flagged(tmp_path):
    path = write_pdf(tmp_path / "0f9e8d7c6b5a.pdf", [["2031", "Moving forward together"],
                                                       ["Our people make the difference.", "Thank you."],
                                                       ["Statement of financial position", "as at 31 December 2031",
                                                        "Total assets 1,234,567 1,100,000"]])
    info = describe(path, _empty_registry())
    assert info.company.startswith(NOT_DETECTED) and info.needs_naming
    assert info.doc_type == "ANNUAL" and info.fiscal_year == 2031
    assert any("company not detected" in f for f in info.flags)
    assert any("document type not detected" in f for f in info.flags)
    assert info.new_company is not None       # registered under its placeholder name, renamed by the user later
    assert info.record()["flags"] == list(info.flags)


def test_a_listed_trust_is_named_by_its_form_and_asked_by_its_first_word(tmp_path):
    """A REIT's name ends in its form, not a company's legal suffix ("X Gateway REIT", "X Real Estate Investment
    Trust"); analysts shorten it to its first word and the form ("Marula REIT")."""
    from pipeline.question.analysis import analyse
    from pipeline.question.registry import Company
    pages = _pdf(tmp_path, [
        ["Marula Crossing REIT", "Connecting the region's logistics", "Annual Report 2031",
         "Managed by Marula Crossing REIT Management Pte. Ltd."],
        ["Marula Crossing REIT - Annual Report 2031", "Statement of financial position", "As at 31 December 2031",
         "S$'000 2031 2030", "Investment properties 2,100,000 2,050,000", "Total assets 2,300,000 2,240,000"]])
    assert identify(pages).company == "Marula Crossing REIT"
    reg = Registry([Company(key="M", name="Marula Crossing REIT", legal_name="Marula Crossing REIT")])
    assert [c.name for c in analyse("What was Marula REIT's DPU for FY31?", reg).companies] == ["Marula Crossing REIT"]


def test_a_year_split_over_two_calendar_years_is_named_by_its_end():
    """Indian reports name the year to 31 March 2035 "FY 2034-35": that is fiscal 2035, never 2034."""
    pages = [["Talvani Systems Limited", "Annual Report FY 2034-35"],
             ["Directors' Report", "FY 2034-35 was a year of growth. FY 2034-35 revenue rose over FY 2033-34.",
              "In FY 2034-35 we added clients; FY 2034-35 margins held; FY 2034-35 cash improved."],
             ["Talvani Systems Limited", "Consolidated Statement of Profit and Loss",
              "for the year ended March 31, 2035", "(Rs. in crore)", "2035 2034", "Revenue from operations 9,120.40 8,410.22"],
             ["Talvani Systems Limited", "Consolidated Balance Sheet", "as at March 31, 2035", "(Rs. in crore)",
              "2035 2034", "Total assets 12,120.40 11,410.22"]]
    idn = identify(["\n".join(p) for p in pages])
    assert (idn.period_end.isoformat(), idn.fiscal_year) == ("2035-03-31", 2035)


def test_dates_printed_oldest_first_end_with_the_later_year():
    """Japanese statements head their columns "As of March 31, 2036 and 2037": the report is the year to 2037."""
    pages = [["KAMOGAWA SEIKI CO., LTD.", "ANNUAL REPORT 2037", "Fiscal year ended March 31, 2037"],
             ["Kamogawa Seiki Co., Ltd. and Consolidated Subsidiaries", "Consolidated Balance Sheet",
              "As of March 31, 2036 and 2037", "Millions of yen", "2036 2037", "Total assets 364,252 371,884"],
             ["Consolidated Statement of Income", "Years ended March 31, 2036 and 2037", "Millions of yen",
              "2036 2037", "Net sales 271,902 286,415"]]
    idn = identify(["\n".join(p) for p in pages])
    assert (idn.period_end.isoformat(), idn.fiscal_year) == ("2037-03-31", 2037)
