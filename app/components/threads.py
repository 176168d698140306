"""Conversation titles: what the thread is about (companies, fiscal years) and its first question, made unique."""
from __future__ import annotations


def title(t: dict, width: int = 60) -> str:
    """'3M · FY2018, FY2021 — What was 3M's capex in FY2018?': company and year first, so a cut never loses them."""
    about = " · ".join(filter(None, [", ".join(t.get("companies") or []),
                                     ", ".join(f"FY{y}" for y in t.get("years") or [])]))
    q = " ".join((t.get("title") or "(untitled)").split())
    q = q if len(q) <= width else q[: width - 1] + "…"
    return f"{about} — {q}" if about else q


def labels(threads: list[dict], width: int = 60) -> dict[str, str]:
    """thread_id -> a label unique in the list: identical titles get their start time (then a counter)."""
    base = {t["thread_id"]: title(t, width) for t in threads}
    counts: dict[str, int] = {}
    for v in base.values():
        counts[v] = counts.get(v, 0) + 1
    out: dict[str, str] = {}
    used: set[str] = set()
    for t in threads:
        label = base[t["thread_id"]]
        if counts[label] > 1 and t.get("created_at") is not None:
            label += f" · {t['created_at']:%b %d %H:%M}"
        n, candidate = 2, label
        while candidate in used:
            candidate, n = f"{label} #{n}", n + 1
        used.add(candidate)
        kind = "one-off · " if t.get("one_off") else ""
        turns = "" if t.get("one_off") else f" ({t.get('turns', 0)} turn{'s' if t.get('turns') != 1 else ''})"
        out[t["thread_id"]] = kind + candidate + turns
    return out
