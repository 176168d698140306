"""Page texts of a PDF with pypdfium2 (it opens the corpus's AES-encrypted, empty-password files as they are)."""
from __future__ import annotations

from pathlib import Path


class PdfReadError(ValueError):
    """The file cannot be read as a PDF with a text layer; the message says why."""


def read_pages(path: Path, *, readable: bool = True) -> list[str]:
    """The page texts; `readable`: fail where the text layer is unreadable on most pages (ingest); False returns
    them as they are (identification's checks, which report such a filing as not detected)."""
    import pypdfium2 as pdfium

    path = Path(path)
    with open(path, "rb") as f:
        if f.read(5) != b"%PDF-":
            raise PdfReadError(f"{path.name}: not a PDF (no %PDF- header)")
    try:
        doc = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as e:
        msg = str(e)
        if "password" in msg.lower():
            raise PdfReadError(f"{path.name}: password-protected; save an unprotected copy and ingest that") from None
        raise PdfReadError(f"{path.name}: unreadable PDF ({msg})") from None
    try:
        n = len(doc)
        if n == 0:
            raise PdfReadError(f"{path.name}: the PDF has no pages")
        pages = []
        for i in range(n):
            page = doc[i]
            tp = page.get_textpage()
            pages.append(tp.get_text_range())
            tp.close()
            page.close()
    finally:
        doc.close()
    if not any(p.strip() for p in pages):
        raise PdfReadError(f"{path.name}: no text layer on any of its {n} pages (a scanned image?); OCR it first")
    texts = [p for p in pages if len(p.strip()) >= 200]
    garbled = sum(1 for p in texts if garbled_text(p))
    if readable and texts and garbled >= 0.8 * len(texts):
        raise PdfReadError(f"{path.name}: its text layer is unreadable on {garbled} of its {len(texts)} pages of text "
                           "(its fonts map letters to private codes, so the words come out as symbols); OCR it first")
    return pages


def garbled_text(text: str) -> bool:
    """A page whose text layer maps its letters to other codes ("G<5F9G\x01C:" for "shares of"): control characters
    in place of spaces, or almost no word of two letters or more with a vowel."""
    body = text.replace("\n", " ").replace("\r", " ").replace("\t", " ")
    control = sum(1 for ch in body if ord(ch) < 32)
    words = body.split()
    worded = sum(1 for w in words if len(w) >= 2 and any(v in w.lower() for v in "aeiouy") and w[:1].isalpha())
    return control > 0.05 * len(body) or bool(words) and worded < 0.2 * len(words)
