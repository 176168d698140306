"""Yes/no questions about an event: which sentence decides them (answer/which_event.py, answer/negation.py, the pending
deals of answer/yesno.py). Made-up companies and sentences."""
from __future__ import annotations

from types import SimpleNamespace

from pipeline.answer import negation, which_event, yesno


def _reading(affirmed=(), named=()):
    return SimpleNamespace(affirmed=[(s, None) for s in affirmed], denied=[], named=[(s, None, w) for s, w in named])


def _acquisition():
    return next(e for e in yesno.events() if e.key == "acquisition")


def test_an_asked_word_said_in_its_un_form_of_the_asked_thing_denies_it():
    q = "Were any of Orrin Shipping's 2074 dividends left unpaid at year end?"   # (the question says "unpaid": no denial)
    assert not negation.denies("All dividends declared in 2074 were unpaid at 31 December.", q)
    q = "Did Tarn Mutual draw on its bridge loan in 2074?"
    assert negation.denies("The bridge loan arranged in February remained undrawn at the end of 2074.", q)
    assert not negation.denies("In May 2074 Tarn Mutual drew on the bridge loan to fund the Calder purchase.", q)
    assert negation.denies("Our store count was unchanged at 412.", "Did the store count change in 2074?")


def test_an_un_word_naming_a_kind_of_thing_or_beside_the_plain_word_denies_nothing():
    assert not negation.denies("In March 2074 we secured a new $500 million unsecured revolving credit facility.",
                               "Did Harrow Logistics secure new financing in 2074?")
    assert not negation.denies("We realized gains of $12 million on sales and recorded unrealized losses of $4 million.",
                               "Did Harrow realize any gains on investments in 2074?")


def test_a_sentence_of_another_amount_is_another_event():
    r = _reading(affirmed=["In May 2073 a dividend of EUR 1.10 per share was paid for the 2072 financial year."])
    which_event.sift(r, "Has the EUR 1.25 per share dividend for 2073 been paid?", "Veldhoven Group", dated=True,
                     affirm=(), fy=2073)
    assert not r.affirmed and r.named[0][2] == ""
    q = "Has the CHF 3.40 per share distribution for 2074 been approved?"
    assert which_event.other_amount(q, "In April 2074 a distribution of CHF 3.10 per share was paid for 2073.")
    assert not which_event.other_amount(q, "The AGM approved the distribution of CHF 3.40 per share.")
    assert not which_event.other_amount("Was a dividend paid in 2074?", "A dividend of CHF 3.10 was paid.")


def test_an_event_named_by_its_own_name_counts_when_done_after_the_year_end():
    s = "On 12 February 2075 Ostrava Pumps completed the acquisition of Brno Hydraulika s.r.o. for CZK 410 million."
    q = "Did Ostrava Pumps complete the Brno Hydraulika acquisition?"
    r = _reading(named=[(s, "another year")])
    which_event.sift(r, q, "Ostrava Pumps", dated=False, affirm=_acquisition().affirm, fy=2074)
    assert [h[0] for h in r.affirmed] == [s]
    dated = _reading(named=[(s, "another year")])
    which_event.sift(dated, q + " in 2074", "Ostrava Pumps", dated=True, affirm=_acquisition().affirm, fy=2074)
    assert not dated.affirmed           # a year asked: the next year's completion is not that year's


def test_an_earlier_years_event_or_another_stake_sharing_the_name_is_not_the_one_asked():
    earlier = "In 2072 the Group acquired a 30% stake in Kessel Antriebe GmbH for EUR 40 million."
    for q in ("Did Harrow Logistics acquire the remaining 70% of Kessel?", "Did Harrow make an acquisition in December?"):
        r = _reading(named=[(earlier, "another year")])
        which_event.sift(r, q, "Harrow Logistics", dated=False, affirm=_acquisition().affirm, fy=2074)
        assert not r.affirmed, q


def test_an_agreement_to_acquire_is_a_pending_deal_and_a_completed_one_is_not():
    pending = "On 3 March 2075 we entered into a definitive agreement to acquire Lakeside Title Partners for $220 million."
    assert _acquisition().topic.search(pending) and yesno.topic_only(pending) == "a pending transaction"
    done = ("In March 2074 we completed the acquisition of Lakeside Title Partners for $220 million, pursuant to the "
            "definitive agreement signed in November 2073.")
    assert yesno.topic_only(done) is None
    assert yesno.topic_only("We acquired 100% of Delta Freight; the final purchase price allocation is pending.") is None
