"""The relevance grader (checkpoint 3): keeps retrieved passages that are in scope and not boilerplate.

Boilerplate - the auditor's report, governance, forward-looking-statement disclaimers, exhibit indexes,
signatures, tables of contents - is dropped unless the question is about it. A company counts as found only
if one of its passages survives."""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.retrieval.passage import Passage

BOILERPLATE = {
    "auditor's report": (re.compile(r"(?i)report of independent registered public accounting firm|critical audit "
                                    r"matters?|opinion on the (consolidated )?financial statements|we have audited"),
                         re.compile(r"(?i)\baudit(or|ors|ed|ing)?\b")),
    "governance": (re.compile(r"(?i)directors, executive officers and corporate governance|executive compensation|"
                              r"security ownership of certain beneficial owners|code of (business )?conduct"),
                   re.compile(r"(?i)\b(governance|directors?|board|compensation|ownership)\b")),
    "forward-looking statements": (re.compile(r"(?i)forward-looking statements|cautionary (note|statement)|"
                                              r"safe harbor"),
                                   re.compile(r"(?i)\b(forward-looking|risk factors?|cautionary)\b")),
    "exhibit index": (re.compile(r"(?i)exhibit index|exhibits and financial statement schedules|"
                                 r"(^|\n)\s*\(?\d{1,2}\.\d{1,3}\)?\s+(form of|indenture|agreement|amended)|"
                                 r"incorporated (herein )?by reference to|\(exhibits? \d+(\.\d+)? to (the )?"
                                 r"(company|registrant)['’]?s?"),
                      re.compile(r"(?i)\b(exhibits?|indenture|agreement)\b")),
    "signatures": (re.compile(r"(?i)(^|\n)\s*signatures\s*(\n|$)|pursuant to the requirements of (section 13|the "
                              r"securities exchange act)"),
                   re.compile(r"(?i)\bsign(ed|atures?)\b")),
    "table of contents": (re.compile(r"(?i)(item\s+\d+[a-c]?\.\s.*\n.*){5,}"), re.compile(r"(?i)\bcontents\b")),
}


@dataclass
class Grade:
    passage: Passage
    kept: bool
    reason: str


def grade(question: str, passages: list[Passage], companies: list[str], years: list[int] | None) -> list[Grade]:
    out: list[Grade] = []
    for p in passages:
        if companies and p.company not in companies:
            out.append(Grade(p, False, f"out of scope: {p.company}"))
            continue
        if years and p.fiscal_year not in years:
            out.append(Grade(p, False, f"out of scope: FY{p.fiscal_year}"))
            continue
        reason = ""
        for kind, (pattern, asked) in BOILERPLATE.items():
            if pattern.search(p.text) and not asked.search(question):
                reason = f"boilerplate: {kind}"
                break
        out.append(Grade(p, not reason, reason or "in scope"))
    return out


def found_flags(grades: list[Grade], companies: list[str]) -> dict[str, bool]:
    return {c: any(g.kept and g.passage.company == c for g in grades) for c in companies}
