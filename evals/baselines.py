"""Named baselines: JSON under evals/baselines/ (reviewed in git) and, when a database is at hand, a row in
Postgres `eval_runs` for the dashboard."""
from __future__ import annotations

import json
import time
from pathlib import Path

from pipeline.core.version import git_commit as commit  # what a run records as its commit

FOLDER = Path(__file__).resolve().parent / "baselines"


def record(report_json: dict, name: str, config: dict) -> dict:
    return {"name": name, "mode": report_json["mode"], "commit": commit(),
            "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "config": config,
            "metrics": report_json["metrics"], "cases": report_json["cases"]}


class BaselineExists(FileExistsError):
    """A baseline of that name exists; saving over it needs an explicit overwrite."""


def exists(name: str, folder: Path | None = None, conn=None) -> bool:
    from pipeline.stores import evalruns

    if ((folder or FOLDER) / f"{name}.json").exists():
        return True
    return conn is not None and evalruns.baseline_exists(conn, name)


def save(rec: dict, folder: Path | None = None, overwrite: bool = False) -> Path:
    """evals/baselines/NAME.json. An existing name is refused unless `overwrite` (the committed baselines are
    reviewed in git: a run must not replace one by accident)."""
    folder = folder or FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{rec['name']}.json"
    if path.exists() and not overwrite:
        raise BaselineExists(f"baseline {rec['name']!r} exists ({path}); choose a new name, or pass --overwrite to "
                             "replace it")
    path.write_text(json.dumps(rec, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def load(name: str, folder: Path | None = None) -> dict:
    folder = folder or FOLDER
    path = folder / f"{name}.json"
    if not path.exists():
        raise FileNotFoundError(f"no baseline {name!r} in {folder} (save one with --save-baseline {name})")
    return json.loads(path.read_text(encoding="utf-8"))


def store_run(conn, rec: dict, is_baseline: bool) -> None:
    from pipeline.stores import evalruns

    if is_baseline:
        evalruns.retire_baseline(conn, rec["name"])
    evalruns.store(conn, rec, is_baseline)


def committed(folder: Path | None = None) -> list[dict]:
    """The baselines committed under evals/baselines/, shaped like `evalruns.runs` rows (negative ids, marked
    `committed`), so a fresh install's dashboard shows where the product stands before anything has been run."""
    from datetime import datetime, timezone

    out = []
    for n, path in enumerate(sorted((folder or FOLDER).glob("*.json")), 1):
        try:
            rec = json.loads(path.read_text(encoding="utf-8"))
            when = datetime.strptime(rec["time"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
            out.append({"id": -n, "name": rec["name"], "mode": rec["mode"], "is_baseline": True,
                        "git_commit": rec.get("commit", ""), "created_at": when, "metrics": rec["metrics"],
                        "cases": rec["cases"], "committed": True})
        except (OSError, ValueError, KeyError):
            continue                  # a file that is not a baseline record is not shown
    return out


def dashboard_runs(conn, folder: Path | None = None) -> list[dict]:
    """Runs for the Evaluation page: every run in the database, newest first, then each committed baseline that
    the database does not already hold (same name, mode and commit)."""
    from pipeline.stores import evalruns

    runs = [{**r, "committed": False} for r in evalruns.runs(conn)]
    held = {(r["name"], r["mode"], r["git_commit"]) for r in runs if r["is_baseline"]}
    return runs + [r for r in committed(folder) if (r["name"], r["mode"], r["git_commit"]) not in held]
