"""The company registry: who is covered, under which names, and how filings map to them.

It lives in Postgres (`companies`, see `pipeline/stores/companies.py`): the bundled `pipeline/data/companies.toml`
seeds it, `ARA_REGISTRY_FILE` adds to it, ingest adds every new company a filing names, and `ara companies edit`
or the Corpus page correct it. `registry_sources.get_registry()` returns that registry when a database is in use
in this process (re-read whenever its version changes, so no restart is needed), and the TOML files otherwise (unit
tests). This module is the registry itself: its companies and how a question or a filing names them.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.question import name_words
from pipeline.core.common_words import is_common_word, is_rare_word, is_seldom_word
from pipeline.question.places import is_place
from pipeline.question.legal_forms import LEGAL_SUFFIX, bare_name  # (re-exported: what a legal name is)

DEFAULT_REGISTRY = Path(__file__).parent.parent / "data" / "companies.toml"


class UnknownCompanyError(ValueError):
    """A filing names a company that is not in the registry."""


@dataclass(frozen=True)
class Company:
    key: str
    name: str
    tickers: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    fiscal_year_end: str = "12-31"
    sector: str = ""
    legal_name: str = ""
    file_number: str = ""
    origin: str = "bundled"
    name_sources: tuple[tuple[str, str], ...] = ()   # (name or ticker learned at ingest, where it was read)

    @property
    def primary_ticker(self) -> str:
        return self.tickers[0] if self.tickers else ""


_DASH = r"[\s\-‐‑–—]*"


# A held name followed by more of a name and an entity word ("Orion" in "Orion Group Holdings", "Acme" in "Acme
# Silver Ltd") is part of another company's name, not the held company.
_OTHER_ENTITY = re.compile(rf"\s+(?:[A-Z][\w&'’\-]*\s+){{0,2}}(?:{LEGAL_SUFFIX}|Group|Bank|Bancorp|Trust|Fund|Capital|"
                           r"Partners)(?![\w])")

# a holding company's name said with "Group" after it ("Aripo Springs Group current ratio" of Aripo Springs Holdings
# Limited): the group it heads, no other company (another held company of that name wins as the longer name)
_ITS_GROUP = re.compile(r"\s+Group\b(?!\s+[A-Z])")
_HOLDING = re.compile(r"\bHoldings?\b")


def name_pattern(name: str) -> re.Pattern[str]:
    """How a question may write one of a company's names: any case; spaces, hyphens and full stops optional
    between its parts ("Coca Cola", "CocaCola", "Coca-Cola"); "&" or "and"; a legal suffix or a possessive after
    it, taken as part of the name. An all-capitals abbreviation of up to five letters ("EHI") is matched in
    capitals only, like a ticker, so a word of a sentence is never read as it."""
    n = bare_name(name) if len(bare_name(name)) >= 2 else name.strip()
    parts = []
    # a run-together name's capitals mark its words ("NeoGenomics" ~ "Neo Genomics"), so a space may stand between
    for tok in (t for t in re.split(r"[\s\-‐‑–—]+|(?<=[a-z]{2})(?=[A-Z][a-z]{2})", n) if t):
        parts.append(r"(?:&|and)" if tok in ("&", "and") else _accents_optional(re.escape(tok).replace(r"\.", r"\.?")))
    body = _DASH.join(parts)
    flags = 0 if re.fullmatch(r"[A-Z0-9&]{2,5}", n) else re.IGNORECASE
    return re.compile(rf"(?<![\w$])(?:(?i:the)\s+)?{body}(?![\w])(?:,?\s+{LEGAL_SUFFIX}(?![\w]))*(?:'s|’s)?(?![\w])",
                      flags)


def _accents_optional(pattern: str) -> str:
    """A name's accented letters matched with or without their accent ("Klarälven" ~ "Klaralven", "Errázuriz" ~
    "Errazuriz"): questions are often typed without them."""
    out = []
    for ch in pattern:
        base = _BARE_LETTER.get(ch) or unicodedata.normalize("NFKD", ch)[:1]
        out.append(f"[{ch}{base}]" if base and base != ch and base.isascii() and base.isalpha() else ch)
    return "".join(out)


_BARE_LETTER = {"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D"}


def _norm(name: str) -> str:
    return re.sub(r"[\s\-‐‑–—.,]+", "", bare_name(name).lower()).replace("&", "and")


@dataclass
class Registry:
    companies: list[Company]
    source: Path | None = None
    _patterns: list[tuple[re.Pattern[str], Company]] = field(default_factory=list, repr=False)
    _forms: dict[str, Company] | None = field(default=None, repr=False)
    _pairs: dict[str, Company] | None = field(default=None, repr=False)
    _capitalised: set[str] = field(default_factory=set, repr=False)   # short forms that name it only capitalised
    _shared: dict[str, list[Company]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        # A name two companies share ("Orion" for Orion Gold and Orion Group) names neither: it is kept
        # aside for "did you mean", never matched to one of them. A company's own display name or key is its own.
        owners: dict[str, list[Company]] = {}
        for c in self.companies:    # (and a name's first word: "Orion" of Orion Gold is Orion Group Holdings' too)
            for n in {_norm(a) for a in c.aliases if a} | {_norm(w) for w in c.name.split()[:1]} - {_norm(c.name)}:
                owners.setdefault(n, []).append(c)
        own = {_norm(c.name): c for c in self.companies} | {_norm(c.key): c for c in self.companies}
        self._shared = {n: cs for n, cs in owners.items() if len(cs) > 1 and n not in own}
        pats: list[tuple[re.Pattern[str], Company]] = []
        for c in self.companies:
            names = {c.name, c.key, *(a for a in c.aliases if _norm(a) not in self._shared)}
            for n in sorted(names, key=len, reverse=True):      # (longest first: "Acme plc" wins over "Acme")
                pats.append((name_pattern(n), c))
            for t in c.tickers:  # tickers are case-sensitive: "BA" must not match "ba"
                pats.append((re.compile(rf"(?<![\w$]){re.escape(t)}(?:'s|’s)?(?![\w])"), c))
        self._patterns = pats

    def by_key(self, key: str) -> Company:
        for c in self.companies:
            if c.key.upper() == key.upper():
                return c
        raise UnknownCompanyError(
            f"Company '{key}' is not in the registry ({self.source or DEFAULT_REGISTRY}). Register it by "
            f"adding a [[company]] table with key = \"{key}\", name, tickers and aliases to that file "
            f"(or point ARA_REGISTRY_FILE at your own copy)."
        )

    def by_name(self, name: str) -> Company | None:
        for c in self.companies:
            if name.lower() in {c.name.lower(), c.key.lower(), *(a.lower() for a in c.aliases)}:
                return c
        want = _norm(name)     # the same name written without its suffix, hyphen or full stops
        if len(want) >= 3 and want not in self._shared:
            for c in self.companies:
                if want in {_norm(c.name), _norm(c.key), *(_norm(a) for a in c.aliases)}:
                    return c
        return None

    def match(self, *, names: tuple[str, ...] = (), tickers: tuple[str, ...] = (), file_number: str = "") -> Company | None:
        """The registered company a filing is by: same commission file number, else a same name, else a same ticker."""
        if file_number:
            for c in self.companies:
                if c.file_number == file_number:
                    return c
        for n in names:
            c = self.by_name(n) if n else None
            if c:
                return c
        for t in tickers:
            for c in self.companies:
                if t in c.tickers:
                    return c
        return None

    def names(self) -> set[str]:
        """Every name, alias and key, lower-cased (to tell a held company from an unknown one in a question)."""
        return {n.lower() for c in self.companies for n in (c.name, c.key, *c.aliases, *c.tickers)}

    def strip_names(self, text: str) -> str:
        """`text` with every company name, alias and ticker it mentions blanked out."""
        for s, e, _ in reversed(self.spans(text)):
            text = text[:s] + " " + text[e:]
        return text

    def spell_out(self, text: str) -> str:
        """`text` with the informal ways analysts name a held company replaced by its name (for a text that names
        no company by name, alias or ticker): a distinctive first word of a multi-word name ("Globex" of "Globex Aerospace"), initial
        letters of its words run together ("GlobEx" for Global Express), or a capitalised word one typo away from a name ("Acmee")."""
        text = self._spell_leading_pairs(text)
        forms = self._short_forms()
        named = [(a, b) for a, b, _ in self.spans(text)]     # (a word inside a name already printed whole is that name's)
        out, last = [], 0
        # (a name's letters in any language: "Skjernå", "Zürcher", "Société")
        for m in re.finditer(r"(?<![\w$])([^\W\d_][^\W\d_&]*(?:&[^\W\d_]+)*)(?:'s|’s)?(?![\w])", text):
            if len(m.group(1)) < 4:
                continue
            word = m.group(1)
            if any(a <= m.start(1) < b for a, b in named):
                continue
            c = forms.get(word.lower()) if word[0].isupper() or word.lower() not in self._capitalised else None
            if c is not None and word.lower() in self._capitalised and _another_name_beside(text, m, c):
                c = None        # ("Minera Escondida": a later word of one name inside another company's)
            if c is None and word[0].isupper() and len(word) >= 6:
                near = {c for n, c in self._spelled_names().items() if _one_edit(word.lower(), n)}
                c = near.pop() if len(near) == 1 else None
            if c is not None and m.start(1) >= last:
                # the name's next words printed after its first ("Tasman Ridge's" of Tasman Ridge Logistics) go with it
                # (and after a later word its own next ones: "Caleta Coliumo" of Portuaria Caleta Coliumo)
                names = c.name.split()
                k = next((j for j, w in enumerate(names) if w.lower() == word.lower()), None)
                end, rest = m.end(1), names[k + 1:] if k is not None else []
                for w in rest:
                    nxt = re.match(rf"\s+({re.escape(w)})(?![\w])", text[end:], re.I)
                    # (only as a name is printed, capitalised: "Corvina gas revenue" asks the gas revenue)
                    if not nxt or not nxt.group(1)[:1].isupper():
                        break
                    end += nxt.end()
                out.append(text[last:m.start(1)] + c.name)
                last = end
        return "".join(out) + text[last:] if out else text

    def _short_forms(self) -> dict[str, Company]:
        if self._forms is not None:
            return self._forms
        taken = self.names()
        seen: dict[str, list[Company]] = {}
        firsts = {re.findall(r"[^\W\d_]+", c.name)[0].lower() for c in self.companies if re.search(r"[^\W\d_]", c.name)}
        for c in self.companies:
            words = [w for w in re.findall(r"[^\W\d_][^\W\d_&]*(?:&[^\W\d_]+)*", c.name) if w.lower() not in ("of", "and", "the", "&")]
            if len(words) < 2:
                continue
            forms = set()
            # (a short first word English seldom uses, "Vask" of Vask Markets: only as printed, never a regional arm's)
            first, short = words[0].lower(), len(words[0]) == 4 and is_seldom_word(words[0]) and not is_place(bare_name(c.name).split()[-1])
            if first not in name_words.GENERIC_FIRST_WORDS and (len(first) >= 5 or short):
                forms.add(first)
                self._capitalised |= {first} if short else set()
            # a distinctive later word, where the first says what kind of company it is ("Ñandubay" of Compañía Yerbatera
            # Ñandubay): a word English almost never uses (never "Linen" of Monocacy Linen & Uniform Services, a segment's
            # word too), no business word, capitalised (another's first word stays its own: "Yerbatera" of Yerbatera Misiones)
            later = {w.lower() for w in words[1:] if len(w) >= 5 and w.lower() not in name_words.BUSINESS_WORDS
                     and w.lower() not in name_words.GENERIC_FIRST_WORDS and w.lower() not in firsts and is_rare_word(w)}
            forms |= later
            self._capitalised |= later
            a, b = words[0].lower(), words[1].lower()
            for i in range(2, min(4, len(a)) + 1):
                for j in range(2, min(4, len(b)) + 1):
                    forms.add(a[:i] + b[:j])
            own = {n.lower() for n in (c.name, *c.aliases, *c.tickers)}   # (a ticker that is its own first word: "MALAPRABHA")
            for f in forms - (taken - own):
                if _norm(f) not in self._shared:       # (a name two companies go by is asked about, never spelled)
                    seen.setdefault(f, []).append(c)
        self._forms = {f: cs[0] for f, cs in seen.items() if len(cs) == 1 and len(f) >= 4}
        return self._forms

    def _leading_pairs(self) -> dict[str, Company]:
        """A name's first two words, for a name of three words or more (its legal suffix aside): "Serra Azul" of "Serra
        Azul Alimentos" (a trailing descriptive word dropped, in any language); where one company has it, none goes by it."""
        if self._pairs is not None:
            return self._pairs
        seen: dict[str, list[tuple[Company, bool]]] = {}
        for c in self.companies:
            m = re.match(r"([A-Z][\w&'’\-]*\s+[A-Z][\w&'’\-]*)\s+(\S.*)$", bare_name(c.name))
            # (a trailing word saying what the business is, "Foods", "Gold Mining", never a place, "Tata Steel Europe"; never
            # an ordinary word or a place leading the name, "Hong Kong Electric")
            if m and not all(w.lower() in name_words.GENERIC_FIRST_WORDS for w in m.group(1).split()) and \
                    not is_common_word(m.group(1).split()[0]):
                rest = [w for w in re.findall(r"[A-Za-z]+", m.group(2)) if not re.fullmatch(r"[A-Z]{2,5}", w)]  # (legal form)
                descriptive = bool(rest) and all(w.lower() in name_words.BUSINESS_WORDS or not is_rare_word(w) and
                                                 not is_place(w) for w in rest)     # (or a word no place: "Cashmere JSC")
                seen.setdefault(" ".join(m.group(1).lower().split()), []).append((c, descriptive))
        taken = self.names() | set(self._shared)
        self._pairs = {p: cs[0][0] for p, cs in seen.items() if len(cs) == 1 and cs[0][1] and p not in taken}
        return self._pairs

    def _spell_leading_pairs(self, text: str) -> str:
        # (a pair followed by more of another name, "Royal Bank of Scotland" for a held Royal Bank of Canada, or by
        # an entity word, is that other company)
        pairs = self._leading_pairs()
        if not pairs:
            return text
        for m in reversed(list(re.finditer(r"(?=(?<![\w$])([A-Z][\w&'’\-]*\s+[A-Z][\w&'’\-]*?)(?:'s|’s)?(?![\w&'’\-]))",
                                           text))):
            c = pairs.get(" ".join(m.group(1).lower().split()))
            if c is None:
                continue
            end = m.start() + len(m.group(1))
            rest = [w for w in bare_name(c.name).split()[2:] if w.lower() not in name_words.CONNECTORS]
            # (an acronym after it is a measure: "Royal Bank CET1", "Serra Azul EBITDA")
            nxt = re.match(rf"\s+(?:(?:{'|'.join(name_words.CONNECTORS)})\s+)?([A-Z](?![A-Z\d]+\b)[\w&'’\-]*)", text[end:])
            if nxt and nxt.group(1).lower() != rest[0].lower() or _OTHER_ENTITY.match(text, end):
                continue
            text = text[:m.start()] + c.name + text[end + (nxt.end() if nxt else 0):]
        return text

    def _spelled_names(self) -> dict[str, Company]:
        return {w.lower(): c for c in self.companies for w in re.findall(r"[A-Za-z]{6,}", c.name)
                if w.lower() not in name_words.GENERIC_FIRST_WORDS}

    def spans(self, text: str) -> list[tuple[int, int, Company]]:
        """Where `text` names a company: (start, end, company), a longer name winning over a name inside it ("Orion
        Gold" over "Orion"; "Global Express" over a company "Express"), in text order."""
        hits = [(m.start(), m.end(), c) for pat, c in self._patterns for m in pat.finditer(text)]
        taken: list[tuple[int, int, Company]] = []
        for s, e, c in sorted(hits, key=lambda h: (h[0] - h[1], h[0])):
            if all(e <= ts or s >= te for ts, te, _ in taken):
                taken.append((s, e, c))
        return sorted((h for h in taken if not _OTHER_ENTITY.match(text, h[1]) or text[h[0]:h[1]].endswith(("'s", "’s"))
                       or text[h[0]:h[1]] in h[2].tickers or _ITS_GROUP.match(text, h[1]) and _HOLDING.search(h[2].name)),
                      key=lambda h: h[0])

    def shared_names(self, text: str) -> dict[str, list[Company]]:
        """Names in `text` that more than one company goes by ("Orion"), each with those companies."""
        out: dict[str, list[Company]] = {}
        seen: set[str] = set()
        for c in self.companies:
            for a in c.aliases:
                n = _norm(a)
                if n in self._shared and n not in seen:
                    seen.add(n)
                    if name_pattern(a).search(text):
                        out[a] = self._shared[n]
        return out

    def find_companies(self, text: str) -> list[Company]:
        """Companies named in `text`, in order of first mention, without duplicates."""
        seen: list[Company] = []
        for _, _, c in self.spans(text):
            if c not in seen:
                seen.append(c)
        return seen

    def closest(self, name: str, among: list[str] | None = None, n: int = 3) -> list[str]:
        """The held companies (display names; of `among` when given) whose name, legal name or alias is closest
        to `name`: a near spelling ("Acme Cola" / "Acme Colas Inc."), a name both share ("Orion"), or a name one
        word of which is `name`'s distinctive word. Empty when none is close."""
        import difflib

        want = _norm(name)
        if not want:
            return []
        pool = [c for c in self.companies if among is None or c.name in among]
        scored: list[tuple[float, str]] = []
        for c in pool:
            best = 0.0
            for a in {c.name, c.legal_name, *c.aliases}:
                if not a:
                    continue
                have = _norm(a)
                r = difflib.SequenceMatcher(None, want, have).ratio()
                words = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", bare_name(a))}
                if want in self._shared and c in self._shared[want]:
                    r = 1.0
                elif any(w.lower() in words and w.lower() not in name_words.GENERIC_FIRST_WORDS
                         for w in re.findall(r"[A-Za-z]{4,}", name)):
                    r = max(r, 0.8)
                best = max(best, r)
            if best >= 0.75:
                scored.append((best, c.name))
        return [nm for _, nm in sorted(scored, key=lambda x: -x[0])[:n]]


_SOURCE = re.compile(r"^(?P<kind>[a-z]+): '(?P<wording>.*)' \((?:(?P<doc>.+?) )?p\. (?P<page>\d+)\)$", re.S)


def _another_name_beside(text: str, m: re.Match, c: Company) -> bool:
    """A capitalised word right before or after `m`'s word that its company's name does not print beside it."""
    own = [w.lower() for w in re.findall(r"[^\W\d_]+", c.name)]
    i = own.index(m.group(1).lower()) if m.group(1).lower() in own else -1
    before = re.search(r"([^\W\d_]+)\W{1,2}$", text[:m.start(1)])
    after = re.match(r"(?:'s|’s)?\W{1,2}([^\W\d_]+)", text[m.end(1):])
    return bool(before and before.group(1)[0].isupper() and (i < 1 or own[i - 1] != before.group(1).lower()) or
                after and after.group(1)[0].isupper() and not after.group(0).startswith(("'", "’")) and
                (i < 0 or i + 1 >= len(own) or own[i + 1] != after.group(1).lower()))


def learned_names(registry: Registry) -> list[dict]:
    """Every name and ticker ingest learned from a report, one row each: the company, the name, its kind
    (abbreviation, ticker, former, trading, brand), the document and page it was read on and the report's words,
    so an analyst can see why a question naming it finds that company (the Corpus page, `ara companies`)."""
    rows = []
    for c in registry.companies:
        for name, source in c.name_sources:
            m = _SOURCE.match(source or "")
            rows.append({"company": c.name, "name": name, "kind": m["kind"] if m else "",
                         "document": (m["doc"] or "") if m else "", "page": int(m["page"]) if m else None,
                         "wording": m["wording"] if m else source})
    return rows


def _one_edit(a: str, b: str) -> bool:
    """a and b differ by one inserted, deleted or substituted letter, or two adjacent letters swapped; a word that
    only lacks or adds an ending ("America" / "American") is another word, not a typo."""
    if a == b or abs(len(a) - len(b)) > 1 or a.startswith(b) or b.startswith(a):
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))
