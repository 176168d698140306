"""Yes/no questions about events, with evidence both ways: "Did it buy back shares?", "Did it make an
acquisition in FY2022?", "Did it pay a dividend?", "Does the report mention cybersecurity?".

The whole report of the asked company and year is searched, not only the pages retrieval kept:

- **Yes** with the sentence that states the event happened ("The Company repurchased 198,976 shares during the
  year", "1,912,000 shares were purchased by the Company for a total cost of ...", "X was acquired during the
  period", a buy-back requested from the regulator);
- **No** with the sentence that denies it ("The Directors do not recommend the payment of a dividend",
  "No dividends have been paid or proposed during the year");
- **No: the report does not mention ...** when no page names the event at all, or names it only in sentences
  that state nothing about the year (a policy, a hypothetical, a risk, a definition, a biography), said as a
  finding with the pages and sections searched;
- otherwise "I could not find a sentence that states whether ..." with the pages that name the topic: a
  sentence that only names the topic is neither yes nor no.

The events and their wordings are data (`pipeline/data/events.toml`, read by `pipeline/answer/events.py`).
"""
from __future__ import annotations

import re
from datetime import date
from dataclasses import dataclass
from typing import Callable

from pipeline.answer import comparatives, which_event
from pipeline.answer.events import Event, events
from pipeline.answer.extract import NOT_FOUND, NOT_IN_REPORT
from pipeline.question.labels import doc_kind, doc_label
from pipeline.question.analysis import QuestionFacts, core_question
from pipeline.question.periods import split_years_to_end
from pipeline.retrieval.passage import Passage
from pipeline.state import Claim, TurnState
from pipeline.stores import corpus
from pipeline.core import months

_YESNO = re.compile(r"(?i)^\s*(did|does|do|has|have|had|was|were|is|are)\b")
_MENTION = re.compile(r"(?i)\b(mention\w*|discuss\w*|refer\w*\s+to|talk\w*\s+about|say\s+anything\s+about|"
                      r"disclos\w*\s+anything\s+about)\b")
# What a sentence says that makes it no statement of an event of the year.
_HYPOTHETICAL = re.compile(r"(?<![A-Za-z])may(?![A-Za-z])|(?i:\b(might|could|would|should|can|if|unless|whether|in\s+the\s+event|"
                           r"from\s+time\s+to\s+time|potential(ly)?|possible|any\s+future)\b)")   # ("May 2022" is a month)
_POLICY = re.compile(r"(?i)\b(polic(y|ies)|is\s+recogni[sz]ed|are\s+recogni[sz]ed|recogni[sz]ed\s+(when|as|at|in\s+the)|"
                     r"accounted\s+for|measured\s+at|is\s+defined|means\b|refers\s+to|in\s+accordance\s+with|"
                     r"provision\s+is\s+made|we\s+account\s+for|such\s+as|are\s+allocated|is\s+allocated|"
                     r"fair\s+value\s+of\s+the\s+(consideration|assets)|identifiable\s+assets\s+acquired|"
                     r"purchase\s+price\s+allocation\s+polic|critical\s+accounting)\b")
_FORWARD = re.compile(r"(?i)\b(plans?\s+to|intends?\s+to|expects?\s+to|will\b|anticipat\w*|seeks?\s+to|aims?\s+to|"
                      r"authori[sz]ed|authori[sz]ation|remaining\s+(balance|authori[sz]ation)|\bto\s+be\s+(re)?purchased|announc\w*|"
                      r"propos\w*)")
# a deal agreed, not yet done ("entered into a definitive agreement to acquire", "expected to close in", "pending
# regulatory approval"), unless the sentence also states it done ("completed the acquisition ... pursuant to the
# definitive agreement signed in 2073", "the purchase price allocation is pending")
_PENDING = re.compile(r"(?i)\bagreements?\s+to\s+(?:acquire|buy|purchase|sell|merge|combine)|\bdefinitive\s+agreement|"
                      r"\bpending\b|\bexpected\s+to\s+(?:close|complete)|\bsubject\s+to\s+(?:regulatory|shareholder|customary)")
_DONE = re.compile(r"(?i)\b(?:acquired|completed|closed|consummated|finali[sz]ed|bought|purchased)\b")
_PERSON = re.compile(r"(?i)\b(he|she)\s+(was|is|has|had|served|serves|joined|held|holds|led|leads)\b|"
                     r"\bprior\s+to\s+joining\b|\b(mr|ms|mrs|dr)\.?\s+[A-Z]\w+\s+(has|was|is)\b")
# A total to date is no event of the year: "As of May 31, 2021, we had repurchased 50.0 million shares ... under this
# program", "since the program's inception", "cumulative repurchases"
_CUMULATIVE = re.compile(r"(?i)\bas\s+of\b[^.;]{0,40}\b(had|have)\s+(re)?(purchased|bought|acquired|paid)\b|"
                         r"\bsince\s+(the\s+|its\s+)?(program['’]?s?\s+)?(inception|start|beginning|commencement)\b|"
                         r"\b(to\s+date|cumulative(ly)?|life[- ]to[- ]date)\b")
_RISK = re.compile(r"(?i)\b(risk|risks|adversely|uncertaint\w*|there\s+can\s+be\s+no\s+assurance)\b")
_YEAR = re.compile(r"(?<![\d$,.£€])(19|20)\d{2}(?!\d|,\d|%)")
# (a middle initial "James E. Roe" or "Mr. Roe" ends no sentence)
_SENT = re.compile(r"(?<=[.!?])(?<!\b[A-Z]\.)(?<!\b(?:Mr|Ms|Dr|No|Co|St)\.)(?<!\bMrs\.)(?<!\bInc\.)\s+(?=[A-Z(\"“•])|\s+•\s+")
# Section headings a report prints; the ones found are named as searched.
_SECTIONS = [("the chair's statement", r"chair(man|woman|person)?['’]?s?\s+(statement|letter|review)"),
             ("the chief executive's review", r"chief\s+executive(\s+officer)?['’]?s?\s+(review|report|letter|statement)"),
             ("the strategic report", r"strategic\s+report"),
             ("the directors' report", r"directors['’]?\s+report"),
             ("management's discussion and analysis", r"management['’]?s\s+discussion\s+and\s+analysis"),
             ("the operating and financial review", r"operating\s+and\s+financial\s+review|review\s+of\s+operations"),
             ("the corporate governance statement", r"corporate\s+governance"),
             ("the notes to the financial statements", r"notes\s+to\s+the\s+(consolidated\s+)?financial\s+statements"),
             ("the risk factors", r"risk\s+factors")]




def event_asked(facts: QuestionFacts) -> Event | None:
    """The event a yes/no question asks about ("did it buy back shares?"), or None."""
    q = core_question(facts.text)
    if not _YESNO.match(q) or which_event.TREATMENT.search(q):
        return None
    for e in events():
        if e.asked.search(q) and not (e.other_action and e.other_action.search(q)):
            return e
    return None


def mention_asked(facts: QuestionFacts) -> list[str]:
    """"Does the report mention X?": X's content terms (stemmed), or [] when the question asks no mention."""
    q = core_question(facts.text)
    if not _YESNO.match(q) or not _MENTION.search(q):
        return []
    from pipeline.answer.prose import question_terms

    return [t for t in question_terms(facts) if not re.match(r"(?i)~?(mention|discuss|refer|talk|say|disclos|"
                                                                 r"report|annual|filing|document|anyth)", t)]


def applies(facts: QuestionFacts) -> bool:
    return event_asked(facts) is not None or bool(mention_asked(facts)) or amount_asked(facts) is not None


def sentences(text: str) -> list[str]:
    flat = " ".join(text.replace("\u00a0", " ").split())
    return [s.strip() for s in _SENT.split(flat) if 25 <= len(s.strip()) <= 700]


# what a report names as put to a later decision or not yet completed: neither a yes nor a no of the year (an
# authorisation alone, "the board authorised buy-backs of up to ...", is a no of the year)
_UNDECIDED = {"a pending transaction", "a proposal"}


def topic_only(sentence: str) -> str | None:
    """Why a sentence naming an event states nothing about the year's events (a policy, a hypothetical, a plan,
    a risk, a biography, a total to date), or None when it may state one."""
    for why, pattern in (("a policy or definition", _POLICY), ("a hypothetical", _HYPOTHETICAL),
                         ("a plan or authorisation", _FORWARD), ("a biography", _PERSON), ("a risk", _RISK),
                         ("a total to date", _CUMULATIVE)):
        if pattern.search(sentence):
            return why
    return "a pending transaction" if _PENDING.search(sentence) and not _DONE.search(sentence) else None


_PRIOR = re.compile(r"(?i)\b(previous|prior|preceding|comparative)\s+(financial\s+)?(year|period)\b")
_COMPARATIVE = re.compile(r"\((?:FY\s?)?(19|20)\d{2}:[^)]*\)")     # "(2021: £nil)", "(FY2096: 7.0 cents)": the prior year's
#                                                                  figure beside this year's
# this year's statement compared with the year before's ("..., compared with Rs. 7.50 per share for the previous year")
_COMPARED_WITH_PRIOR = re.compile(r"(?i),?\s*\b(?:compared\s+(?:with|to)|as\s+against|versus|up\s+from|down\s+from)\s+"
                                  r"[^,;]{0,80}?\b(?:previous|prior|preceding)\s+(?:financial\s+)?year\b")


_MONTH_YEAR = re.compile(r"(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2},?\s+)?"
                         r"((?:19|20)\d{2})\b")


def of_year(sentence: str, year: int | None, period_end: date | None = None) -> bool:
    """A sentence naming years names the asked one (a prior year's buy-back is not this year's). A report whose year
    does not end in December dates its events by month: "between June and November 2036" is in the year that ended
    on `period_end` (31 March 2037) when every month it names falls in that year, however the year is labelled."""
    sentence = _COMPARED_WITH_PRIOR.sub(" ", sentence)      # ("..., compared with Rs. 7.50 for the previous year")
    if _PRIOR.search(sentence):
        return False
    text = split_years_to_end(_COMPARATIVE.sub(" ", sentence))     # ("for FY 2045-46": the year ending in 2046)
    named = {int(m.group(0)) for m in _YEAR.finditer(text)}
    if not named or year is None or year in named:
        return True
    dated = [date(int(m.group(2)), months.number(m.group(1)), 1) for m in _MONTH_YEAR.finditer(text)]
    start = date(period_end.year - 1, period_end.month, 1) if period_end is not None and period_end.month != 12 else None
    return start is not None and bool(dated) and named <= {d.year for d in dated} and \
        all(start < d <= period_end for d in dated)


@dataclass
class Reading:
    affirmed: list[tuple[str, corpus.ReportPage]]
    denied: list[tuple[str, corpus.ReportPage]]
    named: list[tuple[str, corpus.ReportPage, str]]     # (sentence, page, why it is only the topic or '')
    pages: list[corpus.ReportPage]


_ABBREVIATED_CURRENCY = re.compile(r"\b(Rs|Ps|Rp|Dhs)\.(?=\s?\d)")


def read_report(pages: list[corpus.ReportPage], event: Event, year: int | None, end: date | None = None,
                asked: str = "") -> Reading:
    out = Reading([], [], [], pages)
    which = which_event.which_dividend(asked)      # (the dividend's kind asked: its comparative is the one read)
    for pg in pages:
        if not event.topic.search(pg.text.replace("\u00a0", " ")):
            continue
        for s in sentences(pg.text):
            if not event.topic.search(s):
                continue
            read = _ABBREVIATED_CURRENCY.sub(r"\1", s)     # "of Rs. 9.00 per share": the abbreviation's dot ends nothing
            if any(p.search(read) for p in event.deny) and not re.search(r"(?i)\b(if|unless|whether)\b", s) \
                    and of_year(s, year, end):
                out.denied.append((s, pg))
                continue
            why = topic_only(s) or ("done to the company, not by it" if event.received and event.received.search(read)
                                    else None)
            # (a dividend stated beside its comparative, "Frw 9.00 per share (2092: Frw 6.00)", says whether it rose)
            # (one naming a plan too, "paid an interim dividend of 0.40 compared with 0.60, and proposes a final
            # dividend of 0.60", when the words stating the change name none)
            compared = comparatives.dividend_compared(read, which) \
                if event.key == "dividend_increase" and why in (None, "a plan or authorisation") else None
            if compared is not None and (why is None or topic_only(compared[1]) is None) and of_year(s, year, end):
                (out.affirmed if compared[0] > 0 else out.denied).append((s, pg))
                continue
            if why is None and of_year(s, year, end) and any(p.search(read) for p in event.affirm):
                out.affirmed.append((s, pg))
            else:
                out.named.append((s, pg, why or ("another year" if not of_year(s, year, end) else "")))
    return out


def sections_of(pages: list[corpus.ReportPage]) -> list[str]:
    text = " ".join(p.text[:600] for p in pages)
    return [name for name, pattern in _SECTIONS if re.search(rf"(?i)\b{pattern}\b", text)]


def searched(company: str, year: int | None, pages: list[corpus.ReportPage]) -> str:
    docs = sorted({(p.company, p.fiscal_year, p.doc_type) for p in pages})
    where = "; ".join(doc_label(c, fy, t) for c, fy, t in docs) or f"{company}'s FY{year} reports"
    secs = sections_of(pages)
    return (f"I searched all {len(pages)} pages of {where}" + (f", including {_join(secs)}" if secs else "") + ".")


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _pages_list(hits: list, n: int = 6) -> str:
    pages = sorted({h[1].page for h in hits})
    return ", ".join(map(str, pages[:n])) + (" ..." if len(pages) > n else "")


def as_passage(pg: corpus.ReportPage) -> Passage:
    return Passage(chunk_id=0, doc=pg.doc, company=pg.company, fiscal_year=pg.fiscal_year, doc_type=pg.doc_type,
                   page=pg.page, score=0.0, text=pg.text)


def _best(hits: list[tuple[str, corpus.ReportPage]], year: int | None,
          facts: QuestionFacts | None = None) -> tuple[str, corpus.ReportPage]:
    """The sentence carrying most of the question's own words ("increase its quarterly dividend", "under its
    program"), then naming the asked year, then led by the period it covers, then the shortest (the plainest
    statement)."""
    from pipeline.answer.prose import question_terms
    from pipeline.question.terms import stems

    terms = question_terms(facts) if facts is not None else []
    return min(hits, key=lambda h: (-sum(1 for t in terms if t in stems(h[0])),
                                    not (year and str(year) in h[0]), not _PERIOD_LEAD.search(h[0][:60]), len(h[0])))


# A sentence led by the period it covers ("During 2022, we repurchased 18.3 million shares ...") states the year's
# total; one naming the year later ("In addition, we repurchased 4.7 million shares under an agreement entered into
# in the first quarter of 2022") states a part of it
_PERIOD_LEAD = re.compile(r"(?i)\b(during|in|for)\s+(the\s+)?(fiscal\s+(year\s+)?|financial\s+year\s+|year\s+(ended\s+)?"
                          r"([A-Z][a-z]+\s+\d{1,2},?\s+|\d{1,2}\s+[A-Z][a-z]+\s+)?)?(19|20)\d{2}\b|"
                          r"\b(during|in)\s+the\s+(financial\s+)?(year|period)\b")


_AMOUNT_Q = re.compile(r"(?i)^\s*(how\s+many|how\s+much|what\s+(number|amount)|what\s+was\s+the\s+(number|amount|"
                       r"consideration|cost))\b")


def amount_asked(facts: QuestionFacts) -> Event | None:
    """"How many shares did it repurchase?", "how much did it pay for the acquisition?": the count or amount of an
    event, read from the sentence that states the event (never an authorisation's or a plan's number)."""
    q = core_question(facts.text)
    if not _AMOUNT_Q.search(q):
        return None
    for e in events():
        if e.key != "dividend" and e.asked.search(q):
            return e
    return None


def answer(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
           cite: Callable[[Passage], int]) -> tuple[str, str] | None:
    """(answer, kind) for one company and year, or None when the question asks no event or mention this module
    reads. kind: yes_no (a sentence cited), not_in_report (the whole report searched) or not_found."""
    event = event_asked(facts)
    amount = None if event else amount_asked(facts)
    mention = [] if event or amount else mention_asked(facts)
    if event is None and amount is None and not mention:
        return None
    pages = corpus.report_pages(conn, company, year)
    if not pages:
        return (f"{NOT_FOUND} {company}'s FY{year} report in the reports I hold." if year else
                f"{NOT_FOUND} a report of {company}.", "not_found")
    fy = pages[0].fiscal_year
    kind_name = doc_kind(pages[0].doc_type)
    if mention:
        return _mention(state, facts, company, fy, pages, mention, cite)
    end = pages[0].period_end       # (the months of the year the report covers: `of_year`)
    if amount is not None:
        return _amount(state, facts, company, fy, pages, amount, cite, end)
    q = core_question(facts.text)
    r = read_report(pages, event, fy, end, q)
    which_event.sift(r, q, company, dated=bool(facts.years), affirm=event.affirm, fy=fy)
    for verdict, hits in (("Yes", r.affirmed), ("No", r.denied)):
        if hits and (verdict == "Yes" or not r.affirmed):
            s, pg = _best(hits, fy, facts)
            m = cite(as_passage(pg))
            text = f"{verdict}. The {company} FY{pg.fiscal_year} {kind_name} says: \u201c{s}\u201d [{m}]"
            state.claims.append(Claim(text=text, label=f"{company} FY{pg.fiscal_year} passage", company=company))
            return text, "yes_no"
    factual = [h for h in r.named if not h[2]]
    if not factual:
        only = sorted({h[2] for h in r.named})
        # (a dividend planned for the asked year, "will pay ... for FY2061", is the year's dividend not yet paid)
        planned = event.key == "dividend" and any(h[2] == "a plan or authorisation" and str(fy) in h[0] for h in r.named)
        if not r.named or not (set(only) & _UNDECIDED or planned):
            named = (f" It names it only in sentences that state no event of the year ({_join(only)}: "
                     f"p. {_pages_list(r.named)}).") if r.named else ""
            said = (f"{NOT_IN_REPORT} states no {event.name.split(' ', 1)[1]} by {company} in FY{fy}.{named}"
                    if r.named else f"{NOT_IN_REPORT} does not mention {event.name} by {company} in FY{fy}.")
            return f"{said} {searched(company, fy, pages)}", "not_in_report"
        # named as a plan, a proposal or a pending matter: neither a yes nor a no of the year ("has the proposed
        # dividend been approved?" - the report says only that it is proposed)
        return (f"{NOT_FOUND} a sentence in {company}'s FY{fy} report that states {event.name} took place: it names "
                f"it only in sentences that state no event of the year ({_join(only)}: p. {_pages_list(r.named)}). "
                f"{searched(company, fy, pages)}"), "not_found"
    return (f"{NOT_FOUND} a sentence in {company}'s FY{fy} report that states whether there was {event.name}: it "
            f"names it on p. {_pages_list(factual)} without saying so. {searched(company, fy, pages)}", "not_found")


def _mention(state: TurnState, facts: QuestionFacts, company: str, fy: int, pages: list[corpus.ReportPage],
             terms: list[str], cite: Callable[[Passage], int]) -> tuple[str, str]:
    from pipeline.question.terms import stems

    best: tuple[int, str, corpus.ReportPage] | None = None
    for pg in pages:
        for s in sentences(pg.text):
            have = stems(s)
            if all(t in have for t in terms) and (best is None or len(s) < len(best[1])):
                best = (0, s, pg)
    said = re.search(r"(?i)\b(?:mention\w*|discuss\w*|refer\w*\s+to|talk\w*\s+about|say\s+anything\s+about|"
                     r"disclos\w*\s+anything\s+about)\s+(?:any\s+|the\s+)?(.+?)\s*(?:in\s+(?:fy|fiscal\s+)?\d{4})?\s*\??$",
                     core_question(facts.text))
    what = said.group(1) if said else " ".join(t.lstrip("~") for t in terms)   # the question's own words
    if best is None:
        return (f"{NOT_IN_REPORT} does not mention {what}: no page of {company}'s FY{fy} report names it. "
                f"{searched(company, fy, pages)}", "not_in_report")
    _, s, pg = best
    m = cite(as_passage(pg))
    text = f"Yes. The {company} FY{fy} {doc_kind(pg.doc_type)} mentions it: \u201c{s}\u201d [{m}]"
    state.claims.append(Claim(text=text, label=f"{company} FY{fy} passage", company=company))
    return text, "yes_no"


def _amount(state: TurnState, facts: QuestionFacts, company: str, fy: int, pages: list[corpus.ReportPage],
            event: Event, cite: Callable[[Passage], int], end: date | None = None) -> tuple[str, str]:
    """The sentence stating the event with a number ("The Company repurchased 198,976 shares during the year"),
    quoted and cited; none: "I could not find ..." with the pages and sections searched."""
    r = read_report(pages, event, fy, end)
    with_number = [h for h in r.affirmed if re.search(r"\d[\d,]*(\.\d+)?\s*(million|billion|m\b|bn\b|shares|%)|"
                                                      r"[$£€]\s?\d|\d{1,3}(,\d{3})+", h[0])]
    if not with_number:
        return (f"{NOT_FOUND} a sentence in {company}'s FY{fy} report that states the number or amount of "
                f"{event.name} in the year. {searched(company, fy, pages)}", "not_found")
    want = amount_kind(facts)
    printed = [(h, stated_value(h[0], want)) for h in with_number]
    printed = [(h, v) for h, v in printed if v]
    if not printed:    # "how much did it spend?" answered by a share count is a wrong answer, not a partial one
        what = "amount spent on" if want == "money" else "number of shares in"
        return (f"{NOT_FOUND} a sentence in {company}'s FY{fy} report that states the {what} {event.name} in the "
                f"year. {searched(company, fy, pages)}", "not_found")
    s, pg = _best([h for h, _ in printed], fy, facts)
    value = dict((h[0], v) for h, v in printed)[s]
    m = cite(as_passage(pg))
    text = f"{value}. The {company} FY{pg.fiscal_year} {doc_kind(pg.doc_type)} says: \u201c{s}\u201d [{m}]"
    state.claims.append(Claim(text=text, label=f"{company} FY{pg.fiscal_year} passage", company=company))
    return text, "quote"


_MONEY_Q = re.compile(r"(?i)^\s*(how\s+much|what\s+(was\s+the\s+)?(amount|consideration|cost|value))\b|"
                      r"\b(spen[dt]|spending|paid|pay|cost|consideration|amount\s+of\s+(cash|money))\b")
_MONEY = re.compile(r"(?:(?:US|A|C|NZ|HK|S)?[$£€¥]|\b(?:USD|GBP|EUR|AUD|CAD)\s?)\s?\d[\d,]*(?:\.\d+)?"
                    r"(?:\s?(?:million|billion|thousand|mn|bn|m|k)\b)?")
_COUNT = re.compile(r"(?<![$£€¥\d.,])\d[\d,]*(?:\.\d+)?(?:\s+million)?(?=\s+(?:of\s+(?:its|our|the\s+company['’]s)\s+"
                    r"(?:own\s+)?)?(?:ordinary\s+|common\s+|class\s+\w\s+)?(?:shares|stock)\b)", re.I)


def amount_kind(facts: QuestionFacts) -> str:
    """"How much did it spend / pay?" asks money; "how many shares?" asks a count."""
    q = core_question(facts.text)
    if re.search(r"(?i)\bhow\s+many\b|\bnumber\s+of\b", q):
        return "count"
    return "money" if _MONEY_Q.search(q) else "count"


def stated_value(sentence: str, want: str) -> str:
    """The amount of the kind asked as the sentence prints it ("$87.9 million"; "1,498,000 shares"), or ''.
    A sentence stating both a count and its cost answers each question with its own number."""
    if want == "money":
        m = _MONEY.search(sentence)
        return m.group(0).strip() if m else ""
    m = _COUNT.search(sentence)
    return f"{m.group(0)} shares" if m else ""
