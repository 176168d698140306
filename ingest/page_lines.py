"""The lines of a page's text, and the first page and line that print a phrase: the evidence an identity reading
(ingest/identify.py) records beside each field it reads."""
from __future__ import annotations

from typing import Sequence


def stripped_lines(text: str) -> list[str]:
    return [ln.strip() for ln in (text or "").splitlines()]


def line_with(text: str, needle: str) -> str:
    for ln in stripped_lines(text):
        if needle and needle.lower() in ln.lower():
            return ln
    return ""


def page_with(pages: Sequence[str], needle: str, limit: int) -> tuple[int | None, str]:
    for i in range(min(len(pages), limit)):
        ln = line_with(pages[i] or "", needle)
        if ln:
            return i + 1, ln
    return None, ""
