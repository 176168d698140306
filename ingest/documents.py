"""Which company, period and kind of filing a PDF is, and in which currency and scale its statements are printed.

The document itself says it (`ingest/identify.py`: the cover page, the opening pages, the statement headers).
Two optional hints sit on top, strongest last:
- the file name `COMPANY_PERIOD_TYPE[_dated-YYYY-MM-DD].pdf` (3M_2018_10K.pdf, JOHNSON_JOHNSON_2022_10K.pdf):
  its period and type win over the PDF's; its company is used when it names a registered company or when the PDF
  names none;
- a sidecar `<same stem>.json` next to the PDF overrides any field: `{"company": "Acme", "fiscal_year": 2018,
  "doc_type": "10K", "period": "2018", "currency": "USD", "scale": "millions"}`.
A company the registry does not know yet is returned as `new_company`, for ingest to register.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Sequence

from ingest.identify import Identity, identify
from pipeline.question.registry import Company, Registry

_NAME = re.compile(r"^(?P<company>.+?)_(?P<period>(?P<year>(?:19|20)\d{2})(?:Q[1-4])?)_(?P<type>[A-Za-z0-9]+)"
                   r"(?:_dated-(?P<date>\d{4}-\d{2}-\d{2}))?$")
DOC_TYPES = ("10K", "10Q", "8K", "20F", "40F", "EARNINGS", "ANNUAL")
NOT_DETECTED = "not detected"     # the company of a report whose company could not be read: the user names it


class DocumentNameError(ValueError):
    """Neither the document, its file name nor a sidecar says what the document is; the message says what to do."""


@dataclass(frozen=True)
class DocumentInfo:
    doc_id: str
    company: str        # registry display name
    ticker: str
    fiscal_year: int
    doc_type: str       # 10K, 10Q, 8K, EARNINGS, ANNUAL, 20F, 40F
    period: str
    period_end: date | None = None
    fy_label: str = ""
    currency: str = ""
    scale: str = ""
    new_company: Company | None = None          # to register: the registry does not know it yet
    known_company: Company | None = None        # the registered company it is (to enrich with new names)
    identity: Identity | None = field(default=None, repr=False, compare=False)
    notes: tuple[str, ...] = ()                 # where a hint and the document disagreed
    flags: tuple[str, ...] = ()                 # what the user should check or name (company not detected, ...)

    @property
    def needs_naming(self) -> bool:
        return self.company.startswith(NOT_DETECTED)

    def record(self) -> dict:
        """documents.identity: the document's evidence and confidence per field, flags and statement units."""
        rec = self.identity.record() if self.identity is not None else {}
        return {**rec, "flags": list(self.flags), "notes": list(self.notes)}

    def evidence_summary(self) -> str:
        """'company: directors' report p. 3 (high); period: statement headings p. 34 (high); ...' for the summary."""
        return evidence_summary(self.record())


def evidence_summary(identity: dict | None) -> str:
    """Where each field of a document was read and how sure (a stored documents.identity or DocumentInfo.record())."""
    identity = identity or {}
    out = []
    for f in ("company", "period", "currency", "scale", "doc_type"):
        src = (identity.get("sources") or {}).get(f)
        if src:
            where = f" p. {src['page']}" if src.get("page") else ""
            out.append(f"{f}: {src['how'].split(' (named by')[0]}{where} ({(identity.get('confidence') or {}).get(f, '?')})")
    return "; ".join(out)


def to_check(identity: dict | None) -> str:
    """The flags and low-confidence fields the user should look at ('' when none)."""
    identity = identity or {}
    low = [f"{f} (low confidence)" for f, c in (identity.get("confidence") or {}).items() if c == "low"]
    return "; ".join([*identity.get("flags", []), *low])


def hints(path: Path) -> tuple[dict, dict]:
    """(fields from the file name, fields from the sidecar)."""
    path = Path(path)
    from_name: dict = {}
    m = _NAME.match(path.stem)
    if m:
        from_name = {"company": m.group("company"), "fiscal_year": int(m.group("year")),
                     "doc_type": m.group("type").upper(), "period": m.group("period")}
    sidecar = path.with_suffix(".json")
    from_sidecar: dict = {}
    if sidecar.exists():
        try:
            from_sidecar = json.loads(sidecar.read_text(encoding="utf-8"))
        except ValueError as e:
            raise DocumentNameError(f"{sidecar.name}: not valid JSON ({e})") from None
        if not isinstance(from_sidecar, dict):
            raise DocumentNameError(f"{sidecar.name}: must be a JSON object")
    return from_name, from_sidecar


def company_key(name: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", name.upper()) or "COMPANY"


def _display(hint: str) -> str:
    words = re.sub(r"[_]+", " ", hint).strip()
    return " ".join(w if not w.isalpha() or len(w) <= 3 else w.capitalize() for w in words.split()) if words.isupper() \
        else words


def describe(path: Path, registry: Registry, pages: Sequence[str] | None = None,
             overrides: dict | None = None) -> DocumentInfo:
    """What `path` is. `pages`: its page texts if already read (else the first pages are read here);
    `overrides`: fields an analyst confirmed or corrected (the Corpus page), strongest of all."""
    path = Path(path)
    from_name, from_sidecar = hints(path)
    forced = {**from_sidecar, **(overrides or {})}
    if pages is None:
        from ingest.pdf import read_pages
        pages = read_pages(path)
    idn = identify(pages)
    notes: list[str] = []

    # Company: an explicit override, else the registered company the document names, else the file name's if
    # registered, else the document's own (new) name, else the file name's (new).
    known: Company | None = None
    new_name = ""
    if forced.get("company"):
        known = registry.by_name(str(forced["company"])) or registry.by_name(company_key(str(forced["company"])))
        new_name = "" if known else str(forced["company"])
    else:
        known = registry.match(names=(idn.company, idn.legal_name, *idn.aliases), tickers=idn.tickers,
                               file_number=idn.file_number) if (idn.company or idn.file_number) else None
        hinted = from_name.get("company")
        if known is None and hinted:
            known = registry.by_name(hinted) or registry.by_name(_display(hinted))
        if known is None:
            new_name = idn.company or (_display(hinted) if hinted else "")
        if hinted and idn.company and known and registry.by_name(hinted) not in (None, known):
            notes.append(f"the file name says {hinted}, the document says {idn.legal_name or idn.company}")
    if known is None and not new_name:
        # ingested anyway, under a name that says so; the Corpus page and `ara ingest` flag it for the user to name
        # (one per report, so that each is named on its own)
        new_name = f"{NOT_DETECTED} ({path.stem[:16]})"

    def pick(field_: str, found):
        if field_ in forced and forced[field_] not in (None, ""):
            return forced[field_]
        if field_ in from_name:
            if found not in (None, "") and str(found).upper() != str(from_name[field_]).upper():
                notes.append(f"{field_}: the file name says {from_name[field_]}, the document says {found}")
            return from_name[field_]
        return found

    fiscal_year = pick("fiscal_year", idn.fiscal_year)
    doc_type = pick("doc_type", idn.doc_type)
    if doc_type in (None, ""):
        doc_type = "ANNUAL"      # an annual report unless the document says otherwise (flagged in idn.flags)
    if fiscal_year in (None, ""):
        if end_year := (idn.period_end.year if idn.period_end else None):
            fiscal_year = end_year
        else:
            raise DocumentNameError(
                f"{path.name}: cannot tell its fiscal year (no 'for the fiscal year ended …', statement heading or "
                f"report title with a year on its pages). Name it COMPANY_PERIOD_TYPE.pdf (e.g. ACME_2023_10K.pdf), "
                f"put {path.with_suffix('.json').name} beside it with " + '{"fiscal_year": 2023}, or enter it on the '
                "Corpus page.")
    fiscal_year = int(fiscal_year)
    doc_type = str(doc_type).upper().replace("-", "")
    if "period" in forced:
        period = str(forced["period"])
    elif "period" in from_name:
        period = from_name["period"]
    else:
        period = idn.period if idn.fiscal_year == fiscal_year and idn.period else str(fiscal_year)
    end = idn.period_end
    if forced.get("period_end"):
        end = date.fromisoformat(str(forced["period_end"]))
    fy_label = str(forced.get("fy_label") or "")
    if not fy_label:
        probe = Identity(fiscal_year=fiscal_year, period_end=end, doc_type=doc_type)
        fy_label = probe.fy_label
    new_company = None
    if known is None:
        new_company = Company(key=company_key(new_name), name=new_name, tickers=idn.tickers if not forced.get("company")
                              else (), aliases=idn.aliases if not forced.get("company") else (),
                              fiscal_year_end=idn.fiscal_year_end or "12-31", legal_name=idn.legal_name,
                              file_number=idn.file_number, origin="ingest")
    company = known or new_company
    def given(field_: str) -> bool:      # by the user, a sidecar or the file name: nothing left to name
        return forced.get(field_) not in (None, "") or from_name.get(field_) not in (None, "")

    flags = tuple(f for f in idn.flags if not (given("company") and f.startswith("company"))
                  and not (given("doc_type") and f.startswith("document type"))
                  and not (given("fiscal_year") and f.startswith("fiscal year")))
    ticker = str(forced.get("ticker") or company.primary_ticker or (idn.tickers[0] if idn.tickers else ""))
    return DocumentInfo(doc_id=path.stem, company=company.name, ticker=ticker, fiscal_year=fiscal_year,
                        doc_type=doc_type, period=period, period_end=end, fy_label=fy_label,
                        currency=str(forced.get("currency") or idn.currency).upper(),
                        scale=str(forced.get("scale") or idn.scale).lower(),
                        new_company=new_company, known_company=known, identity=idn, notes=tuple(notes), flags=flags)


def file_sha256(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()
