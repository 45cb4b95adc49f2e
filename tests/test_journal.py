"""The journal keeps every game safe: torn writes, foreign files, a SIGKILL mid-game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import fixed_deal
from tests.test_typed_game import RED_WINS, VM, run_play, state
from voicemaster.errors import InputError
from voicemaster.game.actions import Clue, Guess
from voicemaster.game.cards import Team
from voicemaster.game.house_rules import HouseRules
from voicemaster.journal import Journal, load_game
from voicemaster.referee import judge_clue_word


def recorded(tmp_path: Path) -> Path:
    path = tmp_path / "j.jsonl"
    journal = Journal.create(path, fixed_deal(), HouseRules())
    journal.append(Clue("ocean", 2))
    journal.append(Guess("apple"))
    journal.close()
    return path


def test_a_torn_last_record_is_dropped_with_a_warning(tmp_path: Path) -> None:
    path = recorded(tmp_path)
    with open(path, "ab") as f:
        f.write(b'{"action": "guess", "ca')
    loaded = load_game(path, judge=judge_clue_word)
    assert loaded.warnings and "line 4" in loaded.warnings[0]
    assert loaded.game.snapshot().remaining[Team.RED] == 8
    journal = Journal.resume(path, loaded)
    journal.append(Guess("bank"))
    journal.close()
    assert load_game(path, judge=judge_clue_word).game.snapshot().guesses_left == 1


def test_a_damaged_record_in_the_middle_replays_the_game_before_it(tmp_path: Path) -> None:
    path = recorded(tmp_path)
    lines = path.read_text().splitlines()
    lines[2] = lines[2][:10]
    path.write_text("\n".join(lines) + "\n")
    loaded = load_game(path, judge=judge_clue_word)
    assert len(loaded.warnings) == 1 and "line 3: damaged record" in loaded.warnings[0]
    assert loaded.game.snapshot().phase == "guess" and loaded.game.snapshot().remaining[Team.RED] == 9


def test_resuming_after_a_record_that_does_not_fit_keeps_the_rest_in_a_side_file(tmp_path: Path) -> None:
    path = recorded(tmp_path)
    good = path.read_bytes()
    rest = b'{"action": "guess", "card": "zeppelin", "t": 0}\n{"action": "guess", "card": "bank", "t": 0}\n'
    path.write_bytes(good + rest)
    loaded = load_game(path, judge=judge_clue_word)
    assert "line 4: record does not fit the game" in loaded.warnings[0] and "2 records from line 4" in loaded.warnings[0]
    journal = Journal.resume(path, loaded)
    journal.append(Guess("bank"))
    journal.close()
    assert journal.set_aside is not None and journal.set_aside.read_bytes() == rest
    assert journal.set_aside.name.startswith("j.jsonl.rejected-")
    again = load_game(path, judge=judge_clue_word)
    assert again.warnings == [] and again.game.snapshot().remaining[Team.RED] == 7


def test_two_sessions_on_one_journal_the_second_is_refused(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    run_play(board, key, journal, RED_WINS[:3])
    first = subprocess.Popen(
        [*VM, "play", "--input", "text", "--journal", str(journal), "--resume", "--audio-out", "none"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    assert first.stdin is not None
    try:
        deadline = time.monotonic() + 60
        lock = tmp_path / "game.jsonl.lock"
        while time.monotonic() < deadline and not (lock.exists() and lock.read_text().strip()):
            time.sleep(0.05)
        second = run_play(board, key, journal, ["touch bank"], "--resume")
        assert second.returncode == 2
        assert second.stderr.strip().splitlines() == [
            f"voicemaster: {journal}: another VoiceMaster (process {first.pid}) is recording this game; "
            "one session per journal: go on in that one, or end it first"
        ]
        first.stdin.write("touch bank\n")
    finally:
        first.stdin.close()
        assert first.wait(timeout=60) == 0
    assert not lock.exists()
    assert state(journal)["remaining"] == {"red": 7, "blue": 8}
    third = run_play(board, key, journal, ["stop"], "--resume")
    assert third.returncode == 0, third.stderr


def test_a_newer_journal_format_is_refused(tmp_path: Path) -> None:
    path = recorded(tmp_path)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["version"] = 99
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(InputError, match="newer than this VoiceMaster"):
        load_game(path, judge=judge_clue_word)


@pytest.mark.parametrize("content", [b"", b"hello\n", b"\x00\xff\xfe", b'{"format": "other"}\n'])
def test_files_that_are_not_journals_are_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(content)
    with pytest.raises(InputError):
        load_game(path, judge=judge_clue_word)


def test_resuming_on_another_board_is_refused(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    run_play(board, key, journal, RED_WINS[:3])
    other = tmp_path / "other.txt"
    other.write_text("\n".join(f"card{chr(97 + i // 5)}{chr(97 + i % 5)}" for i in range(25)) + "\n")
    result = run_play(other, key, journal, ["status"], "--resume")
    assert result.returncode == 2 and "another board" in result.stderr


def test_sigkill_mid_game_then_resume_ends_like_an_uninterrupted_game(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    twin = tmp_path / "twin.jsonl"
    run_play(board, key, twin, RED_WINS)
    journal = tmp_path / "killed.jsonl"
    proc = subprocess.Popen(
        [*VM, "play", "--input", "text", "--board", str(board), "--key", str(key),
         "--journal", str(journal), "--audio-out", "none"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
    )
    assert proc.stdin is not None
    half = len(RED_WINS) // 2
    proc.stdin.write("\n".join(RED_WINS[:half]) + "\n")
    proc.stdin.flush()
    actions_sent = half - 1  # one line of the first half is chatter
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and records(journal) < actions_sent:
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert records(journal) == actions_sent
    result = run_play(board, key, journal, RED_WINS[half:], "--resume")
    assert result.returncode == 0, result.stderr
    assert state(journal) == state(twin)


def records(journal: Path) -> int:
    """Actions recorded so far (the header line is not one)."""
    return max(0, len(journal.read_bytes().splitlines()) - 1) if journal.exists() else 0


def test_a_paused_timer_is_still_paused_after_a_kill_and_resume(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "paused.jsonl"
    proc = subprocess.Popen(
        [*VM, "play", "--input", "text", "--board", str(board), "--key", str(key),
         "--journal", str(journal), "--audio-out", "none", "--timer", "--guess-seconds", "90"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
    )
    assert proc.stdin is not None
    proc.stdin.write("clue ocean two\npause timer\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and records(journal) < 2:
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert load_game(journal, judge=judge_clue_word).game.snapshot().timer_paused
    result = run_play(board, key, journal, ["how much time", "we guess apple", "how much time"], "--resume")
    assert result.returncode == 0, result.stderr
    said = result.stdout.lower()
    assert said.count("the timer is paused with") == 2, said
    result = run_play(board, key, journal, ["resume timer", "how much time"], "--resume")
    said = result.stdout.lower().split("the game is kept in")[0]
    assert "timer running" in said and "paused" not in said.split("timer running")[1]
    assert not load_game(journal, judge=judge_clue_word).game.snapshot().timer_paused


def test_undo_passes_over_a_timer_pause(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "undo.jsonl"
    result = run_play(board, key, journal, ["clue ocean two", "pause timer", "undo", "yes"], "--timer")
    assert result.returncode == 0, result.stderr
    game = load_game(journal, judge=judge_clue_word).game
    assert game.snapshot().phase == "clue" and game.snapshot().timer_paused
