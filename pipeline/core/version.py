"""Which code answered: the package version plus the git commit of the checkout (recorded in the audit trail and
in every evaluation run)."""
from __future__ import annotations

import subprocess
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]   # the checkout: pipeline/core/version.py -> ../../


def git_commit() -> str:
    """The checkout's short commit, or 'unknown' outside a git checkout. A checkout with uncommitted changes to
    tracked files gets '-dirty-<hash of the diff>', so code being edited never shares answers (the semantic cache is
    keyed by this) with the commit it started from, nor with another edit of it."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT,
                              timeout=5).stdout.strip()
        if not head:
            return "unknown"
        diff = subprocess.run(["git", "diff", "HEAD", "--", "pipeline", "ingest"], capture_output=True, cwd=ROOT,
                              timeout=10).stdout
        if diff:
            import hashlib

            head += "-dirty-" + hashlib.sha256(diff).hexdigest()[:8]
        return head
    except (OSError, subprocess.SubprocessError):
        return "unknown"


@lru_cache(maxsize=1)
def code_version() -> str:
    """The package version and the checkout's commit (read once per process)."""
    try:
        from importlib.metadata import version

        v = version("annual-report-analyst")
    except Exception:  # noqa: BLE001
        v = "0"
    return f"{v}+{git_commit()}"
