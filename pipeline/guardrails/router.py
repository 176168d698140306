"""The router: checkpoints 1 (scope) and 2 (clarity). Deterministic rules over the registry, the lexicons and
the corpus coverage; an LLM router refines the class when a model is configured, but coverage facts (which
company-years exist) always come from the database, never from the model."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pipeline import prompts

from pipeline.question import registry_sources
from pipeline.question.periods import YEARS_PRINTED_BACK
from pipeline.question.glossary import define
from pipeline.providers.llm import MalformedOutput, complete, parse_json_object
from pipeline.question.analysis import QuestionFacts
from pipeline.question.registry import Company, Registry

# A turn that tries to change the instructions or reveal the prompt: answered as out of scope, and carry-over
# (pipeline/memory/carryover.py) carries nothing into or out of it.
HOSTILE = re.compile(r"(?i)\b(ignore|disregard|forget|override|bypass)\b[^.?!]{0,40}\b(instructions?|prompts?|rules|"
                     r"above|previous|guidelines|polic(y|ies))\b|\bsystem\s+prompt\b|\bjailbreak\w*\b|"
                     r"\byou\s+are\s+now\b|\bdeveloper\s+mode\b|\bpretend\s+(to\s+be|you)\b|\bact\s+as\s+(an?|my)\b|"
                     r"\breveal\b[^.?!]{0,30}\b(prompt|instructions|secret|key|password)s?\b")
_DEFINITION = re.compile(r"(?i)^\s*(what\s+(does|do|is|are)\s+(an?\s+|the\s+(term\s+)?)?(.+?)\s+(mean|stand for)\b|"
                         r"(define|definition of|meaning of|explain)\s+|what\s+is\s+(an?\s+)?(.+?)\s*\??\s*$)")
_WEB = re.compile(r"(?i)\b(share price|stock price|trading at|market cap(italization)? (today|now)|latest news|"
                  r"news (about|on|today)|today|right now|this week|current(ly)? (price|trading)|analyst ratings?|"
                  r"price target)\b")
_FORWARD = re.compile(r"(?i)\b(forecast\w*|expect\w*|guidance|outlook|plan\w*|project\w*|anticipat\w*|will)\b")
_RELATIVE_YEAR = re.compile(r"(?i)\b(last|previous|prior|this|current|next)\s+(fiscal\s+)?year\b")
_VAGUE = re.compile(r"(?i)\b(the numbers|the figures|the results|how did (they|it) do|the performance|the data)\b")
_FINANCE = re.compile(r"(?i)\b(revenue|sales|profit|income|earnings|margin|cash|debt|assets?|liabilit\w+|capex|"
                      r"dividend\w*|segment\w*|fiscal|fy\d*|10-?k|annual report|filing|eps|ebitda|ratio|"
                      r"guidance|acquisition\w*|balance sheet|statement)\b")

# A measure or a comparison asked without a company ("how did margins move?", "compare the two years"): in scope,
# so the reply asks which company, never the scope reply
_MEASURE_OR_COMPARE = re.compile(r"(?i)\b(margins|revenues|profits|earnings|expenses|costs|returns?|growth|headcount|"
                                 r"employees|shares|buy-?backs?|repurchases?|compar\w*|versus|vs\.?|the two years|"
                                 r"year[- ]on[- ]year|year[- ]over[- ]year|trend\w*|what drove|why did)\b")
# A creative-writing request ("a poem about <company>'s products"): declined, never retrieved for
_CREATIVE = re.compile(r"(?i)\b(write|compose|draft|make\s+up|give\s+me|create)\b[^.?!]{0,40}\b(poem|haiku|limerick|"
                       r"sonnet|song|lyrics|rap|verse|story|stories|fairy\s*tale|fan\s*fiction|screenplay|joke)s?\b|"
                       r"\b(poem|haiku|limerick|sonnet|song|lyrics|rap|short\s+story|bedtime\s+story|joke)s?\s+(about|on|for|of)\b")


@dataclass
class RouteDecision:
    route: str
    reason: str
    reply: str = ""                                   # the fixed reply for non-retrieve routes
    companies: list[str] = field(default_factory=list)
    years: list[int] = field(default_factory=list)
    scope_note: str = ""
    period_note: str = ""                             # said in the answer: which year was used, which are missing
    suggestions: list[str] = field(default_factory=list)   # one-click follow-ups (the other years held)


def hostile(text: str) -> bool:
    return bool(HOSTILE.search(text))


def coverage_text(coverage: dict[str, list[int]]) -> str:
    if not coverage:
        return "no reports yet (run `ara ingest`)"
    return "; ".join(f"{c} ({', '.join(f'FY{y}' for y in ys)})" for c, ys in coverage.items())


def years_text(years: list[int]) -> str:
    ys = [f"FY{y}" for y in years]
    return ys[0] if len(ys) == 1 else ", ".join(ys[:-1]) + " and " + ys[-1]


_MEANING = re.compile(r"(?i)\b(mean|means|meaning|stand for|stands for|define|definition)\b")


def asks_meaning(text: str) -> bool:
    """"What does EBITDA mean?", "define free cash flow": a term's meaning, whatever the conversation was about
    (never "what is 3M's revenue?")."""
    return bool(_MEANING.search(text) and _DEFINITION.search(text) and define(text))


def asks_live(text: str) -> bool:
    """The question asks for live information (prices, news, today) the annual reports cannot hold."""
    return bool(_WEB.search(text))


def route_question(facts: QuestionFacts, coverage: dict[str, list[int]], *, web_enabled: bool = False,
                   carried_companies: list[str] | None = None, carried_years: list[int] | None = None,
                   annual: dict[str, list[int]] | None = None,
                   company_years: dict[str, list[int]] | None = None) -> RouteDecision:
    """Deterministic routing. `coverage`: company -> fiscal years of any filing in the corpus. A question that
    sets a held company beside one not held ("Compare 3M with Tesla") is answered for the held one and says which
    it could not answer: a named company is never dropped silently. `company_years`: compared companies each
    asked in its own year (carry-over), so only those pairs are checked."""
    d = _route(facts, coverage, web_enabled=web_enabled, carried_companies=carried_companies,
               carried_years=carried_years, annual=annual, company_years=company_years or {})
    others = compared_not_held(facts) if d.route == "retrieve" else []
    if others:
        d.period_note = " ".join([f"I don't hold reports for {_join(others)}, so this answers for "
                                  f"{_join(d.companies)} only.", d.period_note]).strip()
        d.reason += f"; not held: {', '.join(others)}"
    return d


def compared_not_held(facts: QuestionFacts) -> list[str]:
    """Companies not held that a question sets beside a held one: a possessive ("Tesla's"), or a name joined by
    "and", "with", "vs", "versus", "than" or "to" ("Compare 3M with Tesla"). Capitalised words that merely start
    a sentence or name a segment ("As of FY2021", "Commercial Airplanes revenue") are not companies compared."""
    if not facts.companies:
        return []
    q = facts.text
    return [n for n in facts.unknown_companies
            if re.search(rf"(?<![\w]){re.escape(n)}(?:'s|’s)", q)
            or re.search(rf"(?i:\b(?:and|with|vs\.?|versus|than|to)\s+){re.escape(n)}\b", q)]


def _route(facts: QuestionFacts, coverage: dict[str, list[int]], *, web_enabled: bool,
           carried_companies: list[str] | None, carried_years: list[int] | None,
           annual: dict[str, list[int]] | None, company_years: dict[str, list[int]]) -> RouteDecision:
    q = facts.text.strip()
    covered = coverage_text(coverage)
    if not q:
        return RouteDecision("clarify", "empty question", f"What would you like to know? I have reports for {covered}.")
    companies = [c.name for c in facts.companies] or list(carried_companies or [])
    years = list(facts.years) or list(carried_years or [])

    if _WEB.search(q):
        if web_enabled:
            return RouteDecision("web", "asks for live information", companies=companies)
        return RouteDecision("web", "asks for live information; the web tool is off",
                             "Live web search is turned off in this installation, so I cannot look up current "
                             f"prices or news. I answer from the annual reports I hold: {covered}.")

    if _CREATIVE.search(q):
        return RouteDecision("out_of_scope", "a creative-writing request",
                             "I don't write poems, stories or other creative pieces. I answer questions about the "
                             f"annual reports of {covered}, each figure cited to its page.")

    definition = define(q)
    if definition and not facts.companies and _DEFINITION.search(q):
        return RouteDecision("direct", "asks what a financial term means", definition)

    if not facts.companies and facts.ambiguous:
        name, held = next(iter(facts.ambiguous.items()))
        held = [c for c in held if c in coverage] or held
        return RouteDecision("clarify", f"'{name}' is a name of {_join(held)}",
                             f"Which company do you mean by {name}: {' or '.join(held)}? I have reports for "
                             f"{coverage_text({c: coverage[c] for c in held if c in coverage}) if set(held) & set(coverage) else covered}.")

    named_unknown = [] if facts.companies else names_not_held(facts, q)
    if named_unknown:
        return RouteDecision("out_of_scope", f"names a company whose reports are not held ({named_unknown[0]})",
                             not_held_reply(named_unknown[0], coverage))


    if hostile(q) and not facts.companies:
        return RouteDecision("out_of_scope", "tries to change the instructions; names no covered company",
                             "I can't change how I work or show my instructions. I answer questions about the "
                             f"annual reports of {covered}.")

    if not companies:
        if _FINANCE.search(q) or facts.metrics or facts.topics or _VAGUE.search(q) or _MEASURE_OR_COMPARE.search(q):
            missing = ["company"] + ([] if years else ["fiscal year"]) + \
                      (["figure or topic"] if not (facts.metrics or facts.topics) else [])
            return RouteDecision("clarify", f"in scope but names no {' or '.join(missing)}",
                                 f"Which {_join(missing)} do you mean? I have reports for {covered}.")
        return RouteDecision("out_of_scope", "not about the covered companies' reports",
                             f"I answer questions about the annual reports of {covered}. "
                             "Ask about a figure or topic in one of them.")

    unknown = [c for c in companies if c not in coverage]
    if unknown:
        return RouteDecision("no_data", f"no reports of {unknown[0]} are ingested",
                             not_held_reply(unknown[0], coverage), companies=companies)

    if not facts.years and _RELATIVE_YEAR.search(q) and not carried_years:
        rel = _RELATIVE_YEAR.search(q).group(0)
        return RouteDecision("clarify", f"relative period '{rel}' without a fiscal year",
                             f"Which fiscal year do you mean by '{rel}'? For {companies[0]} I have "
                             f"{years_text(coverage[companies[0]])}.", companies=companies)
    if not years and _VAGUE.search(q) and not facts.metrics:
        return RouteDecision("clarify", "no figure and no fiscal year",
                             f"Which figure and which fiscal year of {companies[0]}? I have "
                             f"{years_text(coverage[companies[0]])}.", companies=companies)
    if not years:   # the latest annual report (10-K) when there is one, else the latest filing of any kind
        return _latest_report(facts, companies, {c: (annual or {}).get(c) or coverage[c] for c in companies})

    # A year is held when its own report is, or a report of the next `YEARS_PRINTED_BACK` years (which print it as a
    # comparative column or in a five-year summary); the question is refused only when none of its years is held, and
    # a year not held is said.
    asked = [(c, y) for c in companies for y in (company_years.get(c) or years)]
    missing = [(c, y) for c, y in asked if not reported_in(coverage[c], y)]
    later = [f"{c} FY{y} is read from its FY{reports_printing(coverage[c], y)[0]} report"
             for c, y in asked if reported_in(coverage[c], y) and y not in coverage[c]]
    if missing and len(missing) == len(asked):
        c, y = missing[0]
        earlier = [x for x in coverage[c] if x < y]
        if _FORWARD.search(q) and earlier and len(years) == 1:
            return RouteDecision("retrieve", f"forward-looking question about FY{y}: read the FY{earlier[-1]} "
                                 "report", companies=companies, years=[earlier[-1]],
                                 scope_note=f"FY{y} is not in the corpus; its outlook is in the FY{earlier[-1]} report")
        return RouteDecision("no_data", f"{c} FY{y} is not in the corpus",
                             f"I have {c} {years_text(coverage[c])}, not FY{y}.", companies=companies, years=years)
    note = " ".join(f"I have no FY{y} report of {c} (I have {years_text(coverage[c])})." for c, y in missing)
    return RouteDecision("retrieve", f"covered: {_join(companies)} " + years_text(years)
                         + (f"; missing {', '.join(f'{c} FY{y}' for c, y in missing)}" if missing else ""),
                         companies=companies, years=years, period_note=note, scope_note="; ".join(later))


def _latest_report(facts: QuestionFacts, companies: list[str], coverage: dict[str, list[int]]) -> RouteDecision:
    """A question naming no year reads each company's latest report and says so; with a single report it says
    it is the only one; with several, the other years become one-click follow-ups. `coverage`: the years to
    choose from (annual reports first)."""
    notes, suggestions = [], []
    base = facts.own_words().strip()        # the question's own words, never what carry-over added
    base = re.sub(r"[\s?.!]+$", "", base)
    for c in companies:
        held = coverage[c]
        if len(held) == 1:
            notes.append(f"I used {c}'s FY{held[0]} report, the only one I hold.")
        else:
            others = [y for y in reversed(held[:-1])]
            notes.append(f"I used FY{held[-1]}, the latest of {c}'s reports I hold (I also have "
                         f"{years_text(sorted(others))}).")
            if len(companies) == 1:
                suggestions += [f"{base} in FY{y}?" for y in others]
    years = [coverage[companies[0]][-1]] if len({coverage[c][-1] for c in companies}) == 1 else []
    return RouteDecision("retrieve", "no year named: " + ", ".join(f"{c} FY{coverage[c][-1]}" for c in companies)
                         + " (latest held)", companies=companies, years=years, period_note=" ".join(notes),
                         suggestions=suggestions)


def reported_in(years: list[int], year: int) -> bool:
    """True when a company's reports can print `year`'s figures: its own report, or one of the next
    `YEARS_PRINTED_BACK` (a 10-K prints two or three years, a five-year summary five)."""
    return bool(reports_printing(years, year))


def reports_printing(years: list[int], year: int) -> list[int]:
    """The held reports that print `year`'s figures: its own, else the first later one within `YEARS_PRINTED_BACK`."""
    if year in years:
        return [year]
    later = [x for x in years if year < x <= year + YEARS_PRINTED_BACK]
    return [min(later)] if later else []


def not_held_reply(name: str, coverage: dict[str, list[int]]) -> str:
    """"I don't hold reports for Acme Cola; did you mean Acme Colas?" when a held company's name is close to the
    one asked about (a near spelling, a name both share), then what is held."""
    reg = registry_sources.get_registry()
    held = Registry([reg.by_name(c) or Company(key=c, name=c) for c in coverage])
    near = [c for c in held.closest(name) if c in coverage and c.lower() != name.lower()]
    ask = f"did you mean {' or '.join(near)}? " if near else ""
    return f"I don't hold reports for {name}; {ask}I hold: {coverage_text(coverage)}."


def names_not_held(facts: QuestionFacts, q: str) -> list[str]:
    """Unregistered company names, when the question is about a company's figures or reports (a possessive, a
    corporate suffix, or a financial subject): "Coca-Cola net operating revenues 2022?"."""
    names = facts.unknown_companies
    if not names:
        return []
    if _FINANCE.search(q) or facts.metrics or facts.topics or _VAGUE.search(q):
        return names
    return [n for n in names if re.search(rf"{re.escape(n)}(?:'s|’s|,?\s+(?:Inc|Corp|plc|Ltd|Co|Corporation|Company)\b)", q)]


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


ROUTES = ("retrieve", "clarify", "out_of_scope", "no_data", "direct", "web")


def refine_with_llm(llm, facts: QuestionFacts, coverage: dict[str, list[int]], rules: RouteDecision) -> RouteDecision:
    """The model proposes a class, a company and a fiscal year; coverage facts still decide retrieve vs no_data.

    The company and year are used where the rules could not read them: a misspelt or descriptive company
    ("Boing", "the maker of Post-it notes") becomes a covered company, a year the question states in a form the
    rules missed becomes the year. Either is then routed by the same rules (so an uncovered year is still
    `no_data`). The model never names a company for a question that names none, nor a year the question does
    not state. Raises on output with no parseable route."""
    prompt = prompts.ROUTER.format(coverage=coverage_text(coverage), question=facts.as_read())
    out = parse_json_object(complete(llm, prompt, "route_llm"), {"route": str, "reason": str})
    if out["route"] not in ROUTES:
        raise MalformedOutput(f"unknown route {out['route']!r}")
    company = _covered(out.get("company"), coverage)
    year = out.get("fiscal_year") if isinstance(out.get("fiscal_year"), int) else None
    if year is not None and not _states_year(facts.text, year):
        year = None
    read = RouteDecision(rules.route, rules.reason, rules.reply, rules.companies, rules.years, rules.scope_note)
    if out["route"] == "retrieve" and company and not rules.companies and _may_name(facts.text, company, rules):
        import dataclasses

        named = registry_sources.get_registry().by_name(company)     # the question names it, misspelt: read as named, not carried
        read_as = dataclasses.replace(facts, companies=[named]) if named else facts
        d = route_question(read_as, coverage, carried_companies=[company], carried_years=[year] if year else None)
        d.reason = f"model read the company as {company}: {d.reason}"
        return d
    if out["route"] == "retrieve" and year and rules.companies and not rules.years and rules.route == "clarify":
        d = route_question(facts, coverage, carried_companies=rules.companies, carried_years=[year])
        d.reason = f"model read the fiscal year as FY{year}: {d.reason}"
        return d
    if out["route"] == rules.route or rules.route in ("no_data", "web", "direct"):
        return rules     # agreement, or a rule grounded in facts the model cannot overrule
    if out["route"] == "retrieve" and rules.route in ("clarify", "out_of_scope"):
        return rules     # the model may not invent a company or a year the question does not name
    if out["route"] in ("clarify", "out_of_scope") and rules.route == "retrieve":
        return RouteDecision(out["route"], f"model: {out['reason']}",
                             f"Could you say which company and fiscal year you mean? I have {coverage_text(coverage)}.")
    return read


def _covered(name, coverage: dict[str, list[int]]) -> str | None:
    """The covered company the model named (its name, an alias or a ticker), else None."""
    if not isinstance(name, str) or not name.strip():
        return None
    c = registry_sources.get_registry().by_name(name.strip())
    key = c.name if c else next((k for k in coverage if k.lower() == name.strip().lower()), None)
    return key if key in coverage else None


def _states_year(text: str, year: int) -> bool:
    short = str(year)[2:]
    return bool(re.search(rf"(?<!\d){year}(?!\d)|(?i:fy\s?'?{short}\b)|'{short}\b", text))


def _may_name(text: str, company: str, rules: RouteDecision) -> bool:
    """The question names some company the rules could not read: a near-spelling of `company` ("Boing"), or a
    description with a proper noun ("the maker of Post-it notes"); never a question that names no one."""
    import difflib

    c = registry_sources.get_registry().by_name(company)
    names = {company.lower(), *(a.lower() for a in (c.aliases if c else ())), *(t.lower() for t in (c.tickers if c else ()))}
    words = re.findall(r"[A-Za-z][\w&.\-]+", text)
    if any(difflib.SequenceMatcher(None, w.lower().removesuffix("'s"), n).ratio() >= 0.75 for w in words
           for n in names):
        return True
    if rules.route == "out_of_scope":
        return False   # a named, different company ("Apple") is never read as a covered one
    return any(w[0].isupper() or "-" in w for w in words[1:] if not re.fullmatch(r"FY\d*|I|Q\d", w))
