"""Company names as analysts write them: learned at ingest from the report's own text (`ingest/aliases.py`),
matched in questions with or without suffix, punctuation or hyphen, and never a word of the sentence. Made-up
companies only; the corpus test is tests/test_world_names.py."""
import pytest

from ingest.aliases import learn
from pipeline.core.access import OPERATOR
from pipeline.question.analysis import analyse
from pipeline.question.registry import Company, Registry
from pipeline.guardrails.router import route_question


def _learned(text: str, *names: str) -> dict[str, str]:
    return {n.name: n.kind for n in learn([text], names=list(names))}


@pytest.mark.parametrize("text,names,expect", [
    # the report's own abbreviation, defined right after its legal name (quoted, curly or straight, or unquoted)
    ("Quillon Minerals Limited (“Company” or “Quillon” or “Parent Entity”) and its controlled entities",
     ("Quillon Minerals", "Quillon Minerals Limited"), {"Quillon": "abbreviation"}),
    ('Harrow Vale Holdings, Inc. ("HVH," together with its subsidiaries, the "Company," "we," "us," or "our")',
     ("Harrow Vale", "Harrow Vale Holdings, Inc."), {"HVH": "abbreviation"}),
    ("Petrel biotech, Inc. (the Company or PTB) is a clinical-stage company", ("Petrel biotech",), {"PTB": "abbreviation"}),
    ("Morrow Grange Ltd (referred to hereafter as the 'Company' or 'MGL')", ("Morrow Grange",), {"MGL": "abbreviation"}),
    # a listing code beside the name, or the stock's symbol
    ("Tavish Resources Plc (AIM: TVR) announces its results", ("Tavish Resources",), {"TVR": "ticker"}),
    ("Our common stock is listed on The Nasdaq Global Market under the symbol “KLNO”.", ("Kelno",), {"KLNO": "ticker"}),
    ("KELNO THERAPEUTICS 2031 AT A GLANCE Ticker: KLNO (Nasdaq)", ("Kelno Therapeutics",), {"KLNO": "ticker"}),
    # a former name the report states for the company itself
    ("Harrow Vale Holdings, Inc. (“HVH”) (formerly known as Brightmoor Mortgage Holdings, Inc.) was a subsidiary",
     ("Harrow Vale", "Harrow Vale Holdings, Inc."),
     {"HVH": "abbreviation", "Brightmoor Mortgage Holdings, Inc": "former", "Brightmoor Mortgage": "former"}),
    ("Immediately following the merger, we changed our name from Solvane, Inc. to Petrel biotech, Inc.",
     ("Petrel biotech",), {"Solvane, Inc": "former", "Solvane": "former"}),
    # a trading name
    ("Ardent Larder Pty Ltd, trading as Pantry Lane, operates 40 stores", ("Ardent Larder",), {"Pantry Lane": "trading"}),
    # a brand the wording says is the company's own: after "under the ... brand(s)", "our ... brand", "... is our brand"
    ("Ardent Larder operates 40 stores under the Pantry Lane brand.", ("Ardent Larder",), {"Pantry Lane": "brand"}),
    ("We market our products under the Kestova and Brimwell brands in six countries.", ("Ardent Larder",),
     {"Kestova": "brand", "Brimwell": "brand"}),
    ("The Company sells its cider under the brand name “Orchard Vexley”.", ("Ardent Larder",), {"Orchard Vexley": "brand"}),
    ("Velmora is our consumer brand; Ardent Larder is the legal entity.", ("Ardent Larder",), {"Velmora": "brand"}),
    ("In 2031 Velmora is our brand in Asia.", ("Ardent Larder",), {"Velmora": "brand"}),
    ("Growth came from our Tallowby, Quenmark and Pessaro brands.", ("Ardent Larder",),
     {"Tallowby": "brand", "Quenmark": "brand", "Pessaro": "brand"}),
])
def test_each_class_of_name_is_learned_from_the_report(text, names, expect):
    assert _learned(text, *names) == expect


@pytest.mark.parametrize("text,names", [
    # generic defined terms are every company's, not this one's
    ("Quillon Minerals Limited (“Company” or “Parent Entity”) and its consolidated entities (“Group”)", ("Quillon Minerals",)),
    # a subsidiary's name that starts like the company's, its parenthesis part of that name
    ("Quillon Minerals (WA) Pty Ltd is a wholly owned subsidiary", ("Quillon Minerals",)),
    ("Tavish Resources SA (Pty) Ltd holds the licence", ("Tavish Resources",)),
    # a subsidiary renamed, a manager renamed, an officer formerly elsewhere: not the company's former name
    ("The Bank changed its name from Bayview Community Bank to Kestrel Community Bank in 2007.", ("Kestrel",)),
    ("managed by Lumen Japan Limited (formerly Aberforth Standard Investments (Japan) Limited)", ("Lumen Japan Trust",)),
    ("Mr. Oduya was formerly the Chief Executive of Royal Kente Resources", ("Tavish Resources",)),
    # the cover's own "(Exact name of registrant ...)" is no abbreviation; a listing code of another company is not this one's
    ("KELNO THERAPEUTICS, INC. (Exact name of registrant as specified in its charter)", ("Kelno Therapeutics",)),
    ("Tavish's investee, Greatrock Gold plc (AIM: GRG), rose 40%", ("Tavish Resources",)),
    # brands that are not the company's: licensed, franchised, a subsidiary's, a customer's or a competitor's, or
    # one the subject of the sentence is not the company
    ("We sell apparel under the Marvellane brand under a licence from its owner.", ("Ardent Larder",)),
    ("We operate 12 restaurants under the Quenmark brand as a franchisee.", ("Ardent Larder",)),
    ("Our subsidiary, Holloway Foods Ltd, markets products under the Brimwell brand.", ("Ardent Larder",)),
    ("Our largest customer sells our cider under the Orvanta brand.", ("Ardent Larder",)),
    ("Our competitors operate under the Dunmarra and Velsor brands.", ("Ardent Larder",)),
    ("Greatrock Gold plc operates under the Kestova brand.", ("Ardent Larder",)),
    ("In 2030 we sold the Tallowby brand to Meriden plc; we no longer market products under the Tallowby brand.",
     ("Ardent Larder",)),
    # a common English word is never a name of the company, whatever the wording
    ("We market our products under the Gold and Premier brands.", ("Ardent Larder",)),
    ("Ardent Larder Pty Ltd (“Company” or “Premier”) and its controlled entities", ("Ardent Larder",)),
    ("Ardent Larder Pty Ltd, trading as Fresh Market, operates 40 stores", ("Ardent Larder",)),
    ("Our Company’s brands are strong.", ("Ardent Larder",)),
])
def test_words_that_are_not_the_companys_name_are_not_learned(text, names):
    assert _learned(text, *names) == {}


def _registry():
    return Registry([
        Company(key="ACMECOLAS", name="Acme Colas", legal_name="Acme Colas Inc.", aliases=("Acme Colas Inc.",)),
        Company(key="QUILLONMINERALS", name="Quillon Minerals", legal_name="Quillon Minerals Limited",
                aliases=("Quillon Minerals Limited", "Quillon")),
        Company(key="QUILLONGROUP", name="Quillon Group", legal_name="Quillon Group Holdings, Inc.",
                aliases=("Quillon Group Holdings, Inc.", "Quillon")),
        Company(key="ZENITHORBIT", name="Zenith-Orbit", legal_name="Zenith-Orbit plc", aliases=("Zenith-Orbit plc", "ZOP"),
                tickers=("ZOR",)),
        Company(key="HARROWVALE", name="Harrow Vale", legal_name="Harrow Vale Holdings, Inc.",
                aliases=("Harrow Vale Holdings, Inc.", "HVH", "Brightmoor Mortgage Holdings, Inc", "Brightmoor Mortgage")),
        Company(key="VELLOGENICS", name="VelloGenics", legal_name="VELLOGENICS, INC.", aliases=("VELLOGENICS, INC.",)),
        Company(key="SAKURAKOGYO", name="Sakura Kogyo", legal_name="Sakura Kogyo Co., Ltd.",
                aliases=("Sakura Kogyo Co., Ltd.",)),
    ])


COVERAGE = {"Acme Colas": [2031], "Quillon Minerals": [2031], "Quillon Group": [2031], "Zenith-Orbit": [2031],
            "Harrow Vale": [2031], "Sakura Kogyo": [2031], "VelloGenics": [2031]}


@pytest.mark.parametrize("q,company", [
    ("What was Acme Colas Inc.'s revenue in 2031?", "Acme Colas"),             # legal name with suffix
    ("Acme Colas Inc revenue FY2031", "Acme Colas"),                            # suffix without its full stop
    ("What were Zenith Orbit PLC's total assets?", "Zenith-Orbit"),             # no hyphen, suffix in capitals
    ("What were ZenithOrbit's total assets?", "Zenith-Orbit"),                  # run together
    ("Harrow vale net income 2031", "Harrow Vale"),                              # any case
    ("Sakura Kogyo Co Ltd operating profit for fiscal 2031", "Sakura Kogyo"),
    ("ZOR net income 2031", "Zenith-Orbit"),                                    # ticker
    ("How much cash did ZOP hold at year end?", "Zenith-Orbit"),                # the report's own abbreviation
    ("What was HVH's net income in 2031?", "Harrow Vale"),
    ("What was Brightmoor Mortgage's net income in 2031?", "Harrow Vale"),      # the former name it states
    ("Vello Genics net loss 2031", "VelloGenics"),                               # a run-together name spaced
    ("Considering the FY2031 report, what was the net loss of Quillon Minerals Ltd?", "Quillon Minerals"),
    ("Using the annual report, what was Quillon Group Holdings net income?", "Quillon Group"),   # longest name wins
])
def test_a_company_named_as_analysts_name_it_resolves_to_it_and_only_it(q, company):
    facts = analyse(q, _registry())
    assert [c.name for c in facts.companies] == [company] and facts.unknown_companies == []
    d = route_question(facts, COVERAGE)
    assert d.route == "retrieve" and d.companies == [company], d


@pytest.mark.parametrize("q", [
    "Answer in A$ millions. What was Zenith-Orbit's revenue in 2031?",
    "Considering the FY2031 annual report, what was the dividend per share?",
    "Using the cash flow statement, what was operating cash flow in FY2031?",
    "Here is a question about profit: what was the net loss in 2031?",
    "According to the directors' report, who is the chair?",
    "Please compare revenue in 2031 and 2030.",
    "Compare Acme Colas with Harrow Vale on net income in 2031.",
    "Tell me the total assets of Harrow Vale at 31 December 2031.",
    "Based on the statements, what was the Bank's net interest income?",
    "Briefly, what did the Parent Entity report as net assets?",
    "Looking at FY2031, what was revenue?",
])
def test_sentence_initial_and_instruction_words_are_never_company_candidates(q):
    facts = analyse(q, _registry())
    assert facts.unknown_companies == []
    assert "don't hold" not in (route_question(facts, COVERAGE).reply + route_question(facts, COVERAGE).period_note)


def test_a_proper_name_not_held_is_told_with_the_closest_held_names(monkeypatch):
    import pipeline.question.registry_sources as registry

    monkeypatch.setattr(registry, "get_registry", lambda *a, **k: _registry())
    d = route_question(analyse("What was Acme Cola's revenue in 2031?", _registry()), COVERAGE)
    assert d.route == "out_of_scope" and d.reply.startswith("I don't hold reports for Acme Cola; did you mean Acme Colas? ")
    d = route_question(analyse("What was Tesla's revenue in 2031?", _registry()), COVERAGE)
    assert d.reply.startswith("I don't hold reports for Tesla; I hold: ")     # nothing close: no guess offered


def test_a_name_two_held_companies_share_asks_which_and_resolves_to_neither():
    facts = analyse("What was Quillon's revenue in 2031?", _registry())
    assert facts.companies == []
    d = route_question(facts, COVERAGE)
    assert d.route == "clarify" and "Quillon Minerals or Quillon Group" in d.reply and d.companies == []


def test_a_word_inside_a_longer_held_name_is_not_the_shorter_company():
    reg = Registry([Company(key="ORBIT", name="Orbit", aliases=("Orbit Ltd",)),
                    Company(key="ZENITHORBIT", name="Zenith Orbit", aliases=("Zenith Orbit plc",))])
    assert [c.name for c in analyse("What were Zenith Orbit plc's total assets?", reg).companies] == ["Zenith Orbit"]
    assert [c.name for c in analyse("Compare Orbit with Zenith Orbit on revenue", reg).companies] == \
        ["Orbit", "Zenith Orbit"]


def test_a_short_capitals_abbreviation_is_matched_in_capitals_only():
    reg = Registry([Company(key="BHDX", name="Brackenhurst", aliases=("BHD",))])
    assert [c.name for c in analyse("What was BHD's net loss in 2031?", reg).companies] == ["Brackenhurst"]
    assert analyse("Is Sendirian Bhd a subsidiary?", reg).companies == []


ANNUAL = [["Quillon Minerals Limited", "ABN 12 345 678 901", "Annual Report 2031"],
          ["Directors' Report", "The directors present their report on Quillon Minerals Limited ('Company' or 'Quillon' "
           "or 'Parent Entity')", "for the year ended 30 June 2031. Quillon Minerals Limited (ASX: QML) explores for gold.",
           "Quillon Minerals Limited (formerly known as Karrak Exploration Limited) changed its name in 2030.",
           "Quillon explored three tenements. Quillon holds cash. Quillon has no debt. Quillon grew. Quillon pays none.",
           "The Company sells its refined gold under the Karlee Bullion brand. Our competitors sell under the Dunmarra "
           "brand."],
          ["Consolidated Statement of Profit or Loss", "For the year ended 30 June 2031", "A$ 2031 2030",
           "Revenue 1,234,567 1,000,000", "Loss for the year (345,678) (300,000)"]]


@pytest.mark.db
def test_names_a_report_gives_its_company_are_learned_at_ingest_and_asked_by(settings, embedder, tmp_path):
    from ingest.run import ingest_paths
    from pipeline.question.registry_sources import registry_from_db
    from pipeline.stores import corpus, db
    from tests.pdfs import write_pdf

    pdf = write_pdf(tmp_path / "5be1d0c2a9f7e3d1.pdf", ANNUAL)
    conn = db.connect(settings)
    try:
        r = ingest_paths([pdf], settings, conn=conn, embedder=embedder, show_progress=False, by=OPERATOR)[0]
        assert r.status == "ingested", r.error
        reg = registry_from_db(conn)
        c = reg.by_name(r.info.company)
        assert c is not None and {"Quillon", "Karrak Exploration Limited", "Karrak Exploration"} <= set(c.aliases)
        assert "QML" in c.tickers
        row = conn.execute("SELECT name_sources FROM companies WHERE key = %s", (c.key,)).fetchone()[0]
        assert row["Quillon"].startswith("abbreviation: ") and "p. 2" in row["Quillon"]
        assert dict(c.name_sources)["Karrak Exploration"].startswith("former: ")   # the registry shows why it knows it
        assert "Karlee Bullion" in c.aliases and "Dunmarra" not in c.aliases             # its own brand, not a rival's
        from pipeline.question.registry import learned_names

        shown = {r["name"]: r for r in learned_names(reg) if r["company"] == c.name}    # what the Corpus page lists
        assert shown["Karlee Bullion"]["kind"] == "brand" and shown["Karlee Bullion"]["page"] == 2
        assert shown["Karlee Bullion"]["document"] == pdf.stem
        assert "under the Karlee Bullion brand" in shown["Karlee Bullion"]["wording"]
        assert shown["Karrak Exploration"]["kind"] == "former" and shown["Quillon"]["kind"] == "abbreviation"
        coverage = corpus.coverage_all(conn)
        for q in ("What was Quillon's revenue in FY2031?", "QML loss for the year 2031",
                  "Considering the report, what was Karrak Exploration's revenue in 2031?",
                  "Answer in A$: Quillon Minerals Ltd revenue 2031",
                  "What was Karlee Bullion's loss for the year in 2031?"):              # the brand the report states
            d = route_question(analyse(q, reg), coverage)
            assert d.route == "retrieve" and d.companies == [c.name], (q, d)
        d = route_question(analyse("What was Dunmarra's revenue in 2031?", reg), coverage)
        assert c.name not in d.companies                                                  # a rival is not the company
    finally:
        corpus.delete_document(conn, pdf.stem, by=OPERATOR)
        conn.commit()
        conn.close()


@pytest.mark.parametrize("q", ["What were Quillon Minerals Group Holdings' net premiums in 2031?",
                               "What was Harrow Capital's net income in 2031?",
                               "Zenith Silver Ltd total assets 2031"])
def test_a_held_name_inside_another_entitys_name_never_resolves_to_the_held_company(q):
    reg = Registry([*_registry().companies, Company(key="ZENITH", name="Zenith", aliases=("Zenith Ltd",)),
                    Company(key="HARROW", name="Harrow", aliases=("Harrow plc",))])
    facts = analyse(q, reg)
    assert facts.companies == []
    assert route_question(facts, COVERAGE).companies == []


def test_each_learned_name_is_listed_with_its_kind_document_page_and_wording():
    from pipeline.question.registry import learned_names

    found = learn(["Ardent Larder operates 40 stores under the Pantry Lane brand."], names=["Ardent Larder"])
    reg = Registry([Company(key="ARDENT", name="Ardent Larder",
                            name_sources=tuple((n.name, n.source("ardent annual report 2031")) for n in found)
                            + (("ALX", "hand-entered"),))])
    assert learned_names(reg) == [
        {"company": "Ardent Larder", "name": "Pantry Lane", "kind": "brand", "document": "ardent annual report 2031",
         "page": 1, "wording": "Ardent Larder operates 40 stores under the Pantry Lane brand"},
        {"company": "Ardent Larder", "name": "ALX", "kind": "", "document": "", "page": None, "wording": "hand-entered"}]


def test_a_name_said_by_its_first_words_is_read_whole():
    """"Tasman Ridge's revenue" of Tasman Ridge Logistics: the second word goes with the first, never left over as a
    company the reports do not hold (which had kept the figure unanswered)."""
    from pipeline.question.analysis import analyse
    reg = Registry([Company(key="TRL", name="Tasmanwood Ridge Logistics", aliases=("Tasmanwood Ridge Logistics Limited",))])
    assert reg.spell_out("What was Tasmanwood Ridge's revenue in FY33?") == \
        "What was Tasmanwood Ridge Logistics's revenue in FY33?"
    facts = analyse("What was Tasmanwood Ridge's revenue in FY33?", registry=reg)
    assert [c.name for c in facts.companies] == ["Tasmanwood Ridge Logistics"] and not facts.unknown_companies
