"""Columns headed by their place in time instead of a year, as Vietnamese and other translated statements print them:
"Current year  Previous year" under a caption that dates the statement ("For the year ended 31 December 2031"), and a
balance sheet's "Closing balance 31/12/2031  Opening balance 01/01/2031", whose opening balance is the previous year's
closing one. The header is read as the years (and dates) they are; without a dated caption on the page the relative
columns stay unread."""
from __future__ import annotations

import re
from datetime import date, timedelta

from pipeline.core import months

_CAPTION = re.compile(rf"(?i)\b(?:for\s+the\s+(?:financial\s+|fiscal\s+)?year\s+ended|year\s+ended|as\s+(?:at|of))\s+"
                      rf"(?:(\d{{1,2}})\s+({months.MON})|({months.MON})\s+(\d{{1,2}}),?)\s+((?:19|20)\d{{2}})")
_CURRENT = re.compile(r"(?i)\bcurrent\s+(?:financial\s+)?(?:year|period)\b")
_PREVIOUS = re.compile(r"(?i)\b(?:previous|prior|preceding|last)\s+(?:financial\s+)?(?:year|period)\b")
# a balance sheet's header of the two, undated, side by side ("Ending balance  Beginning balance" under "as at 31
# December 2031"): the year's close and the one brought forward from the year before (never a movement table's
# "Beginning balance  Increase  Decrease  Ending balance")
_ENDING_BEGINNING = re.compile(r"(?i)\b(?:ending|closing)\s+balance\s+(?:beginning|opening)\s+balance\s*$")
# "Opening balance 01/01/2031" (day first): the balance brought forward from the day before
_OPENING = re.compile(r"(?i)\bopening\s+balance\s+(\d{1,2})[/.](\d{1,2})[/.]((?:19|20)\d{2})\b")
_BALANCES = re.compile(r"(?i)\bclosing\s+balance\s+\d{1,2}[/.]\d{1,2}[/.]((?:19|20)\d{2})\s+opening\s+balance\s+"
                       r"\d{1,2}[/.]\d{1,2}[/.]((?:19|20)\d{2})\s*$")


def read(lines: list[str]) -> list[str]:
    out = list(lines)
    if any(_OPENING.search(ln) for ln in lines):
        out = [_OPENING.sub(_day_before, ln) for ln in out]
        # a header of a closing and an opening balance ("ASSETS Code Note Closing balance 31/12/2031 Opening balance
        # 31/12/2030" once brought forward): the years, as a header closing on its years reads them
        out = [_BALANCES.sub(lambda m: f"{m.group(1)} {m.group(2)}", ln) for ln in out]
    if not any(_CURRENT.search(ln) and _PREVIOUS.search(ln) or _ENDING_BEGINNING.search(ln) for ln in out):
        return out
    caption = next((m for ln in out[:12] if (m := _CAPTION.search(ln))), None)
    if caption is None:
        return out
    year = int(caption.group(5))
    out = [_ENDING_BEGINNING.sub(f"{year} {year - 1}", ln) for ln in out]
    return [_PREVIOUS.sub(str(year - 1), _CURRENT.sub(str(year), ln)) if _CURRENT.search(ln) and _PREVIOUS.search(ln)
            and not re.search(r"\d[\d,.]*\d{3}", ln) else ln for ln in out]


def _day_before(m: re.Match) -> str:
    try:
        d = date(int(m.group(3)), int(m.group(2)), int(m.group(1))) - timedelta(days=1)
    except ValueError:
        return m.group(0)
    return f"Opening balance {d.day:02d}/{d.month:02d}/{d.year}"
