"""Say what the line is: a figure answered from the statutory line names it and mentions the same measure the report
prints on another basis (including joint ventures / associates), with its figure and currency; and the other way."""
from __future__ import annotations

from decimal import Decimal

from pipeline.answer.wording import other_basis, other_basis_note
from pipeline.stores.facts import StoredFact


def _fact(line_no: int, label: str, printed: str, column: str = "2031", kind: str = "money") -> StoredFact:
    value = Decimal(printed.replace(",", "").strip("()")) * (-1 if printed.startswith("(") else 1)
    return StoredFact(id=line_no, doc_id="KESTREL_2031_AR", company="Kestrel Infrastructure Limited",
                      doc_type="ANNUAL", doc_fiscal_year=2031, page=41, line_no=line_no,
                      table_title="Consolidated statement of profit or loss", statement="income", secondary=False,
                      label=label, label_path=label, column_header=column, fiscal_year=int(column[:4]), span="year",
                      qualifiers="", value_printed=printed, value=value, scale="million", kind=kind, currency="AUD")


PAGE = [_fact(3, "Revenue", "1,180.2"), _fact(3, "Revenue", "1,050.7", "2030"),
        _fact(4, "Share of revenue of joint ventures", "130.2"),
        _fact(5, "Total revenue including share of joint ventures", "1,310.4"),
        _fact(5, "Total revenue including share of joint ventures", "1,160.0", "2030"),
        _fact(9, "Profit for the year", "88.1")]


def test_the_statutory_line_mentions_the_line_including_joint_ventures():
    other = other_basis(PAGE[0], PAGE)
    assert other is not None and other.value_printed == "1,310.4" and other.column_header == "2031"
    note = other_basis_note(PAGE[0], other, 1)
    assert '"Revenue"' in note and '"Total revenue including share of joint ventures"' in note
    assert "A$1,310.4 million [1]" in note.replace("A$ ", "A$")


def test_the_line_including_joint_ventures_mentions_the_statutory_line():
    other = other_basis(PAGE[3], PAGE)
    assert other is not None and (other.label, other.value_printed) == ("Revenue", "1,180.2")


def test_a_line_with_no_other_basis_says_nothing_more():
    assert other_basis(PAGE[5], PAGE) is None
    assert other_basis_note(PAGE[5], None, 1) == ""
