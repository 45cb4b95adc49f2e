"""The spymasters' key: `voicemaster key` and the key view."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from voicemaster.display.key_view import render_key

from .conftest import KEY, WORDS, make_snapshot


def run_key(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="140")
    return subprocess.run(
        [sys.executable, "-m", "voicemaster", "key", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def write_deal(tmp_path: Path) -> tuple[Path, Path]:
    board = tmp_path / "board.txt"
    board.write_text("\n".join(WORDS) + "\n")
    key = tmp_path / "key.txt"
    key.write_text("\n".join(KEY[i : i + 5] for i in range(0, 25, 5)) + "\n")
    return board, key


def test_key_command_shows_every_card_with_its_letter(tmp_path: Path) -> None:
    board, key = write_deal(tmp_path)
    done = run_key("--board", str(board), "--key", str(key))
    assert done.returncode == 0, done.stderr
    for word, letter in zip(WORDS, KEY):
        assert f"[{letter}] {word.upper()}" in done.stdout
    assert "SPYMASTER KEY" in done.stdout
    assert "Red starts." in done.stdout
    assert "Red 9 of 9 left" in done.stdout and "Blue 8 of 8 left" in done.stdout


def test_key_command_refuses_a_bad_key_file_in_one_line(tmp_path: Path) -> None:
    board, key = write_deal(tmp_path)
    key.write_text("RRRRR\nRRRRB\nBBBBB\nBBNNN\nNNNNX\n")
    done = run_key("--board", str(board), "--key", str(key))
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert f"{key} line 5" in done.stderr and "'X' is not a key letter" in done.stderr
    missing = run_key("--board", str(board))
    assert missing.returncode == 2 and "--key FILE" in missing.stderr


def test_key_view_marks_covered_cards() -> None:
    snapshot = make_snapshot(covered=("apple", "parrot"))
    console = Console(record=True, width=140, file=io.StringIO())
    console.print(render_key(snapshot.cards))
    text = console.export_text()
    assert "[R] APPLE ✓" in text and "[A] PARROT ✓" in text
    assert "[R] CHAPEL" in text and "[R] CHAPEL ✓" not in text
    assert "Red 8 of 9 left" in text


def test_key_command_from_a_journal_marks_what_the_game_covered(tmp_path: Path) -> None:
    board, key = write_deal(tmp_path)
    journal = tmp_path / "game.jsonl"
    played = subprocess.run(
        [sys.executable, "-m", "voicemaster", "play", "--input", "text", "--board", str(board),
         "--key", str(key), "--journal", str(journal), "--audio-out", "none"],
        input="clue fruit two\nguess apple\nguess bridge\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert played.returncode == 0, played.stderr
    done = run_key("--journal", str(journal))
    assert done.returncode == 0, done.stderr
    assert "[R] APPLE ✓" in done.stdout and "[B] BRIDGE ✓" in done.stdout
    assert "[R] CHAPEL" in done.stdout and "[R] CHAPEL ✓" not in done.stdout
    assert "Red 8 of 9 left" in done.stdout and "Blue 7 of 8 left" in done.stdout
    both = run_key("--journal", str(journal), "--board", str(board))
    assert both.returncode == 2 and "either" in both.stderr


def test_key_at_80_columns_breaks_card_words_only_between_words_or_after_a_hyphen() -> None:
    out = io.StringIO()
    Console(file=out, width=80).print(render_key(make_snapshot(covered=("mother-in-law",)).cards))
    shown = out.getvalue()
    assert "MOTHER-IN-LA " not in shown and "MOTHER-IN-LA│" not in shown
    assert "MOTHER-" in shown and "IN-LAW" in shown


def test_key_command_at_60_and_44_columns_never_cuts_a_word(tmp_path: Path) -> None:
    """Narrower than the framed grid can hold HELICOPTER whole, the rows are lines of words."""
    board, key = write_deal(tmp_path)
    board.write_text("\n".join(["horseshoe", "helicopter", *WORDS[2:]]) + "\n")
    for columns in ("60", "44"):
        done = subprocess.run([sys.executable, "-m", "voicemaster", "key", "--board", str(board), "--key", str(key)],
                              capture_output=True, text=True, env=dict(os.environ, COLUMNS=columns), timeout=60)
        assert done.returncode == 0, done.stderr
        assert "HORSESHOE" in done.stdout and "HELICOPTER" in done.stdout, done.stdout
        assert max(len(line) for line in done.stdout.splitlines()) <= int(columns)
