"""Conversations as a given person may see them: the one way the app reads threads, turns and traces.

An analyst gets their own threads only; a reviewer or admin gets every thread, read-only (a turn is always run on
the asker's own thread: `CheckpointSaver.ensure_thread` refuses another user's). A thread the viewer may not read
looks exactly like one that does not exist (empty), so an id tried from elsewhere tells nothing.
"""
from __future__ import annotations

from pipeline.core.access import Principal
from pipeline.stores.checkpoints import CheckpointSaver, Message


def may_read(saver: CheckpointSaver, viewer: Principal, thread_id: str) -> bool:
    return bool(thread_id) and viewer.may_read_thread(saver.owner(thread_id))


def own_threads(saver: CheckpointSaver, viewer: Principal, *, limit: int = 50,
                one_off: bool | None = None) -> list[dict]:
    """The viewer's own threads, newest first (what the Chat page offers to reopen)."""
    return saver.threads(viewer.user_id, limit=limit, one_off=one_off)


def readable_threads(saver: CheckpointSaver, viewer: Principal, *, limit: int = 200,
                     one_off: bool | None = None) -> list[dict]:
    """Every thread the viewer may trace: their own, or everyone's for a reviewer or admin."""
    who = None if viewer.can("trace.all") else viewer.user_id
    return saver.threads(who, limit=limit, one_off=one_off)


def history(saver: CheckpointSaver, viewer: Principal, thread_id: str) -> list[Message]:
    """A thread's completed turns as messages, for its owner only (a reviewer reads it on the Trace page; reopening
    it in the chat would continue someone else's conversation)."""
    return saver.history(thread_id) if saver.owner(thread_id) == viewer.user_id else []


def turns(saver: CheckpointSaver, viewer: Principal, thread_id: str) -> list[dict]:
    return saver.turns(thread_id) if may_read(saver, viewer, thread_id) else []


def turn_steps(saver: CheckpointSaver, viewer: Principal, thread_id: str, turn: int) -> list[dict]:
    return saver.turn_steps(thread_id, turn) if may_read(saver, viewer, thread_id) else []
