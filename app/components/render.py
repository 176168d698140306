"""Rendering helpers shared by pages: safe markdown and citation chips."""
from __future__ import annotations

import re


def safe_markdown(text: str) -> str:
    """Model or report text as inert markdown: no HTML, no LaTeX (a '$' must stay a dollar sign)."""
    text = text.replace("\\", "\\\\")
    text = re.sub(r"([$<>*_`~#|\[\]])", r"\\\1", text)
    return text


def citation_chip(label: str, marker: int) -> str:
    return f":blue-background[**[{marker}]** {safe_markdown(label)}]"
