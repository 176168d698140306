"""`ara fetch`: download the demo corpus (public SEC filings) into a folder, verifying each file's sha256.

Sources, per document of `pipeline/data/demo_corpus.toml`: `mirror` (the FinanceBench copy, byte-identical to
../shared/corpus, verified) or `url` (the company's investor-relations link; companies sometimes re-render
their PDFs, so a different hash is reported, not fatal). `--base-url` fetches `<base-url>/<doc>.pdf` from
any mirror of your own.
"""
from __future__ import annotations

import hashlib
import tomllib
import urllib.request
from dataclasses import dataclass
from pathlib import Path

MANIFEST = Path(__file__).resolve().parent.parent / "pipeline" / "data" / "demo_corpus.toml"


@dataclass
class FetchResult:
    doc: str
    status: str     # downloaded | present | failed | hash-differs
    detail: str = ""


def manifest(path: Path = MANIFEST) -> list[dict]:
    return tomllib.loads(path.read_text(encoding="utf-8"))["document"]


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def fetch(dest: Path, *, source: str = "mirror", base_url: str | None = None, only: list[str] | None = None,
          timeout: float = 60.0) -> list[FetchResult]:
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    out: list[FetchResult] = []
    for d in manifest():
        if only and d["doc"] not in only:
            continue
        target = dest / f"{d['doc']}.pdf"
        if target.exists() and _sha(target.read_bytes()) == d["sha256"]:
            out.append(FetchResult(d["doc"], "present"))
            continue
        url = f"{base_url.rstrip('/')}/{d['doc']}.pdf" if base_url else d[source]
        try:
            req = urllib.request.Request(url, headers={"User-Agent": "annual-report-analyst (research; ara fetch)"})
            with urllib.request.urlopen(req, timeout=timeout) as r:
                data = r.read()
        except Exception as e:  # network errors of every kind: report per file, keep going
            out.append(FetchResult(d["doc"], "failed", f"{url}: {e}"))
            continue
        if not data.startswith(b"%PDF-"):
            out.append(FetchResult(d["doc"], "failed", f"{url}: not a PDF (got {data[:20]!r})"))
            continue
        digest = _sha(data)
        if digest != d["sha256"] and source == "mirror":
            out.append(FetchResult(d["doc"], "failed", f"{url}: sha256 {digest[:12]}… is not {d['sha256'][:12]}…"))
            continue
        tmp = target.with_suffix(".part")
        tmp.write_bytes(data)
        tmp.replace(target)
        out.append(FetchResult(d["doc"], "downloaded" if digest == d["sha256"] else "hash-differs",
                               "" if digest == d["sha256"] else "company copy differs from FinanceBench's"))
    return out
