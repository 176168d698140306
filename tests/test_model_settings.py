"""Model settings, JSON parsing, metering, the reranker provider everywhere retrieval runs, evaluation and the judge
on the model path, and one streamed model answer through the Streamlit app. All against local fakes."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pydantic import SecretStr

from pipeline.providers.llm import MalformedOutput, ModelConfigError, get_llm, parse_json_object
from pipeline.settings import Settings
from tests.fakes import FakeAPI, chat, models, rerank_reversed
from tests.test_model import GOOD, PASS, ROUTE, model_ctx

REQ = {"verdict": str, "unsupported": list}


@pytest.fixture
def fake():
    f = FakeAPI()
    yield f
    f.close()


@pytest.mark.parametrize("text", [
    '{"verdict": "pass", "unsupported": []}',
    '```json\n{"verdict": "pass", "unsupported": []}\n```',
    'Sure, here it is: {"verdict": "pass", "unsupported": []} Let me know if you need more.',
    'Thinking... {"note": 1}\n```\n{"verdict": "pass", "unsupported": []}\n```',
])
def test_json_is_found_in_prose_and_fences(text):
    assert parse_json_object(text, REQ)["verdict"] == "pass"


@pytest.mark.parametrize("text,why", [("The answer is supported.", "not JSON"),
                                      ('{"verdict": "pass"}', "missing or mistyped field 'unsupported'"),
                                      ('["pass"]', "not JSON"), ("", "not JSON")])
def test_nothing_parseable_is_malformed_never_a_verdict(text, why):
    with pytest.raises(MalformedOutput, match=why):
        parse_json_object(text, REQ)


def test_base_url_without_a_model_lists_the_servers_models(fake, tmp_path):
    fake.then("/models", ("json", models("llama3.1:8b", "qwen2.5:7b")))
    s = Settings(data_dir=tmp_path, openai_base_url=fake.url + "/v1")
    with pytest.raises(ModelConfigError, match=r"ARA_LLM_MODEL is not.*offers: llama3\.1:8b, qwen2\.5:7b"):
        get_llm(s)
    assert fake.requests[-1][0] == "/v1/models"


def test_base_url_without_a_model_when_the_server_is_down(tmp_path, monkeypatch):
    from pipeline.cli.main import main
    from pipeline.settings import get_settings

    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("ARA_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("ARA_LLM_MODEL", raising=False)
    get_settings.cache_clear()
    try:
        r = CliRunner().invoke(main, ["ask", "What was 3M's capex in FY2018?"])
    finally:
        get_settings.cache_clear()
    assert r.exit_code == 1 and "ARA_LLM_MODEL is not" in r.output and "did not answer" in r.output


def test_openai_without_a_model_uses_the_default_and_prices_it(tmp_path):
    llm = get_llm(Settings(data_dir=tmp_path, openai_api_key=SecretStr("sk-test-000000")))
    assert llm.model == "gpt-4o-mini" and llm.prices == (0.15, 0.60)
    local = get_llm(Settings(data_dir=tmp_path, openai_base_url="http://x/v1", llm_model="m", llm_price_input=1.0))
    assert local.prices == (1.0, 0.0)


def _cohere_env(monkeypatch, fake):
    monkeypatch.setenv("ARA_RERANK_PROVIDER", "cohere")
    monkeypatch.setenv("COHERE_API_KEY", "co-fake-key-123456")
    monkeypatch.setenv("ARA_COHERE_BASE_URL", fake.url)


def test_cohere_is_honoured_by_ara_retrieve(env_settings, fake, monkeypatch):
    from pipeline.cli.main import main
    from pipeline.settings import get_settings

    _cohere_env(monkeypatch, fake)
    fake.then("/rerank", ("json", rerank_reversed))
    get_settings.cache_clear()
    r = CliRunner().invoke(main, ["retrieve", "What was Verizon's capex in FY2030?", "--json"])
    assert r.exit_code == 0, r.output
    assert len(fake.requests) == 1 and fake.requests[0][0].endswith("/rerank")
    fake.then("/rerank", ("status", 500), ("status", 500), ("status", 500))
    r = CliRunner().invoke(main, ["retrieve", "What was Verizon's capex in FY2030?"])
    assert r.exit_code == 0 and "fusion order (cohere failed" in r.stderr and "Verizon" in r.stdout


def test_eval_records_what_actually_reranked(env_settings, fake, monkeypatch, tmp_path):
    from pipeline.cli.main import main
    from pipeline.settings import get_settings

    _cohere_env(monkeypatch, fake)
    suites = tmp_path / "suites"
    suites.mkdir()
    for name in ("routing", "retrieval", "calculation", "boundary"):
        src = Path(__file__).resolve().parent.parent / "evals" / "suites" / f"{name}.jsonl"
        (suites / f"{name}.jsonl").write_text(src.read_text(encoding="utf-8") if src.exists() else "", encoding="utf-8")
    monkeypatch.setenv("ARA_EVAL_SUITES_DIR", str(suites))
    fake.then("/rerank", *[("json", rerank_reversed)] * 3)
    get_settings.cache_clear()
    r = CliRunner().invoke(main, ["eval", "--mode", "real", "--suite", "retrieval", "--limit", "3", "--json"])
    assert r.exit_code in (0, 1), r.output
    from evals import baselines
    from pipeline.stores import db

    with db.connect(env_settings) as c:
        config = c.execute("SELECT config FROM eval_runs ORDER BY id DESC LIMIT 1").fetchone()[0]
    ran = config["rerank_ran"]
    assert ran.get("cohere", 0) >= 1 and config["rerank"].startswith("cohere")
    assert baselines is not None


def test_eval_real_on_the_model_path_records_calls_tokens_and_cost_per_case(ctx, fake):
    from evals.cases import Case
    from evals.runner import run_real

    fake.for_purpose("route_llm", ("json", ROUTE)).for_purpose("synthesise", ("json", GOOD)) \
        .for_purpose("verify_llm", ("json", PASS))
    c = model_ctx(ctx, fake, llm_price_input=2.0, llm_price_output=10.0)
    case = Case("boundary", "b", ("What was Verizon's capex in FY2030?",),
                {"route": "retrieve", "must_contain": ["$9,876 million"]}, "w")
    rep = run_real({"boundary": [case]}, c)
    r = rep.results[0]
    assert r.passed and r.model_calls == 2 and r.tokens == 152      # the rules routed it: synthesis + verifier
    assert r.cost_usd == pytest.approx((120 * 2 + 30 * 10 + 1 * 2 + 1 * 10) / 1e6)
    assert rep.suite_metrics()["boundary"]["cost_usd"] == r.cost_usd


def test_judge_agreement_is_reported_for_the_model_path(fake, monkeypatch, tmp_path):
    from evals.judges import load_labels
    from pipeline.cli.main import main
    from pipeline.settings import get_settings

    labels = load_labels()
    fake.then("/chat/completions", *[("json", chat('Verdict below.\n{"verdict": "pass", "unsupported": []}'))]
              * len(labels))
    monkeypatch.setenv("OPENAI_BASE_URL", fake.url + "/v1")
    monkeypatch.setenv("ARA_LLM_MODEL", "judge-model")
    monkeypatch.setenv("ARA_DATA_DIR", str(tmp_path))
    get_settings.cache_clear()
    try:
        r = CliRunner().invoke(main, ["eval", "judge", "--json"])
    finally:
        get_settings.cache_clear()
    out = json.loads(r.output)
    llm = out["LLM verifier (judge-model, the model path)"]
    passes = sum(lab.label == "pass" for lab in labels) / len(labels)
    assert llm["agreement"] == round(passes, 3) and llm["model"]["calls"] == len(labels)
    checks = out["model-answer checks (deterministic, the model path)"]
    assert checks["n"] == len(labels) and checks["agreement"] >= 0.9


def test_the_app_streams_a_model_answer(env_settings, fake, monkeypatch):
    from streamlit.testing.v1 import AppTest

    from app.components import resources
    from pipeline.settings import get_settings
    from tests.test_app import APP

    fake.for_purpose("route_llm", ("json", ROUTE)).for_purpose("synthesise", ("json", GOOD)) \
        .for_purpose("verify_llm", ("json", PASS))
    monkeypatch.setenv("OPENAI_BASE_URL", fake.url + "/v1")
    monkeypatch.setenv("ARA_LLM_MODEL", "local-model")
    get_settings.cache_clear()
    resources.database_ready.clear()
    resources.turn_context.clear()
    try:
        at = AppTest.from_file(APP, default_timeout=120).run()
        at.chat_input[0].set_value("What was Verizon's capex in FY2030?").run()
    finally:
        resources.database_ready.clear()
        resources.turn_context.clear()
        get_settings.cache_clear()
    assert not at.exception
    body = " ".join(md.value for md in at.chat_message[1].markdown)
    assert "capital expenditures in FY2030 were \\$9,876 million \\[1\\], up from" in body or \
        "capital expenditures in FY2030 were \\$9,876 million [1], up from" in body
    steps = at.chat_message[1].dataframe[0].value
    synth = steps[steps["step"] == "synthesise"].iloc[0]
    assert synth["decision"] == "model answer (1 attempt(s))"
    assert fake.calls("synthesise")[0]["stream"] is True
