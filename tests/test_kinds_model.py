"""The whole-report question kinds answered by a model (answer/kinds_model.py) against the local fake
OpenAI-compatible server: the model's verdict, name or amount is shown only when its quote is printed on the cited
page and passes the kind's check; otherwise the offline answer of the same kind, with the failure recorded per the
`kinds_model` policy. Made-up companies; pages built in memory, as the store returns them."""
from __future__ import annotations

import json

import pytest
from pydantic import SecretStr

from pipeline.answer import cross_verdict, kinds_model, page_kinds_model, people, yesno
from pipeline.guardrails.policy import POLICY
from pipeline.question.analysis import QuestionFacts
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


# --- why follow-ups and counts stated in prose, read from the kept pages (page_kinds_model.answer_pages) --------------
from pipeline.retrieval.passage import Passage  # noqa: E402

_MDNA = ("Results of operations. Revenue increased by $42.0 million to $310.5 million in 2022, driven by higher "
         "volumes at the Kestrel works and new customer contracts. Our outlook for revenue remains uncertain. "
         "As part of the restructuring, we eliminated approximately 180 positions during 2022. "
         "At December 31, 2022 we had approximately 2,400 employees.")
_KEPT = [Passage(chunk_id=1, doc="doc", company="Quillfeather", fiscal_year=2022, doc_type="ANNUAL", page=7,
                 score=1.0, text=_MDNA)]


def run_pages(question: str, model, metric: str | None = None) -> tuple[TurnState, tuple[str, str]]:
    from pipeline.question.analysis import analyse

    state = TurnState(question=question)
    facts = analyse(question)
    offline_calls = []

    def offline():
        offline_calls.append(1)
        return "offline answer", "quote"
    got = page_kinds_model.answer_pages(state, None, facts, "Quillfeather", 2022, _KEPT, lambda p: 1, model, offline)
    return state, got


def test_a_why_answer_is_the_quoted_cause_and_its_own_words_carry_no_new_number(fake, model):
    q = "What drove Quillfeather's revenue in 2022?"
    from pipeline.question.analysis import analyse

    assert page_kinds_model.page_kind(analyse(q)) == "why"
    cause = ("Revenue increased by $42.0 million to $310.5 million in 2022, driven by higher volumes at the Kestrel "
             "works and new customer contracts.")
    fake.for_purpose("kinds", reply(source=1, quote=cause, summary="Higher Kestrel volumes and new contracts drove it"))
    state, (text, kind) = run_pages(q, model)
    assert state.answered_by == "model" and cause in text and text.startswith("Higher Kestrel volumes")
    # the model's words add a number the page does not print: rejected, the offline answer, the verdict recorded
    fake.for_purpose("kinds", reply(source=1, quote=cause, summary="Revenue rose 15.6% on higher volumes"))
    state, (text, kind) = run_pages(q, model)
    assert text == "offline answer" and state.answered_by == "extractive (model answer rejected)"
    step = next(s for s in state.steps if s.node == "kinds_model")
    assert step.failed_open and "15.6" in step.error and POLICY["kinds_model"].warning in state.warnings


def test_a_prose_count_is_the_events_count_never_a_level_or_an_invented_number(fake, model):
    q = "How many positions did Quillfeather cut in 2022?"
    cut = "As part of the restructuring, we eliminated approximately 180 positions during 2022."
    fake.for_purpose("kinds", reply(source=1, quote=cut, value="180"))
    state, (text, _) = run_pages(q, model)
    prompt = fake.calls("kinds")[-1]["messages"][1]["content"]
    assert "2,400 employees" not in prompt      # a level is not offered for an event's count
    assert state.answered_by == "model" and text.startswith("180.") and cut in text
    fake.for_purpose("kinds", reply(source=1, quote=cut, value="200"))          # a number the quote does not print
    state, (text, _) = run_pages(q, model)
    assert text == "offline answer" and "200" in next(s for s in state.steps if s.node == "kinds_model").error
    fake.for_purpose("kinds", reply(source=1, quote="We eliminated 180 positions.", value="180"))   # not as printed
    state, (text, _) = run_pages(q, model)
    assert text == "offline answer" and state.answered_by == "extractive (model answer rejected)"


_DELIVERY_TABLE = ("Aircraft deliveries as of December 31 were as follows:\nKestrel Osprey Heron Total\n2022\n"
                   "Cumulative deliveries 540 201 22\nDeliveries 61 17 22 100\n")
_DELIVERY_KEPT = [Passage(chunk_id=2, doc="doc", company="Quillfeather", fiscal_year=2022, doc_type="ANNUAL",
                          page=9, score=1.0, text="Heron Program. Deliveries resumed in March. During 2022, we "
                                                  "delivered 22 aircraft to customers, including 4 leased aircraft.")]


def test_a_model_count_that_is_one_cell_of_the_events_table_is_rejected_with_its_citation(fake, model, monkeypatch):
    from pipeline.nodes import answering
    from pipeline.question.analysis import analyse

    monkeypatch.setattr("pipeline.stores.corpus.report_pages", lambda conn, company, year, pattern=None: [
        ReportPage("doc", "Quillfeather", 2022, "ANNUAL", 4, _DELIVERY_TABLE + "2021 deliveries were lower.")])
    # the table's Total is not shown on its own here (as when two tables of the event disagree on it): the model's
    # count is what is checked against its cells
    monkeypatch.setattr("pipeline.answer.table_count.answer", lambda *a, **k: None)
    monkeypatch.setattr(answering, "prose_or_figure", lambda *a: ("offline answer", "quote"))
    monkeypatch.setattr("pipeline.stores.corpus.get_page", lambda conn, doc, page: None)   # the passage's own text
    heron = "During 2022, we delivered 22 aircraft to customers, including 4 leased aircraft."

    def ask(value: str) -> tuple[TurnState, str]:
        fake.for_purpose("kinds", reply(source=1, quote=heron, value=value))
        state = TurnState(question="How many aircraft did Quillfeather deliver in 2022?")
        facts = analyse(state.question)
        cite = answering.Cites(state)
        text, _ = answering.prose_or_model(state, object(), facts, "Quillfeather", 2022, _DELIVERY_KEPT, cite, model)
        return state, text

    state, text = ask("22")       # one programme's cell of a table whose Total is 100
    assert text == "offline answer" and state.answered_by == "extractive (model answer rejected)"
    assert state.citations == [] and state.claims == []
    rejected = [s for s in state.steps if s.node == "kinds_model" and "rejected" in s.decision]
    assert len(rejected) == 1 and "22" in rejected[0].reason
    # a count the table does not print as a part stands, with its citation; the sentence's other number (4, the
    # leased aircraft) is a detail of it, not the count answered
    monkeypatch.setattr("pipeline.stores.corpus.report_pages", lambda conn, company, year, pattern=None: [
        ReportPage("doc", "Quillfeather", 2022, "ANNUAL", 4,
                   "Aircraft deliveries as of December 31 were as follows:\nKestrel Osprey Leased Total\n2022\n"
                   "Deliveries 12 6 4 22\n")])
    state, text = ask("22")
    assert state.answered_by == "model" and text.startswith("22.") and [c.page for c in state.citations] == [9]


def test_the_count_an_answer_gives_is_the_one_tested_against_the_table():
    from pipeline.nodes.answering import count_said

    assert count_said("480. The Quillfeather FY2022 annual report says: \u201cWe delivered 480 airplanes, "
                       "including 31 787s.\u201d [2]") == 480
    assert count_said("The Quillfeather FY2022 annual report states deliveries of 1,204 in a sentence (no statement "
                       "row was read): \u201cIn 2022, 31 of the 1,204 aircraft were leased.\u201d [1]") == 1204
    assert count_said("The 3M FY2022 10-K says: \u201cIn 2022 we opened 14 stores, 3 of them abroad.\u201d [1]") == 14
    assert count_said("Nothing counted here.") is None


# --- the verdict over several companies' figures (cross_verdict.py) ---------------------------------------------------
_FIGURES = [{"company": "Quillfeather", "year": 2022, "value": "120.5", "unit": "million", "metric": "Total assets"},
            {"company": "Northwind", "year": 2022, "value": "340.0", "unit": "million", "metric": "Total assets"}]
_RANKED = "Northwind's is the highest (then Quillfeather):"


def cross(fake, model, offline=_RANKED, currencies=None, **obj) -> tuple[TurnState, str]:
    fake.for_purpose("kinds", ("json", chat(json.dumps(obj))))
    state = TurnState(question="Which of Quillfeather and Northwind had the highest total assets in 2022?")
    return state, cross_verdict.cross_verdict(state, state.question, _FIGURES,
                                              currencies or {"Quillfeather": "USD", "Northwind": "USD"}, offline, model)


def test_a_cross_company_verdict_must_agree_with_the_figures_and_use_only_them(fake, model):
    state, text = cross(fake, model, answer="Northwind", reason="Northwind reported 340.0 million, Quillfeather 120.5")
    assert state.answered_by == "model" and text.startswith("Northwind reported 340.0") and text.endswith(_RANKED)
    assert "numbered report figures" in fake.calls("kinds")[-1]["messages"][0]["content"]
    # the figures rank Northwind first: a model naming Quillfeather is not shown
    state, text = cross(fake, model, answer="Quillfeather", reason="Quillfeather is larger")
    assert text == _RANKED and state.answered_by == "extractive (model answer rejected)"
    assert "disagrees with the figures" in next(s for s in state.steps if s.node == "kinds_model").error
    # a reason with a number that is none of the figures (a ratio the model computed) is not shown either
    state, text = cross(fake, model, answer="Northwind", reason="Northwind is 2.8 times larger")
    assert text == _RANKED and "2.8" in next(s for s in state.steps if s.node == "kinds_model").error
    # the right verdict, but the reason swaps the two companies' figures: not shown
    state, text = cross(fake, model, answer="Northwind", reason="Northwind reported 120.5 million, Quillfeather 340.0")
    assert text == _RANKED and "not its own company" in next(s for s in state.steps if s.node == "kinds_model").error


def test_no_verdict_where_the_figures_are_not_comparable_whatever_the_model_says(fake, model):
    why = ("No verdict: the reports state these figures in different currencies (Quillfeather in GBP, Northwind in "
           "USD) and print no rate to convert them, so they are not ranked.")
    state, text = cross(fake, model, offline=why, currencies={"Quillfeather": "GBP", "Northwind": "USD"},
                        answer="Northwind", reason="Northwind is larger")
    assert text == why and state.answered_by == "extractive (model answer rejected)"
    state, text = cross(fake, model, offline=why, currencies={"Quillfeather": "GBP", "Northwind": "USD"},
                        answer="no_verdict", reason="One reports in GBP and the other in USD")
    assert state.answered_by == "model" and text.endswith(why)


def test_a_count_is_the_asked_nouns_number_and_the_models_words_only_the_quotes_numbers(fake, model):
    from pipeline.question.analysis import analyse

    text = ("Restructuring. During 2022 we eliminated approximately 180 positions and closed 3 offices in the "
            "region. At December 31, 2022 we had approximately 2,400 employees.")
    kept = [Passage(chunk_id=1, doc="doc", company="Quillfeather", fiscal_year=2022, doc_type="ANNUAL", page=7,
                    score=1.0, text=text)]
    quote = "During 2022 we eliminated approximately 180 positions and closed 3 offices in the region."

    def run(q):
        state = TurnState(question=q)
        return state, page_kinds_model.answer_pages(state, None, analyse(q), "Quillfeather", 2022, kept, lambda p: 1,
                                               model, lambda: ("offline answer", "quote"))
    q = "How many offices did Quillfeather close in 2022?"
    fake.for_purpose("kinds", reply(source=1, quote=quote, value="180"))      # the positions' number, not offices'
    state, (got, _) = run(q)
    assert got == "offline answer" and state.answered_by == "extractive (model answer rejected)"
    fake.for_purpose("kinds", reply(source=1, quote=quote, value="3"))
    state, (got, _) = run(q)
    assert state.answered_by == "model" and got.startswith("3.")
    # the model's own words carry a number printed on the page but not in the quote (another measure's)
    fake.for_purpose("kinds", reply(source=1, quote=quote, value="3", summary="3 of its 2,400-strong offices"))
    state, (got, _) = run(q)
    assert got == "offline answer" and "2,400" in next(s for s in state.steps if s.node == "kinds_model").error
