"""One error path (pipeline/cli/errors.py): `ara` and the app say the cause and the fix in a few lines and `ara` exits
non-zero; the traceback only with --debug / ARA_DEBUG=1. Each case is the real fault, in a subprocess."""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys

import psycopg
import pytest

from pipeline.cli.errors import EXIT_CODE, explain
from pipeline.settings import Settings
from tests.conftest import ROOT

CLOSED = "postgresql://analyst:s3cret-pw@127.0.0.1:1/ara"


def _ara(*args, env: dict, **kw) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "ARA_DEBUG", "ARA_DATA_DIR")}
    return subprocess.run([sys.executable, "-m", "pipeline.cli.main", *args], env={**base, **env}, cwd=ROOT,
                          capture_output=True, text=True, timeout=180, **kw)


def _short_and_explained(res: subprocess.CompletedProcess) -> str:
    assert res.returncode == EXIT_CODE, res.stdout + res.stderr
    assert "Traceback" not in res.stderr + res.stdout
    assert "Fix:" in res.stderr
    assert len(res.stderr.strip().splitlines()) <= 6, res.stderr
    return res.stderr


def test_a_database_url_at_a_closed_port_names_the_url_and_the_fix(tmp_path):
    err = _short_and_explained(_ara("docs", env={"DATABASE_URL": CLOSED}))
    assert "postgresql://analyst:***@127.0.0.1:1/ara" in err and "Connection refused" in err
    assert "DATABASE_URL" in err.split("Fix:")[1] and "s3cret-pw" not in err
    debug = _ara("--debug", "docs", env={"DATABASE_URL": CLOSED})
    assert debug.returncode != 0 and "Traceback" in debug.stderr and "s3cret-pw" not in debug.stderr
    assert "Traceback" in _ara("docs", env={"DATABASE_URL": CLOSED, "ARA_DEBUG": "1"}).stderr


def test_a_data_directory_with_a_space_says_to_move_it(tmp_path):
    data = tmp_path / "my reports" / "data"
    err = _short_and_explained(_ara("docs", env={"ARA_DATA_DIR": str(data)}))
    assert "spaces" in err and str(data) in err and "ARA_DATA_DIR" in err.split("Fix:")[1]


def test_a_data_directory_this_user_cannot_read_names_the_folder_and_the_fix(tmp_path):
    data = tmp_path / "locked"
    (data / "pgdata").mkdir(parents=True)
    (data / "pgdata" / ".handle_pids.json").write_text("[]")
    os.chmod(data, 0)
    prefix = []
    if os.geteuid() == 0:    # root reads everything: drop the capabilities that let it (setpriv, util-linux)
        if not shutil.which("setpriv"):
            pytest.skip("running as root without setpriv: cannot make a folder unreadable to this process")
        prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
    try:
        base = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "ARA_DEBUG")}
        res = subprocess.run([*prefix, sys.executable, "-m", "pipeline.cli.main", "docs"], cwd=ROOT, capture_output=True,
                             text=True, timeout=180, env={**base, "ARA_DATA_DIR": str(data)})
        err = _short_and_explained(res)
    finally:
        os.chmod(data, 0o755)
    assert "Permission denied" in err and str(data) in err
    assert "chmod" in err.split("Fix:")[1] and "ARA_DATA_DIR" in err.split("Fix:")[1]


def test_full_disks_lost_connections_and_permissions_are_explained_and_stop_a_batch(tmp_path):
    s = Settings(data_dir=tmp_path, database_url=None)
    for exc in (OSError(errno.ENOSPC, "No space left on device"),
                psycopg.errors.DiskFull("could not extend file \"base/5/16384\": No space left on device")):
        p = explain(exc, s)
        assert p.cause.startswith("The disk is full") and str(tmp_path) in p.cause and "MB free" in p.cause
        assert not p.per_file and "ARA_DATA_DIR" in p.fix
    lost = explain(psycopg.OperationalError("server closed the connection unexpectedly"), s)
    assert "Lost the connection" in lost.cause and not lost.per_file
    odd = explain(KeyError("x"), s)
    assert not odd.known and "--debug" in odd.fix


def test_the_app_on_an_unreachable_database_shows_the_cause_and_the_fix(monkeypatch):
    from streamlit.testing.v1 import AppTest

    from pipeline import settings as settings_mod
    from tests.test_app import APP

    import streamlit as st

    monkeypatch.setenv("DATABASE_URL", CLOSED)
    settings_mod.get_settings.cache_clear()
    st.cache_resource.clear()          # no database_ready() of an earlier test
    try:
        at = AppTest.from_file(APP, default_timeout=120).run()
    finally:
        settings_mod.get_settings.cache_clear()
        st.cache_resource.clear()
    assert not at.exception
    text = " ".join(e.value for e in at.error)
    assert "127.0.0.1:1" in text and "Connection refused" in text and "DATABASE_URL" in text
    assert "s3cret-pw" not in text


@pytest.mark.parametrize("debug", [False, True])
def test_an_unexpected_error_is_one_line_unless_debugging(monkeypatch, debug):
    from click.testing import CliRunner

    from pipeline.cli import main as cli

    def boom(*a, **kw):
        raise KeyError("no such thing")

    monkeypatch.setattr("pipeline.stores.db.session", boom)
    monkeypatch.setenv("ARA_DEBUG", "0")          # restored afterwards (--debug sets it to 1 in this process)
    args = (["--debug"] if debug else []) + ["docs"]
    res = CliRunner().invoke(cli.main, args)
    from pipeline import settings as settings_mod
    settings_mod.get_settings.cache_clear()
    if debug:
        assert isinstance(res.exception, KeyError)
    else:
        assert res.exit_code == EXIT_CODE and "Unexpected error: KeyError" in res.output and "--debug" in res.output
