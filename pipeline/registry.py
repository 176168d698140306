"""The company registry: who is covered, under which names, and how filings map to them.

Data lives in `pipeline/data/companies.toml` (or the file named by `ARA_REGISTRY_FILE`); this
module only loads and matches it.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

DEFAULT_REGISTRY = Path(__file__).parent / "data" / "companies.toml"


class UnknownCompanyError(ValueError):
    """A filing names a company that is not in the registry."""


@dataclass(frozen=True)
class Company:
    key: str
    name: str
    tickers: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    fiscal_year_end: str = "12-31"
    sector: str = ""

    @property
    def primary_ticker(self) -> str:
        return self.tickers[0] if self.tickers else ""


@dataclass
class Registry:
    companies: list[Company]
    source: Path | None = None
    _patterns: list[tuple[re.Pattern[str], Company]] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        pats: list[tuple[re.Pattern[str], Company]] = []
        for c in self.companies:
            names = {c.name, c.key, *c.aliases}
            # Longest first so "Amcor plc" wins over "Amcor" in the span bookkeeping.
            for n in sorted(names, key=len, reverse=True):
                pats.append((re.compile(rf"(?<![\w]){re.escape(n)}(?:'s|’s)?(?![\w])", re.IGNORECASE), c))
            for t in c.tickers:  # tickers are case-sensitive: "BA" must not match "ba"
                pats.append((re.compile(rf"(?<![\w$]){re.escape(t)}(?![\w])"), c))
        self._patterns = pats

    def by_key(self, key: str) -> Company:
        for c in self.companies:
            if c.key.upper() == key.upper():
                return c
        raise UnknownCompanyError(
            f"Company '{key}' is not in the registry ({self.source or DEFAULT_REGISTRY}). Register it by "
            f"adding a [[company]] table with key = \"{key}\", name, tickers and aliases to that file "
            f"(or point ARA_REGISTRY_FILE at your own copy)."
        )

    def by_name(self, name: str) -> Company | None:
        for c in self.companies:
            if name.lower() in {c.name.lower(), c.key.lower(), *(a.lower() for a in c.aliases)}:
                return c
        return None

    def find_companies(self, text: str) -> list[Company]:
        """Companies named in `text`, in order of first mention, without duplicates."""
        hits: list[tuple[int, Company]] = []
        for pat, company in self._patterns:
            m = pat.search(text)
            if m:
                hits.append((m.start(), company))
        seen: list[Company] = []
        for _, c in sorted(hits, key=lambda h: h[0]):
            if c not in seen:
                seen.append(c)
        return seen


def load_registry(path: Path | None = None) -> Registry:
    path = path or DEFAULT_REGISTRY
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    companies = [
        Company(key=c["key"], name=c["name"], tickers=tuple(c.get("tickers", ())),
                aliases=tuple(c.get("aliases", ())), fiscal_year_end=c.get("fiscal_year_end", "12-31"),
                sector=c.get("sector", ""))
        for c in data.get("company", [])
    ]
    return Registry(companies=companies, source=Path(path))


def get_registry(path: str | None = None) -> Registry:
    """The registry named by `path`, else by ARA_REGISTRY_FILE, else the bundled one (each loaded once)."""
    if path is None:
        from pipeline.settings import get_settings

        configured = get_settings().registry_file
        path = str(configured) if configured else None
    return _load_cached(path)


@lru_cache(maxsize=4)
def _load_cached(path: str | None) -> Registry:
    return load_registry(Path(path) if path else None)
