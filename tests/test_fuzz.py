"""Property-based fuzzing (hypothesis): generated questions - unicode, control characters, huge and empty strings,
SQL and markup fragments - through the router, the retriever and the whole turn graph. Zero crashes, zero SQL
errors, and oversized input truncated with a visible notice. 1,000 examples each."""
import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.graph import run_turn
from pipeline.nodes import MAX_QUESTION_CHARS
from pipeline.question.analysis import analyse
from pipeline.guardrails.router import ROUTES, route_question

FRAGMENTS = ["'; DROP TABLE chunks; --", "' OR '1'='1", "McDonald's", "\\x00", "%s", "%(x)s", "$$", "E'\\\\'",
             "<script>alert(1)</script>", "[1](javascript:alert(1))", "{{7*7}}", "${jndi:ldap://x}", "\u202e",
             "FY2018", "fiscal 22", "3M", "Pepsi", "VZ", "capex", "revenue", "net income", "ebitda margin",
             "What was", "compare that with Boeing", "and in FY2021?", "\n\n", "\t", "🚀", "ℳ", "١٢٣", "　"]
QUESTIONS = st.one_of(
    st.text(max_size=300),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=0, max_size=50),
    st.lists(st.sampled_from(FRAGMENTS), max_size=8).map(" ".join),
    st.tuples(st.text(max_size=40), st.sampled_from(FRAGMENTS), st.text(max_size=40)).map("".join),
    st.integers(min_value=0, max_value=12000).map(lambda n: "What was 3M's capex in FY2018? " + "x" * n),
)
FUZZ = settings(max_examples=1000, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@FUZZ
@given(q=QUESTIONS)
def test_router_never_crashes(q):
    d = route_question(analyse(q), {"3M": [2018, 2021], "Boeing": [2018]})
    assert d.route in ROUTES


@pytest.fixture(scope="module")
def fuzz_conn(loaded):
    from pipeline.stores import db

    c = db.connect(loaded, autocommit=True)
    yield c
    c.close()


@FUZZ
@given(q=QUESTIONS)
def test_retriever_never_crashes_or_errs_in_sql(ctx, fuzz_conn, q):
    try:
        ps = ctx.retriever.retrieve(q, conn=fuzz_conn)
    except psycopg.Error as e:  # pragma: no cover - the assertion below names it
        pytest.fail(f"SQL error for {q!r}: {e}")
    assert all(p.page >= 1 for p in ps)


@FUZZ
@given(q=QUESTIONS)
def test_the_turn_graph_never_crashes(ctx, q):
    s = run_turn(q, ctx)
    assert s.route in ROUTES and s.answer
    assert not [x for x in s.steps if x.decision == "failed closed"], [x.error for x in s.steps]
    assert len(s.question) <= MAX_QUESTION_CHARS
    if len(q) > MAX_QUESTION_CHARS:
        assert any("only the first" in w for w in s.warnings)
