"""Fail-open counters in Postgres: written by the turn graph, read by `ara health`."""
from __future__ import annotations

from typing import Callable


def sink_for(connect: Callable) -> Callable[[str, str, str], None]:
    """A fail-open sink that writes on its own short connection, so a rolled-back turn still counts."""

    def sink(layer: str, turn_id: str, error: str) -> None:
        with connect() as c:
            c.execute("INSERT INTO fail_open_events (layer, turn_id, error) VALUES (%s, %s, %s)",
                      (layer, turn_id, error))
            c.commit()

    return sink


def counts(conn, window_seconds: int) -> dict[str, int]:
    rows = conn.execute("SELECT layer, count(*) FROM fail_open_events WHERE at > now() - make_interval(secs => %s)"
                        " GROUP BY layer ORDER BY layer", (window_seconds,)).fetchall()
    return dict(rows)
