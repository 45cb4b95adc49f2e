"""The package a user installs: a built wheel, in a fresh venv, deals and referees with no checkout around."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Built from a copy of the sources: a build/ left in a working tree can carry stale modules."""
    source = tmp_path_factory.mktemp("source") / "voicemaster"
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".cache", ".pytest_cache", ".hypothesis", "models"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)],
        check=True, capture_output=True, timeout=600,
    )
    return next(out.glob("voicemaster-*.whl"))


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with only the wheel installed; its dependencies are borrowed from this
    environment by path (no editable finder comes along: a .pth path line runs no hooks)."""
    env = tmp_path_factory.mktemp("venv")
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "-q", str(wheel)],
                   check=True, capture_output=True, timeout=600)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    Path(site, "borrowed-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env


def run_installed(env: Path, cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    clean["VOICEMASTER_HOME"] = str(cwd / "home")
    return subprocess.run([str(env / "bin" / "voicemaster"), *args], input=stdin, cwd=cwd, env=clean,
                          capture_output=True, text=True, timeout=300)


def test_the_wheel_carries_the_word_lists_and_the_referee_data(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "voicemaster/wordlists/default.txt" in names and "voicemaster/wordlists/kids.txt" in names
    assert "voicemaster/referee/data/wordnet_kin.tsv.gz" in names and "voicemaster/referee/data/WORDNET-LICENSE" in names


def test_an_installed_wheel_deals_and_referees_a_typed_game(installed: Path, tmp_path: Path) -> None:
    where = subprocess.run([str(installed / "bin" / "python"), "-c", "import voicemaster; print(voicemaster.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert str(installed) in where and str(ROOT) not in where
    journal = tmp_path / "game.jsonl"
    result = run_installed(installed, tmp_path, "play", "--input", "text", "--seed", "3", "--journal", str(journal),
                           "--audio-out", "none", stdin="clue ocean two\nstatus\n")
    assert result.returncode == 0, result.stderr
    assert "has 9 agents left" in result.stdout.lower() or "has 8 agents left" in result.stdout.lower()
    state = json.loads(run_installed(installed, tmp_path, "state", "--journal", str(journal), "--json").stdout)
    assert state["phase"] in ("guess", "clue") and len(json.loads(journal.read_text().splitlines()[0])["cards"]) == 25
    dealt = json.loads(journal.read_text().splitlines()[0])["cards"]
    shipped = (ROOT / "wordlists" / "default.txt").read_text().split("\n")
    assert set(dealt) <= set(shipped)
