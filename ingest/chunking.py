"""Page text -> chunks that never span pages and keep statement rows with their year columns.

Each chunk starts with a context line naming the page's title, unit and column years
("Consolidated Statement of Cash Flows (million; columns 2018 | 2017 | 2016)") followed by whole text lines,
with aligned statement rows rewritten as `label | 2018: (1,577) | 2017: (1,373) | 2016: (1,420)`. Chunks fit
the embedder's token budget (MiniLM is 2x faster per token at <=128 word pieces than at 256).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from pipeline.reading.tables import parse_page
from pipeline.reading.page_table import PageTable


@dataclass
class PageChunk:
    page: int       # 1-based
    ord: int
    text: str       # what is stored, shown and keyword-indexed: figures included
    embed_text: str  # what the dense model sees: the same lines without figures (years kept)
    section: str = ""            # the page's title
    statement: str | None = None  # cash_flow | income | balance for primary statement pages


_FIGURE = re.compile(r"(?<![\w])\(?-?\$?(?!(?:19|20)\d{2}\b)\d[\d,]*(?:\.\d+)?\)?%?(?![\w]|-\w)|\|\s*(?:19|20)\d{2}:")


def figure_free(line: str) -> str:
    """A line as the embedder sees it: figures and the repeated `| 2018:` cell keys removed, years kept.

    Dense vectors capture what a line is about; the figures themselves are matched by the keyword index.
    """
    return re.sub(r"\s{2,}", " ", _FIGURE.sub(" ", line)).strip(" |")


def context_line(table: PageTable) -> str:
    bits = []
    if table.unit:
        bits.append(table.unit)
    if table.header_columns:
        bits.append("columns " + " | ".join(str(y) for y in table.header_columns[0]))
    return f"{table.title} ({'; '.join(bits)})" if bits else table.title


def chunk_page(text: str, page: int, budget: int, count: Callable[[list[str]], list[int]]) -> list[PageChunk]:
    table = parse_page(text)
    lines = table.normalised_lines()
    if not lines:
        return []
    head = context_line(table)
    head_tokens = count([head])[0] if head else 0
    room = max(16, budget - head_tokens - 2)
    light = [figure_free(ln) for ln in lines]
    counts = count(light)
    pieces: list[tuple[str, str, int]] = []
    for line, lite, n in zip(lines, light, counts):
        if n <= room:
            pieces.append((line, lite, n))
            continue
        words = line.split()  # an over-long line: split it by words, proportionally
        step = max(1, int(len(words) * room / n))
        for i in range(0, len(words), step):
            part = " ".join(words[i:i + step])
            part_lite = figure_free(part)
            pieces.append((part, part_lite, count([part_lite])[0]))
    chunks: list[PageChunk] = []
    cur: list[tuple[str, str]] = []
    used = 0

    def flush() -> None:
        text = "\n".join([head, *(c[0] for c in cur)]) if head else "\n".join(c[0] for c in cur)
        emb = "\n".join([head, *(c[1] for c in cur if c[1])]) if head else "\n".join(c[1] for c in cur if c[1])
        chunks.append(PageChunk(page, len(chunks), text, emb, table.title[:200], table.statement))

    for line, lite, n in pieces:
        n = max(0, n - 2)  # [CLS]/[SEP] are counted once per chunk, not per line
        if cur and used + n > room:
            flush()
            cur, used = [], 0
        cur.append((line, lite))
        used += n
    if cur:
        flush()
    return chunks
