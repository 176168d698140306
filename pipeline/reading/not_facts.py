"""Lines and pages that print figures but hold no statement's cells: a cover page, a table of contents, a page's
running footer, a header line of dates split into a label and values, a sentence that ends in figures, a postal
address ending in its postcode, a header of numbered columns whose last number fell into the values."""

from __future__ import annotations

import re

from pipeline.reading.page_table import PageTable

# A registrant's cover page, a table of contents: their numbers (file numbers, page numbers, share counts of a
# date) are no table cells.
_COVER = re.compile(r"(?i)commission file (number|no)|indicate by check mark|securities registered pursuant")
_CONTENTS = re.compile(r"(?i)^(table of )?contents$|^index( to (the )?(consolidated )?financial statements)?$")
_SENTENCE = re.compile(r"(?i)\b(we|our|us|they|which|that|has been|have been|will be)\b|[a-z]{3}\.\s+[A-Z]")


def not_a_table_page(t: PageTable) -> bool:
    """A cover page or a table of contents produces no facts."""
    head = t.lines[:40]
    if sum(bool(_COVER.search(ln)) for ln in head) >= 1 and not t.statement:
        return True
    # ("Table of Contents" heads every page of many 10-Ks as a link: a contents page lists page numbers)
    if not any(_CONTENTS.match(ln.strip()) for ln in t.lines[:6]):
        return False
    valued = [r for r in t.rows if r.values]
    pages = [r for r in valued if len(r.values) == 1 and re.fullmatch(r"\d{1,3}", r.values[0])]
    return len(pages) >= 3 and len(pages) >= 0.6 * len(valued)     # its rows are titles with a page number


# A page's running footer or header: the report's name, its year and the page number ("Acme Limited ANNUAL REPORT
# 2022 53", "Annual Report and Accounts 2023 | 17")
_REPORT_NAME = re.compile(r"(?i)\b(annual|integrated|interim|half[- ]year) report( and (accounts|financial statements))?"
                          r"[\s|–-]*((19|20)\d{2})?[\s|–-]*$|"
                          # "Annual Report 2022 | Acme Group Limited 103": the report's name first
                          r"(?:^|\u203a\s*)(annual|integrated|interim|half[- ]year) report\b[^|]{0,24}\|[^|]{1,60}$")


# the book of the statements named so, its year and page after it ("Acme Oyj | Financial Statements 2094 | 37"); never
# a row about them ("Audit of the consolidated financial statements 120 110")
_BOOK_NAME = re.compile(r"(?i)\b(?:annual\s+)?(?:financial\s+statements|accounts)\W*$")


def running_footer(label: str, cells) -> bool:
    values = [v for _, v in cells]       # the year may have been split off as a value: [2022, 53]
    if len(values) == 2 and re.fullmatch(r"(19|20)\d{2}", values[0]) and re.fullmatch(r"\d{1,3}", values[1]) and \
            _BOOK_NAME.search(label):
        return True
    return 1 <= len(values) <= 2 and bool(re.fullmatch(r"\d{1,3}", values[-1])) and \
        all(re.fullmatch(r"\d{1,3}|(19|20)\d{2}", v) for v in values) and bool(_REPORT_NAME.search(label))


_MONTH_END = re.compile(r"(?i)\b(january|february|march|april|may|june|july|august|september|october|november|"
                        r"december)$")


def split_date(label: str, cells) -> bool:
    """A header line of dates ("Contract Type February 2, 2019 February 3, 2018") split into a label ending in a month
    and values that are a day and a year: no row (a note number in the notes column is no day: "Cash and cash
    equivalents at 31 December 22 56,051 41,377")."""
    return bool(_MONTH_END.search(label)) and any(re.fullmatch(r"\d{1,2},?|(19|20)\d{2}", v) for c, v in cells
                                                  if c.kind != "note")


def prose(label: str) -> bool:
    """A sentence that ended in figures ("... we repaid the notes due 2026 500"): prose, not a row label."""
    return len(label.split()) > 12 and bool(_SENTENCE.search(label))


# a postal address whose postcode ends the line ("Level 4, 17 Harbour Parade, Fremantle WA 6160", "PO Box 321, Subiaco
# WA 6904", "100 Main Street, Suite 400, Dallas, TX 75201"): a street or a box before it, the postcode unpunctuated
_ADDRESS = re.compile(r"(?i)(?:\b(?:level|suite|floor|unit)\s+\d+,|\b(?:p\.?\s?o\.?|post\s+office)\s+box\s+\d+|"
                      r"\b\d+[a-z]?\s+(?:[A-Z][\w'’-]*\s+){1,3}(?:street|st|road|rd|avenue|ave|esplanade|terrace|"
                      r"drive|dr|boulevard|blvd|lane|place|parade|highway|way|court)\b)")


def postal_address(label: str, cells) -> bool:
    values = [v for _, v in cells]
    return len(values) == 1 and bool(re.fullmatch(r"\d{4,5}", values[0])) and bool(_ADDRESS.search(label)) and \
        bool(_TOWN_LAST.search(label))


# the address's town (and state) after its last comma: capitalised words only ("Perth WA", "Dallas, TX")
_TOWN_LAST = re.compile(r",\s*(?:[A-Z][\w'’-]*\s*){1,4}$")


def numbered_header(label: str, cells) -> bool:
    """A header of numbered columns ("Total Level 1 Level 2 Level 3", "Stage 1 Stage 2 Stage 3") whose last number was
    split off as a value: the label ends in the word the numbers follow and prints the number before the value's."""
    values = [v for _, v in cells]
    m = re.search(r"(?i)\b([a-z]+)$", label)
    return len(values) == 1 and m is not None and bool(re.fullmatch(r"[2-9]", values[0])) and \
        re.search(rf"(?i)\b{m.group(1)}\s+{int(values[0]) - 1}\b", label) is not None
