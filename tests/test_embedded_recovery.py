"""The embedded database survives what a killed process leaves behind (stack notes §2)."""
import json
import os
import subprocess
import sys
import textwrap

import psycopg
import pytest

from pipeline.stores import db

pytestmark = pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="embedded-server behaviour only")


def _pg_ctl(datadir, *args):
    import pathlib

    import pgserver

    pg_ctl = pathlib.Path(pgserver.__file__).parent / "pginstall" / "bin" / "pg_ctl"
    cmd = [str(pg_ctl), "-D", str(datadir), *args]
    if os.geteuid() == 0:
        cmd = ["runuser", "-u", "pgserver", "--", *cmd]
    return subprocess.run(cmd, capture_output=True, text=True)


def test_sigkilled_holder_and_reused_pid_do_not_wedge_the_server(tmp_path):
    d = tmp_path / "pgdata"
    killed = subprocess.run([sys.executable, "-c", textwrap.dedent(f"""
        import os, signal
        from pipeline.stores import db
        db.embedded_server({str(d)!r})
        os.kill(os.getpid(), signal.SIGKILL)   # no atexit: a stale handle pid is left behind
    """)], capture_output=True)
    assert killed.returncode == -9
    stale = json.loads((d / ".handle_pids.json").read_text())
    assert stale, "the killed process should have left its pid"

    # The postmaster is stopped behind pgserver's back, and its pid file now names a live non-postgres
    # process (what a container restart with reused pids looks like).
    assert _pg_ctl(d, "-m", "fast", "stop").returncode == 0
    (d / "postmaster.pid").write_text(f"{os.getpid()}\n{d}\n")

    srv = db.embedded_server(d)
    with psycopg.connect(srv.get_uri()) as c:
        assert c.execute("SELECT 1").fetchone() == (1,)
    assert not set(stale) & set(json.loads((d / ".handle_pids.json").read_text()))
