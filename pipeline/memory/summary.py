"""The summary buffer: recent turns word for word; past 10 messages, everything but the last 4 is summarised
in two or three sentences. The originals stay in the checkpointed history: the summary is a view.

Only the model's synthesis prompt reads a summary, so offline nothing is summarised. With a model the summary
is amortised (`due`): the summarised part grows in blocks of BLOCK messages, and while a block is unchanged the
previous turn's summary (recorded in its checkpointed state) is reused without a model call."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pipeline.stores.checkpoints import Message

MAX_MESSAGES = 10
KEEP_RECENT = 4
BLOCK = 6        # messages (three turns) per summarised block


@dataclass
class Buffer:
    summary: str | None
    recent: list[Message] = field(default_factory=list)
    summarised: int = 0          # how many messages the summary stands for


def extractive_summary(messages: list[Message]) -> str:
    """Deterministic: who and what was asked about, and the first figure answers, in at most three sentences."""
    companies: list[str] = []
    years: list[str] = []
    asked: list[str] = []
    answers: list[str] = []
    for m in messages:
        st = m.state or {}
        for c in st.get("companies") or []:
            if c not in companies:
                companies.append(c)
        for y in st.get("years") or []:
            if f"FY{y}" not in years:
                years.append(f"FY{y}")
        if m.role == "user":
            asked.append(m.content.strip().rstrip("?"))
        elif re.search(r"\d", m.content) and not m.content.startswith("I could not"):
            first = re.split(r"(?<=[.])\s", m.content.strip())[0]
            answers.append(re.sub(r"\s*\[\d+\]", "", first))
    parts = [f"Earlier in this conversation the analyst asked {len(asked)} question(s)"
             + (f" about {', '.join(companies)}" if companies else "")
             + (f" ({', '.join(years)})" if years else "") + "."]
    if asked:
        parts.append(f"The first was: \u201c{asked[0][:160]}\u201d.")
    if answers:
        parts.append(f"Answers included: {answers[0][:200]}")
    return " ".join(parts)


def buffer(history: list[Message], summarise=extractive_summary) -> Buffer:
    if len(history) <= MAX_MESSAGES:
        return Buffer(summary=None, recent=list(history))
    older, recent = history[:-KEEP_RECENT], history[-KEEP_RECENT:]
    return Buffer(summary=summarise(older), recent=recent, summarised=len(older))


def llm_summariser(llm):
    from pipeline import prompts
    from pipeline.providers.llm import complete

    def summarise(messages: list[Message]) -> str:
        text = "\n".join(f"{m.role}: {m.content}" for m in messages)
        out = complete(llm, prompts.SUMMARY.format(messages=text), "summary").strip()
        if not out:
            raise ValueError("empty summary")
        return out[:1200]

    return summarise


def due(history: list[Message]) -> tuple[Buffer, list[Message] | None]:
    """The amortised buffer: (the buffer with the previous summary reused when its block is unchanged, or None
    when older messages need a fresh summary - returned second, to be summarised by whoever reads it)."""
    if len(history) <= MAX_MESSAGES:
        return Buffer(summary=None, recent=list(history)), None
    aged = len(history) - KEEP_RECENT
    cut = aged - (aged - (MAX_MESSAGES - KEEP_RECENT)) % BLOCK
    recent = history[cut:]
    for m in reversed(history):
        mem = (m.state or {}).get("memory") or {}
        if m.role == "assistant" and mem.get("summary") and mem.get("summarised_messages") == cut:
            return Buffer(summary=mem["summary"], recent=recent, summarised=cut), None
    return Buffer(summary=None, recent=recent, summarised=0), history[:cut]
