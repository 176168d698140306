"""Memory units without a database: carry-over, the summary buffer, context budget, cache keys and polarity."""
import pytest

from pipeline.memory.cache import canonical, polarity
from pipeline.memory.carryover import carry_over
from pipeline.memory.context import assemble
from pipeline.memory.summary import buffer, extractive_summary
from pipeline.stores.checkpoints import Message


def turn(n, q, companies, years, metric, answer="It was $1,577 million [1]."):
    return [Message("user", q, n), Message("assistant", answer, n,
                                           {"companies": companies, "years": years, "metric": metric})]


HISTORY = turn(1, "What was 3M's capex in FY2018?", ["3M"], [2018], "capex")


def test_follow_up_keeps_company_and_metric():
    co = carry_over("and in FY2021?", HISTORY)
    assert co.companies == ["3M"] and co.years == [2021] and co.metric == "capex"
    assert "3M" in co.text() and "capital expenditure" in co.text()


def test_compare_keeps_metric_and_year_and_adds_the_company():
    co = carry_over("compare that with Boeing", HISTORY)
    assert co.companies == ["3M", "Boeing"] and co.years == [2018] and co.metric == "capex"


def test_switch_company_without_a_comparison():
    co = carry_over("What about Boeing?", HISTORY)
    assert co.companies == ["Boeing"] and co.metric == "capex" and co.years == [2018]


def test_a_complete_question_and_an_empty_history_change_nothing():
    q = "What was PepsiCo's revenue in FY2022?"
    assert carry_over(q, HISTORY).text() == q and not carry_over(q, HISTORY).added
    assert carry_over("and in FY2021?", []).text() == "and in FY2021?"


def test_summary_buffer_is_a_view_over_the_history():
    history = [m for i in range(1, 7) for m in turn(i, f"Question {i} about 3M?", ["3M"], [2018], "capex")]
    assert buffer(history[:10]).summary is None                       # 10 messages: all word for word
    b = buffer(history)                                              # 12 messages
    assert b.summarised == 8 and [m.turn for m in b.recent] == [5, 5, 6, 6]
    assert 2 <= b.summary.count(".") <= 4 and "3M" in b.summary
    assert len(history) == 12                                        # nothing deleted
    assert extractive_summary(history[:2]).startswith("Earlier in this conversation")


def count(text):   # one token per word keeps the boundaries exact
    return len(text.split())


Q, E = "q1 q2", ["e1 e2 e3", "f1 f2 f3"]
CONV, HINTS = ["c1 c2"], ["h1", "h2"]            # total = 2 + 6 + 2 + 2 = 12


@pytest.mark.parametrize("budget,evidence,conversation,hints", [
    (12, 2, 1, 2),        # everything fits
    (11, 2, 1, 1),        # hints go first, one at a time
    (10, 2, 1, 0),
    (9, 2, 0, 0),         # then the conversation
    (8, 2, 0, 0),
    (5, 1, 0, 0),         # evidence trimmed last, lowest-ranked first
])
def test_context_budget_boundaries(budget, evidence, conversation, hints):
    c = assemble(Q, E, CONV, HINTS, budget, count)
    assert (len(c.evidence), len(c.conversation), len(c.hints)) == (evidence, conversation, hints)
    assert c.question == Q and c.tokens <= budget


def test_the_question_is_never_dropped():
    c = assemble("a very long question " * 5, E, CONV, HINTS, 3, count)
    assert c.question.startswith("a very long question") and not (c.evidence or c.conversation or c.hints)


@pytest.mark.parametrize("a,b,same", [
    ("What was 3M's capex in FY2018?", "What was MMM's capital expenditure in fiscal 2018?", True),
    ("What was 3M's capex in FY2018?", "How did 3M's capex change in FY2018?", False),
])
def test_canonical_cache_keys(a, b, same):
    assert (canonical(a) == canonical(b)) is same


def test_a_follow_ups_cache_key_is_the_carried_question_never_its_bare_words():
    """The key's head holds the carried company, year and metric, its other words only the question's own: "and in
    FY2021?" after a 3M capex question keys as 3M FY2021 capex, not as the same words asked fresh, and not with the
    carried words (or where they came from) among its other words."""
    from pipeline.memory.carryover import facts_for

    facts = facts_for(carry_over("and in FY2021?", HISTORY))
    key = canonical(facts.text, facts.own_words(), facts)
    assert key == canonical("What was 3M's capex in FY2021?") == canonical(facts.text, facts.own_words())
    assert key != canonical("and in FY2021?")
    assert not {"context", "turn"} & set(key.split())
    changed = facts_for(carry_over("how did it change in FY2021?", HISTORY))
    assert canonical(changed.text, changed.own_words(), changed) == canonical("How did 3M's capex change in FY2021?")


def test_polarity_guard_words():
    assert polarity("Did revenue increase in 2022?") == "up"
    assert polarity("Did revenue decrease in 2022?") == "down"
    assert polarity("Was there a net loss?") == "loss"
    assert polarity("What was revenue?") == ""
    # the part of the year is a hard key: a quarter's question never returns the year's cached answer
    assert polarity("What was Acme's Q4 2029 revenue?") == "q4"
    assert polarity("Fourth-quarter revenue in 2029?") == "q4"
    assert polarity("First-half revenue in 2029?") == "half"
    assert polarity("What was Acme's revenue in 2029?") != polarity("What was Acme's Q4 2029 revenue?")
