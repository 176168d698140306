"""A cited PDF page as an image (pypdfium2), with the cited figure or row highlighted where it can be found."""
from __future__ import annotations

import re
from pathlib import Path


def render_page(pdf_path: str | Path, page: int, needles: list[str], scale: float = 1.6):
    """(PIL image, which needles were found). `page` is 1-based."""
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
            searcher = textpage.search(needle, match_case=False)
            hit = searcher.get_next()
            if not hit:
                continue
            found.append(needle)
            index, count = hit
            rects = [textpage.get_rect(i) for i in range(textpage.count_rects(index, count))]
            if not rects:
                continue
            left, bottom = min(r[0] for r in rects), min(r[1] for r in rects)
            right, top = max(r[2] for r in rects), max(r[3] for r in rects)
            box = [left * scale - 3, (height - top) * scale - 3, right * scale + 3, (height - bottom) * scale + 3]
            overlay.rectangle(box, fill=(255, 221, 0, 60), outline=(214, 120, 0, 255), width=2)
        textpage.close()
        p.close()
        return Image.alpha_composite(image, layer).convert("RGB"), found
    finally:
        doc.close()


def needles_for(answer: str, figures: list[dict], marker: int) -> list[str]:
    """What to highlight for citation `marker`: its figures as printed and their row labels, else the quote."""
    out = []
    for f in figures:
        if f.get("marker") == marker:
            out += [f["value"].strip("()$"), f["row_label"][:60]]
    if not out:
        quote = re.search(r"\u201c(.+?)\u201d", answer)
        if quote:
            out.append(quote.group(1)[:80])
        out += [t.strip("()$") for t in re.findall(r"\$?\(?\d[\d,]{2,}(?:\.\d+)?\)?", answer)][:4]
    return out
