from pipeline.retrieval.keyword import KeywordIndex

ROWS = [
    (1, "3M", 2018, "10K", "What was the amount of the total in the year? What was in the of the in the what was."),
    (2, "3M", 2018, "10K", "Net sales revenue grew to 32,765 million"),
    (3, "3M", 2018, "10K", "Dividends paid to shareholders"),
    (4, "Boeing", 2018, "10K", "Revenue of the Boeing Company"),
    (5, "3M", 2017, "10K", "Revenue in 2017"),
]


def test_filler_words_do_not_decide_the_ranking():
    idx = KeywordIndex.build(ROWS)
    hits = idx.search("What was the revenue of 3M in the year?", 5)
    assert hits and hits[0][0] in {2, 4, 5}
    assert 1 not in [i for i, _ in hits]          # the filler-only chunk has no score at all
    assert idx.search("what was the of in", 5) == []


def test_scope_filters_and_no_zero_score_padding():
    idx = KeywordIndex.build(ROWS)
    assert [i for i, _ in idx.search("revenue", 10, company="3M", fiscal_year=2018)] == [2]
    assert [i for i, _ in idx.search("revenue", 10, company="Boeing")] == [4]
    assert idx.search("revenue", 10, company="McDonald's") == []
    assert all(s > 0 for _, s in idx.search("dividends", 10))


def test_thousands_separators_and_case_fold():
    idx = KeywordIndex.build(ROWS)
    assert idx.search("32765", 3)[0][0] == 2
    assert idx.search("NET SALES", 3)[0][0] == 2


def test_save_and_load_round_trip(tmp_path):
    idx = KeywordIndex.build(ROWS)
    idx.save(tmp_path / "kw")
    again = KeywordIndex.load(tmp_path / "kw")
    assert again.search("revenue", 10, company="3M") == idx.search("revenue", 10, company="3M")
