"""What a question is about: companies (registry), fiscal years, metrics (lexicon). Deterministic."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pipeline.question import shorthand
from pipeline.question.places import is_place
from pipeline.question.glossary import define
from pipeline.question.lexicon import Lexicon, Metric, get_lexicon
from pipeline.question.periods import find_years
from pipeline.question.registry import Company, Registry
from pipeline.question.registry_sources import get_registry
from pipeline.question.topics import Topic, get_topics
# Instruction sentences that say how to answer, not what is asked ("Answer in USD millions.").
_INSTRUCTION = re.compile(r"(?i)^(if |answer |respond |give |assume |please |provide |round |use |define |"
                          r"calculate |we need to |rely |base your |state )")


def core_question(text: str) -> str:
    """The asking part of a question: instruction sentences dropped (unless nothing else is left)."""
    sents = [s.strip() for s in re.split(r"(?<=[.?!])\s+", text) if s.strip()]
    keep = [s for s in sents if "?" in s or not _INSTRUCTION.match(s)]
    return " ".join(keep) if keep else text


def with_carried(own: str, carried: Any = None) -> str:
    """The question with what carry-over added, as plain words: its own words, then the carried ones (companies,
    FY years, the measure's label, a topic: `Carried.context`) - what the stages match, rank and grade on. The
    words alone: where they came from is said only by `Carried.text()`, which no stage reads."""
    context = list(carried.context) if carried is not None else []
    return " ".join([own, *context]) if context else own


@dataclass
class QuestionFacts:
    # the question as the stages read it: its own words, then what carry-over added (`with_carried`)
    text: str
    companies: list[Company] = field(default_factory=list)
    years: list[int] = field(default_factory=list)
    metrics: list[Metric] = field(default_factory=list)
    topics: list[Topic] = field(default_factory=list)
    unknown_companies: list[str] = field(default_factory=list)   # named like a company, but not registered
    ambiguous: dict[str, list[str]] = field(default_factory=dict)  # a name several companies go by -> their names
    # what carry-over read into the question (a `pipeline.state.Carried`, typed loosely so the question reader
    # does not import the turn state); None when nothing was carried
    carried: Any = None
    own: str | None = None      # the question's own words, when carry-over added some (`text` is then longer)

    def _reads_carried(self) -> bool:
        return self.own is not None and self.text == with_carried(self.own, self.carried)   # not rewritten since

    def own_words(self) -> str:
        """The question as the user asked it, without the context carry-over added (the asking sentence carry-over
        read: "margin?" with the part it asked joined); the text itself when nothing was carried."""
        return self.own if self._reads_carried() else self.text

    def carried_words(self) -> list[str]:
        """The words carry-over added to the reading ("Acme", "FY2030", "capital expenditure"); [] when none."""
        return list(self.carried.context) if self._reads_carried() else []

    def as_read(self) -> str:
        """The question for a reader that is told where its words came from (the model's prompt): `Carried.text()`
        ("and in FY2021? (context from turn 1: Acme revenue)"); the text itself when nothing was carried. Composed
        for reading only: no stage parses it."""
        return self.carried.text() if self._reads_carried() else self.text

    @property
    def company(self) -> Company | None:
        return self.companies[0] if self.companies else None

    @property
    def year(self) -> int | None:
        return self.years[0] if self.years else None

    def company_words(self) -> set[str]:
        """Every word of the named companies' names, aliases and tickers, lower-case: in every scoped passage, so
        never a term a passage or sentence is matched on."""
        return {w.lower() for c in self.companies
                for w in re.findall(r"[A-Za-z0-9&]+", " ".join([c.name, *c.aliases, *c.tickers]))}

    @property
    def metric(self) -> Metric | None:
        return self.metrics[0] if self.metrics else None

    @property
    def statements(self) -> list[str]:
        """Statements the asked metrics are printed in, most relevant first."""
        out: list[str] = []
        for m in self.metrics:
            for s in m.statements:
                if s not in out:
                    out.append(s)
        return out

    def search_query(self) -> str:
        """The retrieval query: the asking part of the question's own words, the words carry-over added (its
        companies, years, measure or topic), then the lexicons' wording for its metric and topic."""
        parts = [core_question(self.own_words()), *self.carried_words()]
        if self.metric:
            parts.append(self.metric.search_text())
        if self.topics:
            parts.append(self.topics[0].search)
        return " ".join(parts)


# Capitalised words that start or glue questions and name periods or places, not companies.
_NOT_NAMES = set("""a an and or the of in on at for to from by with about vs versus what whats how which who whom whose when
where why is are was were be been does did do can could should would will may might must has have had tell show give
list compare please calculate explain describe summarize summarise provide i we you it its their our my your they he
she this that these those also then now so if but not no yes any all each both other fy q1 q2 q3 q4 h1 h2 ytd ttm
january february march april may june july august september october november december monday friday
total net gross operating annual quarterly fiscal year years quarter report reports filing filings company
companies group segment business north south east west central latin europe european asia asian pacific africa
african america american americas china chinese japan japanese india indian uk us usa u.s eu emea apac middle
international domestic global world united states kingdom canada canadian australia australian germany france
balance sheet sheets statement statements income cash flow flows note notes consolidated md&a 10-k 10-q 8-k
answer answers respond reply considering consider using use here heres here's according based given assuming assume
suppose looking look regarding concerning focusing find identify determine state extract return quote cite check
read refer review kindly also additionally next then finally first second third lastly overall specifically briefly
roughly approximately exactly only just again okay ok thanks thank hi hello hey great sure well actually quick
question follow similarly likewise however besides moreover furthermore meanwhile between among over during after
before since until as per across under within without into round rounded format output write keep make let help
need want report reported reporting summary describe summarise summarize
""".split())
# Words a report defines for any company ("the Bank", "the Parent", "the Trust"): a name only beside another word.
_ENTITY_WORDS = set("""bank parent entity registrant issuer trust fund subsidiary subsidiaries holdings manager board
directors corporation partnership firm""".split())
# Sentence-initial words that are verbs or adverbs by their form ("Considering", "Based", "Briefly"): a sentence
# opens with them, a company's name does not.
_OPENER_FORM = re.compile(r"(?i)[a-z]{3,}(?:ing|ed|ly)$")
_SENTENCE_START = re.compile(r"(?:^|[.?!:;]\s+|\n\s*|[\"“(]\s*)$")
_SUFFIXES = r"(?:Inc|Inc\.|Corp|Corp\.|Corporation|Company|Co\.?|plc|PLC|Ltd|Ltd\.|Limited|Group|Holdings|AG|SA|NV|SE)"
_CAP = r"(?:[A-Z][\w&.\-]*[\w&]|[A-Z]|[0-9][A-Za-z][\w&\-]*)"
_PHRASE = re.compile(rf"(?<![\w’'])({_CAP}(?:\s+(?:&\s+)?{_CAP})*)(?:'s|’s)?(?![\w])")


_PART_OF = re.compile(r"(?i)\s+(segments?|divisions?|business(es)?|units?|brands?|sector)\b")
_COMMITTEE_REST = re.compile(r"\s+(?:and|&)\s+(?:[A-Z][\w-]*\s+){1,3}Committee\b")


_YEARISH_WORD = r"(?:FY)?\d+(?:[-–/]\d+)?\w*"      # ("FY2089-90", a year split over two: no name)


def unknown_company_names(text: str, registry: Registry, lexicon: Lexicon) -> list[str]:
    """Capitalised proper-noun phrases that read as a company's name but are neither a registered company, a
    financial term nor a common word ("Coca-Cola net operating revenues 2022?" -> ["Coca-Cola"])."""
    known = registry.names()
    out: list[str] = []
    # a held company's own name is not scanned for others: "Global Express's" holds no company "Express"
    stripped = registry.strip_names(text)
    for m in _PHRASE.finditer(stripped):
        if lexicon.find(m.group(1)) or get_topics().find(m.group(1)):
            continue    # "Free Cash Flow", before its words are trimmed as vocabulary
        if _PART_OF.match(stripped[m.end():]) or _COMMITTEE_REST.match(stripped[m.end():]):
            continue    # "Space segment", "Display Technologies division": a part of a company, not a company (nor the
            #             first words of a board's committee, "Audit and Risk Committee")
        words = m.group(1).split()
        if words and _SENTENCE_START.search(stripped[:m.start()]) and _OPENER_FORM.fullmatch(words[0]):
            words = words[1:]
        while words and (words[0].lower().strip(".") in _NOT_NAMES or re.fullmatch(_YEARISH_WORD, words[0])):
            words = words[1:]
        while words and (words[-1].lower().strip(".") in _NOT_NAMES or re.fullmatch(_YEARISH_WORD, words[-1])):
            words = words[:-1]
        if not words or all(w.lower().strip(".") in _ENTITY_WORDS for w in words) or words[-1].lower() == "committee":
            continue    # (and a board's committee: "Audit and Risk Committee")
        phrase = " ".join(words)
        if phrase.lower() in known or any(w.lower() in known for w in words) or registry.by_name(phrase) or \
                registry.find_companies(registry.spell_out(phrase)):
            continue    # (a held company named informally: "Tembusu REIT" for "Tembusu Gateway REIT")
        if is_place(phrase):
            continue    # "sales to Iraq", "Saudi Arabia revenue": a market, never a company
        if len(words) == 1 and phrase.isupper() and len(phrase) <= 6:
            continue   # acronyms (EBITDA, GAAP, CEO) and tickers are not names; unknown tickers cannot be told apart
        if lexicon.find(phrase) or get_topics().find(phrase) or _is_term(phrase):
            continue
        out.append(re.sub(rf"\s+{_SUFFIXES}$", "", phrase) or phrase)
    return list(dict.fromkeys(out))


def _is_term(phrase: str) -> bool:
    return define(phrase) is not None


def analyse(text: str, registry: Registry | None = None, lexicon: Lexicon | None = None,
            carried: Any = None) -> QuestionFacts:
    """`text` is the question's own words; `carried` (a `pipeline.state.Carried`) what carry-over read into it from
    the conversation, as fields. Its companies and years are the turn's (carry-over keeps the question's own and
    adds what it lacks; the companies in the carried order, the earlier one first in a comparison); its metric
    stands where the question names none; a prose topic it carried is read from its words (`Carried.context`)."""
    registry = registry or get_registry()
    lexicon = lexicon or get_lexicon()
    companies = registry.find_companies(text)
    held = [c for c in (registry.by_name(n) for n in (carried.companies if carried is not None else [])) if c]
    if not companies and not held:       # "GlobEx", a first word, a typo ("Acmee"): named informally
        text = registry.spell_out(text)
        companies = registry.find_companies(text)
    if held:
        companies = list(dict.fromkeys(held))
    names = " ".join(f"{c.name} {' '.join(c.aliases)}" for c in companies)
    text = shorthand.spell(text, {w.lower() for w in re.findall(r"[\w&]+", names)})     # ("adj", "yr", "YE33")
    shared = {} if companies else {a: [c.name for c in cs] for a, cs in registry.shared_names(text).items()}
    metrics = lexicon.find(text)
    if not metrics and carried is not None and carried.metric:
        metrics = [m for m in lexicon.metrics if m.key == carried.metric][:1]
    years = (list(carried.years) if carried is not None else []) or find_years(text)
    reading = with_carried(text, carried)
    return QuestionFacts(text=reading, companies=companies, years=years, metrics=metrics,
                         topics=get_topics().find(reading),
                         unknown_companies=unknown_company_names(text, registry, lexicon), ambiguous=shared,
                         carried=carried, own=text if carried is not None else None)
