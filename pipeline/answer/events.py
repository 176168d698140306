"""The events an analyst asks "did it ...?" about, read from their data (`pipeline/data/events.toml`): how a question
names each one, and the sentences that state it, deny it, or tell of it done to the company rather than by it."""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

EVENTS = Path(__file__).resolve().parent.parent / "data" / "events.toml"


@dataclass(frozen=True)
class Event:
    key: str
    name: str
    asked: re.Pattern
    topic: re.Pattern
    affirm: tuple[re.Pattern, ...]
    deny: tuple[re.Pattern, ...]
    other_action: re.Pattern | None = None     # the question does another thing to the topic: not this event
    received: re.Pattern | None = None         # a sentence of the event done to the company (a dividend it received)


@lru_cache(maxsize=2)
def events(path: str | None = None) -> tuple[Event, ...]:
    data = tomllib.loads(Path(path or EVENTS).read_text(encoding="utf-8"))
    flags = re.I
    by_key = {e["key"]: e for e in data["event"]}

    def received(e: dict) -> str | None:      # `received_as = "<key>"`: another event's pattern, written once
        return by_key[e["received_as"]]["received"] if e.get("received_as") else e.get("received")

    return tuple(Event(e["key"], e["name"], re.compile(e["asked"], flags), re.compile(e["topic"], flags),
                       tuple(re.compile(p, flags) for p in e["affirm"]),
                       tuple(re.compile(p, flags) for p in e["deny"]),
                       re.compile(e["other_action"], flags) if e.get("other_action") else None,
                       re.compile(received(e), flags) if received(e) else None) for e in data["event"])
