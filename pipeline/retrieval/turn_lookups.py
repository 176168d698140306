"""The fact lookups of the turn under way: the retrieval's facts side and the answer ask the same lookup
(`pipeline/retrieval/fact_match.find`), and within one turn the filings do not change, so a lookup asked again is
the first one's result. The turn graph runs each turn inside `one_turn()`; outside one every call is computed."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Hashable, TypeVar

T = TypeVar("T")
_LOOKUPS: ContextVar[dict | None] = ContextVar("turn_lookups", default=None)


@contextmanager
def one_turn():
    """Lookups remembered until the block ends (one turn)."""
    token = _LOOKUPS.set({})
    try:
        yield
    finally:
        _LOOKUPS.reset(token)


def remembered(key: Hashable, compute: Callable[[], T]) -> T:
    """`compute()`'s result, computed once per `key` inside `one_turn()`; always computed outside it."""
    lookups = _LOOKUPS.get()
    if lookups is None:
        return compute()
    if key not in lookups:
        lookups[key] = compute()
    return lookups[key]
