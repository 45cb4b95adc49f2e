"""Malformed boards, keys, word lists, configs, journals and WAVs through the real CLI.

Each gets exactly one line on stderr naming the problem, exit status 2, no traceback;
a recording of pure noise is not an error: no intent, exit 0.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.reliability.bad_files import write_files

VM = [sys.executable, "-m", "voicemaster"]
PLAY = ["play", "--input", "text", "--audio-out", "none"]
DEAL = ["--board", "board.txt", "--key", "key.txt"]

CASES = [
    # board files
    ("board: 24 cards", [*PLAY, "--board", "board-24.txt"], "board-24.txt: a board has 25 cards, this file has 24"),
    ("board: a card twice", [*PLAY, "--board", "board-dup.txt"], "board-dup.txt line 25: 'BOOT' is already on line 4"),
    ("board: digits", ["check-clue", "--board", "board-digits.txt", "ocean 2"], "board-digits.txt line 25: 'r2d2' is not a card"),
    ("board: not UTF-8", ["key", "--board", "board-latin1.txt", "--key", "key.txt"], "board-latin1.txt line 26: not UTF-8"),
    ("board: blank line", [*PLAY, "--board", "board-blank-line.txt"], "board-blank-line.txt line 13: empty line"),
    ("board: empty file", ["check-clue", "--board", "board-empty.txt", "ocean 2"], "this file has 0"),
    ("board: a directory", [*PLAY, "--board", "a-directory.txt"], "a-directory.txt: is a directory"),
    ("board: missing", [*PLAY, "--board", "nowhere.txt"], "nowhere.txt: file not found"),
    # key files
    ("key: 4 lines", [*PLAY, "--board", "board.txt", "--key", "key-4-lines.txt"], "key-4-lines.txt: a key card has 5 lines"),
    ("key: bad letter", ["key", "--board", "board.txt", "--key", "key-letter.txt"], "key-letter.txt line 5: 'X' is not a key letter"),
    ("key: wrong counts", [*PLAY, "--board", "board.txt", "--key", "key-counts.txt"], "key-counts.txt: a key card needs 9 and 8 agents"),
    ("key: row of 6", [*PLAY, "--board", "board.txt", "--key", "key-long-row.txt"], "key-long-row.txt line 2: 'RRRRBB' should be 5 letters"),
    ("key: without board", [*PLAY, "--key", "key.txt"], "--key needs --board"),
    # word lists
    ("word list: too few", [*PLAY, "--wordlist", "words-few.txt", "--seed", "1"], "words-few.txt: a word list needs at least 25 cards"),
    ("word list: duplicate", [*PLAY, "--wordlist", "words-dup.txt", "--seed", "1"], "words-dup.txt line 26: 'apple' is already on line 1"),
    ("word list: binary", [*PLAY, "--wordlist", "words-binary.txt", "--seed", "1"], "words-binary.txt line 2: not UTF-8"),
    # config files
    ("config: bad TOML", [*PLAY, *DEAL, "--config", "config-syntax.toml"], "config-syntax.toml line 1: not valid TOML"),
    ("config: unknown key", [*PLAY, *DEAL, "--config", "config-unknown.toml"], "unknown setting 'colour'"),
    ("config: timer type", [*PLAY, *DEAL, "--config", "config-timer-type.toml"], "'long' should be a number"),
    ("config: rules type", [*PLAY, *DEAL, "--config", "config-rules-type.toml"], "house_rules must be a list"),
    ("config: rule name", [*PLAY, *DEAL, "--config", "config-rule-name.toml"], "unknown house rule 'double-points'"),
    ("config: voice rate", [*PLAY, *DEAL, "--config", "config-voice-rate.toml"], "config-voice-rate.toml: [voice] takes rate"),
    ("config: timer key", [*PLAY, *DEAL, "--config", "config-timer-key.toml"], "[timer] takes only"),
    ("config: missing", [*PLAY, *DEAL, "--config", "nowhere.toml"], "nowhere.toml: config file not found"),
    # journals
    ("journal: empty", ["state", "--journal", "journal-empty.jsonl", "--json"], "journal-empty.jsonl: the journal is empty"),
    ("journal: garbage", ["state", "--journal", "journal-garbage.jsonl", "--json"], "line 1: not a VoiceMaster journal"),
    ("journal: newer version", [*PLAY, "--journal", "journal-newer.jsonl", "--resume"], "journal format version 7 is newer"),
    ("journal: torn in the middle", ["state", "--journal", "journal-torn-middle.jsonl"], "line 2: damaged record"),
    ("journal: card not on board", ["key", "--journal", "journal-bad-card.jsonl"], "line 3: record does not fit the game"),
    ("journal: 24 cards", ["state", "--journal", "journal-24-cards.jsonl"], "line 1: damaged journal header"),
    ("journal: clue number 12", ["state", "--journal", "journal-bad-number.jsonl"], "line 2: damaged record (bad clue number 12)"),
    ("journal: missing", ["state", "--journal", "nowhere.jsonl"], "nowhere.jsonl: journal not found"),
    ("journal: other board", [*PLAY, "--board", "board-digits.txt", "--journal", "journal-newer.jsonl", "--resume"], "journal-newer.jsonl"),
    ("journal: resume nothing", [*PLAY, "--journal", "nowhere.jsonl", "--resume"], "nothing to resume"),
    # WAV files
    ("play WAV: missing", ["play", "--input", "nowhere.wav", *DEAL, "--audio-out", "none"], "nowhere.wav: no such WAV file"),
    pytest.param("play WAV: empty", ["play", "--input", "wav-empty.wav", *DEAL, "--audio-out", "none"], "wav-empty.wav: empty file"),
    pytest.param("play WAV: text", ["play", "--input", "wav-text.wav", *DEAL, "--audio-out", "none"], "wav-text.wav: not a WAV file"),
    pytest.param("recognize: empty", ["recognize", "--board", "board.txt", "--phase", "guess", "wav-empty.wav"], "wav-empty.wav: empty file"),
    pytest.param("recognize: header cut", ["recognize", "--board", "board.txt", "--phase", "clue", "wav-header-cut.wav"], "wav-header-cut.wav: truncated WAV"),
    pytest.param("recognize: text file", ["recognize", "--board", "board.txt", "--phase", "guess", "wav-text.wav"], "not a WAV file"),
    pytest.param("recognize: 12-bit", ["recognize", "--board", "board.txt", "--phase", "guess", "wav-12bit.wav"], "unsupported WAV sample size: 12 bits"),
    pytest.param("recognize: data cut", ["recognize", "--board", "board.txt", "--phase", "guess", "wav-data-cut.wav"], "truncated WAV"),
    pytest.param("recognize: bad board", ["recognize", "--board", "board-dup.txt", "--phase", "guess", "wav-noise.wav"], "board-dup.txt line 25"),
]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("bad-input")
    write_files(directory)
    return directory


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*VM, *args], cwd=cwd, input="status\n", capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name, args, message", CASES, ids=[str(c.values[0]) if hasattr(c, "marks") else c[0] for c in CASES])
def test_bad_input_gets_one_clear_line_and_status_2(files: Path, name: str, args: list[str], message: str) -> None:
    done = run(args, files)
    lines = done.stderr.strip().splitlines()
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, f"{name}: exit {done.returncode}\n{done.stderr}"
    assert len(lines) == 1 and lines[0].startswith("voicemaster: "), done.stderr
    assert message in lines[0]


def test_the_table_has_at_least_twenty_malformed_inputs() -> None:
    assert len(CASES) >= 20


def test_pure_noise_is_heard_as_nothing(files: Path) -> None:
    done = run(["recognize", "--board", "board.txt", "--phase", "guess", "wav-noise.wav"], files)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[0])
    assert result["file"] == "wav-noise.wav" and result["intent"] is None


def test_playing_a_noise_recording_records_nothing(files: Path, tmp_path: Path) -> None:
    journal = tmp_path / "noise.jsonl"
    done = run(["play", "--input", "wav-noise.wav", *DEAL, "--journal", str(journal), "--audio-out", "none"], files)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert len(journal.read_text().splitlines()) == 1
