"""`voicemaster setup` end to end: typed rows and corrections, refusals, the key typed
without echo, a setup killed half way and taken up again without losing a card."""

from __future__ import annotations

import json
import os
import pty
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from voicemaster.card_files import read_board, read_key

VM = [sys.executable, "-m", "voicemaster"]
KEY_LINES = ["RRRRR RRRRB", "BBBBB", "BBNNN", "NNNNA"]
ROWS = [
    "row one: apple, bear, castle, Loch Ness, pilot",
    "ocean, piano, horse, ice cream, moon",
    "robot snow tower wave yard",
    "zebra, anchor, bottle, cloud, dragon",
    "engine, forest, ghost, hammer, island",
]
CARDS = ["apple", "bear", "castle", "Loch Ness", "pilot", "ocean", "piano", "horse", "ice cream", "moon",
         "robot", "snow", "tower", "wave", "yard", "zebra", "anchor", "bottle", "cloud", "dragon",
         "engine", "forest", "ghost", "hammer", "island"]


def setup(tmp_path: Path, typed: list[str], *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*VM, "setup", "--board-out", "board.txt", "--input", "text", "--audio-out", "none", *options],
        input="".join(line + "\n" for line in typed), capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )


def confirmed(rows: list[str]) -> list[str]:
    return [line for row in rows for line in (row, "yes")]


def test_a_typed_table_with_its_key_is_written_as_play_reads_it(tmp_path: Path) -> None:
    done = setup(tmp_path, KEY_LINES + confirmed(ROWS), "--key-out", "key.txt")
    assert done.returncode == 0, done.stderr
    assert list(read_board(tmp_path / "board.txt")) == CARDS
    assert "".join(k.letter for k in read_key(tmp_path / "key.txt")) == "".join("".join(KEY_LINES).split())
    assert "» Row one: apple, bear, castle, Loch Ness, pilot. Right?" in done.stdout
    assert "» Key card set: Red starts." in done.stdout
    assert "RRRRR" not in done.stdout and "NNNNA" not in done.stdout
    assert done.stderr.strip().splitlines() == ["voicemaster: the table is set: wrote board.txt and key.txt"]
    assert not (tmp_path / "board.txt.partial").exists()
    played = subprocess.run([*VM, "play", "--input", "text", "--board", "board.txt", "--key", "key.txt",
                             "--audio-out", "none"], input="clue water two\nguess Loch Ness\n", capture_output=True, text=True,
                            timeout=120, cwd=tmp_path)
    assert played.returncode == 0 and "» Loch Ness: red agent." in played.stdout, played.stderr


def test_corrections_and_refusals_by_typed_phrases(tmp_path: Path) -> None:
    typed = [ROWS[0], "third is apple", "third is parrot", "yes",
             "ocean, piano, horse, ice cream, pilot", "ocean, piano", "horse", "ice cream", "moon", "no",
             ROWS[1], "card seven is violin", "yes", "card two is r2d2", "card two is badger",
             *confirmed(ROWS[2:])]
    done = setup(tmp_path, typed, "--key", str(write_key(tmp_path)))
    assert done.returncode == 0, done.stderr
    said = [line[2:] for line in done.stdout.splitlines() if line.startswith("» ")]
    assert "apple is already on the table: card one, row one. Row one: apple, bear, castle, Loch Ness, pilot. Right?" in said
    assert "Third is parrot. Right?" in said
    assert "pilot is already on the table: card five, row one. Row two." in said
    assert "Row two: ocean, piano; go on." in said
    assert "Read row two again." in said
    assert "Card seven is violin. Right?" in said
    assert any(s.startswith("'r2d2' is not a card") for s in said)
    assert "Card two, row one is now badger. Row three." in said
    expected = ["apple", "badger", "parrot", *CARDS[3:6], "violin", *CARDS[7:]]
    assert list(read_board(tmp_path / "board.txt")) == expected


def write_key(folder: Path) -> Path:
    key = folder / "given-key.txt"
    key.write_text("BBBBB\nBBBBR\nRRRRR\nRRNNN\nNNNNA\n")
    return key


def test_a_wrong_key_is_refused_and_typed_again(tmp_path: Path) -> None:
    done = setup(tmp_path, ["RRRRR RRRRR RRRRR NNNNN NNNNA", "RRRRX", *KEY_LINES, *confirmed(ROWS)], "--key-out", "key.txt")
    assert done.returncode == 0, done.stderr
    assert "» Not a key card: a key card needs 9 and 8 agents, 7 bystanders (N) and 1 assassin (A); " \
           "this one has 15 R, 0 B, 9 N, 1 A. Type the whole key again." in done.stdout
    assert "» 'X' is not a key letter (R red, B blue, N bystander, A assassin): type that line again." in done.stdout


def test_bad_arguments_get_one_line_and_status_2(tmp_path: Path) -> None:
    (tmp_path / "bad-key.txt").write_text("RRRRR\n")
    cases = {
        ("--key", "bad-key.txt"): "voicemaster: bad-key.txt: a key card has 5 lines of 5 letters, this file has 1 line",
        ("--key", "k", "--key-out", "k2"): "voicemaster: argument --key-out: not allowed with argument --key",
        ("--input", "nowhere.wav"): "voicemaster: nowhere.wav: no such WAV file",
    }
    for options, line in cases.items():
        done = setup(tmp_path, [], *options)
        assert done.returncode == 2 and done.stderr.startswith(line) and len(done.stderr.splitlines()) == 1, done.stderr
    (tmp_path / "board.txt.partial").write_text('{"format": "voicemaster-setup", "cards": []}')
    done = setup(tmp_path, [])
    assert done.returncode == 2 and done.stderr == (
        "voicemaster: board.txt.partial: not a setup in progress; remove it to start again\n")
    (tmp_path / "a-dir").mkdir()
    done = subprocess.run([*VM, "setup", "--board-out", "a-dir", "--input", "text", "--audio-out", "none"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr == "voicemaster: a-dir: is a directory; give a file to write, e.g. DIR/board.txt\n"


def test_input_ending_early_keeps_the_cards_and_says_how_to_go_on(tmp_path: Path) -> None:
    done = setup(tmp_path, ["help", *confirmed(ROWS[:2])])
    assert done.returncode == 2
    assert ("» Read or type the cards row by row: 'row one: apple, bear, castle, loch ness, pilot', 'apple', 'yes', "
            "'no', 'again', 'repeat', 'third is pilot', 'card seven is pilot'. 'quit' ends.") in done.stdout
    assert done.stderr.strip().splitlines() == [
        "voicemaster: the input ended with 10 of 25 cards set; they are kept in board.txt.partial: "
        "run the same command again to go on"]
    again = setup(tmp_path, confirmed(ROWS[2:]))
    assert again.returncode == 0, again.stderr
    assert "» Going on with the setup where it stopped. Read row three" in again.stdout
    assert list(read_board(tmp_path / "board.txt")) == CARDS


def test_a_setup_killed_half_way_is_taken_up_again_without_loss(tmp_path: Path) -> None:
    partial = tmp_path / "board.txt.partial"
    proc = subprocess.Popen(
        [*VM, "setup", "--board-out", "board.txt", "--key-out", "key.txt", "--input", "text", "--audio-out", "none"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert proc.stdin is not None
    for line in [*KEY_LINES, *confirmed(ROWS[:3]), ROWS[3]]:
        proc.stdin.write(line + "\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _cards_set(partial) < 20:
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert _cards_set(partial) == 20
    again = setup(tmp_path, ["yes", *confirmed(ROWS[4:])], "--key-out", "key.txt")
    assert again.returncode == 0, again.stderr
    assert again.stderr.startswith("voicemaster: going on with the unfinished setup in board.txt.partial\n")
    assert "» Going on with the setup where it stopped. Row four: zebra, anchor, bottle, cloud, dragon. Right?" in again.stdout
    assert list(read_board(tmp_path / "board.txt")) == CARDS
    assert read_key(tmp_path / "key.txt")
    assert not partial.exists()


def _cards_set(partial: Path) -> int:
    try:
        return sum(1 for c in json.loads(partial.read_text())["cards"] if c)
    except (OSError, ValueError):
        return 0


def test_the_key_typed_on_a_terminal_is_never_shown(tmp_path: Path) -> None:
    """On a real terminal (a pty) the board fills the screen and shows the line being
    typed: the key's letters appear as dots, and are neither echoed nor said."""
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"}
    proc = subprocess.Popen([*VM, "setup", "--board-out", "board.txt", "--key-out", "key.txt", "--input", "text",
                             "--audio-out", "none"], stdin=slave, stdout=slave, stderr=slave, cwd=tmp_path, env=env)
    os.close(slave)
    seen = bytearray()
    reader = threading.Thread(target=_read_all, args=(master, seen), daemon=True)
    reader.start()
    try:
        _wait_for(seen, b"type the key card")
        for line in KEY_LINES:
            _type(master, line)
        _wait_for(seen, b"Red starts")
        for line in confirmed(ROWS):
            _type(master, line)
        assert proc.wait(timeout=60) == 0, seen.decode(errors="replace")[-2000:]
    finally:
        if proc.poll() is None:
            proc.kill()
    reader.join(timeout=5)
    shown = seen.decode(errors="replace")
    assert "•••••" in shown
    assert not any(row.replace(" ", "") in shown for row in KEY_LINES[1:]) and "RRRRR" not in shown
    assert list(read_board(tmp_path / "board.txt")) == CARDS and read_key(tmp_path / "key.txt")


def _read_all(fd: int, into: bytearray) -> None:
    while True:
        try:
            data = os.read(fd, 4096)
        except OSError:
            return
        if not data:
            return
        into += data


def _wait_for(seen: bytearray, text: bytes, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while text not in seen:
        assert time.monotonic() < deadline, f"never shown: {text!r}"
        time.sleep(0.05)


def _type(fd: int, line: str) -> None:
    for key in line + "\r":
        os.write(fd, key.encode())
        time.sleep(0.005)
    time.sleep(0.1)


def test_a_key_typed_on_a_terminal_read_line_by_line_is_not_echoed(tmp_path: Path) -> None:
    """Keys from a terminal, output to a pipe (no full-screen board): the terminal's own echo
    is off while the key is typed, and back on for the cards."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([*VM, "setup", "--board-out", "board.txt", "--key-out", "key.txt", "--input", "text",
                             "--audio-out", "none"], stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=tmp_path)
    os.close(slave)
    echoed, printed = bytearray(), bytearray()
    assert proc.stdout is not None
    for fd, into in ((master, echoed), (proc.stdout.fileno(), printed)):
        threading.Thread(target=_read_all, args=(fd, into), daemon=True).start()
    _wait_for(printed, b"type the key card")
    for line in KEY_LINES:
        _type(master, line)
    _wait_for(printed, b"Red starts")
    for line in confirmed(ROWS):
        _type(master, line)
    try:
        assert proc.wait(timeout=60) == 0, proc.stderr.read() if proc.stderr else ""
    finally:
        if proc.poll() is None:
            proc.kill()
    os.close(master)
    shown = echoed.decode(errors="replace")
    assert "pilot" in shown and "RRRRR" not in shown and "NNNNA" not in shown
    assert read_key(tmp_path / "key.txt")


def test_a_second_setup_of_the_same_board_is_refused_while_the_first_runs(tmp_path: Path) -> None:
    first = subprocess.Popen([*VM, "setup", "--board-out", "board.txt", "--key-out", "key.txt", "--input", "text",
                              "--audio-out", "none"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert first.stdin is not None
    lock = tmp_path / "board.txt.lock"
    try:
        first.stdin.write("\n".join([*KEY_LINES, *confirmed(ROWS[:2])]) + "\n")
        first.stdin.flush()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and _cards_set(tmp_path / "board.txt.partial") < 10:
            time.sleep(0.05)
        second = setup(tmp_path, [*confirmed(ROWS)], "--key", str(write_key(tmp_path)))
        assert second.returncode == 2
        assert second.stderr.splitlines() == [
            f"voicemaster: board.txt: another VoiceMaster (process {first.pid}) is laying out a table into this "
            "file; one setup per board: go on in that one, or end it first"]
        assert _cards_set(tmp_path / "board.txt.partial") == 10 and not (tmp_path / "board.txt").exists()
        first.stdin.write("\n".join(confirmed(ROWS[2:])) + "\n")
    finally:
        first.stdin.close()
        assert first.wait(timeout=60) == 0
    assert list(read_board(tmp_path / "board.txt")) == CARDS and not lock.exists()
    assert setup(tmp_path, confirmed(ROWS), "--key", str(write_key(tmp_path))).returncode == 0


def test_the_board_of_a_table_being_laid_out_counts_no_agents(tmp_path: Path) -> None:
    """Before the key card is typed every team had "0 left", and a key typed in gave counts to
    a game not yet played: the top line only says what the setup waits for."""
    done = setup(tmp_path, KEY_LINES + confirmed(ROWS[:2]))
    assert done.returncode == 2, done.stderr
    tops = [line for line in done.stdout.splitlines() if line.startswith("Setting up the table")]
    assert "Setting up the table: row 1 of 5" in tops and "Setting up the table: row 3 of 5" in tops, done.stdout
    assert not re.search(r"(Red|Blue) \d+ left", done.stdout), done.stdout
