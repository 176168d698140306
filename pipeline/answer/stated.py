"""Whether a sentence states the asked measure itself, and which of its amounts is that measure's.

A statement figure looked for in prose ("What was X's net income in FY2022?" when no statement row was read) is
answered by a sentence only when the sentence names THAT measure: every word of it, side by side (joined at most
by "of", "and", "the", a comma), not as a modifier of another measure ("deferred income tax assets", "net
operating loss carryforwards", "intangible assets totaled") - and when an amount is attached to that name:

- after it, with only linking words between ("Net income for the year ended December 31, 2022 was $44.1
  million", "total assets of $1.3 billion"), or
- just before it ("$42.3 million for capital expenditures", "$0.3 million in purchases of property and
  equipment").

Any other amount of the sentence belongs to a neighbouring measure ("Net cash used in investing activities ...
was $22.3 million and consisted of ... purchases of property and equipment") and never answers. Pure functions.

    measure_words(question, terms)   the asked measure's words in the question's order
    stated(sentence, words, kind)    the amount the sentence attaches to the measure, or None
    amount_year(sentence, amount)    the year that amount is stated for (a sentence comparing two years)
    subject_adds(sentence, terms, own)  the sentence's subject is a part of the asked figure
    leads_with(sentence, names, allowed)  the sentence opens with the measure as its subject
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.question.terms import content_terms, stem, stems, words as words_of

# Words that say which side of a boundary a measure is ("loss before income tax", "profit after tax"): part of
# the measure's name, although the question's content terms drop them.
_SIDE = {"before", "after", "pre", "post", "excluding", "including"}
# Verbs of a question that say how a figure came about, not what it measures ("How much did X pay in cash
# dividends?" asks for cash dividends).
_VERBS = set("""pay paid pays paying spend spent spends spending earn earned earns generate generated generates
receive received make made incur incurred record recorded report reported have had has hold held propose proposed
proposes proposing recommend recommended recommends recommending declare declared declares declaring determine
determined determines determining approve approved approves approving""".split())
# Units a question names its figure in ("in cents", "(pence)"): how the amount is printed, not the measure's name.
_UNIT_WORDS = set("""cents cent pence penny dollars dollar pounds euros yen sen million millions thousand thousands
billion billions""".split())
# Words that may join the words of one measure's name ("purchases of property and equipment", "income, net").
_JOIN = {"of", "and", "&", "the", ",", "-", "/"}
# Words that may stand before a measure's name without narrowing it to another measure: determiners, possessives,
# verbs of reporting, "total", "consolidated" ("Our consolidated net income", "we reported net income of").
_BEFORE_OK = set("""a an the our its their his her this that these those we it company group consolidated total
reported record recorded recognized recognised generated had has have earned posted achieved delivered incurred
realized realised produced with and or while which resulting resulted in for of on at as during from to by was were
is are be been gaap statutory full annual year fiscal overall aggregate combined also""".split())
# Words that may follow a measure's name and still leave the amount its own: being, totalling, a period.
_AFTER_OK = set("""was were is are has had have of for in at as during on from to totaled totalled totaling
totalling total amounted amounting reached equaled equalled stood came attributable""".split())
# Words that may stand between a measure's name and its amount ("Net income for the year ended December 31, 2022
# was approximately $44.1 million").
_LINK = _AFTER_OK | set("""the a an year years fiscal twelve months month ended ending as approximately about nearly
roughly around some be been reported recorded total""".split())
# Words that may stand between an amount and the measure's name just after it ("$42.3 million for capital
# expenditures", "$0.3 million in purchases of property and equipment", "$5.1 million of net income").
_LINK_BACK = {"in", "for", "of", "on"}
_MONTHS = re.compile(r"(?i)^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?$")
_TOKEN = re.compile(r"(?:(?:US\$|A\$|AU\$|C\$|NZ\$|HK\$|S\$|[$£€¥]|Rs\.|(?:EUR|GBP|JPY|INR|Rs|R)(?=\d))\s?)?\(?"
                    r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\)?(?:\s?%)?"
                    r"|[A-Za-z][A-Za-z'’&]*(?:-[A-Za-z]+)*|[^\sA-Za-z\d]")
_SCALE = re.compile(r"(?i)^(thousand|million|billion|bn|mn|m|k|crores?|lakhs?)$")
# A change said before the level reached: "revenue grew 9.1% to Rs. 6,524.82 crore", "rose by 8% to £412.3m".
_CHANGE_VERB = {"rose", "grew", "increased", "decreased", "fell", "declined", "improved", "dropped", "climbed"}
# An amount per share or unit as prose prints it, the "per share" after the amount ("a final dividend of 7.9p per
# share", "14.5 cents per ordinary share", "HK4.5 cents per share", "$0.24 per common share", "4.2 cents per unit"),
# or after a currency's ISO code in capitals ("a dividend of RSD 214 per share", "CHF 3.50 per share")
PER_SHARE_AMOUNT = re.compile(
    r"(?i)(?<![\w.$,])((?:(?:US|AU|A|C|NZ|HK|S|NT)?\$|[£€¥]|Rs\.\s?|(?:HK|US|NZ|RM|Rs|R|JPY|INR)(?=\d)|"
    r"(?-i:[A-Z]{3})(?=\s\d))?\s?"
    r"\d{1,3}(?:,\d{3})*(?:\.\d+)?(?:\s?(?:p|pence|cents?|c|sen|yen)\b)?)"
    r"\s+per\s+(?:(?:ordinary|common|equity|diluted|basic|fully\s+paid|stapled|issued)\s+)*(?:shares?|units?|"
    r"securit(?:y|ies))\b")
# Words that may stand inside a dividend's name without making it another dividend ("quarterly cash dividend").
_PER_SHARE_JOIN = {"cash"}
_PER_WORDS = {"share", "shares", "unit", "units", "security", "securities"}
_CURRENCY_WORD = re.compile(r"(?i)^(dollars?|usd|aud|cad|gbp|eur|pounds?|euros?)$")


@dataclass
class Stated:
    measure: str        # the measure's name as the sentence prints it ("purchases of property and equipment")
    amount: str         # its amount as printed ("$0.3 million")


def measure_words(question: str, terms: list[str]) -> list[str]:
    """The question's words that name its measure, in order: the words whose stem (or synonym class) is one of
    `terms` (the prose answerer's content terms, company names and years already out), and the side words
    ("before", "after") that change a measure."""
    out: list[str] = []
    want = set(terms)
    for w in words_of(question):
        w = w[:-2] if w.endswith("'s") else w
        if w in _SIDE or (want & stems(w) and w not in _VERBS and w not in _UNIT_WORDS):
            out.append(w)
    return list(dict.fromkeys(out))


def _covers(token: str, word: str) -> bool:
    if word in _SIDE:
        return token.lower() == word
    want = stems(word)
    # a synonym class counts ("income" and "profit" are one class), but a word is never covered by a
    # different word of its class when the class is all it shares
    return bool(want & stems(token)) and (stem(word) in stems(token) or _same_class(word, token))


def _same_class(word: str, token: str) -> bool:
    a = {s for s in stems(word) if s.startswith("~")}
    return bool(a & stems(token))


def _is_number(tok: str) -> bool:
    return bool(re.search(r"\d", tok))


def _is_year(tok: str) -> bool:
    return bool(re.fullmatch(r"\(?(19|20)\d{2}\)?", tok))


def _kind_of(toks: list[str], i: int) -> str:
    """'money' | 'percent' | 'count' | 'date' for the number token at i."""
    tok = toks[i]
    if _is_year(tok) or (i and _MONTHS.match(toks[i - 1])) or (i + 1 < len(toks) and _MONTHS.match(toks[i + 1])):
        return "date"
    if tok.endswith("%") or (i + 1 < len(toks) and toks[i + 1].lower() in ("percent", "%")):
        return "percent"
    if re.match(r"\D", tok.lstrip("(")) or (i + 1 < len(toks) and (_SCALE.match(toks[i + 1]) or
                                                                  _CURRENCY_WORD.match(toks[i + 1]))):
        return "money"
    return "count"


def _amount(toks: list[str], i: int) -> str:
    """The amount printed at token i with its scale word ("$0.3 million")."""
    if i + 1 < len(toks) and (_SCALE.match(toks[i + 1]) or _CURRENCY_WORD.match(toks[i + 1])):
        return f"{toks[i]} {toks[i + 1]}"
    return toks[i]


def _fits(kind: str, need: str | None) -> bool:
    if need in ("money", "per_share"):
        return kind == "money"
    if need == "percent":
        return kind == "percent"
    return kind in ("money", "count", "percent")     # "number": any figure, never a date


def _spans(toks: list[str], words: list[str]) -> list[tuple[int, int]]:
    """(start, end) token ranges that name every one of `words` side by side in the question's order, joined only
    by joining words ("intangible assets totaled" is not "total assets")."""
    out = []
    n = len(toks)
    for i in range(n):
        if not _covers(toks[i], words[0]):
            continue
        k, j = 1, i + 1
        while k < len(words) and j < n:
            if _covers(toks[j], words[k]):
                k += 1
            elif toks[j].lower() not in _JOIN:
                break
            j += 1
        if k == len(words):
            out.append((i, j - 1))
    return out


def _names_only_it(toks: list[str], start: int, end: int, own: set[str]) -> bool:
    """The tokens start..end name the measure itself, not a part of another measure's name."""
    before = toks[start - 1].lower() if start else ""
    after = toks[end + 1].lower() if end + 1 < len(toks) else ""
    # a heading run into the sentence ("Segment results Business segment revenues were", "Backlog Funded
    # backlog was"): the name starts with a capital after a sentence-case heading, or is itself sentence-case
    # after a one-word heading ("Adjusted Net Income" is a title, not a heading and a name)
    heading = bool(start) and toks[start][:1].isupper() and (
        toks[start - 1][:1].islower() or all(t[:1].islower() for t in toks[start + 1:end + 1] if t.isalpha()))
    if before and before.isalpha() and before not in _BEFORE_OK and before not in own \
            and not before.endswith(("'s", "’s", "s'")) and not _MONTHS.match(before) and not heading:
        return False    # "deferred income", "intangible assets", "operating loss": another measure's name
        #                 (a heading run into the sentence, "Backlog Funded backlog was", names nothing)
    # "income tax assets", "loss carryforwards", "income per share": another measure
    return not (after and after.isalpha() and after not in _AFTER_OK and after not in _CHANGE_VERB)


def per_share(sentence: str, words: list[str], company_words: set[str] | None = None) -> Stated | None:
    """The amount per share `sentence` attaches to the measure named by `words` (the question's words of a
    per-share measure: "final dividend ... share"), printed with "per share" after the amount: the words before
    "share" name the measure, then only linking words and dates ("The Directors propose a final dividend for the year
    ended 31 March 2031 of 7.9p per share (FY30: 7.2p)" -> 7.9p). A dividend named with another word before it
    ("an interim dividend of 3.6p") is another dividend."""
    at = next((i for i, w in enumerate(words) if w.lower() in _PER_WORDS), None)
    head = words[:at] if at else []     # the words naming it before "per share" ("the board" after it is no name)
    if not head:
        return None
    own = company_words or set()
    for m in PER_SHARE_AMOUNT.finditer(sentence):
        toks = [t for t in _TOKEN.findall(sentence[:m.start()]) if t.lower() not in _PER_SHARE_JOIN]
        j = len(toks) - 1
        while j >= 0 and (toks[j].lower() in _LINK or toks[j].lower() in own or _MONTHS.match(toks[j]) or
                          toks[j] in (",", "(", ")") or toks[j].upper() == "FY" or
                          (_is_number(toks[j]) and _kind_of(toks, j) == "date") or
                          (_is_number(toks[j]) and j and toks[j - 1].upper() == "FY")):
            j -= 1
        for start, end in _spans(toks, head):
            if end == j and _names_only_it(toks + ["of"], start, end, own):
                return Stated(" ".join(toks[start:end + 1]) + " per share", m.group(1).strip())
    return None


def stated(sentence: str, words: list[str], need: str | None, company_words: set[str] | None = None) -> Stated | None:
    """The amount `sentence` attaches to the measure named by `words` (see the module doc), or None when the
    sentence does not name that measure, names it only inside another measure's name, or gives it no amount."""
    if not words:
        return None
    if need == "per_share" and (said := per_share(sentence, words, company_words)) is not None:
        return said
    toks = _TOKEN.findall(sentence)
    own = company_words or set()
    for start, end in _spans(toks, words):
        if not _names_only_it(toks, start, end, own):
            continue
        name = " ".join(toks[start:end + 1]).replace(" ,", ",")
        # the amount after the name, with only linking words, dates and the company's name between
        j = end + 1
        while j < len(toks):
            t = toks[j]
            if _is_number(t):
                kind = _kind_of(toks, j)
                if kind == "date":
                    j += 1
                    continue
                if _fits(kind, need):
                    return Stated(name, _amount(toks, j))
                break
            if t.lower() in _LINK or t.lower() in own or _MONTHS.match(t) or t in (",", "(", ")"):
                j += 1
                continue
            if t.lower() in _CHANGE_VERB:       # "grew 9.1% to": the amount after "to" is the level reached
                k = j + 1 + (j + 1 < len(toks) and toks[j + 1].lower() == "by")
                k += k < len(toks) and toks[k].endswith("%")
                if k < len(toks) and toks[k].lower() == "to":
                    j = k + 1
                    continue
            break
        # the amount just before the name: "$42.3 million for capital expenditures"
        k = start - 1
        if k >= 0 and toks[k].lower() in _LINK_BACK:
            k -= 1
            if k >= 0 and (_SCALE.match(toks[k]) or _CURRENCY_WORD.match(toks[k])):
                k -= 1
            if k >= 0 and _is_number(toks[k]) and _fits(_kind_of(toks, k), need):
                return Stated(name, _amount(toks, k))
    return None


_YEAR_AT = re.compile(r"(?<![\d,.$])(?:19|20)\d{2}(?![\d%]|[,.]\d)")


_AMOUNT_AT = re.compile(r"(?i)(?<![\w.,])(?:[$£€¥]|Rs\.?\s?|[A-Z]{1,3}\$)?\d{1,3}(?:,\d{3})*(?:\.\d+)?"
                        r"(?:\s?(?:p|pence|cents?|million|billion|m|bn|crore)\b)?(?![\d%])")
# the year an amount is for, printed right after it ("RSD 214 per share for 2071", "$1.2 million in fiscal 2031")
_FOR_YEAR = re.compile(r"(?i)(?:\s+per\s+(?:ordinary\s+|common\s+)?(?:share|unit))?\s+(?:for|in\s+respect\s+of|in)\s+"
                       r"(?:the\s+)?(?:(?:financial|fiscal)\s+)?(?:year\s+)?(?:FY\s?)?((?:19|20)\d{2})\b(?![.,]\d)")
# a comparative in brackets, "(2033: 7.2p)", "(FY30: £36.1m)": the prior year's figure beside the year's own
COMPARATIVE = re.compile(r"\((?:FY\s?)?(?:(?:19|20)\d{2}|\d{2})\s*:[^)]*\)")


_PER_UNIT_AFTER = re.compile(r"(?i)\s*per\s+(?:ordinary\s+|common\s+)?(?:share|unit)\b")
_RESPECTIVELY = re.compile(r"(?i)\brespectively\b")


def amount_year(sentence: str, amount: str) -> int | None:
    """The year `amount` is stated for in a sentence naming two or more years: amounts and years paired in the order
    they are printed ("In 2034 ... $0.24 per share, up from $0.22 per share in 2033": $0.24 is 2034's), None when
    the sentence prints more or fewer amounts than years (which amount is whose cannot be told)."""
    at = sentence.find(amount)
    own = _FOR_YEAR.match(sentence, at + len(amount)) if at >= 0 else None
    if own:
        return int(own.group(1))    # "a dividend of RSD 214 per share for 2071 (2070: RSD 186 ...), payable on
        #                             15.06.2072": the year printed right after the amount is the one it is for
    years, amounts = _paired(sentence, amount)
    at = sentence.find(amount.split()[0])
    k = next((i for i, m in enumerate(amounts) if m.start() <= at < m.end() + 1), None)
    return years[k] if k is not None else None


def respective(sentence: str, said: Stated, years: set[int]) -> Stated | None:
    """The amount of `said`'s list the sentence pairs with one of `years` ("During 2022, 2021 and 2020 ... $1.06 per
    share, $1.00 per share and $0.94 per share ..., respectively": $1.00 is 2021's), or None."""
    if not _RESPECTIVELY.search(sentence):
        return None     # (amounts and years printed in another order: "rose to $4.8 billion in 2071 from $4.1 billion")
    printed, amounts = _paired(sentence, said.amount)
    k = next((i for i, y in enumerate(printed) if y in years), None)
    return Stated(said.measure, amounts[k].group(0).strip()) if k is not None else None


def _paired(sentence: str, amount: str) -> tuple[list[int], list[re.Match]]:
    """The sentence's years and the amounts of `amount`'s list printed one for each year, in order; ([], []) when the
    amounts do not pair with the years."""
    years = list(dict.fromkeys(int(m.group(0)) for m in _YEAR_AT.finditer(sentence)))
    # (a plain whole number is a day or a count, "December 31": an amount has a currency, a unit, a comma or decimals)
    amounts = [m for m in _AMOUNT_AT.finditer(sentence) if not _YEAR_AT.fullmatch(m.group(0).strip())
               and re.search(r"[^\d\s]", m.group(0))]
    if len(years) >= 2 and len(amounts) != len(years) and _RESPECTIVELY.search(sentence):
        # two lists paired with the years ("dividends of $1.06 per share, $1.00 per share and $0.94 per share,
        # totaling $33.7 million, $32.7 million and $30.9 million, respectively"): the list of the amount's kind
        per = bool(_PER_UNIT_AFTER.match(sentence, sentence.find(amount) + len(amount)))
        amounts = [m for m in amounts if bool(_PER_UNIT_AFTER.match(sentence, m.end())) == per]
    return (years, amounts) if len(years) >= 2 and len(amounts) == len(years) else ([], [])


_SUBJECT = re.compile(r"(?i)^(.{3,160}?)\s(amounted to|totaled|totalled|were|was|reached|equaled|equalled)\s")
# "Wireless equipment revenues included in our Business segment": a part of the figure named after the phrase
_PART_OF = re.compile(r"(?i)\b(included|contained|recorded|reported|recognized)\s+(in|within)\b|\b(portion|part|share)\s+of\b")


def subject_adds(sentence: str, terms: list[str], company_words: set[str]) -> bool:
    """The figure's subject is a part of the asked figure ("Wireless equipment revenues included in our Business
    segment amounted to $3.4 billion" for the Business segment's revenues): words the question did not ask, then
    "included in" / "portion of" and the asked words."""
    m = _SUBJECT.match(sentence)
    part = _PART_OF.search(m.group(1)) if m else None
    if not part:
        return False
    before = [t for t in content_terms(m.group(1)[:part.start()], company_words)
              if not re.fullmatch(r"\d+|fy\d*", t)]
    return bool(set(before) - set(terms))


def leads_with(sentence: str, names: tuple[str, ...], allowed: set[str]) -> bool:
    """The sentence's first eight words name the measure (one of `names`) as their subject, not as the last word of
    a narrower measure's name ("Service and calibration revenue grew ..." is a part of revenue): the word before the
    name is a determiner, a reporting word, a possessive, a word of the question (`allowed`, stems) or none."""
    toks = [t.lower() for t in _TOKEN.findall(" ".join(sentence.split()[:8]))]
    stemmed = [stem(t) for t in toks]
    for name in names:
        want = [stem(w) for w in words_of(name)]
        for i in range(len(toks) - len(want) + 1):
            if want and stemmed[i:i + len(want)] == want:
                before = toks[i - 1] if i else ""
                if not before.isalpha() or before in _BEFORE_OK or stem(before) in allowed or \
                        before.endswith(("'s", "’s", "s'")):
                    return True
    return False
