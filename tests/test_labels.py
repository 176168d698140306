"""What the analyst reads about a document: "Company · FY · type p. N", and money in the document's currency."""
from pipeline.question.labels import doc_label
from pipeline.state import CitationRef
from pipeline.question.units import format_money, money_prefix


def test_label_never_shows_a_file_name():
    c = CitationRef(marker=1, doc="9f2c4e1ab7d03e55", company="Best Buy", fiscal_year=2023, page=41, doc_type="10K")
    assert c.label == "Best Buy · FY2023 · 10-K p. 41" and "9f2c" not in c.label
    assert doc_label("Amcor", 2023, "EARNINGS", 3) == "Amcor · FY2023 · earnings release p. 3"


def test_a_fiscal_label_unlike_the_end_year_is_shown_with_its_end():
    c = CitationRef(marker=1, doc="x", company="Kitano", fiscal_year=2021, page=4, doc_type="ANNUAL",
                    fy_label="FY2021 (year ended 31 Mar 2022)")
    assert c.label == "Kitano · FY2021 (year ended 31 Mar 2022) · annual report p. 4"


def test_money_names_non_us_currencies():
    assert format_money("1,234", "AUD", "millions") == "A$ 1,234 million"
    assert format_money("1,577", "USD", "millions") == "$1,577 million"
    assert format_money("12,345", "GBP", "thousands") == "£12,345 thousand"
    assert money_prefix("") == "" and money_prefix("SEK") == "SEK "
