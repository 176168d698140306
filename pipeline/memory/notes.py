"""Long-term notes, per user and per entity, that outlive a session: figures the system reported earlier
(with provenance: thread, turn, time) and the analyst's usual companies. They reach a turn only as labelled
hints ("remembered, unverified"), never as sources, and are the first thing dropped when space is short."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

HINT_LABEL = "remembered, unverified"


class Notes:
    def __init__(self, connect, ttl_days: float = 180):
        self._connect, self.ttl_days = connect, ttl_days

    def on(self, connect) -> "Notes":
        """The same notes read and written through another `connect` (a turn's own connection, `pool.turn_connect`)."""
        return Notes(connect, self.ttl_days)

    def remember(self, user_id: str, entity: str, note: str, thread_id: str, turn: int) -> None:
        expires = datetime.now(timezone.utc) + timedelta(days=self.ttl_days)
        with self._connect() as c:
            c.execute("INSERT INTO memory_notes (user_id, entity, note, thread_id, turn, expires_at) "
                      "VALUES (%s, %s, %s, %s, %s, %s)", (user_id, entity, note, thread_id, turn, expires))
            c.commit()

    def hints(self, user_id: str, entities: list[str], limit: int = 5) -> list[str]:
        if not entities:
            return []
        with self._connect() as c:
            rows = c.execute("SELECT note, thread_id, turn, created_at FROM memory_notes WHERE user_id = %s "
                             "AND entity = ANY(%s) AND expires_at > now() ORDER BY created_at DESC LIMIT %s",
                             (user_id, entities, limit)).fetchall()
        return [f"({HINT_LABEL}; thread {t[:6]}…, turn {n}, {at:%Y-%m-%d}) {note}" for note, t, n, at in rows]

    def usual_companies(self, user_id: str, limit: int = 3) -> list[str]:
        with self._connect() as c:
            rows = c.execute("SELECT entity, count(*) FROM memory_notes WHERE user_id = %s AND entity <> '*' "
                             "AND expires_at > now() GROUP BY entity ORDER BY count(*) DESC, entity LIMIT %s",
                             (user_id, limit)).fetchall()
        return [r[0] for r in rows]

    def expire(self) -> int:
        with self._connect() as c:
            n = c.execute("DELETE FROM memory_notes WHERE expires_at <= now()").rowcount
            c.commit()
        return n
