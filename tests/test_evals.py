"""The evaluation harness: loader validation, scorers (mock mode), the gate, A/B statistics, judges, promote."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from evals import ab, baselines, scorers
from evals.cases import CaseError, load_suite, load_suites
from evals.judges import agreement, cohen_kappa, load_labels, numeric_judge
from evals.runner import CaseResult, Report, compare, run_mock

SUITES = Path(__file__).resolve().parent.parent / "evals" / "suites"


def write(tmp_path, name, rows):
    p = tmp_path / f"{name}.jsonl"
    p.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return p


GOOD = {"id": "a", "query": "q", "expected": {"route": "clarify"}, "why_it_matters": "w"}


@pytest.mark.parametrize("bad,message", [
    ({**GOOD, "why_it_matters": ""}, "routing.jsonl:1 (case 'a'): missing field 'why_it_matters'"),
    ({k: v for k, v in GOOD.items() if k != "query"}, "(case 'a'): missing field 'query' (or 'turns')"),
    ({k: v for k, v in GOOD.items() if k != "expected"}, "(case 'a'): missing field 'expected'"),
    ({**GOOD, "expected": {"companies": ["3M"]}}, "lacks ['route']"),
])
def test_loader_names_the_case_and_the_field(tmp_path, bad, message):
    import re

    with pytest.raises(CaseError, match=re.escape(message)):
        load_suite(write(tmp_path, "routing", [bad]), "routing")


def test_loader_refuses_duplicate_ids(tmp_path):
    with pytest.raises(CaseError, match="duplicate id 'a'"):
        load_suite(write(tmp_path, "routing", [GOOD, GOOD]), "routing")


def test_shipped_suites_are_large_enough_and_well_formed():
    suites = load_suites(SUITES)
    assert sum(len(c) for c in suites.values()) >= 40 and all(len(c) >= 8 for c in suites.values())
    report = run_mock(suites)
    assert not report.problems and all(r.passed for r in report.results)


def test_mock_mode_catches_a_scorer_that_accepts_anything(monkeypatch):
    monkeypatch.setitem(scorers.SCORERS, "routing", lambda c, o: scorers.Score(True, "ok"))
    report = run_mock(load_suites(SUITES, "routing"))
    assert report.problems and "accepted a wrong output" in report.problems[0]


def test_an_expected_citation_may_accept_every_page_that_states_the_fact():
    from evals.cases import Case

    case = Case("prose", "p", ("Did Acme pay dividends in 2031?",), {
        "route": "retrieve", "kind": "yes_no", "starts_with": "Yes.",
        "citation": {"doc": "ACME_2031_10K", "pages": [18, 69]}}, "")
    out = {"route": "retrieve", "kind": "yes_no", "answer": "Yes. Dividends were paid. [1]"}
    for page, ok in ((18, True), (69, True), (70, False)):
        got = scorers.prose(case, {**out, "citations": [{"doc": "ACME_2031_10K", "page": page}]})
        assert got.passed is ok, (page, got.detail)
    wrong_doc = scorers.prose(case, {**out, "citations": [{"doc": "ACME_2030_10K", "page": 18}]})
    assert not wrong_doc.passed and "p. 18 or 69" in wrong_doc.detail


def test_gate_reports_flips_and_fails_on_a_drop():
    base = {"cases": [{"id": "x", "passed": True}, {"id": "y", "passed": False}],
            "metrics": {"routing": {"pass_rate": 1.0}}}
    rep = Report("real", [CaseResult("routing", "x", False, "route wrong"), CaseResult("routing", "y", True, "ok")])
    flips, failures = compare(rep, base)
    assert flips[0].startswith("REGRESSED x") and "improved y" in flips
    assert failures and "routing pass_rate 0.5 < baseline 1.0" in failures[0]
    assert compare(rep, base, tolerance=0.6)[1] == []


def test_sign_test_and_kappa():
    assert ab.sign_test(0, 0) == 1.0
    assert ab.sign_test(10, 0) == pytest.approx(2 / 1024)
    assert ab.sign_test(5, 5) == 1.0
    assert cohen_kappa(["pass", "fail"] * 5, ["pass", "fail"] * 5) == 1.0
    assert cohen_kappa(["pass", "pass", "fail", "fail"], ["pass", "fail", "pass", "fail"]) == 0.0


def test_numeric_judge_agreement_and_its_known_blind_spot():
    labels = load_labels()
    assert len(labels) >= 20 and {"correct", "wrong-year", "wrong-unit", "derived", "invented"} <= {l.kind for l in labels}
    r = agreement(labels, numeric_judge)
    assert r["agreement"] >= 0.85
    assert {d["kind"] for d in r["disagreements"]} <= {"wrong-year"}   # documented: a figure in another column


def test_cli_mock_and_missing_baseline():
    from pipeline.cli.main import main

    r = CliRunner().invoke(main, ["eval", "--mode", "mock", "--baseline", "mock"])
    assert r.exit_code == 0, r.output
    assert "no flips" in r.output
    r = CliRunner().invoke(main, ["eval", "--mode", "mock", "--baseline", "no-such-baseline"])
    assert r.exit_code != 0 and "no baseline" in r.output


@pytest.fixture
def suites_dir(tmp_path, env_settings, monkeypatch):
    """Suites over the generated Verizon FY2030 filing, for real mode on the session database."""
    d = tmp_path / "suites"
    d.mkdir()
    q = "What was Verizon's capex in FY2030?"
    write(d, "routing", [{"id": "r1", "query": q, "expected": {"route": "retrieve", "companies": ["Verizon"]},
                          "why_it_matters": "w"}])
    write(d, "retrieval", [{"id": "v1", "query": q, "expected": {"doc": "VERIZON_2030_10K", "figure": "9,876"},
                            "why_it_matters": "w"}])
    write(d, "calculation", [{"id": "c1", "query": "How much did Verizon's capex grow in FY2030?",
                              "expected": {"value": 12.7, "unit": "%", "tolerance": 0.1}, "why_it_matters": "w"}])
    write(d, "boundary", [{"id": "b1", "turns": [q, "and what about net income?"],
                           "expected": {"route": "retrieve", "must_contain": ["$4,321 million"]},
                           "why_it_matters": "w"}])
    write(d, "conversation", [{"id": "cv1", "turns": [q, "What's the weather in Paris?"],
                               "expected": {"turns": [{"route": "retrieve", "must_contain": ["$9,876 million"]},
                                                      {"route": "out_of_scope", "companies": [], "citations": 0}]},
                               "why_it_matters": "w"}])
    write(d, "prose", [{"id": "p1", "query": "Did Verizon's network investment program continue in 2030?",
                        "expected": {"route": "retrieve", "kind": "yes_no", "starts_with": "Yes",
                                     "citation": {"doc": "VERIZON_2030_10K", "page": 1}},
                        "why_it_matters": "w"}])
    monkeypatch.setenv("ARA_EVAL_SUITES_DIR", str(d))
    monkeypatch.setattr(baselines, "FOLDER", tmp_path / "baselines")
    from pipeline import settings as settings_mod

    settings_mod.get_settings.cache_clear()
    yield d
    settings_mod.get_settings.cache_clear()


def test_real_mode_runs_components_saves_a_baseline_and_gates(suites_dir, conn):
    from pipeline.cli.main import main

    r = CliRunner().invoke(main, ["eval", "--mode", "real", "--save-baseline", "t", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert all(m["pass_rate"] == 1.0 for m in out["metrics"].values())
    assert (baselines.FOLDER / "t.json").exists()
    assert conn.execute("SELECT count(*) FROM eval_runs WHERE name = 't' AND is_baseline").fetchone()[0] == 1
    rows = [json.loads(x) for x in (suites_dir / "retrieval.jsonl").read_text().splitlines()]
    rows[0]["expected"]["figure"] = "99,999"                       # a regression
    write(suites_dir, "retrieval", rows)
    r = CliRunner().invoke(main, ["eval", "--mode", "real", "--baseline", "t"])
    assert r.exit_code == 1 and "REGRESSED v1" in r.output and "GATE" in r.output


def test_ab_and_promote(suites_dir, ctx):
    from pipeline.cli.main import main
    from pipeline.graph import run_turn
    from pipeline.stores.checkpoints import new_thread_id

    r = CliRunner().invoke(main, ["eval", "ab", "--a", "dense", "--b", "product", "--set", "suite"])
    assert r.exit_code == 0, r.output
    assert "sign test" in r.output and "direction, not significance" in r.output and "n = 1" in r.output
    s = run_turn("What was Verizon's net income in FY2030?", ctx, thread_id=new_thread_id())
    r = CliRunner().invoke(main, ["eval", "promote", s.turn_id, "--suite", "retrieval", "--why", "users ask this"])
    assert r.exit_code == 0, r.output
    promoted = load_suite(suites_dir / "retrieval.jsonl", "retrieval")[-1]
    assert promoted.expected == {"doc": "VERIZON_2030_10K", "figure": "4,321"} and promoted.why_it_matters


def test_shadow_runs_are_logged_never_shown(ctx, conn):
    import dataclasses

    from pipeline.graph import run_turn

    s = ctx.settings.model_copy(update={"shadow_config": "keyword"})
    live = run_turn("What was Verizon's capex in FY2030?", dataclasses.replace(ctx, settings=s))
    row = conn.execute("SELECT config->>'name', live_answer FROM shadow_runs WHERE turn_id = %s",
                       (live.turn_id,)).fetchone()
    assert row == ("keyword", live.answer)
    assert [x.node for x in live.steps][-1] == "shadow" and "$9,876 million" in live.answer
