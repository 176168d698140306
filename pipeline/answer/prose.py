"""Answers from prose: figures stated in sentences, yes/no questions, and "which ... most" over one table.

A sentence is an answer only when it covers the question: it carries enough of the question's content terms
(stemmed, with general-vocabulary synonyms: `pipeline/question/terms.py`), names the asked year when it names years at
all, and - when the question asks for a number - carries a number of the right kind (a count, money, a
percentage, a per-share amount). Cover pages, exhibit indexes, address blocks and table fragments are never
answers. Below the bar the reply is "I could not find ..." with the pages read.
    answer(...)       the entry point for one (company, year): superlative, yes/no, or a covering sentence
    covering(...)     the best covering sentence of the passages' pages, or None

"Which X grew most" questions go to `superlative.compare` (the rows of one table compared).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable
from pipeline.answer import grades, negation, qualifiers_said, superlative, trend, which_event
from pipeline.answer.changes import (CHANGE, CHANGE_Q, CHANGED_BY, CHANGED_TO, COMPARISON, COMPARISON_Q, MAY_CHANGE,
                                     STATED_CHANGE)
from pipeline.answer.extract import NOT_FOUND
from pipeline.answer.stated import (COMPARATIVE, PER_SHARE_AMOUNT, Stated, amount_year, leads_with, measure_words,
                                     respective, stated, subject_adds)
from pipeline.answer.superlative import MOST, is_superlative
from pipeline.answer.which_event import PUT_TO_VOTE
from pipeline.question.ask_words import HOW_ASKED
from pipeline.question.causes import WHY, asks_why, explains, gives_a_cause, named_parts
from pipeline.question.labels import doc_kind, doc_label
from pipeline.question.analysis import QuestionFacts, core_question
from pipeline.question.year_parts import names_part, part_of_year
from pipeline.question.periods import FY_PATTERN, counted_at_filing, fiscal_years_of_early_january, four_digits, split_years_to_end
from pipeline.retrieval.passage import Passage
from pipeline.state import Claim, TurnState
from pipeline.stores import corpus
from pipeline.question.terms import content_terms, stems
from pipeline.answer.sentences import HEDGED, NEVER, PERSON, never_count, reads_as_prose, sentences_of
from pipeline.answer.prose_counts import (FLOW_Q, HEADCOUNT_FLOW, PEAK, PEOPLE_NOUNS, PEOPLE_STEMS, asks_a_flow, count_score,
                                         one_of_many)


_YESNO = re.compile(r"(?i)^\s*(did|does|do|is|are|was|were|has|have|had|can|will|could|should)\b")
# What kind of number a question asks for.
_KIND = [("per_share", re.compile(r"(?i)\bper\s+(diluted\s+|basic\s+)?share\b|\beps\b")),
         ("percent", re.compile(r"(?i)\b(percent(age)?|%|rate|proportion|share of)\b")),
         ("count", re.compile(r"(?i)\bhow\s+many\b|\bnumber\s+of\b|\bhead\s*count\b|\b(?:employee|staff|store|branch|"
                              r"outlet|showroom|customer|member|site|office|restaurant|hotel|school)s?\s+count\b")),
         ("money", re.compile(r"(?i)\bhow\s+much\b|\b(amount|paid|pay|spend|spent|cost|price|dollars?|worth)\b|\$"))]
_NUMBER = re.compile(r"(?:(?<![A-Za-z])(?P<cur>\$|US\$|€|£|¥|Rs\.?|EUR|JPY|INR|GBP))?\s?(?<![A-Za-z\d.,\-])(?P<n>\d[\d,]*(?:\.\d+)?)"
                     r"(?![A-Za-z\d\-])\s*(?P<pct>%|percent\b)?"
                     r"(?:\s*(?P<scale>million|billion|thousand|bn|mn|crores?|lakhs?)\b)?"
                     r"(?P<ps>\s+per\s+(?:diluted\s+|basic\s+)?share)?",
                     re.I)
_DONE_Q = re.compile(r"(?i)\b(did|was|were|had)\b")
# What is planned or expected is not what happened.
_PLANNED = re.compile(r"(?i)\b(plans?\s+to|plans\b|planned|expects?|expected\s+to|intends?|will|on track to|resolved\s+to|decided\s+to|"
                      r"anticipat\w*|forecast\w*|targets?|aims?\s+to|outlook|guidance)\b")
_OTHER_PERIOD = re.compile(r"(?i)\b(?:prior|previous|preceding|last|next|coming|following)\s+(?:financial\s+|fiscal\s+)?"
                           r"(?:year|period|quarter)|\b(?:quarter|half[- ]year|h[12]|q[1-4])\b|\b(?:expect|target|forecast|"
                           r"guidance|plan|outlook|aim|ambition)\w*")
# a matter left open ("will review the rate", "at its discretion", "a review of a possible listing"; the verbs, not
# their nouns: "total consideration of $120m", "following a review, it closed 14 stores"); a proposal: which_event.PUT_TO_VOTE
_UNDECIDED = re.compile(r"(?i)\b(?:reviewing|considering|evaluating|exploring|assessing|(?:will|to|may|shall|would|could)\s+"
                        r"(?:\w+\s+)?(?:review|consider|evaluate|explore|assess)|under\s+(?:review|consideration|evaluation|"
                        r"assessment)|discretion|subject\s+to|no\s+decision|not\s+yet\s+decided|(?:a|the)\s+(?:possible|potential)|(?:initiated|"
                        r"launched|commenced|began|begun|started)\s+(?:an?\s+|the\s+)?(?:\w+\s+)?(?:review|evaluation|assessment))\b")
# a possibility ("could result in fines", "may suspend or revoke licences"): whether it happened is not said
_POSSIBLE = re.compile(r"\b(?:could|might|may|would|can)\b(?!\s+not\b)|\bCould\b(?!\s+not\b)")
# "This segment has 174 facilities", "the Rigid Packaging Segment employed approximately 6,000 employees"
_SEGMENT_SCOPED = re.compile(r"(?i)\b(this|the|each|that)\s+([\w&-]+\s+){0,4}?(segment|division|business unit)\b|\bthe\s+parent\s+(company|entity)\b|"
                             r"\(stand[- ]?alone\)|\bon\s+a\s+stand[- ]?alone\s+basis\b")     # ("The Company (standalone) had ...")
# ("the Group employed 36,100 people, of whom 9,800 worked for the parent company": the clause scopes a part only)
_OF_WHOM = re.compile(r"(?i),?\s+of\s+(?:whom|which)\b")
_YEAR = re.compile(r"(?<![\d$,.])(19|20)\d{2}(?!\d|,\d|%)")   # "December 31, 2021, as compared" names 2021


@dataclass
class Found:
    sentence: str
    passage: Passage
    coverage: float
    stated: Stated | None = None     # a statement figure looked for in prose: the measure's name and its amount


def question_kind(text: str) -> str | None:
    for kind, pattern in _KIND:
        if pattern.search(text):
            return kind
    return None


def number_kinds(sentence: str) -> set[str]:
    """The kinds of number a sentence carries: count, money, percent, per_share (years are not numbers)."""
    kinds: set[str] = set()
    for m in _NUMBER.finditer(sentence):
        n = m.group("n").rstrip(",.")
        if not m.group("cur") and not m.group("scale") and not m.group("pct") and "," not in n \
                and re.fullmatch(r"(19|20)\d{2}", n):
            continue
        if m.group("pct"):
            kinds.add("percent")
        elif m.group("cur") or re.search(r"(?i)\b(dollars?|usd)\b", sentence[m.end():m.end() + 12]):
            kinds.add("per_share" if m.group("ps") else "money")
        else:
            kinds.add("count")
    return kinds | ({"per_share"} if PER_SHARE_AMOUNT.search(sentence) else set())    # "7.9p per share"


def is_yes_no(facts: QuestionFacts) -> bool:
    return bool(_YESNO.match(core_question(facts.text)))


def _bar(n: int) -> int:
    """How many of a question's n content terms a sentence must carry."""
    return n if n <= 2 else max(2, math.ceil(0.6 * n))


def question_terms(facts: QuestionFacts) -> list[str]:
    """The question's content terms a sentence must carry (company names, years, yes/no and superlative words out)."""
    q = " ".join([core_question(facts.own_words()), *facts.carried_words()])     # the words carried count too
    q = _GO_UP.sub(r" \1 ", MOST.sub(" ", _YESNO.sub(" ", q)))    # "go up" is a rise: a change, not a word to carry
    q = HOW_ASKED.sub(" ", q)       # ("according to management", "the size of": how it is asked, not what about)
    # ("total" says how much, not what: "Total Management Board remuneration" is covered by its other words)
    terms = [t for t in content_terms(q, facts.company_words()) if not re.fullmatch(r"\d+|fy\d*|q\d|total", t)
             and not (t == "count" and question_kind(q) == "count")]     # ("employee count": the kind, no word)
    if WHY.search(q) or re.match(r"(?i)^\s*(and\s+|so\s+)?(why|how come)\b", core_question(facts.text)):
        # "what drove it? (revenue)": the measure is what the sentence must name; the cause words are asked by
        # requiring a causal sentence, not by carrying "drove" ("revenue increased due to ...")
        terms = [t for t in terms if not _CAUSE_WORD.match(t.lstrip("~"))] or terms
    return terms


# the parent company itself, as a report beside its group names it ("The Company had ...", "the Company's"), in a
# sentence naming no group, subsidiary or consolidated figure ("The Company, together with its subsidiaries, ...")
_PARENT_SAID = re.compile(r"^(?!.*(?:subsidiar|\b[Gg]roup\b|[Cc]onsolidated)).*\b(?:The|the)\s+Company\b", re.S)
_REFERS_BACK = re.compile(r"(?i)^(?:the|this|that|these|its|our)\s")      # ("The impairment ... was recognised because")
_ANAPHOR = re.compile(r"(?i)^(?:the|this|that|these)\s+(?:[a-z]+\s+){0,2}?(?:increases?|decreases?|rise|declines?|"
                      r"improvements?|growth|"
                      r"changes?|reductions?|expansion|contraction|deterioration)\b")
_PRONOUN = r"(?:It|They|This|These)"
_PRONOUN_LEAD = re.compile(rf"^{_PRONOUN}\s+(?:has|have|had|is|are|was|were|will|did|does|do)\b")
_GO_UP = re.compile(r"(?i)\b(?:go|goes|went|gone|going)\s+(up|down)\b")
_HABITUAL = re.compile(r"(?i)\b(?:typically|usually|generally|historically|normally|tends?\s+to|seasonal(?:ly|ity)?)\b")
_CAUSE_WORD = re.compile(r"(?i)^(drove|drive|driver|caus|explain|reason|behind|led)\w*$")


def _page_text(conn, p: Passage) -> str:
    return (corpus.get_page(conn, p.doc, p.page) if conn is not None else None) or p.text


def _page_texts(conn, passages: list[Passage]) -> list[str]:
    """`_page_text` of each passage, the pages read in one query (a passage's own text where its page is not held)."""
    held = corpus.get_pages(conn, [(p.doc, p.page) for p in passages]) if conn is not None and passages else {}
    return [held.get((p.doc, int(p.page))) or p.text for p in passages]


# Words of a sentence that name something else than its measure: a statement's title ("recognized within Gain on
# sale ... on our Condensed Consolidated Statements of Earnings") and a rate's denominator ("18.6% of revenue").
_STATEMENT_NAME = re.compile(r"(?i)\b(condensed\s+)?(consolidated\s+)?statements?\s+of\s+(consolidated\s+)?(earnings|"
                             r"operations|income|comprehensive income|cash flows|financial position)\b")
_RATE_OF = re.compile(r"(?i)(%|\bpercent(age)?)\s+of\s+(total\s+|net\s+)?(revenues?|net sales|sales)\b")


# a deputy's title holds the role's word ("Vice-Chair of the Supervisory Board"): it says no one is the chair
_DEPUTY_TITLE = re.compile(r"(?i)\b(?:vice|deputy|assistant)[- ]\s*(?:chair\w*|president|ceo|chief\s+[\w ]+?officer|managing\s+director)\b")


def _not_the_measure(sentence: str, question: str) -> str:
    text = _STATEMENT_NAME.sub(" ", sentence)
    text = text if re.search(r"(?i)\b(?:vice|deputy|assistant)\b", question) else _DEPUTY_TITLE.sub(" ", text)
    if not re.search(r"(?i)%|\bpercent|\brate\b", question):
        text = _RATE_OF.sub(" ", text)
    return text


def covering(conn, facts: QuestionFacts, passages: list[Passage], year: int | None, need: str | None = None,
             require_year: bool = False) -> Found | None:
    """The sentence of the passages' pages that best covers the question, if one reaches the bar. `need`: the
    number kind required (default: the kind the question asks for); `require_year`: the sentence must name
    the asked year (a statement figure looked for in prose)."""
    terms = question_terms(facts)
    if not terms:
        return None
    kind = need or question_kind(core_question(facts.text))
    flow_q = kind == "count" and asks_a_flow(facts)
    if flow_q:     # the event's words ("let go", "cut") are checked as a stated change, not as terms to carry
        terms = [t for t in terms if not FLOW_Q.fullmatch(t.lstrip("~")) and t.lstrip("~") not in ("let", "go")] \
            or terms
    bar = _bar(len(terms))
    if kind == "number" or (require_year and need):
        # a figure looked for in prose: every word of it (the segment, the measure), not most; the question's
        # "changed" / "increase" say how it is asked, not what is measured
        bar = len([t for t in terms if not CHANGE.fullmatch(t.lstrip("~"))]) or len(terms)
    superl = is_superlative(facts)
    if require_year and need and need != "number" and len(terms) < 2:
        return None    # a statement figure looked for in prose: one word ("revenue") is too little to check
    change = bool(CHANGE_Q.search(core_question(facts.text)))
    why = asks_why(facts)
    parts = named_parts(facts) if why else []
    if kind is None and not is_yes_no(facts) and not (why and facts.metric is not None):
        # (a why question about a named measure is checked by its measure and a causal sentence instead)
        # A narrative question ("who are the customers?") gives a sentence nothing to check but its words: with
        # fewer than three of them any sentence mentioning "customer" would pass, so it is not answered by a
        # quote; with three or more, three quarters must be carried.
        if len(terms) < (2 if why else 3):     # (a why question's sentence must also give a cause: two words do)
            return None
        bar = max(bar, math.ceil(0.75 * len(terms)))
    require_year = require_year or (is_yes_no(facts) and bool(facts.years))   # evidence about that year
    years = set(facts.years) or ({year} if year else set())
    later = {y for y in facts.years if year and y > year}     # a later year the question asks about from this report
    part = part_of_year(core_question(facts.text))
    yes_no_q = is_yes_no(facts)
    past_yes_no = bool(re.match(r"(?i)^\s*(was|were|did|has|have|had)\b", core_question(facts.text)))
    future_yes_no = bool(re.match(r"(?i)^\s*(will|shall)\b", core_question(facts.text)))
    # a statement figure looked for in prose (a count is checked by `_counts`): the sentence must name the measure
    # itself, side by side, and attach an amount to it (`pipeline/answer/stated.py`); words scattered over a
    # sentence about another measure ("total R&D related deferred income tax assets") never answer it
    measure = measure_words(core_question(facts.text), terms) if require_year and need and need != "count" else None
    own = facts.company_words()
    best: tuple[tuple, Found] | None = None
    for rank, (p, text) in enumerate(zip(passages[:8], _page_texts(conn, passages[:8]))):
        # read over the page's words as its sentences join them (a phrase broken over two lines still counts)
        never = never_count(" ".join(text.split()))
        if never >= 3:      # a cover page, exhibit index or address block
            continue
        last, before = "", []
        for raw in sentences_of(text):
            # "... an increase of 6.8%. The increase was driven by ...": a cause names its change by anaphor, the
            # measure is the sentence before's (both are quoted)
            # (and a yes/no question's answer may open on a pronoun for the thing the sentence before names: "Proposed
            # final dividend ... It has not been recognised as a liability": both are read and quoted)
            sent, last = (f"{last} {raw}" if last and (why and _ANAPHOR.match(raw) or yes_no_q and _PRONOUN_LEAD.match(raw))
                          else raw), raw
            # (a cause names what it explains by a noun the paragraph's earlier sentences name in full, the sentence
            # opening on it: "... damage at the West mine's shaft. ... The impairment was recognised because of ...")
            around, before = before, (before + [raw])[-3:]
            # (a sentence is a run of the page's words: on a page with no cover-page phrase, none of its sentences
            # holds one, and the phrase list is the costliest test of a sentence)
            if not reads_as_prose(sent) or (never and NEVER.search(sent)) or HEDGED.search(sent) or \
                    PERSON.search(sent):
                continue
            have = stems(_not_the_measure(sent, facts.text))
            if _PARENT_SAID.search(sent):
                have = have | {"standalon"}     # "The Company had 9,412 employees": the parent's own, as standalone
            if why and facts.metric is not None and any(stems(t) and stems(t) <= have for t in facts.metric.terms):
                # "what drove it? (revenue)": the report names its measure in its own words ("net sales")
                have = have | set(stems(" ".join(facts.metric.terms + (facts.metric.label,))))
            if flow_q and have & PEOPLE_STEMS:     # "positions", "jobs", "roles" count people as "employees" do
                have = have | {t for t in terms if t.lstrip("~") in PEOPLE_STEMS or t in PEOPLE_STEMS}
            hits = sum(1 for t in terms if t in have)
            if why and hits and hits < bar and _REFERS_BACK.match(raw) and set(stems(" ".join(raw.split()[:4]))) & set(terms):
                said_around = set(stems(" ".join(around)))
                hits = sum(1 for t in terms if t in have or t in said_around)
            if hits < bar or parts and not set(stems(" ".join(parts))) <= (have | set(stems(" ".join(around)))
                                                                             if _REFERS_BACK.match(raw) else have):
                continue    # (a why question naming a part: the cause of another part's change is not its)
            if superl and not MOST.search(sent):
                continue
            # (what a cause explains may be named by the paragraph before: "The segment margin declined because ...")
            if why and (not explains(sent, [t for t in terms if not CHANGE.fullmatch(t.lstrip("~")) and t not in own],
                                     " ".join(around) if _REFERS_BACK.match(raw) else "") or _HABITUAL.search(sent)):
                continue    # "why ...?" needs a sentence that gives a cause of what happened, not a pattern that
                #             recurs ("sales are typically lower in the fourth quarter due to ...")
            if change and not why and not (CHANGE.search(sent) and STATED_CHANGE.search(sent)) or \
                    change and MAY_CHANGE.search(sent):
                continue        # (a why question asks the cause of the change, not its amount)    # "by how much did it increase?" needs a change stated with its amount, not an option
            if part and not names_part(part, sent) or not (part or why or past_yes_no or future_yes_no) and part_of_year(sent[:40]):
                continue    # "Q4 net sales?": a sentence about the year's figure states no quarter's, nor the reverse
            if past_yes_no and (_PLANNED.search(sent) or _POSSIBLE.search(sent) or _UNDECIDED.search(sent) or
                                (PUT_TO_VOTE.search(sent) and not PUT_TO_VOTE.search(facts.text))):
                continue    # "did the number of stores change?" is not answered by a plan ("we are on track to close"),
                #             "has the dividend been approved?" not by a recommendation put to the meeting
            if future_yes_no and (_UNDECIDED.search(sent) or _POSSIBLE.search(sent)):
                continue    # "will it raise its dividend?" is not answered by a review or a discretion
            if one_of_many(facts.text, sent) or grades.another_grade(facts.text, sent) or qualifiers_said.unsaid(facts.text, sent, own, kind == "count"):
                continue    # "the total it may borrow under its agreements": one agreement's amount is a part; "rated
                #             idAAA?" is not answered by "rated idAA+"
            if not why and _SEGMENT_SCOPED.search(_OF_WHOM.split(sent)[0]) and not re.search(r"(?i)\bsegments?\b|\bdivisions?\b|\bparent\s+(?:company|entity)\b|stand[- ]?alone", facts.text):
                continue    # "This segment has 174 facilities" counts one segment, not the company asked about
            if (require_year or kind in ("money", "number", "count") or facts.metrics) and not change and not why \
                    and (STATED_CHANGE.search(sent) or CHANGED_BY.search(sent)) and not CHANGED_TO.search(sent):
                continue    # "revenues increased by $283 million", "the $6.9 billion improvement in cash provided
                #             by operating activities": a change, not the figure asked for (a why question asks
                #             for the change's cause: "Revenues increased by ... driven by ..." answers it)
            if require_year and need and subject_adds(sent, terms, facts.company_words()):
                continue    # "Wireless equipment revenues included in our Business segment amounted to $3.4
                #             billion" is a part of the Business segment's revenues, not them
            flow = kind == "count" and asks_a_flow(facts)
            if flow:
                # an event's count: the sentence states the change ("a reduction of almost 1,000 positions"); a
                # level ("approximately 156,000 employees") never answers how many were let go
                if not HEADCOUNT_FLOW.search(sent):
                    continue
                nouns = [t for t in terms if not FLOW_Q.fullmatch(t.lstrip("~"))]
                if any(t.lstrip("~").startswith(("employ", "staff", "people", "worker", "position", "job", "role"))
                       for t in nouns):
                    nouns = nouns + sorted(stems(" ".join(PEOPLE_NOUNS)))
                counted = 2 if count_score(sent, nouns) else 0
            else:
                counted = count_score(sent, terms) if kind == "count" else 0
            if kind == "count" and counted < 2:     # no count, or a narrower one ("9,800 new employees")
                continue
            if kind == "count" and PEAK.search(sent) and not PEAK.search(facts.text):
                continue    # a count at the season's peak ("employment peaks in July, when we employed 9,118") is no
                #             year-end or average count
            if kind == "count" and _PLANNED.search(sent) and _DONE_Q.search(facts.text):
                continue    # "how many shops did it open?" is not answered by a plan ("we plan to open around 100")
            if kind == "number" and not number_kinds(sent):
                continue    # a measure no statement prints: any number, with the measure's words and the year
            if kind and kind != "number" and kind not in number_kinds(sent) and \
                    not (kind == "money" and "per_share" in number_kinds(sent)):
                continue
            named = {int(m.group(0)) for m in _YEAR.finditer(split_years_to_end(COMPARATIVE.sub(" ", sent)))} | \
                fiscal_years_of_early_january(sent)
            if kind == "count":     # ("open around 100 new shops in FY97": a count's year said short)
                named |= {four_digits(m.group("fy")) for m in FY_PATTERN.finditer(sent) if m.group("fy")}
                if p.fiscal_year in years and set(terms) & PEOPLE_STEMS and counted_at_filing(sent, p.fiscal_year):
                    named.add(p.fiscal_year)    # (its headcount at its filing: the report's year's)
            if require_year and not (named & years) and (named or not need or p.fiscal_year not in years or
                                                          _OTHER_PERIOD.search(sent)):
                continue    # (a figure stated with no year at all, in the asked year's own report, is that year's)
            said = None
            if measure is not None:
                said = stated(sent, measure, None if need == "number" else need, own)
                if said is None:
                    continue    # the measure's words, but not the measure's name with its amount
            if said is not None and len(named) > 1 and amount_year(sent, said.amount) not in years and \
                    (said := respective(sent, said, years)) is None:
                continue    # "$0.24 per share in each quarter of 2031, compared with $0.22 ... of 2030": another year's
            if kind and later and not (named & later):
                continue    # "as of FY2021, how much will it pay in 2024?": a sentence about 2024, not any amount
            past = {y for y in named if not (why and years and y > max(years) + 1)}   # (a cause's own horizon, "the
            #       life of mine cut to 2035", is no year the sentence is about)
            if past and years and not (past & (years | {y - 1 for y in years} if kind is None else years)):
                continue
            # a why question: the sentence whose subject is the measure ("Comparable store sales increased ...
            # due to ...") before one that names it in passing ("labor expenses ... the sales increases ...")
            lead = why and facts.metric is not None and leads_with(sent, facts.metric.terms + (facts.metric.label,),
                                                                   {t.lstrip("~") for t in terms} | set(own))
            key = (lead, hits / len(terms), counted, bool(named & years), -rank, -len(sent))
            if best is None or key > best[0]:
                best = (key, Found(sent, p, hits / len(terms), said))
    return best[1] if best else None


def _as_said(name: str) -> str:
    """A measure's name inside a sentence: "Net income" -> "net income"; an acronym ("EBITDA") kept."""
    return name if name[:2].isupper() else name[:1].lower() + name[1:]


def _pages(passages: list[Passage]) -> str:
    """'Corning · FY2022 · 10-K pp. 58, 97, 103': documents as the analyst names them, never file names."""
    by_doc: dict[tuple, list[int]] = {}
    for p in passages[:6]:
        by_doc.setdefault((p.company, p.fiscal_year, p.doc_type), []).append(p.page)
    return "; ".join(doc_label(c, fy, t) + (" p. " if len(pages) == 1 else " pp. ") + ", ".join(map(str, pages))
                     for (c, fy, t), pages in by_doc.items()) or "no pages"


def answer(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None, passages: list[Passage],
           cite: Callable[[Passage], int], need: str | None = None, require_year: bool = False) -> tuple[str, str]:
    """(answer sentence, kind) for one company and year: kind is quote, yes_no, superlative or not_found."""
    q = core_question(facts.text)
    where = f"{company}'s FY{year} reports" if year else f"{company}'s reports"
    if is_superlative(facts):
        sup = superlative.compare(state, facts, question_terms(facts), company, year, passages,
                                  lambda p: _page_text(conn, p), cite)
        if sup is not None:
            return sup
        if facts.metric is not None:   # one figure is not an answer to "which ... most"
            return (f"{NOT_FOUND} one table in {where} that compares what this asks about. I read "
                    f"{_pages(passages)}.", "not_found")
    found = covering(conn, facts, passages, year, need, require_year)
    yesno = bool(_YESNO.match(q))
    if found is not None and yesno and (which_event.other_amount(q, found.sentence) or
                                        COMPARISON_Q.search(q) and not COMPARISON.search(found.sentence) or
                                        trend.direction_unsaid(q, found.sentence)):
        found = None        # ("EUR 1.25 dividend approved?": one of EUR 1.10 is another; "grew?": a sentence saying no direction)
    if found is None:
        tail = ", so the report does not say" if yesno else ""
        return (f"{NOT_FOUND} a sentence in {where} that answers this{tail}. I read {_pages(passages)}.",
                "not_found")
    p = found.passage
    m = cite(p)
    said = f"The {company} FY{p.fiscal_year} {doc_kind(p.doc_type)} says: \u201c{found.sentence}\u201d [{m}]"
    if yesno:
        judged = re.split(rf"(?<=[.!?])\s+(?={_PRONOUN}\s)", found.sentence)[-1]     # (a pronoun's own sentence)
        no = negation.denies(judged, q) or which_event.partial_degree(q, judged) or \
            which_event.other_count(q, judged)     # ("a 60% interest", "each contained 52 weeks")
        text, kind = f"{'No' if no else 'Yes'}. {said}", "yes_no"
    elif found.stated is not None:
        # the amount the sentence attaches to the measure leads, with the measure's name as printed: the
        # sentence's other amounts are other measures' ("Net cash used in investing activities ... was $22.3 million")
        text = (f"The {company} FY{p.fiscal_year} {doc_kind(p.doc_type)} states {_as_said(found.stated.measure)} of "
                f"{found.stated.amount} in a sentence (no statement row was read): \u201c{found.sentence}\u201d [{m}]")
        kind = "quote"
    else:
        text, kind = said, "quote"
    state.claims.append(Claim(text=text, label=f"{company} FY{p.fiscal_year} passage"))
    return text, kind
