"""`ara fetch` against a local HTTP server (never the internet)."""
import functools
import http.server
import threading

import pytest
from click.testing import CliRunner

from tests.conftest import corpus_pdf


@pytest.fixture
def mirror(tmp_path):
    src = tmp_path / "mirror"
    src.mkdir()
    (src / "3M_2018_10K.pdf").write_bytes(corpus_pdf("3M_2018_10K").read_bytes())
    (src / "BOEING_2018_10K.pdf").write_bytes(b"%PDF-1.7 tampered copy")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(src))
    handler.log_message = lambda *a: None
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()


def test_fetch_verifies_hashes_and_reports_each_file(mirror, tmp_path):
    from pipeline.cli.main import main

    dest = tmp_path / "out"
    args = ["fetch", "--dest", str(dest), "--base-url", mirror]
    r = CliRunner().invoke(main, [*args, "--doc", "3M_2018_10K", "--doc", "BOEING_2018_10K", "--doc", "VERIZON_2022_10K"])
    assert r.exit_code == 1
    lines = {ln.split()[0]: ln for ln in r.output.splitlines() if ln and ln.split()[0].endswith("10K")}
    assert "downloaded" in lines["3M_2018_10K"]
    assert "failed" in lines["BOEING_2018_10K"] and "sha256" in lines["BOEING_2018_10K"]
    assert "failed" in lines["VERIZON_2022_10K"] and "404" in lines["VERIZON_2022_10K"]
    assert (dest / "3M_2018_10K.pdf").read_bytes() == corpus_pdf("3M_2018_10K").read_bytes()
    assert not (dest / "BOEING_2018_10K.pdf").exists()
    again = CliRunner().invoke(main, [*args, "--doc", "3M_2018_10K"])
    assert again.exit_code == 0 and "present" in again.output
