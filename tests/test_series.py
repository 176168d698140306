"""A measure across years and companies as one cited table (pipeline/answer/series.py), and its export
(pipeline/answer/export.py): runs of years, which questions are series, the table's cells read from the session database's
made-up Verizon FY2030 10-K (three years of columns), a missing year said and never interpolated, the table in the
turn state, `ara ask --json` and `ara export`."""
import csv
import io
import json
from decimal import Decimal

import pytest
from click.testing import CliRunner

from pipeline.answer import export
from pipeline.answer.series import asks_series
from pipeline.core.series_table import Cell, SeriesTable
from pipeline.question.periods import year_span
from pipeline.question.analysis import analyse
from tests.conftest import corpus_pdf


@pytest.mark.parametrize("text,latest,years", [
    ("Boeing revenue FY2018 to FY2022", None, [2018, 2019, 2020, 2021, 2022]),
    ("revenue from 2019 through 2021", None, [2019, 2020, 2021]),
    ("capex between FY2019 and FY2021", None, [2019, 2020, 2021]),
    ("capex FY2018-FY2020", None, [2018, 2019, 2020]),
    ("revenue FY22 to FY20", None, [2020, 2021, 2022]),               # reversed: oldest first
    ("3M's operating margin over the last three years", 2022, [2020, 2021, 2022]),
    ("net income for the past 4 fiscal years", 2023, [2020, 2021, 2022, 2023]),
    ("revenue since FY2019", 2022, [2019, 2020, 2021, 2022]),
])
def test_a_run_of_years_is_read_from_its_ends_or_its_length(text, latest, years):
    assert year_span(text, latest)[0] == years


@pytest.mark.parametrize("text", [
    "revenue in FY2018 and FY2022",          # two years named, not a run
    "the last three years",                  # a length without the latest report to end at
    "revenue of 12,018 to 13,000",           # figures, not years
])
def test_no_run_without_both_ends(text):
    assert year_span(text, None) is None


@pytest.mark.parametrize("q", [
    "Boeing revenue FY2018 to FY2022",
    "3M's operating margin over the last three years",
    "compare capex of Boeing and 3M in FY2021 and FY2022",
    "Compare the revenue of 3M and Boeing in FY2022",
    "Boeing net income in 2018, 2019 and 2020",
])
def test_series_questions(q):
    assert asks_series(analyse(q))


@pytest.mark.parametrize("q", [
    "What was Boeing's revenue in FY2022?",                         # one figure
    "Which is higher, Boeing's or 3M's revenue in FY2022?",         # one verdict over two figures
    "Did Boeing's revenue grow between FY2021 and FY2022?",         # a trend verdict
    "What was Boeing's 3-year average revenue from FY2020 to FY2022?",   # one number over the years
    "What was Boeing's revenue growth from FY2021 to FY2022?",      # one change
    "By what percentage did Boeing's revenues grow from FY2021 to FY2022?",     # one change, said with a verb
    "How much did Boeing's capex decline from FY2021 to FY2022?",
    "Boeing's revenue and 3M's revenue in FY2022",                   # two figures, not asked side by side
])
def test_questions_with_one_answer_are_not_series(q):
    assert not asks_series(analyse(q))


def _table() -> SeriesTable:
    return SeriesTable(measure="revenue", companies=["Acme", "Globex"], columns=["FY2021", "FY2022"], unit="million",
                       currency="USD", cells=[
                           Cell(company="Acme", year=2021, period="FY2021", value="1234.5", shown="$1,234.5 million",
                                unit="million", currency="USD", citation="Acme · FY2022 · 10-K p. 40",
                                citations=["Acme · FY2022 · 10-K p. 40"], read_from="Acme FY2022 10-K (prior-year "
                                "column)", report="FY2022 10-K", row='row "Total revenue", column "2021"'),
                           Cell(company="Acme", year=2022, period="FY2022", value="-77", shown="$77 million",
                                unit="million", currency="USD", citation="Acme · FY2022 · 10-K p. 40"),
                           Cell(company="Globex", year=2021, period="FY2021", kind="missing",
                                missing="no report held for FY2021"),
                           Cell(company="Globex", year=2022, period="FY2022", value="12.5", kind="derived", unit="%",
                                derivation="=HYPERLINK(\"x\") / 2", citation="Globex · FY2022 · 10-K p. 9"),
                       ])


def test_csv_has_one_row_per_cell_with_its_citation_and_never_a_formula():
    rows = list(csv.DictReader(io.StringIO(export.to_csv(export.series_rows(_table()),
                                                          export.SERIES_COLUMNS).decode())))
    assert [(r["company"], r["period"], r["value"]) for r in rows] == [
        ("Acme", "FY2021", "1234.5"), ("Acme", "FY2022", "-77"), ("Globex", "FY2021", ""), ("Globex", "FY2022", "12.5")]
    assert rows[0]["citation"] == "Acme · FY2022 · 10-K p. 40" and "prior-year" in rows[0]["read from"]
    assert rows[2]["why empty"] == "no report held for FY2021"
    assert rows[3]["derivation"].startswith("'=")           # text from a filing is never run as a formula


def test_xlsx_is_one_sheet_with_numbers_as_numbers():
    from openpyxl import load_workbook

    data = export.to_xlsx(export.series_rows(_table()), export.SERIES_COLUMNS, sheet="Series", title="revenue (USD)")
    wb = load_workbook(io.BytesIO(data))
    assert wb.sheetnames == ["Series"]
    ws = wb["Series"]
    assert ws["A1"].value == "revenue (USD)"
    head = [c.value for c in ws[2]]
    assert head == list(export.SERIES_COLUMNS)
    values = [ws.cell(row=r, column=head.index("value") + 1).value for r in range(3, 7)]
    assert values == [1234.5, -77, None, 12.5]
    assert ws.cell(row=6, column=head.index("derivation") + 1).data_type == "s"


def test_turn_table_picks_the_asked_or_latest_turn_and_says_what_is_missing():
    turns = [(1, {"table": None}), (2, {"table": {"measure": "a"}}), (3, {}), (4, {"table": {"measure": "b"}})]
    assert export.turn_table(turns) == (4, {"measure": "b"})
    assert export.turn_table(turns, 2) == (2, {"measure": "a"})
    with pytest.raises(LookupError, match="turn 3 has no table .*2, 4"):
        export.turn_table(turns, 3)
    with pytest.raises(LookupError, match="no turn"):
        export.turn_table([(1, {})])
    with pytest.raises(ValueError, match="csv, xlsx"):
        export.render([], "pdf")


# --- on the session database (made-up Verizon FY2030 10-K: capex (9,876) (8,765) (7,654) for 2030-2028) ----------
@pytest.mark.db
def test_a_run_of_years_is_one_table_each_cell_cited_and_a_year_not_held_said(ask):
    s = ask("Verizon capex FY2027 to FY2030")
    t = SeriesTable.model_validate(s.table)
    assert t.columns == ["FY2027", "FY2028", "FY2029", "FY2030"]
    got = {c.period: c for c in t.cells}
    assert [got[p].value for p in t.columns] == [None, "7654", "8765", "9876"]   # never interpolated
    # (FY2027 could be printed by the FY2030 report, a five-year summary, and is not: said as not printed there)
    assert got["FY2027"].kind == "missing" and "not printed" in got["FY2027"].missing and \
        "FY2030 10-K" in got["FY2027"].missing
    assert got["FY2028"].citation == "Verizon · FY2030 · 10-K p. 2"
    assert got["FY2028"].read_from == "Verizon FY2030 10-K (prior-year column)"
    assert got["FY2030"].read_from == "Verizon FY2030 10-K"
    assert t.unit == "million" and t.chart == "line"
    assert "$7,654 million [1]" in s.answer and "FY2027: no figure" in s.answer
    assert "FY2028 and FY2029 are read from the prior-year columns of its FY2030 10-K" in s.answer
    assert s.verdict == "pass" and all(c.verdict == "supported" for c in s.claims) and len(s.claims) == 3
    rows = s.to_json()["table"]["rows"]
    assert {r["period"]: r["value"] for r in rows} == {"FY2027": None, "FY2028": "7654", "FY2029": "8765",
                                                       "FY2030": "9876"}
    assert set(rows[1]) >= {"company", "period", "value", "unit", "currency", "citation"}


@pytest.mark.db
def test_the_last_three_years_end_at_the_latest_report(ask):
    s = ask("Verizon's net income over the last three years")
    t = SeriesTable.model_validate(s.table)
    assert [(c.period, c.value) for c in t.cells] == [("FY2028", "2109"), ("FY2029", "3210"), ("FY2030", "4321")]
    assert "latest" not in s.answer and not s.suggestions   # the run, not "I used FY2030, the latest"


@pytest.mark.db
def test_a_change_each_year_is_derived_from_two_cited_cells(ask):
    s = ask("Verizon capex growth each year FY2029 to FY2030")
    t = SeriesTable.model_validate(s.table)
    cells = {c.period: c for c in t.cells}
    assert cells["FY2029"].value == "14.5" and cells["FY2030"].value == "12.7"
    assert cells["FY2030"].kind == "derived" and "8,765" in cells["FY2030"].derivation \
        and "9,876" in cells["FY2030"].derivation
    assert Decimal(cells["FY2030"].value) == ((Decimal(9876) - 8765) / 8765 * 100).quantize(Decimal("0.1"))


@pytest.mark.db
def test_the_table_survives_a_reload_and_exports_from_the_cli(ctx, env_settings, tmp_path):
    from openpyxl import load_workbook

    from pipeline.cli.main import main
    from pipeline.graph import run_turn
    from pipeline.stores.checkpoints import new_thread_id

    thread = new_thread_id()
    run_turn("What was Verizon's capex in FY2030?", ctx, thread_id=thread)
    s = run_turn("Verizon capex FY2028 to FY2030", ctx, thread_id=thread)
    reloaded = [m.state for m in ctx.saver.history(thread) if m.role == "assistant"][-1]
    assert reloaded["table"] == s.table
    r = CliRunner().invoke(main, ["export", thread, "--format", "csv"])
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(io.StringIO(r.output)))
    assert [(x["period"], x["value"], x["citation"]) for x in rows] == [
        ("FY2028", "7654", "Verizon · FY2030 · 10-K p. 2"), ("FY2029", "8765", "Verizon · FY2030 · 10-K p. 2"),
        ("FY2030", "9876", "Verizon · FY2030 · 10-K p. 2")]
    out = tmp_path / "t.xlsx"
    r = CliRunner().invoke(main, ["export", thread, "--turn", "2", "--format", "xlsx", "--out", str(out)])
    assert r.exit_code == 0, r.output
    ws = load_workbook(out).active
    assert [ws.cell(row=i, column=3).value for i in (3, 4, 5)] == [7654, 8765, 9876]
    r = CliRunner().invoke(main, ["export", thread, "--turn", "1"])
    assert r.exit_code != 0 and "turn 1 has no table" in r.output
    r = CliRunner().invoke(main, ["ask", "Verizon capex FY2028 to FY2030", "--json"])
    assert json.loads(r.output)["table"]["columns"] == ["FY2028", "FY2029", "FY2030"]


@pytest.mark.db
@pytest.mark.corpus
def test_peers_compared_over_one_year_are_one_table_not_a_sentence_each(ask):
    """"Compare X of A and B in FY" is a side-by-side table (bars), decided before the cross-company reading that
    answers "which of A and B ..." company by company."""
    corpus_pdf("BOEING_2018_10K")
    s = ask("Compare total assets of 3M and Boeing in FY2018")
    assert s.table, s.answer
    t = SeriesTable.model_validate(s.table)
    assert t.chart == "bar" and t.columns == ["FY2018"] and set(t.companies) == {"3M", "Boeing"}
    assert {c.company: c.value for c in t.cells} == {"3M": "36500", "Boeing": "117359"}
