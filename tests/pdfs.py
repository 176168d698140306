"""Small generated PDFs with known figures (fpdf2), for tests that must not depend on the real corpus."""
from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

CASH_FLOW_PAGE = [
    "Verizon Communications Inc. and Subsidiaries",
    "Consolidated Statements of Cash Flows",
    "(dollars in millions) Years Ended December 31, 2030 2029 2028",
    "Cash Flows from Operating Activities",
    "Net income $ 4,321 $ 3,210 $ 2,109",
    "Net cash provided by operating activities 12,345 11,234 10,123",
    "Cash Flows from Investing Activities",
    "Capital expenditures (including capitalized software) (9,876) (8,765) (7,654)",
    "Proceeds from dispositions 55 44 33",
]
NARRATIVE_PAGE = [
    "Management's Discussion and Analysis",
    "Our network investment program continued in 2030. Capital expenditures were focused on fiber.",
    "We expect capital spending in 2031 to be similar to 2030 levels as the build-out continues.",
]


def write_pdf(path: Path, pages: list[list[str]]) -> Path:
    pdf = FPDF()
    pdf.set_auto_page_break(False)
    for lines in pages:
        pdf.add_page()
        # each list is one printed page: a long one is set smaller, never run over onto a page of its own
        height = min(6.0, 265.0 / max(len(lines), 1))
        pdf.set_font("Helvetica", size=min(10.0, height * 1.65))
        for line in lines:
            pdf.cell(0, height, line, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path


def known_figures_pdf(folder: Path, name: str = "VERIZON_2030_10K.pdf") -> Path:
    """Page 1 narrative, page 2 a cash-flow statement with capex (9,876) in the FY2030 column."""
    return write_pdf(Path(folder) / name, [NARRATIVE_PAGE, CASH_FLOW_PAGE])
