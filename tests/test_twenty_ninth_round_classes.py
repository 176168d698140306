"""Classes found by the twenty-ninth rounds (stop 54), and the data the vocabulary shares instead of repeating it:
a pattern one event takes from another (events.toml `received_as`), a line-item template the cash flow totals fill
with their activity (metrics.toml `line_items_from`), the minorities' words in one module. The companies, names,
wording and figures here are made up."""
from __future__ import annotations

from pipeline.answer.yesno import events
from pipeline.question.lexicon import load_lexicon

_EVENTS = '''
[[event]]
key = "gift"
name = "a gift"
asked = 'gift'
topic = 'gift'
affirm = ['gave a gift']
deny = ['gave no gift']
received = 'received a gift'

[[event]]
key = "gift_increase"
name = "a bigger gift"
asked = 'bigger gift'
topic = 'gift'
affirm = ['gift grew']
deny = []
received_as = "gift"

[[event]]
key = "plain"
name = "a plain event"
asked = 'plain'
topic = 'plain'
affirm = ['plain']
deny = []
'''


def test_an_event_takes_another_events_received_pattern_by_its_key(tmp_path):
    path = tmp_path / "events.toml"
    path.write_text(_EVENTS, encoding="utf-8")
    by_key = {e.key: e for e in events(str(path))}
    assert by_key["gift_increase"].received.search("The company received a gift from its associate")
    assert by_key["gift_increase"].received.pattern == by_key["gift"].received.pattern
    assert by_key["plain"].received is None


def test_the_shipped_dividend_events_share_one_received_pattern():
    by_key = {e.key: e for e in events()}
    sentence = "Dividends received from associates rose to $12.0 million."
    assert by_key["dividend"].received.search(sentence) and by_key["dividend_increase"].received.search(sentence)


_METRICS = '''
[line_templates]
total = ['net cash from <activity> activities$', 'cash flows? from <activity> activities$']

[[metric]]
key = "a"
label = "a"
terms = ["a"]
line_items_from = ["total", "operating"]
line_items = ['cash from operations$']
statement = "cash_flow"

[[metric]]
key = "b"
label = "b"
terms = ["b"]
line_items_from = ["total", "investing"]
statement = "cash_flow"
'''


def test_a_line_item_template_is_filled_with_the_metrics_word_and_its_own_patterns_added(tmp_path):
    path = tmp_path / "metrics.toml"
    path.write_text(_METRICS, encoding="utf-8")
    lex = load_lexicon(path)
    a, b = lex.get("a"), lex.get("b")
    assert a.matches_row("Net cash from operating activities") and a.matches_row("Cash from operations")
    assert not a.matches_row("Net cash from investing activities")
    assert b.matches_row("Cash flows from investing activities") and not b.matches_row("Cash from operations")


def test_the_shipped_cash_flow_totals_each_match_their_own_activity_only():
    lex = load_lexicon()
    rows = {"operating": "Net cash (used in) provided by operating activities",
            "investing": "Net cash outflow from investing activities",
            "financing": "Net cash flows used in financing activities"}
    for activity, row in rows.items():
        for other in rows:
            assert lex.get(f"{other}_cash_flow").matches_row(row, "cash_flow") == (other == activity), (other, row)


def test_a_minorities_row_in_the_plural_is_read_between_the_owners_and_the_total():
    from pipeline.reading.unlabelled_totals import owners_before_minorities

    assert owners_before_minorities(["1,000", "900"], ["Minorities interests 50 40", "1,050 940"])
    assert owners_before_minorities(["1,000", "900"], ["Minority interest 50 40", "1,050 940"])
    assert not owners_before_minorities(["1,000", "900"], ["Minorities interests 50 40", "1,060 940"])
