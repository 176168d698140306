"""Content terms: what a question is asking about, as words a report sentence can be checked against.

A text's content terms are its words, lower-cased and stemmed, without question filler ("what", "did", "the",
"fiscal", "year", ...), numbers, company names and the question's own verbs of asking. Each term carries its
synonym class from the general business vocabulary (`pipeline/data/synonyms.toml`), so "employees" in a
question is covered by "workforce" in a sentence. Used by carry-over (does a follow-up bring its own topic?)
and by the prose answerer's coverage bar (does a sentence answer the question?)."""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

from pipeline.stores.tokeniser import FILLER

SYNONYMS = Path(__file__).parent.parent / "data" / "synonyms.toml"

# Words of asking and of degree that carry no topic of their own.
ASKING = {"say", "says", "describe", "explain", "list", "show", "name", "any", "there", "some", "all", "each",
          # how much a change moved, said with an adverb ("drop so sharply"): how it is asked, not what
          "sharply", "steeply", "markedly", "dramatically", "strongly", "substantially", "considerably", "slightly",
          "major", "main", "primary", "key", "overall", "number", "approximately", "about", "around",
          "they", "them", "we", "our", "us", "you", "your", "i", "my", "he", "she", "his", "her", "so", "also",
          "too", "same", "other", "more", "most", "less", "least", "during", "over", "under", "between", "per",
          "ended", "end", "as", "up", "out", "get", "got", "make", "made", "know", "compare", "compared",
          "versus", "vs", "against", "relative", "again", "now", "then", "before", "after", "later", "earlier",
          "prior", "previous", "following", "next", "last", "latest", "current", "currently", "ago", "one",
          "what's", "whats", "it's", "let's", "ok", "okay", "thanks", "thank", "yes", "no", "via", "much",
          "many", "any", "ever", "still", "inc", "corp", "corporation", "plc", "ltd", "co", "annual", "10-k",
          "10k", "filing", "filings", "quarter", "q1", "q2", "q3", "q4", "fy", "same", "period", "periods",
          "primarily", "mainly", "mostly", "chiefly", "generally", "typically", "significant", "significantly",
          "materially", "material", "important", "notable", "reported", "report", "reports", "disclose",
          "disclosed", "mention", "mentioned", "state", "stated"}
_WORD = re.compile(r"[a-z][a-z&'\-]*[a-z]|[a-z]")
# Abbreviations of a measure, spelled out in questions and report text alike: "FTEs" are full-time equivalents (not
# every employee), "HEPS" is headline earnings per share (the JSE's measure); a bank's NII, PCL, NIM and CET1, a
# REIT's or trust's NPI, DPU and NAV, an asset manager's AUM, an insurer's LAE; anyone's DPS and PAT (profit after tax)
_ABBREVIATED_MEASURE = [(re.compile(r"(?i)\bdps\b"), " dividends per share "),
                        (re.compile(r"(?i)\bpat\b"), " profit after tax "),
                        (re.compile(r"(?i)\bftes?\b"), " full-time equivalent employees "),
                        (re.compile(r"(?i)\bheps\b"), " headline earnings per share "),
                        (re.compile(r"(?i)\bnii\b"), " net interest income "),
                        (re.compile(r"(?i)\bpcls?\b"), " provision for credit losses "),
                        (re.compile(r"(?i)\bnim\b"), " net interest margin "),
                        (re.compile(r"(?i)\bcet\s?1\b"), " common equity tier 1 "),
                        (re.compile(r"(?i)\bnpi\b"), " net property income "),
                        (re.compile(r"(?i)\bdpu\b"), " distribution per unit "),
                        (re.compile(r"(?i)\bnav\b"), " net asset value "),
                        (re.compile(r"(?i)\baum\b"), " assets under management "),
                        (re.compile(r"(?i)\blae\b"), " loss adjustment expenses "),
                        # anyone's G&A, SBC ("stock-based comp") and a drug developer's IPR&D
                        (re.compile(r"(?i)(?<![\w&])g&a(?![\w&])"), " general and administrative "),
                        (re.compile(r"(?i)\bsbc\b|\b(stock|share|equity)[- ]based comp\b"),
                         lambda m: f" {m.group(1) or 'stock'}-based compensation "),
                        (re.compile(r"(?i)(?<![\w&])ipr&d(?![\w&])"), " in-process research and development "),
                        # deferred tax assets and liabilities, as analysts abbreviate them
                        (re.compile(r"(?i)\bdt([al])s?\b"),
                         lambda m: " deferred tax assets " if m.group(1).lower() == "a" else " deferred tax liabilities ")]


# A state said negated is one word, as statements print it either way ("Deferred tax assets not recognised" /
# "Unrecognised deferred tax assets", "not yet paid" / "unpaid", "Unrealized gains"): asked with its "not", it is a
# word a row must print, never the state's filler ("recognised", "paid" alone say how a figure is asked)
_STATES = ("recognised", "realised", "utilised", "amortised", "capitalised", "adjusted", "recorded", "used", "drawn",
           "paid", "invoiced", "billed", "collected", "vested", "exercised", "distributed", "appropriated", "allocated")
_NEGATED_STATE = re.compile(r"(?i)\b(?:not\s+(?:yet\s+)?|un-?)(" + "|".join(w.replace("ised", "i[sz]ed") for w in _STATES)
                            + r")\b")


def negated_states(text: str) -> str:
    """`text` with each negated state one word ("not recognised" -> "unrecognised"; "-ized" spelled "-ised")."""
    return _NEGATED_STATE.sub(lambda m: " un" + re.sub(r"(?i)ized$", "ised", m.group(1)).lower() + " ", text) \
        if "n" in text else text


@lru_cache(maxsize=1)
def negated_stems() -> frozenset[str]:
    """The stems of the negated states that name a balance's other side ("unrecognis", "undrawn"): a row naming one
    is never the measure a question asks without it ("Total unrecognised deferred tax assets" for "deferred tax
    assets", "Undrawn facilities" for "facilities"); "unpaid losses", "unrealised gains" are the lines themselves."""
    return frozenset(stem("un" + w) for w in ("recognised", "drawn", "used", "utilised"))


def spell_out(text: str) -> str:
    """`text` with the abbreviated measures it names written out."""
    for pattern, words_ in _ABBREVIATED_MEASURE:
        if pattern.search(text):
            text = pattern.sub(words_, text)
    return text


@lru_cache(maxsize=1)
def _stem():
    import Stemmer
    return Stemmer.Stemmer("english").stemWord


# stems the stemmer keeps apart for one word of filings said both ways ("Finance income" / "Financial income")
_SAME_STEM = {"financi": "financ", "repaid": "repay"}     # (and an irregular past: "debt repaid", "Repayment of debt")


def stem(word: str) -> str:
    s = _stem()(word.lower().strip("'"))
    return _SAME_STEM.get(s, s)


def stem_words(words: list[str]) -> list[str]:
    """Each of `words` stemmed (already lower-case words, as a tokeniser produced them)."""
    s = _stem()
    return [_SAME_STEM.get(x, x) for x in (s(w) for w in words)]


@lru_cache(maxsize=1)
def _classes() -> dict[str, str]:
    """stem -> synonym class id (the first word's stem)."""
    groups = tomllib.loads(SYNONYMS.read_text(encoding="utf-8")).get("groups", [])
    out: dict[str, str] = {}
    for g in groups:
        cid = "~" + stem(g[0].split()[0])
        for w in g:
            for part in w.split():
                out.setdefault(stem(part), cid)
    return out


@lru_cache(maxsize=256)
def synonyms_of(word: str) -> tuple[str, ...]:
    """The word and its synonyms of the general vocabulary ("employees" -> "workforce", "headcount", ...)."""
    groups = tomllib.loads(SYNONYMS.read_text(encoding="utf-8")).get("groups", [])
    s = stem(word)
    for g in groups:
        if any(stem(part) == s for w in g for part in w.split()):
            return tuple(dict.fromkeys([word, *g]))
    return (word,)


def same_people(word_stem: str, label: str) -> bool:
    """A count of people asked in one word ("staff", "headcount", "FTEs") and printed in another ("Average number of
    employees", "Persons employed"): the workforce's synonym class in both."""
    cls = _classes().get(word_stem)
    # (never shares or awards of an employees' plan: "Shares issuable under employee stock purchase plan 14,206")
    return cls is not None and cls == _classes().get(stem("employees")) and cls in stems(label) and \
        not PLAN_SHARES.search(label)


# the shares, options or awards of an employees' plan: counts of no people
PLAN_SHARES = re.compile(r"(?i)\b(?:shares?|stock|options?|warrants?|awards?|units|rsus?|psus?)\b")


def words(text: str) -> list[str]:
    return [w.strip("'-") for w in _WORD.findall(spell_out(text.lower().replace("’", "'"))) if w.strip("'-")]


def stems(text: str) -> set[str]:
    """Every word of `text` stemmed, plus the synonym class of each (for matching a question's terms)."""
    return set(_stems(text))


def solid_parts(word: str) -> tuple[str, ...]:
    """A word and, written solid, its "non" compound's parts: "noncontrolling" also as "non-controlling", "noncurrent"
    as "non-current", so either spelling covers the other."""
    return (word, "non", word[3:]) if len(word) >= 7 and word.startswith("non") else (word,)


@lru_cache(maxsize=65536)
def _stems(text: str) -> frozenset[str]:
    # A turn stems the same row labels and sentences many times over (each candidate line is scored by several
    # readers); the result depends on the text alone, so it is computed once per process. Callers get a copy.
    out: set[str] = set()
    cls = _classes()
    for w in words(text):
        w = w[:-2] if w.endswith("'s") else w
        for part in solid_parts(w) if "-" not in w else w.split("-"):
            s = stem(part)
            out.add(s)
            if s in cls:
                out.add(cls[s])
    return frozenset(out)


def content_terms(text: str, drop: set[str] | None = None) -> list[str]:
    """The question's content terms (stems; a synonym class id where one applies), in order, once each.
    `drop`: extra lower-case words to ignore (company names and aliases)."""
    filler = set(FILLER) | ASKING | (drop or set())
    cls = _classes()
    out: list[str] = []
    for w in words(text):
        w = w[:-2] if w.endswith("'s") else w
        if w in filler or len(w) < 2:
            continue
        for part in w.split("-"):
            if part in filler or len(part) < 2:
                continue
            s = stem(part)
            term = cls.get(s, s)
            if term not in out:
                out.append(term)
    return out


def coverage(terms: list[str], sentence_stems: set[str]) -> float:
    """The fraction of `terms` a sentence carries (directly or through a synonym)."""
    if not terms:
        return 0.0
    return sum(1 for t in terms if t in sentence_stems) / len(terms)
