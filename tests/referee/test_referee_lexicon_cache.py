"""The referee's word data is cached in one file: read back whole, rebuilt when stale or broken."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from voicemaster.referee import lexicon as lexicon_module
from voicemaster.referee.lexicon import Lexicon

TINY = Lexicon(
    prons={"snow": "S N OW1", "bow": "B AW1|B OW1"},
    zipf={"snow": 4.7},
    lemmas={"snowmen": "snowman:N"},
    pos={"snow": "NV"},
    proper=frozenset({"america"}),
    american={"theatre": "theater"},
    wordnet={"snow": "NV", "snowman": "N"},
    kin={"snowman": "snow"},
    classes={"snowman": "artifact"},
    met_classes={"snowman": "artifact"},
    akin={"snowy": "snow"},
    spellings={"kabob": "kebab:~"},
    suffixed={"snowy": "snow"},
    translations={"nieve": "snow:es"},
    settled={"snowy snow": "m"},
    readings={"prune": "N|V|pruner pruning"},
    demonyms={"muscovite": "moscow|muscovy"},
)


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VOICEMASTER_CACHE", str(tmp_path))
    return tmp_path


def test_cache_file_round_trip(cache_dir: Path) -> None:
    path = lexicon_module.cache_path()
    assert path.parent == cache_dir
    lexicon_module._write_atomically(path, TINY)
    assert lexicon_module.lexicon.__wrapped__() == TINY
    assert TINY.lemmas_of("snowmen") == [("snowman", "N")]
    assert TINY.lemmas_of("snow") == []


def test_writing_a_new_version_removes_older_caches(cache_dir: Path) -> None:
    stale = cache_dir / f"{lexicon_module.CACHE_PREFIX}0000000000000000.marshal"
    stale.write_bytes(b"old")
    lexicon_module._write_atomically(lexicon_module.cache_path(), TINY)
    assert not stale.exists()
    assert [p.name for p in cache_dir.iterdir()] == [lexicon_module.cache_path().name]


def test_a_retuned_frequency_floor_is_not_served_from_the_old_cache(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The floor lives in tuning.py, outside the file the fingerprint reads: its value counts."""
    before = lexicon_module.cache_path()
    monkeypatch.setattr(lexicon_module, "WORDS", replace(lexicon_module.WORDS, lexicon_min_zipf=2.0))
    assert lexicon_module.cache_path() != before


def test_broken_cache_file_is_not_used(cache_dir: Path) -> None:
    path = lexicon_module.cache_path()
    path.write_bytes(b"\x00 not a lexicon")
    assert lexicon_module._read(path) is None



def test_read_only_cache_dir_falls_back_to_the_temp_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("a file where the cache directory should be")
    monkeypatch.setenv("VOICEMASTER_CACHE", str(blocked))
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(lexicon_module.tempfile, "tempdir", None)
    monkeypatch.setattr(lexicon_module, "build", lambda: TINY)
    assert lexicon_module.lexicon.__wrapped__() == TINY
    fallback = lexicon_module._cache_paths()[1]
    assert fallback.is_relative_to(tmp_path / "tmp") and fallback.exists()
    assert lexicon_module.lexicon.__wrapped__() == TINY


TWO_THREADS_COLD = """
import threading
from voicemaster.referee import lexicon as module

start = threading.Barrier(2)
got, failed = [], []

def build():
    start.wait()
    try:
        got.append(module.lexicon())
    except BaseException as exc:
        failed.append(repr(exc))

threads = [threading.Thread(target=build) for _ in range(2)]
for t in threads:
    t.start()
for t in threads:
    t.join()
assert not failed, failed
assert got[0] is got[1]
assert got[0] == module._read(module.cache_path()), "the cache file differs from what the threads got"
print(len(got[0].prons), len(got[0].zipf), module.cache_path())
"""


def test_a_cold_cache_built_from_two_threads_at_once_gives_one_lexicon(tmp_path: Path) -> None:
    """The demo's players and the app both ask for the lexicon at start-up on a fresh machine."""
    env = {k: v for k, v in os.environ.items() if k != "VOICEMASTER_CACHE"}
    env.update(HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "cache"), TMPDIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", TWO_THREADS_COLD], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    prons, zipf, path = done.stdout.split()
    assert int(prons) > 100_000 and int(zipf) > 10_000
    assert Path(path).is_relative_to(tmp_path / "cache")
    assert [p.name for p in Path(path).parent.iterdir()] == [Path(path).name]


def _waiting_for_a_lock(pid: int) -> bool:
    """/proc/locks lists a process blocked on a lock as "N: -> FLOCK ... WRITE PID ..."."""
    return any("->" in line and f" {pid} " in line for line in Path("/proc/locks").read_text().splitlines())


def test_a_second_process_waits_for_the_lexicon_the_first_is_building(cache_dir: Path) -> None:
    """Two test workers (or the demo beside a game) start cold: the second reads the first's
    file instead of building the lexicon again at the same time."""
    env = {**os.environ, "VOICEMASTER_CACHE": str(cache_dir)}
    code = "from voicemaster.referee.lexicon import lexicon; print(sorted(lexicon().prons))"
    with lexicon_module.directory_lock(cache_dir):
        second = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while not _waiting_for_a_lock(second.pid):
            assert second.poll() is None and time.monotonic() < deadline, "the second process did not wait"
            time.sleep(0.05)
        lexicon_module._write_atomically(lexicon_module.cache_path(), TINY)
    out, _ = second.communicate(timeout=120)
    assert second.returncode == 0 and out.split() == ["['bow',", "'snow']"]
