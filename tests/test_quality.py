"""Quality grading (FinanceBench-style sets, the conversation suite) and baselines that are never overwritten
by accident."""
import json
from decimal import Decimal

import pytest
from click.testing import CliRunner

from evals import quality as q


@pytest.mark.parametrize("got,gold,ok", [
    ("1577", "1577.00", True), ("1.577", "1577", True),          # billions vs millions
    ("1,577,000", "1577", True), ("1590", "1577", True),          # within 1 %
    ("1600", "1577", False), ("16.5", "16.5", True), ("0.165", "16.5", True),   # fraction vs percent
    ("-9876", "9876", True), ("0", "0", True), ("3", "0", False)])
def test_numbers_match_within_one_percent_at_any_scale(got, gold, ok):
    assert q.matches(Decimal(got.replace(",", "")), Decimal(gold)) is ok


def test_gold_numbers_are_plain_figures_only():
    assert q.gold_number("$1577.00") == Decimal("1577.00") and q.gold_number("16.5%") == Decimal("16.5")
    assert q.gold_number("Yes, it grew 5%") is None and q.gold_number("") is None


def _case(**kw):
    base = dict(suite="fb", id="c1", company="3M", question_type="metrics-generated", turns=("q",), gold="$1577.00",
                gold_figure=Decimal("1577"))
    return q.QualityCase(**{**base, **kw})


def test_outcomes():
    good = {"route": "retrieve", "answer": "3M's capex in FY2018 was $1,577 million [1].", "results": []}
    assert q.grade(_case(), good)[0] == "correct"
    assert q.grade(_case(), {**good, "results": [{"value": "1577"}]})[0] == "correct"
    wrong = {"route": "retrieve", "answer": "3M's capex in FY2018 was $1,373 million [1].", "results": []}
    assert q.grade(_case(), wrong)[0] == "incorrect"
    # the fiscal year and the citation marker are not figures the answer states
    assert q.figures_of({"answer": "In FY2018 [2] capex was 1,577 in 2018."}) == [Decimal("1577")]
    refused = {"route": "retrieve", "answer": "I could not find capital expenditure for 3M FY2018."}
    assert q.grade(_case(), refused)[0] == "refused"
    assert q.grade(_case(), {"route": "clarify", "answer": "Which year?"})[0] == "refused"
    text = _case(gold="Yes, it grew.", gold_figure=None)
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
    s = Settings(data_dir=tmp_path / "d", eval_quality_dirs=f"{tmp_path / 'a'}:{tmp_path / 'more'}:{tmp_path / 'none'}",
                 eval_suites_dir=suites)
    sets = q.load_sets(s)
    assert set(sets) == {"financebench:a", "financebench:more", "conversation"}
    assert sets["financebench:a"][0].gold_figure == Decimal("1.00")
    assert sets["conversation"][0].turns == ("a?", "b?")


def test_save_baseline_refuses_an_existing_name_without_overwrite(tmp_path, monkeypatch):
    from evals import baselines
    from pipeline.cli import main

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
    from pipeline.cli import main

    r = CliRunner().invoke(main, ["eval", "--mode", "mock", "--save-baseline", "main"])
    assert r.exit_code != 0 and "'main' exists" in r.output


def test_quality_run_through_the_turn_graph_is_stored_for_the_dashboard(env_settings, conn, tmp_path, monkeypatch):
    from pipeline import settings as settings_mod
    from pipeline.cli import main
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
