"""LLM router, LLM verifier and Cohere rerank against a local fake server: each fault follows the policy."""
import dataclasses
import json

import pytest

from pipeline.graph import run_turn
from pipeline.providers.llm import get_llm
from pipeline.retrieval.rerank import CohereReranker
from tests.fakes import FakeAPI, chat, rerank_reversed

KEY = "sk-fake-key-0123456789"
Q = "What was Verizon's capex in FY2030?"


@pytest.fixture
def fake():
    f = FakeAPI()
    yield f
    f.close()


def with_llm(ctx, fake, timeout=2.0):
    from pydantic import SecretStr

    s = ctx.settings.model_copy(update={"openai_base_url": fake.url + "/v1", "openai_api_key": SecretStr(KEY),
                                        "llm_timeout": timeout, "llm_max_retries": 0, "llm_model": "local-model"})
    return dataclasses.replace(ctx, settings=s, llm=get_llm(s))


ROUTE_OK = chat(json.dumps({"route": "retrieve", "company": "Verizon", "fiscal_year": 2030, "reason": "figure"}))
VERIFY_PASS = chat(json.dumps({"verdict": "pass", "unsupported": []}))


LATEST = "What was Verizon's capex?"     # names no year: the model router is asked (a fully named one is not)


def test_llm_router_and_verifier_good_path(ctx, fake):
    fake.then("/chat/completions", ("json", ROUTE_OK), ("json", VERIFY_PASS))
    s = run_turn(LATEST, with_llm(ctx, fake))
    nodes = [x.node for x in s.steps]
    assert "route_llm" in nodes and "verify_llm" in nodes and not s.warnings
    assert "$9,876 million" in s.answer and s.confidence == "high"
    path, headers, body = fake.requests[0]
    assert body["model"] == "local-model" and headers["Authorization"] == f"Bearer {KEY}"


@pytest.mark.parametrize("fault", [("text", "Sure! The route is retrieve."), ("status", 500), ("status", 429),
                                   ("sleep", 3), ("json", chat("not json at all"))])
def test_router_llm_faults_fail_open_to_the_rules(ctx, fake, fault):
    fake.then("/chat/completions", fault, ("json", VERIFY_PASS))
    s = run_turn(LATEST, with_llm(ctx, fake, timeout=1.0))
    step = next(x for x in s.steps if x.node == "route_llm")
    assert step.failed_open and s.route == "retrieve" and "$9,876 million" in s.answer
    assert "routed by rules" in " ".join(s.warnings)
    assert KEY not in json.dumps(s.to_json())


def test_router_llm_cannot_invent_a_year(ctx, fake):
    fake.then("/chat/completions", ("json", ROUTE_OK))
    s = run_turn("What was Verizon's capex in FY2025?", with_llm(ctx, fake))   # no report prints FY2025
    assert s.route == "no_data"


def test_llm_verifier_fail_names_the_claim_without_its_number(ctx, fake):
    verdict = {"verdict": "fail", "unsupported": [{"label": "Verizon FY2030 capex 9,876 million", "reason": "x"}]}
    fake.for_purpose("route_llm", ("json", ROUTE_OK)).for_purpose("verify_llm", ("json", chat(json.dumps(verdict))))
    s = run_turn(Q, with_llm(ctx, fake))
    assert s.verdict == "partial" and s.confidence == "medium"
    assert s.caveats == ["Unverified: Verizon FY2030 capex"]
    assert not any("9,876" in c for c in s.caveats)


@pytest.mark.parametrize("reply", ['{"verdict": "not supported", "unsupported": []}', "The answer is not supported."])
def test_llm_verifier_prose_is_malformed_not_a_pass(ctx, fake, reply):
    fake.for_purpose("route_llm", ("json", ROUTE_OK)).for_purpose("verify_llm", ("json", chat(reply)))
    s = run_turn(Q, with_llm(ctx, fake))
    step = next(x for x in s.steps if x.node == "verify_llm")
    assert step.failed_open and "only the numeric check ran" in " ".join(s.warnings)
    assert s.verdict == "pass"   # the deterministic check still stands


@pytest.mark.parametrize("fault", [("status", 500), ("text", "<html>bad gateway</html>")])
def test_cohere_server_errors_keep_the_fusion_order(ctx, fake, fault):
    fake.then("/rerank", fault, fault)
    s = run_turn(Q, dataclasses.replace(ctx, reranker=CohereReranker("co-fake-key-123456", "rerank-english-v3.0",
                                                                    fake.url, max_retries=0)))
    assert next(x for x in s.steps if x.node == "rerank").failed_open and "$9,876 million" in s.answer


def test_cohere_rerank_reorders_and_its_faults_keep_the_fusion_order(ctx, fake):
    fake.then("/rerank", ("json", rerank_reversed))
    r = dataclasses.replace(ctx, reranker=CohereReranker("co-fake-key-123456", "rerank-english-v3.0", fake.url,
                                                         max_retries=0))
    s = run_turn(Q, r)
    assert [x.node for x in s.steps if x.node == "rerank"] and not any(x.failed_open for x in s.steps)
    assert fake.requests and fake.requests[0][2]["query"] == Q
    assert "$9,876 million" in s.answer
    fake.then("/rerank", ("status", 429), ("status", 429))
    s = run_turn(Q, dataclasses.replace(ctx, reranker=CohereReranker("co-fake-key-123456", "rerank-english-v3.0",
                                                                    fake.url, max_retries=1)))
    step = next(x for x in s.steps if x.node == "rerank")
    assert step.failed_open and "retrieval order" in " ".join(s.warnings) and "$9,876 million" in s.answer
    assert "co-fake-key" not in json.dumps(s.to_json())


def test_eval_records_model_calls_and_tokens_per_case(ctx, fake):
    from evals.cases import Case
    from evals.runner import run_real

    usage_chat = lambda content: {**chat(content), "usage": {"prompt_tokens": 30, "completion_tokens": 12,  # noqa: E731
                                                             "total_tokens": 42}}
    fake.then("/chat/completions", ("json", usage_chat(ROUTE_OK["choices"][0]["message"]["content"])),
              ("json", usage_chat(VERIFY_PASS["choices"][0]["message"]["content"])))
    case = Case("boundary", "b", (LATEST,), {"route": "retrieve", "must_contain": ["$9,876 million"]}, "w")
    r = run_real({"boundary": [case]}, with_llm(ctx, fake)).results[0]
    assert r.passed and r.model_calls == 2 and r.tokens == 84
