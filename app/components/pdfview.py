"""A cited PDF page as an image (pypdfium2), with the cited figure, row or quoted sentence highlighted.

Text is located on the page's own characters: the page text with whitespace folded (a quote spans line breaks
the PDF stores as CR LF), mapped back to character indices, and one box drawn per printed line from the
characters' boxes - so a highlight sits on the cited words, never on the first same-looking number above."""
from __future__ import annotations

import re
from pathlib import Path

_FOLD = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-",
                       "\u00a0": " "})


def _fold(ch: str) -> str:
    return ch.translate(_FOLD).lower()


def locate(textpage, needle: str) -> list[tuple[float, float, float, float]]:
    """Boxes (left, bottom, right, top in PDF points), one per line, of the first occurrence of `needle` on the
    page, matched with whitespace folded and case ignored. [] if it is not printed there."""
    n = textpage.count_chars()
    text = textpage.get_text_range(0, n) if n else ""
    if len(text) != n:           # generated characters do not line up with indices: fall back to pdfium's search
        return _search(textpage, needle)
    folded, index = [], []
    space = True
    for i, ch in enumerate(text):
        if ch.isspace() or ch == "\ufffe":
            if not space:
                folded.append(" ")
                index.append(i)
            space = True
        else:
            folded.append(_fold(ch))
            index.append(i)
            space = False
    target = " ".join(needle.translate(_FOLD).lower().split())
    flat = "".join(folded)
    at, target = _find(flat, target)
    if at < 0:
        return []
    chars = [index[k] for k in range(at, at + len(target)) if folded[k] != " "]
    return _lines([textpage.get_charbox(i) for i in chars])


def _find(flat: str, target: str) -> tuple[int, str]:
    """(offset, matched text): the needle itself; for a long quote the page prints a little differently (a running
    head before it, a different ending), the longest of its forms without up to 8 leading words, cut to its
    first 60 characters if need be."""
    if not target:
        return -1, target
    at = flat.find(target)
    if at >= 0 or len(target) <= 40:
        return at, target
    words = target.split(" ")
    for start in range(1, min(9, len(words) - 3)):
        tail = " ".join(words[start:])
        for cand in (tail, tail[:60].rsplit(" ", 1)[0]):
            if len(cand) >= 25 and (at := flat.find(cand)) >= 0:
                return at, cand
    head = target[:60].rsplit(" ", 1)[0]
    return flat.find(head), head


def _search(textpage, needle: str) -> list[tuple[float, float, float, float]]:
    hit = textpage.search(needle, match_case=False).get_next()
    if not hit:
        return []
    index, count = hit
    return _lines([textpage.get_rect(i) for i in range(textpage.count_rects(index, count))])


def _lines(boxes: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """Merge character boxes into one box per printed line (the same line while a character overlaps the line's
    height by at least half its own, and does not jump back to the left)."""
    out: list[list[float]] = []
    for left, bottom, right, top in boxes:
        if right <= left and top <= bottom:
            continue
        overlap = min(top, out[-1][3]) - max(bottom, out[-1][1]) if out else 0.0
        if out and overlap >= 0.5 * min(top - bottom, out[-1][3] - out[-1][1]) and left >= out[-1][0] - 1:
            box = out[-1]
            box[0], box[1], box[2], box[3] = min(box[0], left), min(box[1], bottom), max(box[2], right), max(box[3], top)
        else:
            out.append([left, bottom, right, top])
    return [tuple(b) for b in out]  # type: ignore[misc]


def render_page(pdf_path: str | Path, page: int, needles: list[str], scale: float = 1.6, boxes: list | None = None):
    """(PIL image, which needles were found). `page` is 1-based. `boxes`, when given, receives the highlighted
    boxes in PDF points (left, bottom, right, top)."""
    import pypdfium2 as pdfium
    from PIL import Image, ImageDraw

    doc = pdfium.PdfDocument(str(pdf_path))
    try:
        p = doc[page - 1]
        image = p.render(scale=scale).to_pil().convert("RGBA")
        height = p.get_height()
        layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
        overlay = ImageDraw.Draw(layer)
        textpage = p.get_textpage()
        found = []
        for needle in [n for n in needles if n and len(n) >= 2]:
            lines = locate(textpage, needle)
            if not lines:
                continue
            found.append(needle)
            for left, bottom, right, top in lines:
                if boxes is not None:
                    boxes.append((left, bottom, right, top))
                box = [left * scale - 3, (height - top) * scale - 3, right * scale + 3, (height - bottom) * scale + 3]
                overlay.rectangle(box, fill=(255, 221, 0, 60), outline=(214, 120, 0, 255), width=2)
        textpage.close()
        p.close()
        return Image.alpha_composite(image, layer).convert("RGB"), found
    finally:
        doc.close()


def _cut(quote: str, n: int = 120) -> str:
    return quote if len(quote) <= n else quote[:n].rsplit(" ", 1)[0]


def needles_for(answer: str, figures: list[dict], marker: int) -> list[str]:
    """What to highlight for citation `marker`: its figures as printed and their row labels; else the sentence
    quoted with that marker; else the figures stated with it (never a fiscal-year label such as FY2018)."""
    out = []
    for f in figures:
        if f.get("marker") == marker:
            out += [f["value"].strip("()$"), f["row_label"][:60]]
    if out:
        return out
    for quote, m in re.findall(r"\u201c(.+?)\u201d\s*\[(\d+)\]", answer):
        if int(m) == marker:
            out.append(_cut(quote))
    if out:
        return out
    quote = re.search(r"\u201c(.+?)\u201d", answer)
    if quote:
        return [_cut(quote.group(1))]
    text = re.sub(r"\bFY\s?\d{2,4}\b|\[\d+\]", " ", answer)
    return [t.strip("()$") for t in re.findall(r"\$?\(?\d[\d,]{2,}(?:\.\d+)?\)?", text)
            if not re.fullmatch(r"(19|20)\d\d", t.strip("()$"))][:4]
