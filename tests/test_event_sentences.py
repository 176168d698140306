"""Yes/no questions about an event: which sentence decides them (answer/which_event.py, answer/negation.py). Made-up
companies and sentences."""
from __future__ import annotations

from types import SimpleNamespace

from pipeline.answer import negation, which_event, yesno


def _reading(affirmed=(), named=()):
    return SimpleNamespace(affirmed=[(s, None) for s in affirmed], denied=[], named=[(s, None, w) for s, w in named])


def _acquisition():
    return next(e for e in yesno.events() if e.key == "acquisition")


def test_an_undrawn_facility_answers_no_to_anything_drawn():
    q = "Did Tarn Mutual have anything drawn on its revolving credit facility at the end of 2074?"
    assert negation.denies("The $300 million revolving credit facility remained undrawn throughout 2074.", q)
    assert not negation.denies("In March 2074 we drew $120 million on the revolving credit facility.", q)
    assert negation.denies("Our headcount was unchanged at 4,100.", "Did headcount change in 2074?")


def test_a_sentence_of_another_amount_is_another_event():
    r = _reading(affirmed=["In May 2073 a dividend of EUR 1.10 per share was paid for the 2072 financial year."])
    which_event.sift(r, "Has the EUR 1.25 per share dividend for 2073 been paid?", "Veldhoven Group", dated=True,
                     affirm=())
    assert not r.affirmed and r.named[0][2] == ""


def test_an_event_named_by_its_own_name_counts_after_the_year_end():
    s = "On 12 February 2075 Ostrava Pumps completed the acquisition of Brno Hydraulika s.r.o. for CZK 410 million."
    q = "Did Ostrava Pumps complete the Brno Hydraulika acquisition?"
    r = _reading(named=[(s, "another year")])
    which_event.sift(r, q, "Ostrava Pumps", dated=False, affirm=_acquisition().affirm)
    assert [h[0] for h in r.affirmed] == [s]
    dated = _reading(named=[(s, "another year")])
    which_event.sift(dated, q + " in 2074", "Ostrava Pumps", dated=True, affirm=_acquisition().affirm)
    assert not dated.affirmed           # a year asked: the next year's completion is not that year's


def test_an_agreement_to_acquire_is_a_pending_deal_not_an_acquisition():
    s = "On 3 March 2075 we entered into a definitive agreement to acquire Lakeside Title Partners for $220 million in cash."
    assert _acquisition().topic.search(s) and yesno.topic_only(s) == "a plan or authorisation"
    assert yesno.topic_only("On 3 March 2074 we acquired Lakeside Title Partners for $220 million in cash.") is None


def test_a_prose_yes_no_never_answers_from_a_sentence_of_another_amount():
    q = "Has the CHF 3.40 per share distribution for 2074 been approved?"
    assert which_event.other_amount(q, "In April 2074 a distribution of CHF 3.10 per share was paid for 2073.")
    assert not which_event.other_amount(q, "The AGM approved the distribution of CHF 3.40 per share.")
    assert not which_event.other_amount("Was a dividend paid in 2074?", "A dividend of CHF 3.10 was paid.")
