"""A page's title: the primary statement it names (cash flow, income, balance, changes in equity), or a statement of part of the group."""

from __future__ import annotations

import re

from pipeline.reading import equity_title
from pipeline.reading.cells import split_row
from pipeline.reading.title_line import END, PERIOD, PROSE
from pipeline.core import bilingual
# Before a title that carries its period, only the title's own lead words ("(B)", "Consolidated", "Group and Company"):
# "Notes to the balance sheet as at 31 December 2022" cites a statement and titles none.
_LEAD = r"^\s*(?:\(?[A-Za-z0-9]{1,2}\)\s*)?(?:the\s+)?(?:(?:consolidated|group|company|parent|stand[- ]?alone|separate)\s+" \
        r"(?:and\s+(?:company|parent|consolidated)\s+)?)?"


def _titled(names: str) -> re.Pattern:
    """A line titling the statement `names` (an alternation): the name then END anywhere on the line, or, from the
    line's start, the name and the period it covers (title_line.PERIOD)."""
    return re.compile(rf"(?i)(?:{names}){_BASIS}{END}|{_LEAD}(?:{names}){_BASIS}{PERIOD}{END}")


# the basis a title names after the statement ("Statement of Income by Function", "Statement of Cash Flows - Direct
# Method", "... (Indirect Method)"), or the standards it is drawn up under ("Consolidated Balance Sheet (IFRS)",
# "Income Statement - FAS")
_BASIS = r"(?:\s+by\s+(?:function|nature)(?:\s+of\s+expenses?)?|\s*[-–(]\s*(?:in)?direct\s+method\)?|" \
         r"\s*[-–(]\s*(?:IFRS|US\s+GAAP|[A-Z]{2,4}\s+GAAP|FAS|IAS)\)?)?"


_STATEMENT_TITLES = [
    ("cash_flow", _titled(r"statements? of (consolidated )?cash flows?|cash flows? statements?")),
    ("income", _titled(r"statements? of (consolidated )?(income|operations|earnings)|income statements?|"
                       r"statements? of (consolidated )?comprehensive (income|earnings|loss|\(loss\) income)|"
                       # IFRS: "Statement of profit or loss (and other comprehensive income)", "profit and loss account"
                       r"statements? of (consolidated )?profit (or|and) loss( and (other )?comprehensive (income|loss))?|"
                       r"profit and loss account|"
                       # the results an Indian listed company files each quarter (SEBI's format), a profit-and-loss
                       # statement with quarter and year columns: "Statement of Standalone Audited Financial Results
                       # for the Quarter and Year ended 31 March 2091"
                       r"statements? of (stand[- ]?alone |consolidated )?((and|&) (stand[- ]?alone|consolidated) )?"
                       r"((un)?audited )?financial results"
                       r"( for the (quarter|half[- ]year|year|nine months|period)s?( and (quarter|half[- ]year|year|"
                       r"nine months|period)s?)? ended( \d{1,2}(st|nd|rd|th)?[ .]\w+,? \d{4}| \w+ \d{1,2},? \d{4})?)?")),
    ("balance", _titled(r"balance sheets?|statements? of (consolidated )?financial (position|condition)|"
                        # (SEBI's format of the balance sheet beside the results, a fund's balance sheet)
                        r"statements? of (stand[- ]?alone |consolidated )?((and|&) (stand[- ]?alone|consolidated) )?"
                        r"assets and liabilities")),
    ("equity", _titled(equity_title.TITLE)),      # read by pipeline/reading/equity.py
]
_SQUASHED_TITLES = [
    ("cash_flow", re.compile(r"(consolidated)?statements?of(consolidated)?cashflows?(continued|unaudited)*")),
    ("income", re.compile(r"(consolidated)?statements?of(consolidated)?(comprehensive)?(income|operations|earnings)"
                          r"(continued|unaudited)*|(consolidated)?statements?ofprofit(or|and)loss\w*")),
    ("balance", re.compile(r"(consolidated)?(balancesheets?|statements?of(consolidated)?financial(position|condition))"
                           r"(continued|unaudited)*")),
    ("equity", re.compile(equity_title.SQUASHED)),
]
# Statements of a subset of the group (guarantors, a cross-guarantee's closed group, the parent alone) are not
# the company's primary statements, though they carry the same titles and line items.
# the parent company's own statements named as a page's heading ("Acme S.A. - Separate financial statements", "Notes to
# the standalone financial statements", "Separate financial statements for the year ended ..."); never a sentence
# ("the Company's separate financial statements are presented on pages 90-120"), "Consolidated and separate financial
# statements" or a column caption "Consolidated financial statements Separate financial statements"
OWN_STATEMENTS = re.compile(r"(?i)^(?!.*\bconsolidated\b)(?!.*\b(?:are|is|were|see|refer\w*|presented|included|set\s+out)\b)"
                            r"[^()]{0,80}\b(?:separate|stand[- ]?alone|parent company(?:['’]s)?)\s+financial\s+statements\b"
                            r"(?:\s+(?:for|as\s+at|of)\b.*)?\W*$")
# a statement headed as the parent's own ("Standalone Statement of Profit and Loss for the year ended ...", "Separate
# Balance Sheet"): its rows are the parent's, beside the consolidated statement on another page
OWN_STATEMENT_TITLE = re.compile(r"(?i)^(?!.*\b(?:are|is|were|see|refer\w*|presented|included|set\s+out)\b)"
                                 r"\W*(?:stand[- ]?alone|separate)\s+(?:balance\s+sheets?|"
                                 r"statements?\s+of|cash\s+flow|income\s+statements?)\b[^.]{0,80}$")
# a page headed as the parent's own in brackets ("Six years at a glance (Unconsolidated)"; not a numbered note's
# sub-heading, "24.1 Revenue by product (Separate)"): its figures are the parent's, never the group's, yet the only
# ones printed for a summary's earlier years
OWN_FIGURES = re.compile(r"(?i)^(?!\s*\d)[^()]{0,80}\((?:unconsolidated|separate|stand[- ]?alone)\)\W*$")
SECONDARY_STATEMENT = re.compile(r"(?i)deed of cross guarantee|guarantor|condensed consolidating|"
                                 # "Parent Only Condensed Financial Information", "Parent-only statements of income",
                                 # "Parent Company–only financial statements" (any dash)
                                 r"\bparent(?: company)?[\s\-\u2010-\u2014]+only\b|"
                                 # the parent's own statements beside the consolidated ones ("Standalone Balance
                                 # Sheet", "Standalone Statement of Profit and Loss")
                                 r"\bstand[- ]?alone (balance sheet|statements? of|cash flow|income statement)|"
                                 r"\bstatements? of stand[- ]?alone\b(?!\s+(?:and|&)\s+consolidated)|"
                                 # a note of the parent's key figures ("Key standalone financial information")
                                 r"\bstand[- ]?alone financial (information|results|highlights|data)\b|"
                                 # ("Separate Statements of Profit or Loss": the parent's own, IFRS's word for them; not
                                 # "Consolidated and Separate Statements of ...", the group's and the parent's columns)
                                 r"(?<!consolidated and )(?<!group and )\bseparate (statements? of|balance sheets?|"
                                 r"income statements?|cash flow statements?)|"
                                 r"parent (company|entity) (financial )?(information|disclosures?|statements?)|"
                                 r"condensed financial information of (the )?registrant|schedule i\b|obligor group|"
                                 # an investee's own figures (IFRS 12 / equity-method "summarised financial
                                 # information" of a joint venture or associate): its revenue is not the group's
                                 # (never the reporting group itself: "... of the Group, including joint ventures")
                                 r"summari[sz]\w* (the )?financial information of (?!(the |our )?(group|company|consolidated)\b(?!['’]s))"
                                 r".{0,80}?(as included in its own|"
                                 r"joint ventures?\b|associates?\b|investees?\b)|"
                                 r"\b(joint ventures?|associates?|equity[- ](accounted|method) investees?)['’]?s? "
                                 r"summari[sz]ed financial information|summari[sz]ed financial information (of|for|in "
                                 r"respect of) (the |its |our |each )?(material |significant )?(joint ventures?|"
                                 r"associates?|investees?|equity[- ]accounted|equity[- ]method)")
_PARENTS_OWN = re.compile(r"(?i)\bstand[- ]?alone\b|\bseparate\b|\bparent\b(?!.*\bguarant)")
_SKIP_TITLE = re.compile(r"(?i)^(table of contents|index|\d+)$")
# A page of several years' or several statements' key lines ("Five-year summary", "Financial highlights", "Key
# figures", "Selected financial data"): its "Income statement" / "Balance sheet" are section headings of the summary,
# never a statement's title (nor the parent company's own statement beside the group's)
SUMMARY_TITLE = re.compile(r"(?i)^\s*(?:(?:five|ten|\d{1,2})[- ]year\s+(?:financial\s+)?(?:summary|record|review|history)|"
                           r"(?:group\s+)?financial\s+(?:highlights|summary|record|history)|key\s+(?:figures|financials|"
                           r"financial\s+(?:data|information|figures))|selected\s+(?:consolidated\s+)?financial\s+data|"
                           r"historical\s+(?:financial\s+)?summary|highlights)"
                           # the title alone on its line (a navigation bar "Highlights Strategic report Governance ..."
                           # titles nothing), perhaps with its years or "(continued)"
                           r"(?:\s*[-–:]?\s*(?:(?:19|20)\d{2}(?:/\d{2,4})?|\(?continued\)?|\(?unaudited\)?))*\s*$")


# a statutory form's number after the title ("CONSOLIDATED BALANCE SHEET Form B 01 - DN/HN", Vietnam's VAS forms)
_FORM_CODE = re.compile(r"(?i)\s+form\s+[A-Z](?:\s?\d{2}[a-z]?)?(?:\s*-\s*[A-Z]{2,4}(?:/[A-Z]{2,4})?)?\s*$")   # (its number
#                                                                           read off as a line code: "Form B - DN/HN")


def detect_title(lines: list[str]) -> tuple[str, str | None]:
    head = [_FORM_CODE.sub("", ln.replace("\xa0", " ")) for ln in lines[:8]]     # ("Table\xa0of\xa0Contents": a header)
    secondary = any(SECONDARY_STATEMENT.search(ln) for ln in head)
    # a title wrapped over two lines ("CONSOLIDATED STATEMENT OF PROFIT OR" / "LOSS AND OTHER COMPREHENSIVE INCOME")
    head += [f"{a} {b}" for a, b in zip(head, head[1:]) if re.search(r"(?i)statements? of\b", a)
             and not split_row(a)[1] and not split_row(b)[1]]
    summary = next((k for k, ln in enumerate(head) if SUMMARY_TITLE.match(ln)), None)
    for kind, pat in _STATEMENT_TITLES:
        for k, ln in enumerate(head):
            # (a bilingual title prints each language's on one line: "Estados de Resultados / Statements of Income")
            if len(ln) <= 120 and pat.search(ln) or len(ln) <= 200 and any(
                    pat.search(half) for half in bilingual.halves(ln) if len(half) <= 120 and half != ln):
                if summary is not None and summary < k:
                    return head[summary][:100], None
                return ln, None if secondary else kind
    for ln in head:      # a title the PDF's text broke inside a word ("Consolidated Statement of Incom e")
        squashed = re.sub(r"[^a-z]", "", ln.lower())
        for kind, pat in _SQUASHED_TITLES:
            if len(ln) <= 80 and pat.fullmatch(squashed):
                return ln, None if secondary else kind
    for ln in head:   # a sentence of prose is not a title: its words would cover questions the table does not
        if not _SKIP_TITLE.match(ln) and re.search(r"[A-Za-z]{3}", ln) and not PROSE.search(ln) \
                and len(ln.split()) <= 14 and not split_row(ln)[1]:      # nor a row of figures
            return ln[:100], None
    return "", None


# a title naming both the parent's (standalone) and the group's (consolidated) results: the page's own column captions
# say which it prints
_BOTH_TITLE = re.compile(r"(?i)\bstand[- ]?alone\s+(?:and|&)\s+consolidated\b|\bconsolidated\s+(?:and|&)\s+stand[- ]?alone\b")


def whose_page(lines: list[str]) -> tuple[bool, bool]:
    """(the page is a statement of part of the group, the parent's own figures) from its heading lines. Under a title
    naming both, a page whose captions never name the consolidated figures prints the standalone ones alone."""
    own = any(OWN_STATEMENTS.search(ln) or OWN_STATEMENT_TITLE.search(ln) for ln in lines[:8]) or \
        any(_BOTH_TITLE.search(ln) for ln in lines[:8]) and \
        not any(re.search(r"(?i)\bconsolidated\b", ln) and not _BOTH_TITLE.search(ln) for ln in lines[:14])
    parts = [ln for ln in lines[:8] if SECONDARY_STATEMENT.search(ln)]
    return own or bool(parts), own or any(OWN_FIGURES.search(ln) for ln in lines[:3]) or \
        any(_PARENTS_OWN.search(ln) for ln in parts)


# a line naming whose block of rows follows, alone: the parent company's or the group's
_BLOCK_ENTITY = re.compile(r"(?i)\s*(?:(?:the\s+)?(parent(?:\s+company)?|company)|(?:the\s+)?(?:group|consolidated))\s*:?\s*")


def end_block(here: dict) -> None:
    """A new header ends a block captioned "GROUP" or "COMPANY" (`retitle`)."""
    if here.pop("block", False):
        here["own"], here["secondary"] = False, here["was_secondary"]


def retitle(here: dict, line: str, nxt: str) -> None:
    """A second statement printed on the same page ("Consolidated statement of financial position" under the income
    statement's last row), or a heading of part of the group ("Parent entity information"), starts below its title."""
    if SECONDARY_STATEMENT.search(line):
        here["secondary"] = True
        here["own"] = bool(_PARENTS_OWN.search(line))     # ("Key standalone financial information": the parent's)
        return
    if (m := _BLOCK_ENTITY.fullmatch(line)) and split_row(nxt)[0] and split_row(nxt)[1]:
        # a note printing the group's block and then the parent's ("GROUP" / rows / "COMPANY" / rows): whose rows
        # follow, until the next header (`end_block`); a caption over the columns ("Company" / "2079 2078") is the
        # columns' own
        here.setdefault("was_secondary", here["secondary"])
        here["own"], here["block"] = bool(m.group(1)), True
        here["secondary"] = True if m.group(1) else here["was_secondary"]
        return
    if here.get("summary") and not re.match(r"(?i)\s*(the\s+)?(consolidated|group)\b", line):
        return          # "Income statement" as a section of a five-year summary
    for text in (line, f"{line} {nxt}"):
        for kind, pat in _STATEMENT_TITLES:
            if pat.search(text) and re.match(r"(?i)\s*(the\s+)?(consolidated|group|company)?\s*"
                                              r"(statements?|balance|income|cash|profit)", text):
                here["statement"] = None if here["secondary"] else kind
                return
