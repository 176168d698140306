"""The forms of a company's name an analyst writes in a question, to be read as whose figure it is and never as what it
measures: its leading words ("Kestrel Systems"), its initials ("ATB" of Acme Trust Bank Plc) and its coined words
("Cedarmount" of Cedarmount Financial Group)."""
from __future__ import annotations

import re
from functools import lru_cache

from pipeline.core.common_words import is_seldom_word
from pipeline.core.currencies import CURRENCIES
from pipeline.question.ask_words import FILLER
from pipeline.question.lexicon import get_lexicon
from pipeline.question.legal_forms import LEADING_FORM, LEGAL_SUFFIX, bare_name
from pipeline.question.terms import spell_out, stem


# words of the language that start many companies' names: never a short name on their own
_PLAIN_WORDS = set("""american british canadian australian national international general first united global standard
royal pacific atlantic southern northern western eastern central new great capital public community federal
state city county world north south east west union commercial industrial energy financial""".split())


def leading_parts(company) -> set[str]:
    """The leading words of a company's longer names, as an analyst shortens them: "Kestrel Systems" of "Kestrel
    Systems International, Inc.", "Acme Widget" of "Acme Widget Holdings Corporation". Two words or more (one word is the
    short name, already held): they say whose figure it is, never what it measures."""
    out: set[str] = set()
    for name in (*company.aliases, getattr(company, "legal_name", "") or ""):
        parts = [w for w in re.split(r"[\s,]+", name) if w]
        out.update(" ".join(parts[:k]) for k in range(2, len(parts)))
    for name in (company.name, getattr(company, "legal_name", "") or ""):
        parts = [w for w in re.split(r"[\s,]+", name) if w]
        if (form := LEADING_FORM.match(name)) and len(parts) > 2:   # (the name after a legal form printed first,
            out.add(bare_name(name[form.end():]))                      # "JSC Algeti Mineral Waters": "Algeti Mineral Waters")
    return out


def initials_of(company) -> str:
    """The initials of a company's name, without its legal form ("ATB" of "Acme Trust Bank Plc") or with it ("OAC" of
    "Ormsby Aggregates Corporation"), three letters or more, as an analyst writes them, as a pattern: upper case;
    never a measure's abbreviation ("NII" of "Northern Investment Income")."""
    def of(name: str) -> str:
        words = [w for w in re.split(r"[\s,]+", name) if w[:1].isalpha()]
        initials = "".join(w[0].upper() for w in words) if len(words) >= 3 else ""
        return "" if initials and (get_lexicon().find(initials.lower()) or spell_out(initials) != initials or
                                   initials in {code for code, _ in CURRENCIES}) else initials    # ("GBP" is pounds)
    # (and, for a company whose legal form is "Limited" though its registered short name drops it, with its "L")
    limited = any(re.search(r"(?i)\b(?:limited|ltd)\.?$", n) for n in (company.name, company.legal_name, *company.aliases))
    # (and without its legal form only: "ALH" of "Acme Life Holdings, Inc.")
    unformed = re.sub(rf"(?i),?\s+(?:{LEGAL_SUFFIX})\.?$", "", company.name)
    forms = [i for i in dict.fromkeys((of(bare_name(company.name)), of(company.name), of(unformed),
                                       of(bare_name(company.name) + " Limited") if limited else "")) if i]
    return "|".join(forms)


def coined_words(company, *, common: bool = False) -> list[str]:
    """The words of a company's name as analysts shorten it ("Cedarmount" of "Cedarmount Financial Group", "Lagunari" of
    "Cantieri Navali Lagunari S.p.A."), each no measure's ("Insurance", "Cash") and no word of the language ("American",
    "First") unless it heads the name or runs on from its head ("Otter Creek Bancorp"). `common=True`: the name's other
    words the language uses ("Hospice" of "Acme Home Health & Hospice": "Hospice services revenue" asks a segment)."""
    out, run = [], None         # (None: the name's head not reached yet; True: in its run; False: past it)
    for word in re.split(r"[\s,]+", company.name.strip()):
        plain = word.lower() in FILLER or word.lower() in _PLAIN_WORDS or get_lexicon().find(word) or \
            stem(word) in _measure_stems()
        named = len(word) >= (2 if run else 4) and word[0].isupper() and \
            bool(re.fullmatch(r"[\w&'-]+", word)) and not plain
        # (the name's head and the words running on from it: "Talim Bay", "Song Da", "Clínicas Cordillera Nevada")
        run = named if run is None and named or run else (None if run is None else False)
        if named and (bool(run) or is_seldom_word(word)) != common:
            out.append(word)
    return out


@lru_cache(maxsize=1)
def _measure_stems() -> frozenset[str]:
    """Every word of the metric lexicon's terms and line patterns (a name's first word that is one names a measure)."""
    lex = get_lexicon()
    text = " ".join([*(t for m in lex.metrics for t in m.terms), *(p.pattern for m in lex.metrics for p in m.line_items)])
    return frozenset(stem(w) for w in re.findall(r"[a-z]{3,}", text.lower()))
