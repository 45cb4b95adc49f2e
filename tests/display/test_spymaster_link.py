"""The spymasters' page keeps its address for the game: through "new game", a kill -9 and a
`--resume`, the phone that scanned it once still shows the key; an address that is not this
game's says what to do."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from tests.setup.test_setup_command import ROWS, confirmed

from .test_play_web import read_urls

CLUES = ("saxophone", "glacier", "quartz", "volcano", "orchestra")
"""Clue words; each game takes the first that no card shares a beginning with."""
T = TypeVar("T")


def eventually(value: Callable[[], T | None], what: str, timeout: float = 60) -> T:
    """`value()` once it is not None, asked every 0.1 s."""
    deadline = time.monotonic() + timeout
    while (found := value()) is None:
        assert time.monotonic() < deadline, f"never {what}"
        time.sleep(0.1)
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def play(tmp_path: Path, port: int, *options: str) -> subprocess.Popen[str]:
    """`voicemaster play`, typed, with the web pages on `port`; what it prints for the table
    (stdout) kept in a file."""
    command = [sys.executable, "-m", "voicemaster", "play", "--input", "text", "--audio-out", "none",
               "--web", f"127.0.0.1:{port}", *options]
    env = {**os.environ, "VOICEMASTER_HOME": str(tmp_path / "home")}
    with open(tmp_path / f"stdout-{time.monotonic_ns()}.txt", "w") as out:
        return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=out, stderr=subprocess.PIPE, text=True,
                                cwd=tmp_path, env=env)


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def key_board(spymaster: str) -> dict[str, Any] | None:
    """What the spymaster page shows (None before the game is drawn)."""
    status, body = fetch(spymaster + "/state.json")
    assert status == 200, body
    board = json.loads(body)["board"]
    return None if board is None else dict(board)


def wait_key_board(spymaster: str, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    def shown() -> dict[str, Any] | None:
        board = key_board(spymaster)
        return board if board is not None and check(board) else None

    return eventually(shown, "did the spymaster page show what was awaited")


def words(board: dict[str, Any]) -> list[str]:
    return [card["word"] for card in board["cards"]]


def type_lines(process: subprocess.Popen[str], *lines: str) -> None:
    assert process.stdin is not None
    process.stdin.write("".join(line + "\n" for line in lines))
    process.stdin.flush()


def lose_on_the_assassin(process: subprocess.Popen[str], spymaster: str) -> dict[str, Any]:
    """The team on turn gives a clue and touches the assassin, as the spymaster page shows it."""
    board = wait_key_board(spymaster, lambda b: b["winner"] is None)
    cards = words(board)
    clue = next(w for w in CLUES if not any(c[:4] == w[:4] or c in w or w in c for c in cards))
    assassin = next(card["word"] for card in board["cards"] if card["letter"] == "A")
    type_lines(process, f"clue {clue} one", f"guess {assassin}")
    return wait_key_board(spymaster, lambda b: words(b) == cards and b["winner"] is not None)


def test_an_evening_keeps_the_spymasters_address_through_new_game_a_kill_and_a_resume(tmp_path: Path) -> None:
    """Three dealt games, killed after the second and resumed: the address printed first shows
    every one of them, and is kept in owner-only files, not in the journals."""
    port = free_port()
    journal = tmp_path / "ny.jsonl"
    first = play(tmp_path, port, "--deal", "--seed", "5", "--journal", str(journal))
    try:
        spymaster = read_urls(first)["spymaster"]
        one = lose_on_the_assassin(first, spymaster)
        type_lines(first, "new game")
        wait_key_board(spymaster, lambda b: words(b) != words(one))
        two = lose_on_the_assassin(first, spymaster)
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    finally:
        first.kill()
    second_journal = max((p for p in tmp_path.glob("ny*.jsonl") if p != journal), key=lambda p: p.stat().st_mtime)

    resumed = play(tmp_path, port, "--journal", str(second_journal), "--resume")
    try:
        assert read_urls(resumed)["spymaster"] == spymaster
        shown = wait_key_board(spymaster, lambda b: True)
        assert (shown["cards"], shown["winner"]) == (two["cards"], two["winner"]), \
            "the address scanned first shows the resumed game"
        status, page = fetch(spymaster)
        assert status == 200 and "SPYMASTER KEY" in page
        type_lines(resumed, "new game")
        three = wait_key_board(spymaster, lambda b: words(b) != words(two))
        assert three["winner"] is None and len(three["cards"]) == 25
        assert resumed.stdin is not None
        resumed.stdin.close()
        assert resumed.wait(timeout=60) == 0
    finally:
        resumed.kill()
    token = spymaster.rsplit("/", 1)[1]
    kept = [p for p in tmp_path.glob("ny*") if token in p.read_text(errors="replace")]
    assert kept and all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in kept), kept
    assert not [p for p in kept if p.suffix == ".jsonl"], "the journal, which `state` prints from, holds no token"
    printed = [p for p in tmp_path.glob("stdout-*") if p.stat().st_size]
    assert printed and not [p for p in printed if token in p.read_text()], "the game's text never shows the address"


def run_play(tmp_path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """`voicemaster play`, typed, to the end of its (empty) input."""
    env = {**os.environ, "VOICEMASTER_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-m", "voicemaster", "play", "--input", "text", "--audio-out", "none",
                           *options], input="", capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    return done


def spymaster_address(printed: str) -> str:
    found = set(re.findall(r"http://\S+/spymaster/\S+", printed))
    assert len(found) == 1, printed
    return str(found.pop())


def test_a_journal_kept_without_an_address_resumes_and_keeps_one_from_then_on(tmp_path: Path) -> None:
    """An older journal (or one played without --web) has no token beside it: resuming it with
    the web pages draws one and keeps it for the next resume; a token file that is not one is
    one warning and a new address; a new game on a journal name used before gets a new one."""
    journal = tmp_path / "old.jsonl"
    run_play(tmp_path, "--deal", "--seed", "2", "--journal", str(journal))
    assert [p.name for p in tmp_path.glob("old.jsonl*")] == ["old.jsonl"]
    web = ("--web", f"127.0.0.1:{free_port()}")
    resume = ("--journal", str(journal), "--resume", *web)
    first = spymaster_address(run_play(tmp_path, *resume).stderr)
    assert spymaster_address(run_play(tmp_path, *resume).stderr) == first

    kept = tmp_path / "old.jsonl.spymaster-token"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    kept.write_text("half a tok\n")
    done = run_play(tmp_path, *resume)
    warnings = [line for line in done.stderr.splitlines() if "warning" in line]
    assert warnings == [f"voicemaster: warning: {kept}: not a spymaster token; "
                        "the spymaster page has a new address: scan its code again"], done.stderr
    second = spymaster_address(done.stderr)
    assert second != first and kept.read_text().strip() == second.rsplit("/", 1)[1]

    journal.unlink()
    fresh = spymaster_address(run_play(tmp_path, "--deal", "--journal", str(journal), *web).stderr)
    assert fresh != second, "last game's link does not open a new game's key"


def test_a_table_laid_out_again_after_a_crash_keeps_the_spymasters_address(tmp_path: Path) -> None:
    """Killed while the table is laid out (the spymasters have scanned the code to photograph
    it), the same command goes on where it stopped, at the same spymaster address."""
    port = free_port()
    journal = tmp_path / "friday.jsonl"
    first = play(tmp_path, port, "--journal", str(journal))
    try:
        spymaster = read_urls(first)["spymaster"]
        type_lines(first, *confirmed(ROWS[:2]))
        partial = tmp_path / "friday.board.txt.partial"
        eventually(lambda: ("ocean" in (partial.read_text() if partial.exists() else "")) or None,
                   "was the second row kept")
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    finally:
        first.kill()
    again = play(tmp_path, port, "--journal", str(journal))
    try:
        assert read_urls(again)["spymaster"] == spymaster
        def key_page() -> str | None:
            status, body = fetch(spymaster + "/key.json")
            return body if status == 200 else None

        cards = json.loads(eventually(key_page, "did the key page open"))["cards"]
        assert cards[5] == "OCEAN", "the key page goes on with the table laid out so far"
    finally:
        again.kill()
        again.wait(timeout=30)
