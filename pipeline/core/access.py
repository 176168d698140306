"""Who may do what: the roles, the permission table (data) and the principal every guarded call names.

Roles are ordered: an analyst reads and continues only their own conversations; a reviewer also reads every
conversation's trace (read-only: a turn always runs on its asker's own thread, see CheckpointSaver.ensure_thread);
an admin also changes the corpus (upload, ingest, company rename and merge). The store and service functions call
`require` themselves, so hiding a button in the app is convenience, never the enforcement.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Role = Literal["analyst", "reviewer", "admin"]
ROLES: tuple[Role, ...] = ("analyst", "reviewer", "admin")

# What each permission needs, as data: the lowest role that holds it (roles above hold it too).
PERMISSIONS: dict[str, Role] = {
    "conversation.own": "analyst",      # ask, list and reopen one's own conversations
    "trace.all": "reviewer",            # read every conversation's trace and audit record
    "evaluation.read": "reviewer",      # the evaluation dashboard
    "corpus.write": "admin",            # upload, ingest, company rename / alias / merge
    "baseline.write": "admin",          # save an evaluation run as a baseline
    "users.manage": "admin",            # add, remove, re-role users (`ara users`)
}


class AccessDenied(PermissionError):
    """The principal's role does not hold the permission; the message names both."""


@dataclass(frozen=True)
class Principal:
    """Who is asking: the user id their conversations are stored under, their role, and how they were known."""
    user_id: str
    role: Role = "analyst"
    how: str = "local"        # local | session | password | oidc | operator

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r}; one of {', '.join(ROLES)}")

    def can(self, permission: str) -> bool:
        return ROLES.index(self.role) >= ROLES.index(PERMISSIONS[permission])

    def may_read_thread(self, owner: str | None) -> bool:
        """A thread's owner reads it; reviewers and admins read every thread; nobody reads a thread that is not."""
        return owner is not None and (owner == self.user_id or self.can("trace.all"))


# The single local analyst of a no-sign-in install: it is their machine, so they hold every permission.
LOCAL = Principal("local", "admin", "local")
# Whoever runs `ara` in a shell on the server: they hold the database itself, so roles cannot bind them.
OPERATOR = Principal("operator", "admin", "operator")


def require(principal: Principal | None, permission: str) -> None:
    """Raise AccessDenied unless `principal` holds `permission` (None, nobody signed in, holds nothing)."""
    if principal is None or not principal.can(permission):
        who = "nobody signed in" if principal is None else f"{principal.user_id} ({principal.role})"
        raise AccessDenied(f"{who} may not do this: it needs the {PERMISSIONS[permission]} role ({permission}).")
