"""Which code answered: an edited checkout is never the commit it started from (the semantic cache keys on it)."""
import shutil
import subprocess

import pytest

from pipeline.core import version


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_an_edit_to_tracked_code_changes_the_version(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    (repo / "pipeline").mkdir(parents=True)
    (repo / "pipeline" / "x.py").write_text("A = 1\n")
    git = ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run([*git, "-C", str(repo), "add", "."], check=True)
    subprocess.run([*git, "-C", str(repo), "commit", "-qm", "init"], check=True)
    monkeypatch.setattr(version, "ROOT", repo)
    clean = version.git_commit()
    assert clean and "dirty" not in clean and clean != "unknown"
    (repo / "pipeline" / "x.py").write_text("A = 2\n")
    one = version.git_commit()
    (repo / "pipeline" / "x.py").write_text("A = 3\n")
    other = version.git_commit()
    assert one.startswith(clean + "-dirty-") and other.startswith(clean + "-dirty-") and one != other
    (repo / "pipeline" / "x.py").write_text("A = 1\n")
    assert version.git_commit() == clean


def test_outside_a_checkout_it_is_unknown(tmp_path, monkeypatch):
    monkeypatch.setattr(version, "ROOT", tmp_path)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    assert version.git_commit() == "unknown"


def test_the_root_it_asks_git_about_is_the_checkout():
    """ROOT is the folder holding the `pipeline` and `ingest` packages the dirty check diffs (not a package folder:
    from there the check's paths name nothing and an edited checkout would pass for its commit)."""
    assert (version.ROOT / "pipeline" / "core" / "version.py").is_file()
    assert (version.ROOT / "ingest").is_dir()
