"""The fact lookups of one turn are read once: the retrieval's facts side and the answer ask the same lookup."""
from __future__ import annotations

from pipeline.question.figure_ask import Ask
from pipeline.retrieval import fact_match, turn_lookups


def _counting_search(monkeypatch) -> list[dict]:
    calls: list[dict] = []

    def search(conn, **kw):
        calls.append(kw)
        return []
    monkeypatch.setattr(fact_match.facts_rebuild, "search", search)
    return calls


def test_a_lookup_asked_twice_in_one_turn_reads_the_database_once(monkeypatch):
    calls = _counting_search(monkeypatch)
    docs = [("ACME_2023_10K", 2023, True)]
    ask = Ask("What was Acme's revenue in FY2023?", None, "revenue", ["revenu"], [])
    with turn_lookups.one_turn():
        first = fact_match.find(None, ask, "Acme", 2023, docs=docs)
        again = fact_match.find(None, ask, "Acme", 2023, docs=docs)
        # another year, another company or another ask is another lookup
        fact_match.find(None, ask, "Acme", 2022, docs=docs)
        fact_match.find(None, ask, "Bolt", 2023, docs=docs)
        fact_match.find(None, Ask(ask.question, None, "revenue", ["revenu", "segment"], []), "Acme", 2023, docs=docs)
    assert again is first and len(calls) == 4
    # a new turn reads again, and outside a turn every call does
    with turn_lookups.one_turn():
        fact_match.find(None, ask, "Acme", 2023, docs=docs)
    fact_match.find(None, ask, "Acme", 2023, docs=docs)
    fact_match.find(None, ask, "Acme", 2023, docs=docs)
    assert len(calls) == 7


def test_a_qualifier_added_to_the_ask_after_a_lookup_is_a_new_lookup(monkeypatch):
    # the figure inputs add an entity's words to an ask they already looked up (answer/figure_inputs.py)
    calls = _counting_search(monkeypatch)
    docs = [("ACME_2023_10K", 2023, True)]
    ask = Ask("What was Acme's revenue in FY2023?", None, "revenue", ["revenu"], [])
    with turn_lookups.one_turn():
        fact_match.find(None, ask, "Acme", 2023, docs=docs)
        ask.hard = [*ask.hard, "europ"]
        fact_match.find(None, ask, "Acme", 2023, docs=docs)
    assert len(calls) == 2
