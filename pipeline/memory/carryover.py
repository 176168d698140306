"""Entity carry-over: before routing, fill what a follow-up lacks from the latest on-topic turn.

Every question is read on its own first. Carry-over only fills gaps, and only for a follow-up:
- a turn that asks for live information, tries to change the instructions (hostile), or says nothing about a
  company, period, figure or topic (chit-chat, "What's the weather in Paris?") inherits nothing;
- "and in FY2021?" keeps company and figure; "what about Globex?" keeps figure and year; "the year before",
  "prior year", "a year later", "that year" resolve against the previous turn's year, "last year" to the
  company's latest filing year (never the calendar's);
- a question with its own topic keeps it ("How many employees?" after a revenue question asks about employees);
- "compare that with Globex" adds the previous company; a question that names its own two companies or two
  years ("Compare Acme's operating margin in 2021 and 2022") adds nothing.
Deterministic; when it finds nothing it changes nothing."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from pipeline.guardrails.router import asks_live, asks_meaning, hostile, names_not_held
from pipeline.memory.previous_turn import COMPARATIVE, SEGMENT_WORD, part_words, qualifiers, read, topic_words
from pipeline.question.lexicon import get_lexicon
from pipeline.question.periods import RELATIVE, prior_to_latest, relative_years
from pipeline.question.registry import LEGAL_SUFFIX
from pipeline.question.analysis import analyse
from pipeline.state import Carried
from pipeline.stores.checkpoints import Message
from pipeline.question.terms import content_terms

_COMPARE = re.compile(r"(?i)\b(compare\w*|versus|vs\.?|against|relative to|as well as|also|too|both)\b|"
                      r"\b(with|and)\s+(that|this|those|it)\b|\b(that|this|it)\s+(with|to|against)\b")
_ANAPHOR = re.compile(r"(?i)\b(that|this|those|it|them|the same)\b")
_WHICH = re.compile(r"(?i)^\s*which\b")
_ELLIPTIC_LEAD = re.compile(r"(?i)^\s*(and|what about|how about|same|now|then|versus|vs\.?|what of|for|compare)\b")
# Attempts to change how the assistant works: never a follow-up, never given the conversation's entities.
_FINANCE = re.compile(r"(?i)\b(revenue|sales|profit|income|earnings|margin|cash|debt|assets?|liabilit\w+|capex|"
                      r"dividend\w*|segment\w*|fiscal|fy\d*|10-?k|annual report|filing|eps|ebitda|ratio|growth|grow|"
                      r"expenses?|costs?|employees|backlog|customers|buyback|repurchase\w*)\b")


@dataclass
class CarryOver:
    asked: str                         # the asking sentence as read: the typed question, or with what it leaves out
    companies: list[str] = field(default_factory=list)
    years: list[int] = field(default_factory=list)
    metric: str | None = None
    added: list[str] = field(default_factory=list)     # what was carried, for the step record
    # each compared company's own years when the thread asked them in different years ("Acme net income FY2021" /
    # "GlobEx net income 2022" / "which is higher?": Acme FY2021 against Global Express FY2022)
    company_years: dict[str, list[int]] = field(default_factory=dict)
    # names read like companies not held that the thread's company prints as its own parts ("Display Technologies")
    parts: list[str] = field(default_factory=list)
    from_turn: int | None = None
    follow_up: bool = False
    context: list[str] = field(default_factory=list)   # the words added to the reading (companies, years, measure)

    def carried(self) -> Carried:
        """What the turn state records (`TurnState.carried`)."""
        return Carried(companies=self.companies, years=self.years, metric=self.metric, asked=self.asked,
                       context=self.context, from_turn=self.from_turn)

    def text(self) -> str:
        """The question as the pipeline reads it (`Carried.text`)."""
        return self.carried().text()


@dataclass
class _Prev:
    companies: list[str]
    years: list[int]
    metric: str | None
    read: Carried          # the question as that turn read it
    turn: int


def _read_back(st: dict, typed: str) -> Carried:
    """How an earlier turn read its question: its recorded carry-over (an old checkpoint's text form is read back
    by `Carried`), else the question as the user typed it."""
    read = Carried.model_validate(st.get("carried") or {})
    return read if read.asked else Carried(asked=typed)


def _previous(history: list[Message]) -> _Prev | None:
    """The latest completed turn that was about something (named a company, year or metric)."""
    questions = {m.turn: m.content for m in history if m.role == "user"}
    for m in reversed(history):
        if m.role != "assistant" or not m.state:
            continue
        st = m.state
        if st.get("route") in ("out_of_scope", "web", "direct"):
            continue     # a turn about nothing in the reports gives nothing to its follow-ups
        companies, years, metric = st.get("companies") or [], st.get("years") or [], st.get("metric")
        if companies or years or metric:
            read = _read_back(st, questions.get(m.turn, st.get("question", "")))
            return _Prev(list(companies), list(years), metric, read, m.turn)
    return None


def _thread_companies(history: list[Message], turns: int = 3) -> dict[str, list[int]]:
    """The companies of the latest on-topic turns, earliest first (at most two), each with the years its latest
    turn asked: what "which had ..." compares."""
    seen: dict[str, list[int]] = {}
    for m in reversed(history):
        if m.role != "assistant" or not m.state or m.state.get("route") in ("out_of_scope", "web", "direct"):
            continue
        for c in m.state.get("companies") or []:
            if c not in seen:
                seen[c] = list(m.state.get("years") or [])
        turns -= 1
        if turns == 0 or len(seen) >= 2:
            break
    return dict(reversed(list(seen.items())[:2]))


def _thread_parts(history: list[Message]) -> list[str]:
    """The two parts of one company the latest two on-topic turns asked the same measure of, in the same year
    ("Aeronautics", "Missiles and Fire Control"), earliest first; [] otherwise."""
    questions = {m.turn: m.content for m in history if m.role == "user"}
    turns: list[tuple] = []
    for m in reversed(history):
        if m.role != "assistant" or not m.state or m.state.get("route") in ("out_of_scope", "web", "direct"):
            continue
        st = m.state
        read_as = _read_back(st, questions.get(m.turn, ""))
        turns.append((tuple(st.get("companies") or []), st.get("metric"), tuple(st.get("years") or []), read_as))
        if len(turns) == 2:
            break
    if len(turns) < 2 or turns[0][:3] != turns[1][:3] or len(turns[0][0]) != 1 or not turns[0][1]:
        return []
    parts = [" ".join(part_words(q, t[1])) for *t, q in (turns[1], turns[0])]
    return parts if all(parts) and parts[0] != parts[1] else []


def _years_compared(history: list[Message], prev: _Prev) -> list[int]:
    """The years of the latest on-topic turns that asked the previous turn's figure for the same companies
    ("Acme's gross margin FY2019" then "and FY2017": [2017, 2019]), for "did it improve?"."""
    years: list[int] = []
    for m in reversed(history):
        if m.role != "assistant" or not m.state or m.state.get("route") in ("out_of_scope", "web", "direct"):
            continue
        st = m.state
        if (st.get("companies") or []) != prev.companies or st.get("metric") != prev.metric:
            break
        years.extend(y for y in st.get("years") or [] if y not in years)
        if len(years) >= 2:
            break
    return sorted(years[:2])


# "What drove it?", "why did margins fall?", "what explains the change?": the cause of the thread's figure
WHY_FOLLOW = re.compile(r"(?i)^\s*(and\s+|so\s+)?(why\b|how\s+come\b|what\s+(drove|drives|caused|causes|explains|explained|"
                        r"led\s+to|was\s+behind|is\s+behind|were\s+the\s+(reasons?|drivers?))\b|(the\s+)?reasons?\s+for\b)")
_CAUSE_WORDS = re.compile(r"(?i)^(drove|drive|driver|caus|explain|reason|behind|led|chang|declin|fall|fell|ris|rose|"
                          r"increas|decreas|drop|move|mov|grow|grew)\w*$")


def _own_terms(question: str, facts) -> list[str]:
    """The question's own content terms, beyond companies, periods, the words of a follow-up and comparison words
    ("did it improve?" asks about the conversation's figure; "what drove it?" asks the cause of it)."""
    text = RELATIVE.sub(" ", question)
    why = bool(WHY_FOLLOW.search(question))
    return [t for t in content_terms(text, facts.company_words())
            if not re.fullmatch(r"\d+|fy\d*", t) and not COMPARATIVE.fullmatch(t)
            and not (why and _CAUSE_WORDS.match(t.lstrip("~")))]


def is_follow_up(question: str, facts, latest_years: dict[str, list[int]] | None = None) -> bool:
    """Whether a question may inherit from the conversation: it is about the reports (a company, a period, a
    figure, a topic, a finance word) or is a short elliptic follow-up - and it is not hostile or live."""
    if hostile(question) or asks_live(question) or (asks_meaning(question) and not facts.companies):
        return False
    if facts.companies or facts.years or facts.metrics or facts.topics or RELATIVE.search(question) \
            or _FINANCE.search(question):
        return True
    if _ELLIPTIC_LEAD.search(question) and len(question.split()) <= 6:
        return True
    if WHY_FOLLOW.search(question) and len(question.split()) <= 10:
        return True     # "what drove it?", "why did margins fall?": the cause of the thread's figure
    # "did it improve?", "which is bigger?", "is that higher than last time?": nothing but a pointer back and a
    # comparison word - about the conversation's figure, never chit-chat with words of its own ("is it raining?")
    own = _own_terms(question, facts)
    return bool(_ANAPHOR.search(question) or _WHICH.search(question)) and COMPARATIVE.search(question) is not None \
        and not own and len(question.split()) <= 8


def _sole_owner(names: list[str], question: str, coverage: dict[str, list[int]],
                part_of: Callable[[str, str], bool]) -> str | None:
    """The one held company whose reports print every name as its own part (a mine, brand or segment asked by its
    name alone), else None: a name two held companies print, or one written as a company ("Tesla Inc"), is not
    read as anyone's part."""
    if not names or any(re.search(rf"{re.escape(n)},?\s+{LEGAL_SUFFIX}(?![\w])", question) for n in names):
        return None
    owners = [c for c in coverage if all(part_of(c, n) for n in names)]
    return owners[0] if len(owners) == 1 else None


def carry_over(question: str, history: list[Message], coverage: dict[str, list[int]] | None = None,
               part_of: Callable[[str, str], bool] | None = None) -> CarryOver:
    """`coverage` (company -> fiscal years ingested) resolves "last year" to the company's latest filing year;
    `part_of(company, name)` tells whether a company's filings print a name as one of its parts (a segment), so
    "how about Display Technologies net sales?" after an Acme question is Acme's segment, not a company."""
    facts = analyse(question)
    if part_of is not None:
        part_of = lru_cache(maxsize=None)(part_of)      # one lookup per (company, name) in this turn
    own_companies = [c.name for c in facts.companies]
    out = CarryOver(asked=question, companies=own_companies, years=list(facts.years),
                    metric=facts.metric.key if facts.metric else None)
    prev = _previous(history)
    coverage = coverage or {}
    latest = _latest(own_companies or (prev.companies if prev else []), coverage)
    follow = is_follow_up(question, facts)
    bare = _bare_name(question)
    if not follow and prev and prev.companies and part_of is not None and bare and not facts.companies \
            and any(part_of(c, bare) for c in prev.companies):
        follow = True       # "Aeronautics", "North America?": a part of the thread's company, asked bare
    out.follow_up = bool(prev) and follow
    context: list[str] = []
    if not own_companies and not (prev and prev.companies) and part_of is not None:
        owner = _sole_owner(facts.unknown_companies, question, coverage, part_of)
        if owner:       # "the <mine> impairment" opening a thread: the one held company whose reports print that mine
            out.parts, out.companies = list(facts.unknown_companies), [owner]
            out.added.append(f"company {owner} (its reports print {', '.join(out.parts)} as a part of it)")
            context.append(owner)
    # relative periods first: against the question's own year, else the previous turn's
    rel = relative_years(question, [] if not follow else (prev.years if prev else []), latest) if follow else None
    if rel is None and not prev and len(own_companies) == 1:
        rel = prior_to_latest(question, latest)     # "X's net income in the prior year?" opening a thread
    if rel:
        years, phrase = rel
        if years != out.years:
            out.years = years
            out.added.append(f"year {', '.join(f'FY{y}' for y in years)} ('{phrase}')")
            context.extend(f"FY{y}" for y in years if y not in facts.years)
    if not out.follow_up:
        out.context = context
        return out
    assert prev is not None
    out.from_turn = prev.turn
    own = _own_terms(question, facts)
    if not out.companies and facts.unknown_companies and part_of is not None and prev.companies and \
            all(any(part_of(c, n) for c in prev.companies) for n in facts.unknown_companies):
        out.parts = list(facts.unknown_companies)
        out.added.append(f"{', '.join(out.parts)} as a part of {', '.join(prev.companies)}")
    if out.parts:
        out.companies = prev.companies
        out.added.append(f"company {', '.join(prev.companies)}")
        context.extend(prev.companies)
    elif not out.companies and facts.unknown_companies and (names_not_held(facts, question)
                                                            or _ELLIPTIC_LEAD.search(question)):
        pass     # "What was Tesla's revenue?", "what about Tesla?": a company named but not held, never the carried one
    elif not out.companies and prev.companies and _WHICH.search(question) and COMPARATIVE.search(question) \
            and len(compared_companies := _thread_companies(history)) >= 2:
        # "Acme revenue 2022" / "Globex same year" / "which had the higher operating margin?": the thread's companies
        out.companies = list(compared_companies)
        out.added.append(f"companies {', '.join(out.companies)} (the thread's, compared)")
        context.extend(out.companies)
        own_years = [ys for ys in compared_companies.values()]
        if not out.years and all(len(ys) == 1 for ys in own_years) and own_years[0] != own_years[1]:
            # each company's figure as it was asked, never one company's year imposed on the other
            out.company_years = {c: ys for c, ys in compared_companies.items()}
            out.years = sorted({y for ys in own_years for y in ys})
            out.added.append("years " + ", ".join(f"{c} FY{ys[0]}" for c, ys in compared_companies.items()))
            context.extend(f"FY{y}" for y in out.years)
    elif not out.companies and prev.companies and _WHICH.search(question) and COMPARATIVE.search(question) \
            and len(parts := _thread_parts(history)) == 2:
        # "LMT Aeronautics operating profit" / "what about Missiles and Fire Control?" / "which is higher?": the
        # two parts' lines compared, never the last figure repeated
        out.companies = prev.companies
        label = get_lexicon().get(prev.metric).label
        which = question.strip().rstrip("?")
        question = f"{which}, {parts[0]} or {parts[1]} {label}?"
        out.added.append(f"company {', '.join(prev.companies)}; parts {parts[0]} and {parts[1]} compared")
        context.extend(prev.companies)
    elif not out.companies and prev.companies:
        out.companies = prev.companies
        out.added.append(f"company {', '.join(prev.companies)}")
        context.extend(prev.companies)
    elif len(out.companies) == 1 and prev.companies and len(out.years) < 2 and _COMPARE.search(question) \
            and (not own or _ANAPHOR.search(question)):
        extra = [c for c in prev.companies if c not in out.companies]
        if extra:
            out.companies = extra + out.companies
            out.added.append(f"company {', '.join(extra)} (comparison)")
            context.extend(extra)
    if len(out.years) == 1 and prev.years and _COMPARE.search(question) and not rel \
            and set(out.companies) <= set(prev.companies):      # "compare it with FY2021": both years
        extra = [y for y in prev.years if y not in out.years]
        if extra:
            out.years = extra + out.years
            out.added.append(f"year {', '.join(f'FY{y}' for y in extra)} (comparison)")
            context.extend(f"FY{y}" for y in extra)
    across_companies = len(out.companies) >= 2 and not facts.companies    # "which is higher?" over the thread's two
    compared = _years_compared(history, prev) if prev.metric and COMPARATIVE.search(question) \
        and not across_companies else []
    if not out.years and len(compared) == 2 and len(prev.years) == 1:     # "did it improve?" over the years asked
        out.years = compared
        out.added.append(f"years {' and '.join(f'FY{y}' for y in compared)} (the turns compared)")
        context.extend(f"FY{y}" for y in compared)
    if not out.years and prev.years:
        out.years = prev.years
        out.added.append(f"year {', '.join(f'FY{y}' for y in prev.years)}")
        context.extend(f"FY{y}" for y in prev.years)
    kept = ""
    short = len(question.split()) <= (6 if _ELLIPTIC_LEAD.search(question) else 4)   # "and the Rigid Packaging segment?"
    segment_only = out.metric is None and own and short \
        and (bool(SEGMENT_WORD.search(question))          # (the word "segment" is itself a topic)
             or bool(bare and part_of is not None and any(part_of(c, bare) for c in out.companies)))  # "how about AWS"
    if segment_only and prev.metric:      # "International segment" after "AMZN net sales 2019": its net sales
        out.metric = prev.metric
        label = get_lexicon().get(prev.metric).label
        out.added.append(f"metric {label}")
        context.append(label)
    if facts.metric is not None and prev.metric and not own_companies and \
            (_THAT_SEGMENT.search(question) or _IT.search(question)):
        # "operating margin of that segment" after "Globex Space operating profit": the Space segment's; so is
        # "operating income for it" after "Acme North America segment net sales" (the part asked, not the company)
        quals = part_words(prev.read, prev.metric)
        if quals:
            kept = " ".join(quals)
            out.added.append(f"segment {kept}")
    if out.metric is None and not facts.topics and not own:
        if prev.metric:
            out.metric = prev.metric
            label = get_lexicon().get(prev.metric).label
            quals = qualifiers(prev.read, prev.metric)
            out.added.append(f"metric {label}" + (f" ({' '.join(quals)})" if quals else ""))
            context.append(label)
            # the previous turn's segment or ratio words ("Domestic segment", "% of revenue") are the question's
            # own words, so the figure lookup must cover them: a period-only follow-up asks the same measure
            kept = " ".join(quals)
        else:   # a prose question: its topic is in the previous question's words
            prev_facts = read(prev.read)
            topic = " ".join(topic_words(prev.read, prev_facts))
            if topic:
                out.added.append(f"topic '{topic}'")
                context.append(topic)
    lead = ""
    if _BARE_MARGIN.match(question) and prev.metric and facts.metric is None:
        # "margin?" after "Aeronautics operating profit": that figure over revenue, of the same part
        lead = get_lexicon().get(prev.metric).label + " "
        kept = " ".join(part_words(prev.read, prev.metric))
        out.added.append(f"margin of {lead.strip()}" + (f" ({kept})" if kept else ""))
    elif _RATIO_OF.match(question) and prev.metric and facts.metric is not None and prev.metric != facts.metric:
        # "as % of revenue" after "Acme capex 2022": the previous figure over the one now named
        lead = get_lexicon().get(prev.metric).label + " "
        out.added.append(f"ratio of {lead.strip()}")
    if context or lead:
        # the kept qualifiers join the asking sentence ("and the year before Commercial Airplanes?"): the figure
        # lookup reads the question's words, not its context
        body = question.rstrip()
        mark = "?" if body.endswith("?") else ""
        body = body.rstrip("?").rstrip()
        out.asked = f"{lead}{body}{' ' + kept if kept else ''}{mark}"
        out.context = context
    return out


_BARE_MARGIN = re.compile(r"(?i)^\s*(and\s+|what about\s+|how about\s+)?(what'?s\s+|what\s+is\s+)?(its\s+|the\s+)?"
                          r"margins?\s*\??\s*$")


def _bare_name(question: str) -> str:
    """The name a short follow-up asks about, without its lead or period words: "what about AWS that year?" ->
    "AWS", "North America?" -> "North America"; '' for a longer question."""
    text = _ELLIPTIC_LEAD.sub("", question, count=1)
    text = RELATIVE.sub(" ", text)
    text = re.sub(r"(?i)\b(the|that|this|same|year|segment|division|business|then)\b", " ", text).strip(" ?.!,")
    text = re.sub(r"\s+", " ", text)
    return text if text and len(text.split()) <= 4 and re.match(r"[A-Z]", text) else ''

_IT = re.compile(r"(?i)\b(for|of|from|at)\s+(it|that|this|them)\s*\??\s*$|\bits\b")
_THAT_SEGMENT = re.compile(r"(?i)\b(that|this|the same|same|its|the)\s+(segment|division|business)\b")
_RATIO_OF = re.compile(r"(?i)^\s*(and\s+|what about\s+)?(as\s+(a\s+)?(%|percent(age)?|share|proportion)\s+of|"
                       r"relative to|divided by)\b")


def _latest(companies: list[str], coverage: dict[str, list[int]]) -> int | None:
    years = [max(coverage[c]) for c in companies if coverage.get(c)]
    return min(years) if years else None


def facts_for(co: CarryOver):
    """The question facts the pipeline reads after carry-over: the asking sentence read with the carried fields
    (the carried companies in the carried order, the earlier company first in a comparison)."""
    return read(co.carried())
