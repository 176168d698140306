"""User text as the pipeline reads it: what a question carries that is not the question is taken out first.

- control characters (NUL breaks text and jsonb) become spaces, unpaired surrogates U+FFFD;
- markup: an HTML/XML element that holds code or styling (`<script>…</script>`, `<style>`, `<iframe>`,
  `<object>`, `<svg>`, `<template>`, comments) goes with its content, any other tag goes and its text stays
  (`<b>revenue</b>` reads "revenue"), entities are read as characters (`&amp;` is "&");
- code: a fenced block (```…```) goes whole.
What was taken out is returned, so the turn can record it (the trace's `clean` step) and say so. A text with no
`<`, `&` or backquote fence is returned as it is (no parsing on the common path). Parsing is the standard
library's `html.parser`, which reads a lone `<` ("revenue < 5 billion") as text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_FENCE = re.compile(r"```.*?(?:```|$)", re.S)
_MARKUP_HINT = re.compile(r"<[A-Za-z!/?]|&[#A-Za-z0-9]+;")
# elements whose content is code or presentation, never part of a question
_DROP_CONTENT = {"script", "style", "iframe", "object", "embed", "svg", "math", "template", "noscript", "textarea"}
_SPACES = re.compile(r"[ \t]{2,}")
_CODE_ELEMENT = re.compile(r"(?is)<(%s)\b[^>]*>.*?(?:</\1\s*>|$)" % "|".join(sorted(_DROP_CONTENT)))
_DECL = re.compile(r"(?s)<!--.*?(?:-->|$)|<![^<>]*>?")
_ANY_TAG = re.compile(r"<[A-Za-z!/?][^<>]*>?")


@dataclass
class Cleaned:
    text: str
    removed: list[str] = field(default_factory=list)    # what was taken out, as typed (shortened)
    control: bool = False                               # control characters or surrogates were replaced


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.removed: list[str] = []
        self._skip: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.removed.append(self.get_starttag_text() or f"<{tag}>")
        if tag in _DROP_CONTENT:
            self._skip.append(tag)
        self.out.append(" ")

    def handle_startendtag(self, tag, attrs):
        self.removed.append(self.get_starttag_text() or f"<{tag}/>")
        self.out.append(" ")

    def handle_endtag(self, tag):
        self.removed.append(f"</{tag}>")
        if tag in self._skip:
            while self._skip and self._skip.pop() != tag:
                pass
        self.out.append(" ")

    def handle_data(self, data):
        if self._skip:
            if data.strip():
                self.removed.append(data.strip())
        else:
            self.out.append(data)

    def handle_comment(self, data):
        self.removed.append(f"<!--{data}-->")

    def handle_decl(self, decl):
        self.removed.append(f"<!{decl}>")

    def handle_pi(self, data):
        self.removed.append(f"<?{data}>")

    def unknown_decl(self, data):
        self.removed.append(f"<![{data}]>")


def clean_question(text: str) -> Cleaned:
    """The question without control characters, markup or code (see the module docstring)."""
    control = False
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        text, control = text.encode("utf-8", "replace").decode("utf-8"), True
    if _CONTROL.search(text):
        text, control = _CONTROL.sub(" ", text), True
    removed: list[str] = []
    if "```" in text:
        removed += [m.group(0) for m in _FENCE.finditer(text)]
        text = _FENCE.sub(" ", text)
    for _ in range(2):              # entities that spell markup ("&lt;script&gt;") are read, then stripped too
        if not _MARKUP_HINT.search(text):
            break
        if "<!" in text:            # comments and declarations first: a malformed one ("<![0") swallows the rest
            removed += [m.group(0) for m in _DECL.finditer(text)]
            text = _DECL.sub(" ", text)
        p = _Text()
        try:
            p.feed(text)
            p.close()
            removed += p.removed
            text = "".join(p.out)
        except AssertionError:      # the parser gives up on some malformed declarations ("<![0"): plain rules
            removed += [m.group(0) for m in _ANY_TAG.finditer(text)]
            text = _ANY_TAG.sub(" ", _CODE_ELEMENT.sub(" ", text))
            break
        if "<" not in text:
            break
    if removed:
        text = _SPACES.sub(" ", text).strip()
    return Cleaned(text=text, removed=[_short(r) for r in removed if r.strip()], control=control)


def _short(s: str, n: int = 80) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"
