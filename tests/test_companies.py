"""The registry in Postgres: seeded from the bundled TOML (ARA_REGISTRY_FILE adds), grown by ingest (a filing of an
unknown company, under a hash-like name, with no sidecar), corrected by `ara companies edit`, read without a restart."""
import pytest
from click.testing import CliRunner

from ingest.run import ingest_paths
from pipeline.core.access import OPERATOR
from pipeline.question.analysis import analyse
from pipeline.question.registry_sources import registry_from_db
from pipeline.guardrails.router import route_question
from pipeline.stores import companies as store
from pipeline.stores import corpus, db
from tests.pdfs import write_pdf

COVER = ["UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K",
         "ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
         "For the fiscal year ended September 30, 2031", "Commission File Number 001-99999",
         "ZEPHYR WIDGETS HOLDINGS, INC.", "(Exact name of registrant as specified in its charter)",
         "Title of each class Trading Symbol(s) Name of each exchange on which registered",
         "Common Stock, par value $0.01 per share ZWH New York Stock Exchange"]
STATEMENT = ["CONSOLIDATED STATEMENTS OF OPERATIONS", "(in thousands, except per share data)",
             "Year ended September 30 2031 2030", "Net sales $ 81,234 $ 75,000", "Net income 5,678 4,321",
             "Zephyr Widgets sells widgets. Zephyr Widgets grew in fiscal 2031. Zephyr Widgets employs 900 people.",
             "Zephyr Widgets expects growth. Zephyr Widgets pays no dividend."]


@pytest.fixture
def dbconn(settings):
    c = db.connect(settings)
    db.migrate(c)
    c.commit()
    yield c
    c.close()


def test_bundled_registry_seeds_the_table_and_a_registry_file_adds(dbconn, tmp_path, monkeypatch):
    extra = tmp_path / "mine.toml"
    extra.write_text('[[company]]\nkey = "ACMEWIDGET"\nname = "Acme Widget"\ntickers = ["ACMW"]\n')
    reg = registry_from_db(dbconn)
    assert {"3M", "Amcor", "Boeing", "PepsiCo", "Verizon"} <= {c.name for c in reg.companies}
    from pipeline.question.registry_sources import toml_registry
    from pipeline.settings import get_settings

    monkeypatch.setenv("ARA_REGISTRY_FILE", str(extra))
    get_settings.cache_clear()
    try:
        names = {c.name for c in toml_registry().companies}
        assert "Acme Widget" in names and "3M" in names            # adds to the bundled companies, never replaces
    finally:
        monkeypatch.delenv("ARA_REGISTRY_FILE")
        get_settings.cache_clear()


def test_a_new_company_is_registered_at_ingest_and_asked_about(settings, embedder, dbconn, tmp_path):
    pdf = write_pdf(tmp_path / "9f2c4e1ab7d03e55.pdf", [COVER, STATEMENT])
    try:
        r = ingest_paths([pdf], settings, embedder=embedder, show_progress=False, by=OPERATOR)[0]
        assert r.status == "ingested", r.error
        assert (r.info.company, r.info.fiscal_year, r.info.doc_type) == ("Zephyr Widgets", 2031, "10K")
        assert (r.info.currency, r.info.scale, r.info.ticker) == ("USD", "thousands", "ZWH")
        units = corpus.document_units(dbconn, [pdf.stem])[pdf.stem]
        assert (units.currency, units.scale) == ("USD", "thousands")
        reg = registry_from_db(dbconn)
        z = reg.by_name("Zephyr Widgets")
        assert z and z.tickers == ("ZWH",) and z.fiscal_year_end == "09-30" and z.origin == "ingest"
        coverage = corpus.coverage_all(dbconn)
        for q in ("What were Zephyr Widgets' net sales in FY2031?", "ZWH net sales 2031",
                  "Zephyr Widgets Holdings net income fiscal 2031"):
            d = route_question(analyse(q, registry=reg), coverage)
            assert d.route == "retrieve" and d.companies == ["Zephyr Widgets"], (q, d)

        # Correct the name: the documents follow, the old name still finds it; no restart.
        store.edit(dbconn, "Zephyr Widgets", name="Zephyr", add_aliases=["ZW Holdings"], by=OPERATOR)
        dbconn.commit()
        reg = registry_from_db(dbconn)
        assert reg.by_name("ZW Holdings").name == "Zephyr" and reg.by_name("Zephyr Widgets").name == "Zephyr"
        assert corpus.document_labels(dbconn, [pdf.stem])[pdf.stem][0] == "Zephyr"
        assert dbconn.execute("SELECT count(*) FROM chunks WHERE doc_id = %s AND company <> 'Zephyr'",
                              (pdf.stem,)).fetchone()[0] == 0
    finally:
        corpus.delete_document(dbconn, pdf.stem, by=OPERATOR)
        dbconn.commit()


def test_merge_folds_one_entry_into_another(dbconn):
    store.add(dbconn, {"key": "GLOBEXA", "name": "Globex", "tickers": ["GBX"]})
    store.add(dbconn, {"key": "GLOBEXB", "name": "Globex Corporation Worldwide", "tickers": ["GBXW"]})
    dbconn.commit()
    row = store.merge(dbconn, "Globex", "Globex Corporation Worldwide", by=OPERATOR)
    dbconn.commit()
    assert row["tickers"] == ["GBX", "GBXW"] and "Globex Corporation Worldwide" in row["aliases"]
    assert store.get(dbconn, "GLOBEXB") is None
    with pytest.raises(store.RegistryEditError):
        store.edit(dbconn, "Nobody Inc", by=OPERATOR)


def test_cli_lists_and_edits(env_settings_nodocs):
    from pipeline.cli.main import main

    out = CliRunner().invoke(main, ["companies"])
    assert out.exit_code == 0 and "PepsiCo" in out.output
    out = CliRunner().invoke(main, ["companies", "edit", "PepsiCo", "--alias", "Pepsi-Cola"])
    assert out.exit_code == 0 and "Pepsi-Cola" in out.output
    bad = CliRunner().invoke(main, ["companies", "edit", "Nobody Inc", "--alias", "x"])
    assert bad.exit_code != 0 and "no company" in bad.output


def test_unreadable_files_fail_alone_with_what_to_do(settings, embedder, tmp_path):
    (tmp_path / "a.pdf").write_text("hello, not a pdf")
    blank = write_pdf(tmp_path / "b.pdf", [[""]])
    res = {r.doc_id: r for r in ingest_paths([tmp_path / "a.pdf", blank], settings, embedder=embedder,
                                                show_progress=False, by=OPERATOR)}
    assert "not a PDF" in res["a"].error
    assert "no text layer" in res["b"].error and "OCR" in res["b"].error
