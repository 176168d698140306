"""Quality grading (FinanceBench-style sets, the conversation suite) and baselines that are never overwritten
by accident."""
import json
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from evals import quality as q
from evals import quality_sets as qs


def test_gold_numbers_are_plain_figures_only():
    assert qs.gold_number("$1577.00") == Decimal("1577.00") and qs.gold_number("16.5%") == Decimal("16.5")
    assert qs.gold_number("Yes, it grew 5%") is None and qs.gold_number("") is None


def test_a_financebench_gold_is_in_the_scale_its_question_asks_for():
    assert qs.asked_scale("What is FY2031 capex (in USD millions)?", "$1577.00") == "million"
    assert qs.asked_scale("What is net PPNE? Answer in USD billions.", "$8.70") == "billion"
    assert qs.asked_scale("What is the operating margin?", "16.5%") == "percent"
    assert qs.asked_scale("What is the quick ratio? Round to two decimal places.", "0.66") == "unit"
    assert qs.gold_verdict("No. The margin fell.") == "no" and qs.gold_verdict("Yes") == "yes"
    assert qs.gold_verdict("None of them") is None and qs.gold_verdict("Not material") is None


def _case(**kw):
    base = dict(suite="fb", id="c1", company="3M", question_type="metrics-generated", turns=("q",), gold="$1577.00",
                gold_figure=Decimal("1577"), gold_scale="million")
    return qs.QualityCase(**{**base, **kw})


def test_outcomes():
    good = {"route": "retrieve", "answer": "3M's capex in FY2018 was $1,577 million [1].", "results": []}
    assert q.grade(_case(), good)[0] == "correct"
    # the computed result is not what the analyst reads: the text's headline is graded
    assert q.grade(_case(), {**good, "answer": "It was $1,373 million [1].", "results": [{"value": "1577"}]})[0] \
        == "incorrect"
    wrong = {"route": "retrieve", "answer": "3M's capex in FY2018 was $1,373 million [1].", "results": []}
    assert q.grade(_case(), wrong)[0] == "incorrect"
    refused = {"route": "retrieve", "answer": "I could not find capital expenditure for 3M FY2018."}
    assert q.grade(_case(), refused)[0] == "refused"
    assert q.grade(_case(), {"route": "clarify", "answer": "Which year?"})[0] == "refused"
    text = _case(gold="Sales grew, led by the Safety segment.", gold_figure=None, gold_scale=None)
    answer = {"route": "retrieve", "answer": "The 10-K says: \u201cSales grew.\u201d [1]"}
    assert q.grade(text, answer) == ("ungraded", "text answer without a hand label")
    label = {("c1", q.answer_key(answer["answer"])): {"label": "correct", "why": "says it grew"}}
    assert q.grade(text, answer, label)[0] == "correct"


def test_conversation_cases_are_graded_by_their_expectations():
    c = _case(suite="conversation", gold_figure=None, turns=("a", "and b?"),
              expected={"route": "retrieve", "must_contain": ["$1,577 million"]})
    assert q.grade(c, {"route": "retrieve", "answer": "It was $1,577 million [1]."})[0] == "correct"
    assert q.grade(c, {"route": "retrieve", "answer": "It was $9 million [1]."})[0] == "incorrect"
    assert q.grade(c, {"route": "retrieve", "answer": "I could not find it."})[0] == "refused"


def test_a_thread_is_graded_turn_by_turn():
    c = _case(suite="conversation", gold_figure=None, gold_scale=None, turns=("a", "and b?"),
              expected={"turns": [{"route": "retrieve", "must_contain": ["$1,577 million"]},
                                  {"route": "retrieve", "companies": ["3M"], "must_contain": ["$1,373 million"]}]})
    first = {"route": "retrieve", "companies": ["3M"], "answer": "It was $1,577 million [1]."}
    ok = {"route": "retrieve", "companies": ["3M"], "answer": "It was $1,373 million [1]."}
    assert q.grade(c, {**ok, "turns": [first, ok]})[0] == "correct"
    wrong = {**ok, "answer": "It was $1,577 million [1]."}
    assert q.grade(c, {**wrong, "turns": [first, wrong]})[0] == "incorrect"
    gave_up = {**ok, "answer": "I could not find it."}
    assert q.grade(c, {**gave_up, "turns": [first, gave_up]})[0] == "refused"


def test_sets_are_found_through_the_settings_path(tmp_path):
    from pipeline.settings import Settings

    (tmp_path / "a" / "financebench").mkdir(parents=True)
    (tmp_path / "a" / "financebench" / "questions.jsonl").write_text(json.dumps(
        {"financebench_id": "x1", "company": "3M", "question_type": "metrics-generated", "question": "q?",
         "answer": "$1.00"}) + "\n")
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "questions.jsonl").write_text(json.dumps(
        {"financebench_id": "x2", "company": "Nike", "question_type": "domain-relevant", "question": "q2?",
         "answer": "Yes."}) + "\n")
    suites = tmp_path / "suites"
    suites.mkdir()
    (suites / "conversation.jsonl").write_text(json.dumps(
        {"id": "cv1", "turns": ["a?", "b?"], "expected": {"route": "retrieve"}, "why_it_matters": "w"}) + "\n")
    graded = tmp_path / "sets"
    graded.mkdir()
    (graded / "made-up.jsonl").write_text(json.dumps(SET_CASE) + "\n")
    s = Settings(data_dir=tmp_path / "d", eval_quality_dirs=f"{tmp_path / 'a'}:{tmp_path / 'more'}:{tmp_path / 'none'}",
                 eval_suites_dir=suites, eval_sets_dir=graded)
    sets = qs.load_sets(s)
    assert set(sets) == {"financebench:a", "financebench:more", "made-up", "conversation"}
    assert sets["financebench:a"][0].gold_figure == Decimal("1.00")
    assert sets["financebench:more"][0].grading == "yesno" and sets["financebench:more"][0].gold_verdict == "yes"
    assert sets["conversation"][0].turns == ("a?", "b?")
    c = sets["made-up"][0]
    assert (c.grading, c.gold_figure, c.gold_scale, c.gold_currency) == ("figure", Decimal("-3.2"), "million", "AUD")


SET_CASE = {"id": "zw-net-loss", "set": "made-up", "corpus": "corpus-world", "file": "zw.pdf",
            "company": "Zephyr Widgets Ltd", "question_type": "figure", "turns": ["Zephyr's net loss in FY2031?"],
            "gold": "A$3.2 million loss", "gold_figure": "-3.2", "gold_scale": "million", "gold_currency": "AUD",
            "gold_verdict": None, "gold_names": None, "gold_pages": [4], "answerable": True, "graded_by": "test"}


@pytest.mark.parametrize("change,message", [
    ({"question_type": "guess"}, "question_type 'guess'"), ({"gold_figure": "1,2x"}, "not a number"),
    ({"gold_scale": "lakh"}, "gold_scale 'lakh'"), ({"turns": []}, "missing field 'turns'"),
    ({"question_type": "yesno"}, "needs gold_verdict"), ({"gold_figure": None}, "needs gold_figure")])
def test_a_bad_graded_case_is_refused_with_file_line_and_field(tmp_path, change, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(SET_CASE) + "\n" + json.dumps({**SET_CASE, "id": "second", **change}) + "\n")
    with pytest.raises(qs.SetError, match=rf"bad.jsonl:2: .*{message}"):
        qs.load_graded_set(path)
    path.write_text(json.dumps(SET_CASE) + "\n" + json.dumps(SET_CASE) + "\n")
    with pytest.raises(qs.SetError, match="duplicate id"):
        qs.load_graded_set(path)


def _report(outcomes: dict[str, str]) -> dict:
    rs = [q.QualityResult("world", i, "Zephyr", "figure", "q?", "g", "a", o, f"detail {i}") for i, o in outcomes.items()]
    return q.report_json(rs)


def test_the_gate_fails_on_a_new_incorrect_answer_and_a_drop_beyond_the_tolerance():
    base = _report({"a": "correct", "b": "correct", "c": "refused", "d": "incorrect"})
    same = _report({"a": "correct", "b": "correct", "c": "refused", "d": "incorrect"})
    assert q.gate(same, base) == ([], [])
    # a refusal turning wrong fails, even though another case improved and the correct count is unchanged
    failures, changes = q.gate(_report({"a": "correct", "b": "correct", "c": "incorrect", "d": "correct"}), base)
    assert failures == ["new incorrect answer world/c (was refused): detail c"] and len(changes) == 2
    # a case new to the set that is wrong fails too
    failures, _ = q.gate(_report({"a": "correct", "b": "correct", "c": "refused", "d": "incorrect",
                                  "e": "incorrect"}), base)
    assert failures == ["new incorrect answer world/e (was new): detail e"]
    # correct answers becoming refusals: one is within the tolerance, two are not
    assert q.gate(_report({"a": "refused", "b": "correct", "c": "refused", "d": "incorrect"}), base)[0] == []
    failures, _ = q.gate(_report({"a": "refused", "b": "refused", "c": "refused", "d": "incorrect"}), base)
    assert failures == ["world: correct fell from 2 to 0 (more than the tolerance of 1)"]
    assert q.gate(_report({"a": "refused", "b": "refused", "c": "refused", "d": "incorrect"}), base, 2)[0] == []


def test_save_baseline_refuses_an_existing_name_without_overwrite(tmp_path, monkeypatch):
    from evals import baselines
    from pipeline.cli.main import main

    monkeypatch.setattr(baselines, "FOLDER", tmp_path)
    first = CliRunner().invoke(main, ["eval", "--mode", "mock", "--save-baseline", "mine"])
    assert first.exit_code == 0, first.output
    before = (tmp_path / "mine.json").read_text()
    again = CliRunner().invoke(main, ["eval", "--mode", "mock", "--save-baseline", "mine"])
    assert again.exit_code != 0 and "exists" in again.output and "--overwrite" in again.output
    assert (tmp_path / "mine.json").read_text() == before
    forced = CliRunner().invoke(main, ["eval", "--mode", "mock", "--save-baseline", "mine", "--overwrite"])
    assert forced.exit_code == 0, forced.output


def test_the_committed_baseline_is_refused():
    from pipeline.cli.main import main

    r = CliRunner().invoke(main, ["eval", "--mode", "mock", "--save-baseline", "main"])
    assert r.exit_code != 0 and "'main' exists" in r.output


def test_quality_run_through_the_turn_graph_is_stored_for_the_dashboard(env_settings, conn, tmp_path, monkeypatch):
    from pipeline import settings as settings_mod
    from pipeline.cli.main import main
    from pipeline.stores import evalruns

    rows = [{"financebench_id": "g1", "company": "Verizon", "question_type": "metrics-generated",
             "question": "What was Verizon's capital expenditure in FY2030 (USD millions)?", "answer": "$9876.00"},
            {"financebench_id": "g2", "company": "Verizon", "question_type": "metrics-generated",
             "question": "What was Verizon's capital expenditure in FY2030 (USD millions)?", "answer": "$1234.00"},
            {"financebench_id": "g3", "company": "Verizon", "question_type": "novel-generated",
             "question": "What does Verizon expect for capital spending in FY2031?", "answer": "Similar levels."}]
    (tmp_path / "questions.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    monkeypatch.setenv("ARA_EVAL_QUALITY_DIRS", str(tmp_path))
    monkeypatch.setenv("ARA_EVAL_SUITES_DIR", str(tmp_path / "no-suites"))
    monkeypatch.setenv("ARA_EVAL_SETS_DIR", str(tmp_path / "no-sets"))
    settings_mod.get_settings.cache_clear()
    r = CliRunner().invoke(main, ["eval", "quality", "--name", "quality-test", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    name = f"financebench:{tmp_path.name}"
    by_id = {c["id"]: c for c in out["cases"]}
    assert by_id["g1"]["outcome"] == "correct" and by_id["g2"]["outcome"] == "incorrect"
    assert by_id["g3"]["outcome"] in ("ungraded", "refused")
    m = out["metrics"][name]
    assert m["n"] == 3 and m["correct"] == 1 and m["by_company"]["Verizon"]["incorrect"] == 1
    assert m["by_type"]["metrics-generated"] == {"correct": 1, "incorrect": 1, "refused": 0, "ungraded": 0}
    stored = [x for x in evalruns.runs(conn) if x["name"] == "quality-test"]
    assert stored and stored[0]["mode"] == "quality" and len(stored[0]["cases"]) == 3


def test_the_quality_gate_exits_1_on_a_new_incorrect_answer(env_settings, tmp_path, monkeypatch):
    """`ara eval quality --baseline` through the whole turn graph: the same answers pass; a gold that the product's
    answer no longer matches (a case that was correct turning incorrect) fails with the case named."""
    from evals import baselines
    from pipeline import settings as settings_mod
    from pipeline.cli.main import main

    graded = tmp_path / "sets"
    graded.mkdir()
    case = {**SET_CASE, "id": "vz-capex", "set": "probe", "company": "Verizon", "corpus": "corpus",
            "turns": ["What was Verizon's capital expenditure in FY2030?"], "gold": "$9,876 million",
            "gold_figure": "9876", "gold_scale": "million", "gold_currency": "USD"}
    (graded / "probe.jsonl").write_text(json.dumps(case) + "\n")
    monkeypatch.setenv("ARA_EVAL_QUALITY_DIRS", str(tmp_path / "none"))
    monkeypatch.setenv("ARA_EVAL_SUITES_DIR", str(tmp_path / "no-suites"))
    monkeypatch.setenv("ARA_EVAL_SETS_DIR", str(graded))
    monkeypatch.setattr(baselines, "FOLDER", tmp_path / "baselines")
    settings_mod.get_settings.cache_clear()
    first = CliRunner().invoke(main, ["eval", "quality", "--save-baseline", "gate-probe"])
    assert first.exit_code == 0, first.output
    assert json.loads((tmp_path / "baselines" / "gate-probe.json").read_text())["metrics"]["probe"]["correct"] == 1
    same = CliRunner().invoke(main, ["eval", "quality", "--baseline", "gate-probe"])
    assert same.exit_code == 0 and "gate passed" in same.output, same.output
    (graded / "probe.jsonl").write_text(json.dumps({**case, "gold": "$8,765 million", "gold_figure": "8765"}) + "\n")
    broken = CliRunner().invoke(main, ["eval", "quality", "--baseline", "gate-probe"])
    assert broken.exit_code == 1 and "GATE: new incorrect answer probe/vz-capex (was correct)" in broken.output


def test_committed_baselines_are_dashboard_runs(tmp_path):
    """A fresh install's dashboard reads the committed baselines: each record becomes a run row (marked committed,
    a baseline); a file that is not a baseline record is left out."""
    from evals import baselines

    rec = baselines.record(_report({"a": "correct", "b": "refused"}), "quality", {"mode": "quality"})
    baselines.save(rec, tmp_path)
    (tmp_path / "notes.json").write_text('{"not": "a baseline"}')
    rows = baselines.committed(tmp_path)
    assert len(rows) == 1 and rows[0]["committed"] and rows[0]["is_baseline"] and rows[0]["mode"] == "quality"
    assert rows[0]["metrics"]["world"]["correct"] == 1 and rows[0]["created_at"].year >= 2026
    assert {r["name"] for r in baselines.committed()} >= {"main", "mock", "quality"}   # the repository's own


def test_every_committed_graded_set_loads():
    """A set the gate cannot load fails CI at its last step: catch it in the unit tests (a scope-only wording
    list belongs in evals/scopes/, which the gate does not read)."""
    from evals.quality_sets import load_graded_set

    folder = Path(__file__).resolve().parent.parent / "evals" / "sets"
    sets = {p.name: load_graded_set(p) for p in sorted(folder.glob("*.jsonl"))}
    assert sets and all(sets.values()), sets.keys()


def _series_case(tmp_path, cells):
    path = tmp_path / "series.jsonl"
    path.write_text(json.dumps({"id": "s1", "company": "Kestrel", "question_type": "series",
                                "turns": ["Kestrel revenue FY2040 to FY2041"], "gold": "FY2040 10; FY2041 12",
                                "gold_cells": cells}) + "\n")
    return qs.load_graded_set(path)[0]


def _table(*cells):
    from pipeline.core.series_table import SeriesTable

    return SeriesTable(measure="Revenue", companies=["Kestrel"], columns=["FY2040", "FY2041"],
                       cells=[{"company": "Kestrel", "year": int(p[2:]), "period": p, "value": v,
                               "kind": "missing" if v is None else "printed",
                               "citations": [f"Kestrel · {p} · 10-K p. {page}"] if page else []}
                              for p, v, page in cells]).model_dump()


def test_a_series_case_is_graded_by_its_cells(tmp_path):
    gold = [{"company": "Kestrel", "period": "FY2040", "value": 10, "page": 4},
            {"company": "Kestrel", "period": "FY2041", "value": 12, "page": 5}]
    case = _series_case(tmp_path, gold)
    assert case.grading == "cells"
    answer = {"answer": "Kestrel revenue FY2040-FY2041", "route": "retrieve"}
    assert q.grade(case, {**answer, "series_table": _table(("FY2040", "10", 4), ("FY2041", "12", 5))})[0] == "correct"
    # right digits on the wrong page are not the gold cell; one wrong cell makes the table incorrect
    assert q.grade(case, {**answer, "series_table": _table(("FY2040", "10", 9), ("FY2041", "12", 5))})[0] == "incorrect"
    assert q.grade(case, {**answer, "series_table": _table(("FY2040", "10", 4), ("FY2041", "13", 5))})[0] == "incorrect"
    # an empty cell, none wrong: not an error, not a full answer
    outcome, detail = q.grade(case, {**answer, "series_table": _table(("FY2040", "10", 4), ("FY2041", None, None))})
    assert outcome == "refused" and "1 empty" in detail
    assert q.grade(case, answer)[0] == "refused"          # no table at all


def test_a_cell_the_reports_do_not_print_must_stay_empty(tmp_path):
    case = _series_case(tmp_path, [{"company": "Kestrel", "period": "FY2040", "value": None, "page": None},
                                   {"company": "Kestrel", "period": "FY2041", "value": 12, "page": 5}])
    answer = {"answer": "Kestrel revenue", "route": "retrieve"}
    assert q.grade(case, {**answer, "series_table": _table(("FY2040", None, None), ("FY2041", "12", 5))})[0] == "correct"
    assert q.grade(case, {**answer, "series_table": _table(("FY2040", "11", 4), ("FY2041", "12", 5))})[0] == "incorrect"


def test_malformed_gold_cells_are_refused_with_the_line(tmp_path):
    with pytest.raises(qs.SetError, match="series.jsonl:1: gold_cells"):
        _series_case(tmp_path, [{"period": "FY2040", "value": 1}])
