"""What the browser tests share: Debian's chromium (no browser download) and its launch arguments, the marks that
skip with a reason when chromium or the real corpus is absent, the "page settled" condition, a free port, and
waiting for a Streamlit server's health endpoint."""
import os
import shutil
import socket
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed (apt-get install chromium)"),
    pytest.mark.skipif(not (Path(__file__).parent.parent.parent / "shared" / "corpus" / "pdfs").exists()
                       and not os.environ.get("ARA_TEST_CORPUS"), reason="real corpus absent"),
]
READY = "() => !document.querySelector('[data-testid=\"stStatusWidget\"], [data-testid=\"stSkeleton\"]')"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(url: str, tries: int = 120) -> bool:
    """True once the Streamlit server at `url` answers its health check (polled every half second)."""
    for _ in range(tries):
        try:
            urllib.request.urlopen(url + "/_stcore/health", timeout=1)
            return True
        except OSError:
            time.sleep(0.5)
    return False
