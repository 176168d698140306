"""The semantic answer cache. The searchable vector is the question; the answer, its citations, company, fiscal
year, metric, corpus version and time are metadata.

Read optimistic, write pessimistic:
- lookup: cosine similarity among entries with the same company, fiscal year and metric (hard keys: another
  year or company is never a hit, whatever the similarity), written by the same code (`answered_by`: after an
  upgrade the answering rules that wrote an entry may have been fixed, so it is never returned), with the same
  polarity (increase/decrease, higher/lower, profit/loss) and part of the year (a quarter, a half). >= return
  threshold (0.95): the stored answer is returned without retrieval.
  Between the seed (0.80) and return thresholds: the full pipeline runs, seeded with the old answer as a hint.
- write: only a clean turn - retrieval found every company, groundedness passed, nothing failed open, one
  company - and only its answer and citations (caveats and warnings are not stored). Re-ingesting a
  document deletes the entries that cite it (pipeline/stores/corpus.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from psycopg.types.json import Jsonb

from pipeline.stores.corpus import vector_literal

_WRITE_LOCK = 74_210_015  # pg_advisory_xact_lock(key, hashtext(entry key)): one writer per cache key at a time

_POLARITY = {
    "up": r"increas\w*|ris(e|es|ing)|rose|gr(e|o)w\w*|higher|improv\w*|gain(s|ed)?|up\b|more",
    "down": r"decreas\w*|declin\w*|f(a|e)ll\w*|drop\w*|lower|worsen\w*|shr(a|i|u)nk\w*|down\b|less\b|reduc\w*",
    "loss": r"loss(es)?\b|deficit",
    # the part of the year asked is a hard key too: "Q4 2029 revenue" is never the year's revenue, nor Q3's
    "q1": r"q1\b|first[- ]quarter", "q2": r"q2\b|second[- ]quarter", "q3": r"q3\b|third[- ]quarter",
    "q4": r"q4\b|fourth[- ]quarter", "half": r"h[12]\b|half[- ]year|(first|second)[- ]half|six[- ]months",
    "nine months": r"nine[- ]months",
}


def canonical(text: str, own: str | None = None, facts=None) -> str:
    """The cache key's text: company, fiscal year and metric in canonical form, then whatever else the question
    asks (filler words dropped). "What was ACME's capex in fiscal 2018?" and "Acme capital expenditure FY2018"
    read the same; "How did Acme's capex change in FY2018?" keeps "change" and does not. `text` is the question as
    read (with what carry-over added, `QuestionFacts.text`), `own` its own words (`QuestionFacts.own_words`), `facts`
    the question as read (`QuestionFacts`; read from `text` when not given): the carried company, year and metric
    are in the key's head, so a follow-up ("and in FY2018?" after an Acme capex question) keys as Acme FY2018
    capex, never as the same words asked fresh; the carried words themselves are never among the other words."""
    from pipeline.stores.tokeniser import FILLER
    from pipeline.question.lexicon import fold, get_lexicon, term_pattern
    from pipeline.question.periods import FY_PATTERN
    from pipeline.question.analysis import analyse
    from pipeline.question.registry_sources import get_registry

    facts = facts or analyse(text)
    rest = FY_PATTERN.sub(" ", text if own is None else own)
    rest = get_registry().strip_names(rest)
    rest = " " + fold(rest) + " "
    for m in get_lexicon().metrics:
        for t in sorted(m.terms, key=len, reverse=True):
            rest = term_pattern(t).sub(" ", rest)
    words = [w for w in re.findall(r"[a-z][a-z&'-]+", rest) if w not in FILLER and w not in {"s", "'s"}]
    head = [c.name for c in facts.companies] + [f"FY{y}" for y in facts.years] + [m.label for m in facts.metrics]
    return " ".join(head + words)


def polarity(text: str) -> str:
    low = text.lower()
    return ",".join(sorted(k for k, pat in _POLARITY.items() if re.search(rf"\b({pat})", low)))


@dataclass
class CacheResult:
    band: str                 # return | seed | miss
    similarity: float = 0.0
    entry: dict[str, Any] | None = None
    created_at: str = ""
    compared: dict[str, Any] | None = None   # the nearest entry's key (question, company, year, metric), for traces

    @property
    def hit(self) -> bool:
        return self.band == "return"

    def to_json(self) -> dict:
        return {"hit": self.hit, "similarity": round(self.similarity, 4), "band": self.band,
                "cached_at": self.created_at or None}


class SemanticCache:
    def __init__(self, connect, embedder, return_threshold: float = 0.95, seed_threshold: float = 0.80,
                 answered_by: str | None = None):
        from pipeline.core.version import code_version

        self._connect, self._embedder = connect, embedder
        self.answered_by = answered_by if answered_by is not None else code_version()
        self.return_threshold, self.seed_threshold = return_threshold, seed_threshold

    def lookup(self, question: str, company: str, fiscal_year: int | None, metric: str | None,
               own: str | None = None, facts=None) -> CacheResult:
        """`own`, `facts`: the question's own words and the question as read, when carry-over added context
        (`canonical`)."""
        key = canonical(question, own, facts)
        vec = vector_literal(self._embedder.get_query_embedding(key))
        with self._connect() as c:
            row = c.execute(
                "SELECT 1 - (embedding <=> %s::vector), answer, created_at, question, company, fiscal_year, metric "
                "FROM semantic_cache "
                "WHERE company = %s AND fiscal_year IS NOT DISTINCT FROM %s AND metric IS NOT DISTINCT FROM %s "
                "AND polarity = %s AND embed_model = %s AND answered_by = %s ORDER BY embedding <=> %s::vector LIMIT 1",
                (vec, company, fiscal_year, metric, polarity(question), self._embedder.model_name, self.answered_by,
                 vec)).fetchone()
        if row is None:
            return CacheResult("miss")
        sim, answer, created = float(row[0]), row[1], row[2]
        band = "return" if sim >= self.return_threshold else "seed" if sim >= self.seed_threshold else "miss"
        stored = (answer or {}).get("key") or canonical(row[3])     # entries written before keys were stored
        if band == "return" and set(key.split()) != set(stored.split()):
            band = "seed"   # a word beyond company, year and metric differs ("AWS net sales" vs "net sales"):
            #                 similar enough to hint, never the answer
        compared = {"question": row[3], "company": row[4], "fiscal_year": row[5], "metric": row[6]}
        return CacheResult(band, sim, answer if band != "miss" else None, f"{created:%Y-%m-%d %H:%M UTC}", compared)

    def write(self, question: str, company: str, fiscal_year: int | None, metric: str | None, answer: dict,
              docs: list[str], corpus_version: str, own: str | None = None, facts=None) -> bool:
        """Store the entry unless one that `lookup` would return for this question is there already (another
        thread or process answered the same question meanwhile). Writers of the same key take turns (an advisory
        lock), so two processes missing together still leave one entry. Returns whether it was written. The entry
        keeps its key's text (`canonical`), which `lookup` compares word for word."""
        key = canonical(question, own, facts)
        answer = {**answer, "key": key}
        vec = vector_literal(self._embedder.get_query_embedding(key))
        pol, model = polarity(question), self._embedder.model_name
        with self._connect() as c:
            with c.transaction():
                c.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))",
                          (_WRITE_LOCK, f"{company}|{fiscal_year}|{metric}|{pol}|{model}"))
                same = c.execute(
                    "SELECT 1 FROM semantic_cache WHERE company = %s AND fiscal_year IS NOT DISTINCT FROM %s "
                    "AND metric IS NOT DISTINCT FROM %s AND polarity = %s AND embed_model = %s AND answered_by = %s "
                    "AND 1 - (embedding <=> %s::vector) >= %s LIMIT 1",
                    (company, fiscal_year, metric, pol, model, self.answered_by, vec, self.return_threshold)).fetchone()
                if same:
                    return False
                c.execute("INSERT INTO semantic_cache (question, embedding, company, fiscal_year, metric, polarity, "
                          "answer, docs, corpus_version, embed_model, answered_by) VALUES (%s, %s::vector, %s, %s, %s, "
                          "%s, %s, %s, %s, %s, %s)", (question, vec, company, fiscal_year, metric, pol, Jsonb(answer),
                                                      docs, corpus_version, model, self.answered_by))
        return True


def cacheable(state) -> tuple[bool, str]:
    """The write gate: why a turn may (or may not) be cached."""
    if state.route != "retrieve" or state.cache.get("band") == "return":
        return False, "not a fresh retrieve answer"
    if len(state.companies) != 1:
        return False, "one company per cache entry"
    if getattr(state, "table", None):
        return False, "a series table is read afresh (one entry holds one figure)"
    if len(state.years) > 1:
        return False, "one fiscal year per cache entry"
    if not state.found or not all(state.found.values()):
        return False, "the relevance grader did not find every company"
    if state.verdict != "pass":
        return False, f"groundedness was {state.verdict}"
    if any(s.failed_open for s in state.steps):
        return False, "a layer failed open in this turn"
    if not state.citations or state.answer.startswith("I could not"):
        return False, "no cited answer"
    return True, "clean, grounded, cited"
