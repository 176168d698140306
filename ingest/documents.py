"""Which company, fiscal year and kind of filing a PDF is: from its file name or a sidecar file.

File names follow `COMPANY_PERIOD_TYPE[_dated-YYYY-MM-DD].pdf` (3M_2018_10K.pdf, AMCOR_2023Q2_10Q.pdf).
A sidecar `<same stem>.json` next to the PDF overrides or supplies the fields:
`{"company": "3M", "fiscal_year": 2018, "doc_type": "10K", "period": "2018"}` (company = registry key or name).
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

from pipeline.registry import Registry, UnknownCompanyError

_NAME = re.compile(r"^(?P<company>[A-Za-z0-9&.\-]+?)_(?P<period>(?P<year>\d{4})(?:Q[1-4])?)_(?P<type>[A-Za-z0-9]+)"
                   r"(?:_dated-(?P<date>\d{4}-\d{2}-\d{2}))?$")


class DocumentNameError(ValueError):
    """Neither the file name nor a sidecar says what the document is."""


@dataclass(frozen=True)
class DocumentInfo:
    doc_id: str
    company: str        # registry display name
    ticker: str
    fiscal_year: int
    doc_type: str       # 10K, 10Q, 8K, EARNINGS
    period: str


def describe(path: Path, registry: Registry) -> DocumentInfo:
    path = Path(path)
    fields: dict = {}
    m = _NAME.match(path.stem)
    if m:
        fields = {"company": m.group("company"), "fiscal_year": int(m.group("year")),
                  "doc_type": m.group("type").upper(), "period": m.group("period")}
    sidecar = path.with_suffix(".json")
    if sidecar.exists():
        try:
            fields.update(json.loads(sidecar.read_text(encoding="utf-8")))
        except ValueError as e:
            raise DocumentNameError(f"{sidecar.name}: not valid JSON ({e})") from None
    missing = [k for k in ("company", "fiscal_year", "doc_type") if k not in fields]
    if missing:
        raise DocumentNameError(
            f"{path.name}: cannot tell its {', '.join(missing)}. Name it COMPANY_PERIOD_TYPE.pdf "
            f"(e.g. 3M_2018_10K.pdf) or put {sidecar.name} beside it with "
            '{"company": ..., "fiscal_year": ..., "doc_type": "10K"}.'
        )
    company_key = str(fields["company"])
    company = registry.by_name(company_key) or registry.by_key(company_key)  # raises with how to register
    if company is None:  # pragma: no cover - by_key raises
        raise UnknownCompanyError(company_key)
    return DocumentInfo(doc_id=path.stem, company=company.name, ticker=company.primary_ticker,
                        fiscal_year=int(fields["fiscal_year"]), doc_type=str(fields["doc_type"]).upper(),
                        period=str(fields.get("period", fields["fiscal_year"])))


def file_sha256(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()
