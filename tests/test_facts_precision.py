"""The facts-precision benchmark's labels file is well formed, and its matching re-finds labelled facts across a
re-read (made-up company: a generated PDF's facts, labelled, then scored as the benchmark scores the stored ones)."""
from __future__ import annotations

import json

import pytest

from benchmarks.facts_precision import LABELS, fact_key, label_key, load_labels, score, validate
from ingest.pdf import read_pages
from pipeline.reading.facts import extract
from tests.pdfs import write_pdf

LOWTHER = [
    "Lowther Mills plc",
    "Consolidated income statement",
    "for the year ended 31 March 2031",
    "Notes 2031 2030",
    "£000 £000",
    "Revenue 3 48,210 45,007",
    "Operating profit 9,884 8,120",
    "Profit for the year attributable to owners of the parent 6,415 5,298",
]


def _label(f, filing: str, **verdicts) -> dict:
    d = {"corpus": "corpus-world", "filing": filing, "page": f.page, "label": f.label, "period": f.column_header,
         "value": f.value_printed, "statement": f.statement, "kind": f.kind, "fiscal_year": f.fiscal_year,
         "scale": f.scale, "currency": f.currency, "cell": True, "row_ok": True, "period_ok": True,
         "scale_ok": True, "true_scale": f.scale, "true_currency": f.currency, "reason": ""}
    d.update(verdicts)
    return d


def test_labels_file_is_well_formed_and_keyed_once():
    if not LABELS.exists():
        pytest.skip("evals/facts_labels.jsonl not written yet")
    labels = load_labels(LABELS)            # raises on a malformed line
    assert len(labels) >= 200
    keys = [label_key(d) for d in labels]
    assert len(keys) == len(set(keys)), "two labels for one fact"


def test_validate_names_what_is_missing_or_inconsistent():
    good = {"corpus": "corpus", "filing": "X.pdf", "page": 3, "label": "Revenue", "period": "2031", "value": "1",
            "statement": "income", "kind": "money", "fiscal_year": 2031, "scale": "million", "currency": "USD",
            "cell": True, "row_ok": True, "period_ok": True, "scale_ok": True, "true_scale": "million",
            "true_currency": "USD", "reason": ""}
    assert validate(good) == []
    assert "missing reason" in validate({k: v for k, v in good.items() if k != "reason"})
    assert any("scale_ok disagrees" in e for e in validate({**good, "true_scale": "thousand"}))
    assert any("needs a one-line reason" in e for e in validate({**good, "row_ok": False}))
    assert any("verdict on row" in e for e in validate({**good, "period_ok": None}))


def test_score_matches_labels_to_re_read_facts(tmp_path):
    pdf = write_pdf(tmp_path / "LOWTHER_2031_AR.pdf", [LOWTHER])
    facts = extract(read_pages(pdf), 2031, "ANNUAL", currency="GBP")
    by_label = {(f.label, f.column_header): f for f in facts}
    revenue, profit = by_label[("Revenue", "2031")], by_label[("Operating profit", "2030")]
    assert revenue.value_printed == "48,210" and revenue.scale == "thousand"
    labels = [_label(revenue, pdf.name),
              _label(profit, pdf.name, period_ok=False, reason="value of the other column"),
              # a fact an earlier reader stored that this one no longer does (a fixed non-cell)
              {**_label(revenue, pdf.name), "label": "Notes", "value": "3", "cell": False, "row_ok": None,
               "period_ok": None, "scale_ok": None, "reason": "a note reference"},
              # the scale as labelled truth: the re-read fact's scale is checked against it
              _label(by_label[("Operating profit", "2031")], pdf.name, scale_ok=False, true_scale="million",
                     reason="table is in millions")]
    labels = [json.loads(json.dumps(d)) for d in labels]      # as read back from the JSON-lines file
    assert all(validate(d) == [] for d in labels)
    current = {fact_key(pdf.name, f): f for f in read_again(pdf)}
    res = score(labels, current)
    assert (res["labelled"], res["matched"], res["gone_wrong"], res["gone_right"]) == (4, 3, 1, 0)
    assert res["ok"] == 1
    assert res["criteria"]["period_ok"] == [2, 3]
    assert res["criteria"]["scale_ok"] == [2, 3]
    assert res["corpus"]["corpus-world"] == [1, 3]
    assert {d["label"] for d, _ in res["wrong"]} == {"Operating profit"}


def read_again(pdf):
    """A second read of the same PDF (a re-ingest): new objects, same keys."""
    return extract(read_pages(pdf), 2031, "ANNUAL", currency="GBP")
