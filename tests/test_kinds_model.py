"""The whole-report question kinds answered by a model (answer/kinds_model.py) against the local fake
OpenAI-compatible server: the model's verdict, name or amount is shown only when its quote is printed on the cited
page and passes the kind's check; otherwise the offline answer of the same kind, with the failure recorded per the
`kinds_model` policy. Made-up companies; pages built in memory, as the store returns them."""
from __future__ import annotations

import json

import pytest
from pydantic import SecretStr

from pipeline.answer import kinds_model, people, yesno
from pipeline.guardrails.policy import POLICY
from pipeline.question import QuestionFacts
from pipeline.settings import Settings
from pipeline.state import TurnState
from pipeline.stores.corpus import ReportPage
from tests.fakes import FakeAPI, chat

PAGES = [
    ReportPage("doc", "Quillfeather", 2022, "ANNUAL", 1,
               "Chair's statement. During 2022 the Company repurchased 120,500 shares of its common stock for $3.1 "
               "million under its repurchase program. The Board may consider further acquisitions in the future."),
    ReportPage("doc", "Quillfeather", 2022, "ANNUAL", 2,
               "Directors. Peter Quill, Chief Executive Officer, has led the Group since 2019. Jane Marlow, "
               "Chief Financial Officer, signed the accounts."),
    ReportPage("doc", "Quillfeather", 2022, "ANNUAL", 3,
               "Signatures. /s/ Peter Quill Chief Executive Officer /s/ Jane Marlow Chief Financial Officer. "
               "Our policy is to repurchase shares when the price is below net asset value."),
]


@pytest.fixture
def fake():
    f = FakeAPI()
    yield f
    f.close()


@pytest.fixture
def model(fake):
    from pipeline.providers.llm import get_llm

    s = Settings(openai_base_url=fake.url + "/v1", openai_api_key=SecretStr("sk-fake-key-0123456789"),
                 llm_model="local-model", llm_timeout=2.0, llm_max_retries=0, data_dir="/tmp/x")
    return kinds_model.Model(get_llm(s), 3)


@pytest.fixture(autouse=True)
def pages(monkeypatch):
    monkeypatch.setattr("pipeline.stores.corpus.report_pages", lambda conn, company, year, pattern=None: PAGES)


def reply(**obj) -> tuple:
    return ("json", chat(json.dumps({"answer": "yes", "value": "", "names": [], **obj})))


def source_of(fake, sentence_start: str) -> int:
    """The number the prompt gave the sentence starting with `sentence_start`."""
    prompt = fake.calls("kinds")[-1]["messages"][1]["content"]
    line = next(ln for ln in prompt.splitlines() if sentence_start in ln)
    return int(line[1:line.index("]")])


def run(question: str, model) -> tuple[TurnState, tuple[str, str]]:
    state = TurnState(question=question)
    facts = QuestionFacts(question, years=[2022])
    offline = (lambda: yesno.answer(state, object(), facts, "Quillfeather", 2022, lambda p: 1)
               if yesno.applies(facts) else people.answer(state, object(), facts, "Quillfeather", 2022, lambda p: 1))
    return state, kinds_model.answer(state, object(), facts, "Quillfeather", 2022, lambda p: 1, model, offline)


def scripted(fake, make):
    """A reply built from the prompt the model was sent (so it can cite the number the prompt gave a sentence)."""
    def build(body):
        prompt = body["messages"][1]["content"]
        numbers = {ln.split(": ", 1)[1][:30]: int(ln[1:ln.index("]")]) for ln in prompt.splitlines()
                   if ln.startswith("[")}
        return chat(json.dumps({"answer": "yes", "value": "", "names": [], **make(numbers)}))
    fake.for_purpose("kinds", ("json", build))


BUYBACK = ("During 2022 the Company repurchased 120,500 shares of its common stock for $3.1 million under its "
           "repurchase program.")
POLICY_SENTENCE = "Our policy is to repurchase shares when the price is below net asset value."


def _n(numbers, sentence):
    return next(v for k, v in numbers.items() if sentence.startswith(k))


def test_a_yes_backed_by_the_stating_sentence_is_the_models_answer(fake, model):
    scripted(fake, lambda n: {"answer": "yes", "source": _n(n, BUYBACK), "quote": BUYBACK})
    state, (text, kind) = run("Did Quillfeather buy back shares in 2022?", model)
    assert kind == "yes_no" and text.startswith("Yes.") and BUYBACK in text
    assert state.answered_by == "model" and state.steps[-1].decision == "model answer (event)"
    assert len(fake.calls("kinds")) == 1 and "numbered report sentences" in fake.calls("kinds")[0]["messages"][0]["content"]


def test_a_yes_backed_by_a_policy_sentence_never_reaches_the_user(fake, model):
    """The model's verdict rests on a sentence that only names the topic: the offline answer is given instead."""
    scripted(fake, lambda n: {"answer": "yes", "source": _n(n, POLICY_SENTENCE), "quote": POLICY_SENTENCE})
    state, (text, kind) = run("Did Quillfeather buy back shares in 2022?", model)
    assert POLICY_SENTENCE not in text and BUYBACK in text         # the offline reader's stating sentence
    rec = state.steps[-1]
    assert rec.node == "kinds_model" and rec.failed_open and "does not state it" in rec.error
    assert POLICY["kinds_model"].warning in state.warnings
    assert state.answered_by == "extractive (model answer rejected)"


def test_a_quote_not_printed_on_the_cited_page_is_rejected(fake, model):
    invented = "During 2022 the Company repurchased 990,000 shares of its common stock for $45 million."
    scripted(fake, lambda n: {"answer": "yes", "source": 1, "quote": invented})
    state, (text, _) = run("Did Quillfeather buy back shares in 2022?", model)
    assert "990,000" not in text and "not printed on p." in state.steps[-1].error


def test_a_share_count_for_a_how_much_question_is_rejected_and_the_amount_accepted(fake, model):
    scripted(fake, lambda n: {"value": "120,500", "source": _n(n, BUYBACK), "quote": BUYBACK})
    state, (text, _) = run("How much did Quillfeather spend on repurchases in 2022?", model)
    assert state.steps[-1].failed_open and "is not the amount of money" in state.steps[-1].error
    assert text.startswith("$3.1 million.")          # the offline answer leads with the amount, not the count
    scripted(fake, lambda n: {"value": "$3.1 million", "source": _n(n, BUYBACK), "quote": BUYBACK})
    state, (text, _) = run("How much did Quillfeather spend on repurchases in 2022?", model)
    assert state.answered_by == "model" and text.startswith("$3.1 million.")


def test_a_name_not_printed_beside_the_role_is_rejected(fake, model):
    cfo = "Jane Marlow, Chief Financial Officer, signed the accounts."
    scripted(fake, lambda n: {"names": ["Mary Poppins"], "source": _n(n, cfo), "quote": cfo})
    state, (text, kind) = run("Who is Quillfeather's CFO?", model)
    assert "Mary Poppins" not in text and "Jane Marlow" in text and state.steps[-1].failed_open
    scripted(fake, lambda n: {"names": ["Jane Marlow"], "source": _n(n, cfo), "quote": cfo})
    state, (text, kind) = run("Who is Quillfeather's CFO?", model)
    assert kind == "name" and "Jane Marlow" in text and state.answered_by == "model"


def test_the_model_unavailable_or_out_of_calls_gives_the_offline_answer(fake, model):
    fake.for_purpose("kinds", ("status", 500))
    state, (text, _) = run("Did Quillfeather buy back shares in 2022?", model)
    assert BUYBACK in text and state.steps[-1].failed_open
    spent = kinds_model.Model(model.llm, 1)      # no call left beside the verifier's
    state, (text, _) = run("Did Quillfeather buy back shares in 2022?", spent)
    assert BUYBACK in text and state.steps[-1].decision == "skipped: call budget spent"
    assert len(fake.calls("kinds")) == 1


def test_a_ratio_named_turnover_is_no_leadership_question():
    facts = QuestionFacts("What is the FY2021 inventory turnover ratio from the statement of financial position?",
                          years=[2021])
    assert not people.applies(facts)
    assert people.applies(QuestionFacts("Was there any board turnover in 2021?", years=[2021]))
