"""The reporting entity of an annual report, from the places a report names itself, each hit with its page and line.

An SEC cover names the registrant exactly (`ingest/identify.py` reads it first). Any other report names its own
company in a few fixed kinds of place, and this module collects them:

- a defined term: "X Limited and its controlled entities (the "Group")", "X plc ("the Company")";
- the directors' report: "The directors present their report on X Limited ...";
- the auditor's report: "Independent auditor's report to the members of X plc", "Report on the audit of the
  financial statements of X AG", "To the Board of Directors of X, Inc.", "We have audited the financial
  statements of X";
- statement headings: "Consolidated statement of financial position of X plc", or a legal name printed on the
  heading lines of a statement page;
- title pages: a line that is a legal name and nothing else (page 1 weighs most);
- listing lines: a legal name beside "ABN", "ASX:", "Company No.", "Registered number", "(TSX: ...)".

Every candidate must look like a company name: capitalised words ending in a legal suffix (plc, Limited, Ltd,
Pty Ltd, AG, SE, N.V., Inc., Co., Ltd., Kabushiki Kaisha, a listed trust's REIT, ...); a report may write its brand in lower case at the
start of a line ("abrdn ... plc"). Never a sentence fragment (a generic word such as "Bank", "Group" or "Pty" on
its own, or words across a full stop), a name cut inside a word, or an auditor (a name on a line of "Chartered
Accountants", "LLP", "Registered Auditor"). Candidates are scored by the kinds of place that name them; the
winner's strongest hit is the evidence, and the confidence says how many independent places agree.
"""
from __future__ import annotations

import re

from pipeline.core.common_words import is_common_word
from pipeline.core.letters import UPPER
from collections import defaultdict
from dataclasses import dataclass
from typing import Sequence

# A listed trust's name ends in its form: "X REIT", "X Real Estate Investment Trust", "X Business Trust". The form is
# part of the name's identity (the sponsor "X Limited" and its "X REIT" are two reporting entities), so `key` keeps it.
TRUST_FORMS = r"Real\s+Estate\s+Investment\s+Trust|REIT|(?:Property|Infrastructure|Business|Hospitality)\s+Trust"
# Legal forms as reports print them (longest first so that "Pty Ltd" wins over "Ltd").
SUFFIXES = (r"Proprietary\s+Limited|Pty\.?\s+Ltd\.?|Pty\.?\s+Limited|Public\s+Company\s+Limited|Public\s+Co\.,?\s+Ltd\.?|"
            r"Co\.,?\s+Ltd\.?|Company\s+Limited|"
            r"Kabushiki\s+Kaisha|Public\s+Limited\s+Company|Incorporated|Corporation|Limited|Ltd\.?|Inc\.?|"
            # (Latin American, Eastern European, Gulf and Nordic forms before the "S.A." they start with)
            r"S\.\s?A\.\s?B\.\s+de\s+C\.\s?V\.|S\.\s?A\.\s+de\s+C\.\s?V\.|S\.\s?A\.\s?A\.|S\.\s?A\.\s?C\.\s?I\.(?:\s?F\.)?|"
            # (a Colombian public utility's "S.A. E.S.P.", an Egyptian joint-stock company's "S.A.E.", the Adriatic "d.d.")
            r"S\.\s?A\.\s+E\.\s?S\.\s?P\.|S\.\s?A\.\s?E\.|d\.\s?d\.|"
            r"S\.\s?A\.\s?S\.|S\.\s?R\.\s?L\.|Ltda\.?|S/A|P\.?J\.?S\.?C\.?|J\.?S\.?C\.?|a\.\s?s\.|hf\.|Tbk\.?|"
            r"Corp\.?|Company|Co\.|P\.?L\.?C\.?|[Pp]lc|PLC|N\.\s?V\.|NV|S\.\s?A\.|SA|AG|SE|KGaA|GmbH|ASA|AB|Oyj|"
            r"A/S|S\.p\.A\.|K\.K\.|Bhd|Berhad|L\.P\.|LP|LLC|" + TRUST_FORMS +
            # the same forms in capitals, as a cover or a statement heading prints the whole name
            r"|PROPRIETARY\s+LIMITED|PTY\.?\s+LTD\.?|PUBLIC\s+COMPANY\s+LIMITED|CO\.,?\s+LTD\.?|COMPANY\s+LIMITED|"
            r"PUBLIC\s+LIMITED\s+COMPANY|"
            r"INCORPORATED|CORPORATION|LIMITED|LTD\.?|INC\.?|CORP\.?|COMPANY|BERHAD|BHD|S\.P\.A\.|A\.\s?S\.|"
            # (the Czech and Slovak private company, the Hungarian public one, either way it is printed)
            r"s\.\s?r\.\s?o\.|S\.\s?R\.\s?O\.|Nyrt\.|NYRT\.")
# a name word's capital, accented ones too ("ÑANDUBAY", "Ørsted", "Škoda", "Łódź"), or its digit
_TOKEN = rf"(?:[{UPPER}0-9][\w&.’'@+-]*|&|and|of|de|del|do|da|dos|das|di|du|la|der|van|von|the|für|y)"
_NAME_CORE = rf"(?:[{UPPER}0-9][\w&.’'@+-]*)(?:[ \t]+{_TOKEN}){{0,7}}?"
# (a Swedish public company prints "(publ)" after its form: "Acme Spel AB (publ)")
_PUBL = r"(?:[ \t]*\((?i:publ)\))?"
NAME_RE = re.compile(rf"(?<![\w.’'-])((?:The[ \t]+)?{_NAME_CORE},?[ \t]+(?:{SUFFIXES}))(?![\w]){_PUBL}")
# At a line's start a brand may be printed in lower case ("abrdn", "bpost").
# (a line of its own may also name a bank, which carries no legal form: "Tantramar Bank", "THE FUNDY BANK")
LINE_NAME_RE = re.compile(rf"^\s*((?:The[ \t]+)?(?:[a-z][a-z0-9]{{2,}}[ \t]+)?{_NAME_CORE},?[ \t]+(?:{SUFFIXES}|Bank|BANK)){_PUBL}"
                          rf"(?i:\s+(?:and\s+(?:its\s+)?(?:subsidiaries|controlled\s+entities|subsidiary\s+companies)"
                          rf"|group))?\s*[.,]?(?:\s+[|•·–—-]\s+\S.*)?\s*$")     # ("Acme Limited | Annual Report 2046")

# a line of its own naming the company after a legal form printed first ("AS GAUJAS FINIERIS", "PT Arta Merbabu
# Multifinance | Annual Report 2090"): letters only, never a caption's words ("AS OF 31 DECEMBER")
LEADING_NAME_RE = re.compile(rf"^\s*((?:PT|JSC|PJSC|OJSC|OAO|PAO|AS|UAB)[ \t]+[{UPPER}][\w&’'-]+(?:[ \t]+[{UPPER}][\w&’'-]+){{0,4}})"
                             rf"\s*(?:[|•·–—-]\s+\S.*)?$")
_NOT_NAME_WORD = re.compile(r"(?i)^(?:of|at|and|the|in|for|on|to|from|january|february|march|april|may|june|july|"
                            r"august|september|october|november|december|restated|continued|reported)$")

# Words that are never a company's name on their own (the rest of the name being only a legal suffix).
_GENERIC = {"bank", "business", "group", "company", "companies", "parent", "investment", "investments", "holding",
            "holdings", "trust", "fund", "entity", "entities", "consolidated", "subsidiary", "subsidiaries", "china",
            "the", "our", "this", "its", "each", "such", "all", "other", "new", "pty", "ltd", "limited", "inc", "co",
            "corporation", "corp", "plc", "registered", "public", "private", "listed", "member", "members", "and",
            "of", "annual", "report", "financial", "statements", "directors", "board", "auditor", "auditors",
            "independent", "notes", "note", "in", "for", "by", "as", "at", "on", "to", "with", "from", "a", "an",
            "any", "their", "that", "which", "name", "exact", "registrant", "state", "federal", "national",
            "international", "global", "american", "australian", "canadian", "british", "japanese", "ultimate",
            "controlling", "wholly", "owned", "operating", "insurance", "capital", "services", "securities",
            "mortgage", "dollar", "share", "shares", "ordinary", "common", "stock", "exchange", "commission"}
_STARTS_SENTENCE = {"in", "for", "of", "and", "by", "as", "at", "on", "to", "with", "from", "each", "such", "a", "an",
                    "all", "any", "our", "its", "their", "this", "that", "these", "those", "if", "when", "where",
                    "under", "during", "since", "after", "before", "between", "within", "both", "other", "certain",
                    "no", "not", "we", "us", "it", "he", "she", "they", "mr", "ms", "mrs", "dr", "see", "refer", "note",
                    "notes", "total", "less", "plus", "per", "via", "about", "including", "except"}
# Lower-case words that stand before a name in running text; never a brand.
_COMMON = {"the", "and", "our", "its", "his", "her", "their", "from", "with", "into", "onto", "upon", "over", "under",
           "about", "between", "among", "against", "including", "named", "called", "see", "per", "via", "both",
           "are", "was", "were", "has", "had", "have", "not", "but", "for", "nor", "yet", "than", "then", "that",
           "which", "who", "whom", "whose", "where", "when", "while", "also", "only", "each", "any", "all", "new"}
# Words of a report's own headings: a title-case phrase ending "... of X plc" is a heading, not part of X's name.
_HEADING_WORDS = {"over", "management", "reporting", "report", "control", "controls", "statement", "statements",
                  # (the same headings in Spanish, Portuguese and Italian annual reports)
                  "memoria", "anual", "informe", "directorio", "relatorio", "relatório", "administracao", "administração",
                  "relazione", "gestione", "bilancio", "estados", "financieros", "financeiras", "demonstracoes",
                  "demonstrações", "consolidados", "consolidadas", "notas", "dictamen", "auditores", "directores",
                  "financial", "audit", "board", "directors", "members", "shareholders", "stockholders", "accounts",
                  "success", "affairs", "opinion", "review", "results", "behalf", "subsidiaries", "subsidiary",
                  "director", "chairman", "officer", "president", "notes", "year", "period", "meeting", "policy",
                  "responsibilities", "consolidated", "annual", "general", "information", "operations", "position"}
_ABBREV = {"co", "inc", "corp", "ltd", "st", "no", "n", "v", "s", "a", "p", "l", "c", "k", "u", "mt", "ft"}
_AUDITOR_LINE = re.compile(r"(?i)chartered\s+accountants|registered\s+auditors?|statutory\s+auditors?|certified\s+public"
                           r"\s+accountants|public\s+accounting\s+firm|\bLLP\b|audit\s+partner|wirtschaftsprüfungs")


@dataclass(frozen=True)
class Hit:
    name: str        # as printed, whitespace normalised
    kind: str        # defined term | directors' report | auditor's report | statement heading | title page | listing
    page: int        # 1-based
    line: str        # the line it was read from
    weight: float
    short: str = ""  # the report's own short name for itself, from a defined term ("Acme Holdings, Inc. ("Acme")")


@dataclass(frozen=True)
class Entity:
    legal_name: str
    how: str
    page: int
    line: str
    confidence: str          # high | medium | low
    kinds: tuple[str, ...]   # the kinds of place that named it
    short: str = ""          # the short name the report defines for itself, if it does


def key(name: str) -> str:
    """The name compared across hits: no suffix, no leading 'The', case, punctuation and '&'/'and' ignored."""
    n = name.strip()
    form = re.search(rf"\s({TRUST_FORMS})\s*$", n)
    n = re.sub(rf"(?:,?\s+(?:{SUFFIXES}))+\s*$", "", n) + (f" {form.group(1)}" if form else "")
    n = re.sub(r"(?i)^the\s+", "", n).replace("&", " and ")
    return re.sub(r"[^a-z0-9]", "", n.lower())


def trim(name: str) -> str:
    """'Over Financial Reporting Management of X Inc.' -> 'X Inc.' (a heading's words before 'of')."""
    # (and a Spanish, Portuguese or Italian heading's words before "de", "del", "da", "do", "di":
    # "Memoria Anual del Directorio de X S.A.A.", "Relatorio da Administracao da X S.A.")
    parts = re.split(r"\s+(?:of|de|del|da|do|das|dos|di|della)\s+(?:the\s+|la\s+|los\s+|a\s+|o\s+)?", name)
    for k in range(len(parts) - 1, 0, -1):
        head = {w.lower().strip(".,’'") for w in " ".join(parts[:k]).split()}
        if head & _HEADING_WORDS:
            return " of ".join(parts[k:])
    return name


def plausible(name: str) -> bool:
    """A company's name, not a sentence fragment, a cut word or a bare generic word."""
    name = re.sub(r"\s+", " ", name).strip()
    if not name or len(name) > 90:
        return False
    core = re.sub(rf"(?:,?\s+(?:{SUFFIXES}))+\s*$", "", name).strip(" ,")
    core = re.sub(r"(?i)^the\s+", "", core)
    words = [w for w in re.split(r"\s+", core) if w]
    if not words:
        return False
    if words[0].lower().strip(".,") in _STARTS_SENTENCE or re.fullmatch(r"[\d.,]+", words[0]):
        return False
    # a full stop inside the name ends a sentence unless it closes an abbreviation ("Co.", "N.V.", "St.")
    for w in words[:-1]:
        if w.endswith(".") and w.rstrip(".").lower().split(".")[-1] not in _ABBREV and not re.fullmatch(r"(?:[A-Z]\.)+", w):
            return False
    if re.search(r"[.;:!?]\s+(?:The|Our|This|It|We)\b", name):
        return False
    if len(words) >= 2 and words[-1].lower() in ("the", "of", "and", "&") or re.search(r"(?i)\b(?:the|of|our)\s+(?:"
                                                                                    + SUFFIXES + r")\s*$", name):
        return False    # "... of the Company" is a phrase, not a name
    bare = [w.lower().strip(".,’'") for w in words if w not in ("&",)]
    if all(w in _GENERIC for w in bare):
        return False
    if len(words) == 1 and len(words[0]) < 2:
        return False
    return True


def _names_itself(short: str, name: str) -> bool:
    """'Jefferies' for Jefferies Financial Group Inc., 'IBM' for International Business Machines Corporation."""
    k, full = key(short), key(name)
    initials = "".join(w[0] for w in re.findall(r"[A-Za-z0-9]+", re.sub(rf"(?:,?\s+(?:{SUFFIXES}))+\s*$", "", name))
                       if w.lower() not in ("and", "of", "the")).lower()
    return bool(k) and (full.startswith(k[:4]) or initials.startswith(k) or k in full)


def _clean(s: str) -> str:
    return re.sub(r"\s+", " ", s.replace("\u00a0", " ")).strip(" ,;:")


_AFTER_NAME = r"(?:\s+and\s+(?:its\s+)?(?:subsidiaries|controlled\s+entities|subsidiary\s+(?:companies|undertakings)))?"
_Q = "\"“”‘’'`"
# 'X plc (the "Company")', 'X Inc. and subsidiaries ("Acme," "we," "us" or "our")': group 2 is the report's own short
# name for itself when it is not a generic word
_DEFINED = re.compile(rf"({NAME_RE.pattern}){_AFTER_NAME}\s*\(\s*(?:hereinafter\s+)?(?:the\s+)?[{_Q}]+\s*(?:the\s+)?"
                      rf"((?:[A-Z][\w&.-]*|[a-z][a-z0-9]{{2,}})(?:\s+[A-Z][\w&.-]*){{0,3}}?)\s*,?\s*[{_Q}]*\s*(?:\)|,|;|\s+or\b)")
_GENERIC_TERMS = {"company", "group", "trust", "consolidated entity", "parent", "corporation", "bank", "fund",
                  "registrant", "issuer", "partnership", "firm", "we", "us", "our", "entity", "holding company"}
_DIRECTORS = re.compile(rf"(?i:directors\s+(?:of\s+[^\n]{{0,60}}?\s+)?(?:hereby\s+)?(?:present|submit)\s+(?:their|the)\s+"
                        rf"(?:[\w-]+\s+)?(?:annual\s+)?report[^\n]{{0,80}}?\b(?:on|of|for)\s+(?:the\s+affairs\s+of\s+)?)"
                        rf"({NAME_RE.pattern})")
_AUDITOR = re.compile(rf"(?i:(?:independent\s+auditors?[’'`]?s?[’'`]?\s+report\s+to\s+the\s+(?:members|shareholders|"
                      rf"stockholders|board\s+of\s+directors|directors)(?:\s+and\s+[\w ]{{3,40}}?)?\s+of|report\s+on\s+the"
                      rf"\s+audit\s+of\s+the\s+(?:consolidated\s+)?(?:and\s+(?:separate|parent\s+company)\s+)?financial\s+"
                      rf"statements\s+of|to\s+the\s+(?:shareholders|stockholders|members|board\s+of\s+directors|directors)"
                      rf"(?:\s+and\s+(?:the\s+)?(?:board\s+of\s+directors|shareholders|stockholders))?\s+of|we\s+have\s+"
                      rf"audited\s+the\s+(?:accompanying\s+)?(?:consolidated\s+)?(?:and\s+parent\s+company\s+)?financial"
                      rf"\s+statements\s+(?:\([^)]{{0,30}}\)\s+)?of|opinion\s+on\s+the\s+(?:consolidated\s+)?financial\s+"
                      rf"statements\s+of)\s+)({NAME_RE.pattern})")
_STATEMENT_OF = re.compile(rf"(?i:(?:consolidated\s+)?(?:statements?\s+of\s+(?:financial\s+position|profit\s+or\s+loss|"
                           rf"comprehensive\s+income|income|operations|cash\s+flows|changes\s+in\s+equity)|balance\s+"
                           rf"sheets?|income\s+statements?)\s+of\s+)({NAME_RE.pattern})")
_STATEMENT_HEAD = re.compile(r"(?i)^\s*(?:consolidated\s+|group\s+(?:and\s+(?:parent\s+)?company\s+)?)?(?:statements?\s+of\s+"
                             r"(?:consolidated\s+)?(?:financial\s+position|profit\s+or\s+loss|comprehensive\s+(?:income|loss)|"
                             r"income|operations|cash\s+flows?|changes\s+in\s+(?:shareholders[’']?\s+)?equity)|balance\s+"
                             r"sheets?|income\s+statements?)\b")
_LISTING = re.compile(r"(?i)\b(?:A\.?B\.?N\.?|A\.?C\.?N\.?|ARBN|ASX\s*(?:code)?\s*:|LSE\s*:|AIM\s*:|TSXV?\s*:|HKEX\s*:|"
                      r"stock\s+code|company\s+(?:no\.?|number|registration\s+number)|registered\s+(?:no\.?|number)|"
                      r"registration\s+number|TSE\s*:|Tokyo\s+Stock\s+Exchange|(?:NYSE|NASDAQ)\s*:|"
                      # Indian listings and the corporate identity number
                      r"(?:NSE|BSE)\s*:|\bCIN\s*:)")


def _title_lines(text: str) -> list[str]:
    return [ln for ln in (text or "").splitlines() if ln.strip()][:25]


def _line_of(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return _clean(text[start:end if end >= 0 else len(text)])[:160]


def hits(pages: Sequence[str], *, max_pages: int = 150) -> list[Hit]:
    """Every place on the first `max_pages` pages (and the statement pages among them) that names a company."""
    out: list[Hit] = []
    n = min(len(pages), max_pages)
    for i in range(n):
        text = (pages[i] or "").replace("\u00a0", " ").replace("\r", "")
        flat = re.sub(r"[ \t]*\n[ \t]*", " ", text)        # names and phrases wrap across lines
        for rx, kind, w in ((_DEFINED, "defined term", 4.0), (_DIRECTORS, "directors' report", 5.0),
                            (_AUDITOR, "auditor's report", 4.0), (_STATEMENT_OF, "statement heading", 3.0)):
            for m in rx.finditer(flat):
                name = trim(_clean(m.group(1)))
                short = _clean(m.group(m.re.groups)) if rx is _DEFINED else ""
                if rx is _DEFINED and short.lower() not in _GENERIC_TERMS and not _names_itself(short, name):
                    continue    # '(Note 5)', '(ASX)': not the report's own name for itself
                own = ""
                if rx is _DEFINED:
                    # a report defines itself as "the Company" or with "we", "us", "our"; any other defined short
                    # name ("Genworth Financial, Inc. ("Genworth")") may be a parent, a subsidiary or a customer
                    rest = flat[m.end():m.end() + 40].split(")")[0]
                    generic = short.lower() in _GENERIC_TERMS
                    selfish = generic or re.search(r"(?i)[\"“”‘’'`]\s*(?:we|us|our)\b", rest) is not None
                    w = 4.0 if selfish else 1.0
                    own = short if selfish and not generic else ""
                if plausible(name):
                    out.append(Hit(name, kind, i + 1, _clean(m.group(0))[:160], w, own))
        lines = _title_lines(text)
        is_statement = any(_STATEMENT_HEAD.search(ln) and len(ln) < 110 for ln in lines[:8])
        for j, ln in enumerate(lines):
            m = LINE_NAME_RE.match(ln.replace("\r", "")) or LEADING_NAME_RE.match(ln.replace("\r", ""))
            if not m or m.re is LEADING_NAME_RE and (any(_NOT_NAME_WORD.match(w) for w in m.group(1).split()[1:]) or
                                                     all(is_common_word(w) for w in m.group(1).split()[1:])):
                continue    # ("AS ADJUSTED", "AS SHOWN BELOW": a caption's English words, no name)
            name = trim(_clean(m.group(1)))
            if not plausible(name.split(None, 1)[-1] if m.re is LEADING_NAME_RE else name):    # (the name after its form)
                continue
            near = " ".join(lines[max(0, j - 2):j + 3])
            if _AUDITOR_LINE.search(near):
                continue
            if _LISTING.search(" ".join(lines[max(0, j - 1):j + 2])):
                out.append(Hit(name, "listing", i + 1, _clean(ln), 3.0))
            elif i < 3 and j < 12:
                out.append(Hit(name, "title page", i + 1, _clean(ln), 3.0 if i == 0 else 2.0))
            elif is_statement and j < 8:
                out.append(Hit(name, "statement heading", i + 1, _clean(ln), 1.5))
            elif j < 3 or j >= len(lines) - 3:
                out.append(Hit(name, "page header", i + 1, _clean(ln), 0.5))
        for m in _LISTING.finditer(text):
            ln = _line_of(text, m.start())
            nm = NAME_RE.search(ln)
            if nm and plausible(_clean(nm.group(1))) and not _AUDITOR_LINE.search(ln) and \
                    not any(h.page == i + 1 and h.line == ln for h in out):
                out.append(Hit(_clean(nm.group(1)), "listing", i + 1, ln, 3.0))
    return out


def _with_brand(legal: str, pages: Sequence[str], max_pages: int) -> str:
    """A brand the report prints in lower case before its name ("abrdn Japan ... plc") is part of the name: the
    same lower-case word stands before most of the name's occurrences."""
    core = re.sub(r"(?i)^the\s+", "", legal)
    words = core.split()
    if len(words) < 2:
        return legal
    pat = re.compile(r"(?<![\w.’'-])(?:([a-z][a-z0-9]{2,})\s+)?" + r"\s+".join(map(re.escape, words[:2])))
    before: dict[str, int] = defaultdict(int)
    total = 0
    for i in range(min(len(pages), max_pages)):
        for m in pat.finditer(pages[i] or ""):
            total += 1
            if m.group(1):
                before[m.group(1)] += 1
    if not before:
        return legal
    tok, n = max(before.items(), key=lambda kv: kv[1])
    if tok in _STARTS_SENTENCE | _GENERIC | _COMMON or n < 2 or n * 2 < total:
        return legal
    return f"{tok} {core}"


def reporting_entity(pages: Sequence[str], *, max_pages: int = 150) -> Entity | None:
    """The company the report is about: the candidate named by the most (and strongest) kinds of place."""
    found = hits(pages, max_pages=max_pages)
    if not found:
        return None
    score: dict[str, float] = defaultdict(float)
    by_key: dict[str, list[Hit]] = defaultdict(list)
    per_kind: dict[tuple[str, str], float] = defaultdict(float)
    for h in found:
        k = key(h.name)
        if not k:
            continue
        by_key[k].append(h)
        # one kind of place counts up to twice its weight: a running page header does not outvote an auditor
        if per_kind[(k, h.kind)] < 2 * h.weight:
            per_kind[(k, h.kind)] += h.weight
            score[k] += h.weight
    if not score:
        return None
    best = max(score, key=lambda k: (score[k], -min(h.page for h in by_key[k])))
    group = by_key[best]
    kinds = tuple(dict.fromkeys(h.kind for h in sorted(group, key=lambda h: -h.weight)))
    strongest = max(group, key=lambda h: (h.weight, -h.page))
    # the printed form: the most frequent mixed-case spelling, else the most frequent one
    forms: dict[str, int] = defaultdict(int)
    for h in group:
        forms[h.name] += 1
    legal = max(forms, key=lambda f: (not f.isupper(), forms[f], len(f)))
    legal = _with_brand(legal, pages, max_pages)
    shorts = [h.short for h in group if h.short]
    short = max(set(shorts), key=shorts.count) if shorts else ""
    runner = max((v for k, v in score.items() if k != best), default=0.0)
    strong = [k for k in kinds if k not in ("page header",)]
    if len(strong) >= 2 and score[best] >= 6 and score[best] >= 2 * runner:
        confidence = "high"
    elif score[best] >= 3 and score[best] > runner:
        confidence = "medium"
    else:
        confidence = "low"
    return Entity(legal_name=legal, how=f"{strongest.kind} (named by: {', '.join(kinds)})", page=strongest.page,
                  line=strongest.line, confidence=confidence, kinds=kinds, short=short)
