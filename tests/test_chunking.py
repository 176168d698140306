import pytest

from ingest.chunking import chunk_page, figure_free
from tests.conftest import corpus_pdf


def test_figure_free_keeps_words_and_years():
    line = "Purchases of property, plant and equipment (PP&E) | 2018: (1,577) | 2017: (1,373)"
    assert figure_free(line) == "Purchases of property, plant and equipment (PP&E)"
    assert figure_free("Net sales rose 4.2% to $14,694 million in fiscal 2023, per the 10-K") == \
        "Net sales rose to million in fiscal 2023, per the 10-K"


def test_chunks_respect_the_budget_and_keep_rows_whole(embedder):
    lines = ["Consolidated Statements of Income", "(in millions) 2022 2021 2020"]
    lines += [f"Line item number {i} of the statement {i},000 {i},100 {i},200" for i in range(1, 60)]
    chunks = chunk_page("\n".join(lines), 7, 64, embedder.count_tokens)
    assert len(chunks) > 1
    assert all(c.page == 7 for c in chunks)
    assert max(embedder.count_tokens([c.embed_text for c in chunks])) <= 64
    body = "\n".join(c.text for c in chunks)
    for i in range(1, 60):  # every row survives, whole and aligned
        assert f"Line item number {i} of the statement | 2022: {i},000 | 2021: {i},100 | 2020: {i},200" in body
    assert all(c.text.startswith("Consolidated Statements of Income (million; columns 2022 | 2021 | 2020)")
               for c in chunks)


@pytest.mark.corpus
def test_real_cash_flow_page_chunk_keeps_year_alignment(embedder):
    from ingest.pdf import read_pages

    text = read_pages(corpus_pdf("3M_2018_10K"))[59]
    chunks = chunk_page(text, 60, 128, embedder.count_tokens)
    hit = [c for c in chunks if "Purchases of property, plant and equipment (PP&E)" in c.text]
    assert len(hit) == 1
    assert "Purchases of property, plant and equipment (PP&E) | 2018: (1,577) | 2017: (1,373) | 2016: (1,420)" \
        in hit[0].text
    assert "Consolidated Statement of Cash Flows" in hit[0].text.splitlines()[0]
