"""The words a column header prints beside its periods that head no column: header words ("Year ended", "Notes",
"Group"), the caption naming whose columns they are ("Group Company"), a balance sheet's section caption at the head of the labels' column, and a basis the columns are captioned
with (a restatement's "As Adjusted", an IAS 29 statement's "INFLATION ADJUSTED" / "HISTORICAL COST")."""
from __future__ import annotations

import re

HEADER_WORDS = set("""at as of for the year years ended ending end months month weeks week three six nine twelve
fiscal quarter quarters first second third fourth q1 q2 q3 q4 h1 half full particulars no in millions million thousands
thousand billions billion except per share data amounts amount dollars dollar note notes change changes restated
unaudited audited and group company consolidated parent total period periods to from continued yen sterling pounds
euros euro us u.s. usd gbp eur jpy aud cad m bn k mn unless otherwise stated item aop code 000 '000 000s of actual reported on basis increase decrease inc
dec variance favorable unfavorable fav unfav amounts, shares rm zar rand nota notas refer crore crores lakh lakhs sl
sr fils var variation controladora consolidado consolidada individual""".split())     # ("Sl. No.", "Sr. No.": the serial numbers' column of Indian results)

# a balance sheet's section caption printed at the head of the labels' column, on the header's line ("ASSETS Note
# 12/31/2088 12/31/2087", "LIABILITIES AND EQUITY 2088 2087"): the labels' heading, no word of the header
# (and in French, Spanish, Portuguese and German: "ACTIFS Notes 31/12/2091", "PASIVO Y PATRIMONIO Notas 2091")
SECTION_LEAD = re.compile(r"^\s*(?:(?:ASSETS|LIABILITIES|EQUITY|SHAREHOLDERS['’]?|STOCKHOLDERS['’]?|AND|&|ACTIFS?|PASSIFS?|"
                          r"CAPITAUX\s+PROPRES|ET|ACTIVOS?|PASIVOS?|PATRIMONIO(?:\s+NETO)?|Y|ATIVOS?|PASSIVOS?|"
                          r"PATRIM[OÔ]NIO\s+L[IÍ]QUIDO|E|AKTIVA|PASSIVA)\s+)+"
                          r"(?=not[ea]s?\b|(?:19|20)\d{2}\b|\d{1,2}[/.]\d{1,2}[/.](?:19|20)\d{2}\b)", re.I)

# the labels' column captioned with the table's name and units at the head of the column line ("Highlights (R$
# million) 4Q93 4Q92 Var. 2093 2092 Var.", "Key figures (EUR million) 2094 2093"): no word of the header; only a name
# a table goes by, never a row's label ("Net sales (EUR million) 2,406 2,118" is a row)
LABELS_CAPTION = re.compile(r"(?i)^\s*(?:(?:financial|operating|group|key)\s+)?(?:highlights|key\s+(?:figures|data|metrics)|"
                            r"summary|overview|selected\s+(?:financial\s+)?data|in\s+brief|at\s+a\s+glance)\s+"
                            r"\((?=[^)]*(?:millions?|thousands?|billions?|'000|\bmn|\bbn|\bm)\)?\s*\))[^)]{1,30}\)\s+(?=\S)")

# a restatement's or an IAS 29 statement's basis over the columns
BASIS_CAPTION = re.compile(r"(?i)\bas\s+(?:adjusted|recast|revised)\b|\bre-?presented\b|\binflation[- ]adjusted\b|"
                           r"\bhistorical\s+cost\b|\bsupplementary\b")

# whose columns, on one line: "Group Company", "The Group The Company", "Group Bank", "Consolidated Holding Company",
# "Consolidated financial statements Separate financial statements" (each entity word may carry the statements' name),
# "Particulars Standalone Consolidated" (the labels' caption at its head), "Individual Consolidated" (Brazilian); in a
# report printed in two languages each word beside its translation ("Društvo / Company Grupa / Group")
_ENTITY_WORD = (r"(?:the\s+)?(?:group|consolidated|consolidad[oa]|(?:holding\s+)?company|parent|separate|stand-?alone|bank|"
                r"individual|controladora)"
                r"(?:\s+(?:financial\s+(?:statements|information)|accounts))?")
_TRANSLATION = r"[^\s/\d]+"
ENTITY_CAPTION = re.compile(rf"(?i)\s*(?:particulars\s+)?(?:(?:{_TRANSLATION}\s+/\s+)?{_ENTITY_WORD}"
                            rf"(?:\s+/\s+{_TRANSLATION})?\s*){{2,}}")
# the entity caption over two lines: "Consolidated Separate" / "financial statements financial statements"
ENTITY_CAPTION_TAIL = re.compile(r"(?i)\s*(?:financial\s+(?:statements|information)\s*){2,}")


# an entity word before each block of the years on a caption line ("Year ended 31 March (Rs.'000) Note Group 2091 2090
# Company 2091 2090"): the line's columns are every block's, not only the years it closes on
_ENTITY_BEFORE_YEARS = re.compile(r"(?i)\b(group|company|bank|consolidated|parent|separate)\s+(?=(?:19|20)\d{2}\b)")


def entity_lines(line: str, closing: list[int]) -> list[str] | None:
    """The caption line printing its closing years (`closing`) once after each of two or more entity words, as the
    header lines it stands for: the entities' caption over the columns ("Group Company" over "Note 2091 2090 2091
    2090"); None for any other line."""
    blocks = list(_ENTITY_BEFORE_YEARS.finditer(line))
    years = re.findall(r"(?<!\d)(?:19|20)\d{2}(?!\d)", line[blocks[0].start():]) if len(blocks) >= 2 else []
    if not years or len(years) != len(blocks) * len(closing):
        return None
    note = "Note " if re.search(r"(?i)\bnotes?\b", line[:blocks[0].start()]) else ""
    return [" ".join(b.group(1) for b in blocks), note + " ".join(years)]
