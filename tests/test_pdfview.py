"""Citation highlights land on the cited words (generated PDFs; no database)."""
import pypdfium2 as pdfium
import pytest

from tests.pdfs import write_pdf

LINES = [
    "Management's Discussion and Analysis",
    "In 2030 the network program continued and revenue grew in every segment of the business.",
    "Additionally in December 2030 we completed the sale of the remaining",
    "telecommunications integration services business based in Germany.",
    "Capital spending in 2031 is expected to be similar to 2030 levels.",
]


def _char_boxes(pdf, words: str):
    doc = pdfium.PdfDocument(str(pdf))
    tp = doc[0].get_textpage()
    text = tp.get_text_range()
    i = text.find(words)
    assert i >= 0
    boxes = [tp.get_charbox(j) for j in range(i, i + len(words)) if not text[j].isspace()]
    doc.close()
    return boxes


def _overlaps(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.fixture
def pdf(tmp_path):
    return write_pdf(tmp_path / "ACME_2030_10K.pdf", [LINES])


def test_a_quote_across_a_line_break_is_boxed_on_each_of_its_lines(pdf):
    from app.components.pdfview import needles_for, render_page

    answer = ("The ACME FY2030 10-K says: \u201cAdditionally in December 2030 we completed the sale of the remaining "
              "telecommunications integration services business based in Germany.\u201d [1]")
    boxes: list = []
    _, found = render_page(pdf, 1, needles_for(answer, [], 1), boxes=boxes)
    assert found and len(boxes) == 2                         # one box per printed line
    first, second = _char_boxes(pdf, "Additionally"), _char_boxes(pdf, "telecommunications")
    assert any(_overlaps(boxes[0], c) for c in first) and any(_overlaps(boxes[1], c) for c in second)
    above = _char_boxes(pdf, "In 2030 the network")          # the line above, which holds the same year
    assert not any(_overlaps(b, c) for b in boxes for c in above)


def test_the_fiscal_year_label_of_an_answer_is_never_a_needle():
    from app.components.pdfview import needles_for

    assert needles_for("3M's capex in FY2018 was $1,577 million [1].", [], 1) == ["1,577"]


def test_a_statement_figure_is_boxed_on_its_row(tmp_path):
    from app.components.pdfview import needles_for, render_page
    from tests.pdfs import CASH_FLOW_PAGE

    pdf = write_pdf(tmp_path / "VERIZON_2030_10K.pdf", [CASH_FLOW_PAGE])
    fig = {"marker": 1, "value": "(9,876)", "row_label": "Capital expenditures (including capitalized software)"}
    boxes: list = []
    _, found = render_page(pdf, 1, needles_for("", [fig], 1), boxes=boxes)
    assert len(found) == 2
    assert any(_overlaps(b, c) for b in boxes for c in _char_boxes(pdf, "9,876"))
