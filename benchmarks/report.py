"""Benchmarks print a table and write it into their own section of docs/benchmarks.md."""
from __future__ import annotations

import platform
import re
import subprocess
import time
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
HEADER = ("# Benchmarks\n\nWritten by `benchmarks/*.py` (`make bench`). Each section is replaced by the run that "
          "produced it; numbers are from the machine named in the section.\n")


def machine() -> str:
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                cwd=DOC.parent.parent).stdout.strip()
    except OSError:
        commit = "?"
    import os
    return (f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} · commit {commit} · {platform.machine()} · "
            f"{os.cpu_count()} cores · Python {platform.python_version()}")


def markdown_table(headers: list[str], rows: list[list]) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def write_section(name: str, body: str) -> None:
    DOC.parent.mkdir(parents=True, exist_ok=True)
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else HEADER
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = f"{start}\n{body.strip()}\n{end}"
    if start in text:
        text = re.sub(re.escape(start) + r".*?" + re.escape(end), lambda _: block, text, flags=re.S)
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    DOC.write_text(text, encoding="utf-8")
