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
    ("board: no key card", [*PLAY, "--board", "board.txt"], "pass --key FILE (5 lines of R/B/N/A), or --random-key"),
    ("board: key and random key", [*PLAY, *DEAL, "--random-key"], "--key and --random-key"),
    ("board: and a deal", [*PLAY, *DEAL, "--deal"], "--board and --deal: play the cards of the board file"),
    ("board: random key and a deal", [*PLAY, "--board", "board.txt", "--random-key", "--deal"], "--board and --deal"),
    ("board: and a word list", [*PLAY, *DEAL, "--wordlist", "board.txt"], "--board and --wordlist: play the cards"),
    ("resume: and a deal", [*PLAY, "--resume", "--journal", "game.jsonl", "--deal"], "not with --deal, --wordlist or --seed"),
    ("resume: and a seed", [*PLAY, "--resume", "--journal", "game.jsonl", "--seed", "3"], "--resume goes on with the recorded game"),
    ("board: one card twice", ["check-clue", "--board", "board-ice-cream.txt", "ocean 2"],
     "board-ice-cream.txt line 25: 'ice-cream' is already on line 24 as 'Ice Cream'"),
    # key files
    ("key: 4 lines", [*PLAY, "--board", "board.txt", "--key", "key-4-lines.txt"], "key-4-lines.txt: a key card has 5 lines"),
    ("key: bad letter", ["key", "--board", "board.txt", "--key", "key-letter.txt"], "key-letter.txt line 5: 'X' is not a key letter"),
    ("key: wrong counts", [*PLAY, "--board", "board.txt", "--key", "key-counts.txt"], "key-counts.txt: a key card needs 9 and 8 agents"),
    ("key: row of 6", [*PLAY, "--board", "board.txt", "--key", "key-long-row.txt"], "key-long-row.txt line 2: 'RRRRBB' should be 5 letters"),
    ("key: without board", [*PLAY, "--key", "key.txt"], "--key needs --board"),
    ("key: blank line", [*PLAY, "--board", "board.txt", "--key", "key-blank-line.txt"], "key-blank-line.txt line 3: empty line"),
    # word lists
    ("word list: too few", [*PLAY, "--wordlist", "words-few.txt", "--seed", "1"], "words-few.txt: a word list needs at least 25 cards"),
    ("word list: duplicate", [*PLAY, "--wordlist", "words-dup.txt", "--seed", "1"], "words-dup.txt line 26: 'apple' is already on line 1"),
    ("word list: binary", [*PLAY, "--wordlist", "words-binary.txt", "--seed", "1"], "words-binary.txt line 2: not UTF-8"),
    # config files
    ("config: bad TOML", [*PLAY, *DEAL, "--config", "config-syntax.toml"], "config-syntax.toml line 1: not valid TOML"),
    ("config: unknown key", [*PLAY, *DEAL, "--config", "config-unknown.toml"], "unknown setting 'colour'"),
    ("config: timer type", [*PLAY, *DEAL, "--config", "config-timer-type.toml"],
     'config-timer-type.toml: [timer] clue_seconds = "long": should be a number of seconds above 0'),
    ("config: rules type", [*PLAY, *DEAL, "--config", "config-rules-type.toml"], "house_rules = 5: should be a list of house rules"),
    ("config: rule name", [*PLAY, *DEAL, "--config", "config-rule-name.toml"],
     'config-rule-name.toml: house_rules = ["double-points"]: should be a list of house rules (exact-guesses,'),
    ("config: voice rate", [*PLAY, *DEAL, "--config", "config-voice-rate.toml"],
     'config-voice-rate.toml: [voice] rate = "fast": should be a whole number of words per minute'),
    ("config: timer key", [*PLAY, *DEAL, "--config", "config-timer-key.toml"], "config-timer-key.toml: unknown setting 'minutes' in [timer]"),
    ("config: true/false", [*PLAY, *DEAL, "--config", "config-bool.toml"], 'config-bool.toml: [timer] enforced = "yes": should be true or false'),
    ("config: engine", [*PLAY, *DEAL, "--config", "config-engine.toml"],
     'config-engine.toml: engine = "sphinx": should be one of auto, whisper, vosk, pocketsphinx'),
    ("config: retired engine", [*PLAY, *DEAL, "--config", "config-engine-both.toml"],
     'config-engine-both.toml: engine = "both": \'both\' (Whisper and pocketsphinx together) was retired: on recordings of real people'),
    ("config: audio out", [*PLAY, *DEAL, "--config", "config-audio-out.toml"], 'config-audio-out.toml: audio_out = "loud": should be'),
    ("config: volume", [*PLAY, *DEAL, "--config", "config-volume.toml"], "config-volume.toml: [voice] volume = 3: should be a number from 0 to 1"),
    ("config: voice name", [*PLAY, *DEAL, "--config", "config-voice-name.toml"],
     "config-voice-name.toml: [voice] voice = \"vulcan\": unknown voice 'vulcan': `espeak-ng --voices` lists the voices"),
    ("config: not a table", [*PLAY, *DEAL, "--config", "config-voice-string.toml"], 'config-voice-string.toml: voice should be a table'),
    ("config: missing", [*PLAY, *DEAL, "--config", "nowhere.toml"], "nowhere.toml: config file not found"),
    # options
    ("voice: unknown", [*PLAY, *DEAL, "--voice", "vulcan"], "unknown voice 'vulcan': `espeak-ng --voices` lists the voices"),
    ("demo: mistakes above 1", ["demo", "--mistakes", "2"], "argument --mistakes: should be a number from 0 to 1, not '2'"),
    ("demo: mistakes below 0", ["demo", "--mistakes", "-0.5"], "argument --mistakes: should be a number from 0 to 1"),
    # journals
    ("journal: empty", ["state", "--journal", "journal-empty.jsonl", "--json"], "journal-empty.jsonl: the journal is empty"),
    ("journal: garbage", ["state", "--journal", "journal-garbage.jsonl", "--json"], "line 1: not a VoiceMaster journal"),
    ("journal: newer version", [*PLAY, "--journal", "journal-newer.jsonl", "--resume"], "journal format version 7 is newer"),
    ("journal: 24 cards", ["state", "--journal", "journal-24-cards.jsonl"], "line 1: damaged journal header"),
    ("journal: missing", ["state", "--journal", "nowhere.jsonl"], "nowhere.jsonl: journal not found"),
    ("journal: other board", [*PLAY, "--board", "board-digits.txt", "--journal", "journal-newer.jsonl", "--resume"], "journal-newer.jsonl"),
    ("journal: resume nothing", [*PLAY, "--journal", "nowhere.jsonl", "--resume"], "nothing to resume"),
    ("journal: a directory", [*PLAY, *DEAL, "--journal", "a-directory.txt"], "a-directory.txt: is a directory; --journal needs a file"),
    ("journal: a directory/", [*PLAY, *DEAL, "--journal", "a-directory.txt/"], "a-directory.txt: is a directory"),
    ("journal: resume a directory", [*PLAY, "--journal", "a-directory.txt", "--resume"], "a-directory.txt: is a directory"),
    ("journal: /dev/null", [*PLAY, *DEAL, "--journal", "/dev/null"], "/dev/null: is not a regular file; --journal needs a file on disk"),
    ("state: a directory", ["state", "--journal", "a-directory.txt"], "a-directory.txt: is a directory"),
    ("journal: no such folder", [*PLAY, *DEAL, "--journal", "nowhere/g.jsonl"],
     "nowhere/g.jsonl: the journal's folder nowhere does not exist: make it, or give a path in a folder that does"),
    # the command line
    ("play: bad seed", [*PLAY, "--seed", "abc"], "voicemaster: argument --seed: invalid int value: 'abc' (see voicemaster play --help)"),
    ("play: retired engine", [*PLAY, *DEAL, "--engine", "both"],
     "voicemaster: argument --engine: 'both' (Whisper and pocketsphinx together) was retired: on recordings of real people"),
    ("recognize: unknown engine", ["recognize", "--engine", "sphinx", "wav-noise.wav"],
     "argument --engine: unknown engine 'sphinx' (auto, whisper, vosk, pocketsphinx)"),
    ("check-clue: bad option", ["check-clue", "--board", "board.txt", "--colour", "x"], "unrecognized arguments: --colour"),
    # WAV files
    ("play WAV: missing", ["play", "--input", "nowhere.wav", *DEAL, "--audio-out", "none"], "nowhere.wav: no such WAV file"),
    pytest.param("play WAV: empty", ["play", "--input", "wav-empty.wav", *DEAL, "--audio-out", "none"], "wav-empty.wav: empty file"),
    pytest.param("play WAV: text", ["play", "--input", "wav-text.wav", *DEAL, "--audio-out", "none"], "wav-text.wav: not a WAV file"),
    pytest.param("recognize: empty", ["recognize", "--board", "board.txt", "--phase", "guess", "wav-empty.wav"], "wav-empty.wav: empty file"),
    pytest.param("recognize: header cut", ["recognize", "--board", "board.txt", "--phase", "clue", "wav-header-cut.wav"],
                 "wav-header-cut.wav: cut short: the WAV ends inside its header"),
    pytest.param("recognize: extensible header cut at 44 bytes",
                 ["recognize", "--board", "board.txt", "--phase", "guess", "wav-extensible-cut.wav"],
                 "wav-extensible-cut.wav: cut short: the WAV ends inside its header (its fmt chunk has 24 of 40 bytes)"),
    pytest.param("play WAV: header only", ["play", "--input", "wav-no-data.wav", *DEAL, "--audio-out", "none"],
                 "wav-no-data.wav: cut short: the WAV's header is whole but its sound data is missing (0 of 32000 bytes)"),
    pytest.param("recognize: text file", ["recognize", "--board", "board.txt", "--phase", "guess", "wav-text.wav"], "not a WAV file"),
    pytest.param("recognize: 12-bit", ["recognize", "--board", "board.txt", "--phase", "guess", "wav-12bit.wav"], "unsupported WAV sample size: 12 bits"),
    pytest.param("recognize: data cut", ["recognize", "--board", "board.txt", "--phase", "guess", "wav-data-cut.wav"],
                 "wav-data-cut.wav: cut short: the WAV holds 1956 of its 32000 bytes of sound data"),
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


def test_an_unknown_voice_is_refused_before_the_game_starts_though_nothing_is_said_aloud(files: Path) -> None:
    done = run([*PLAY, *DEAL, "--voice", "vulcan"], files)
    assert done.returncode == 2 and done.stdout == "", done.stdout
    assert done.stderr.startswith("voicemaster: unknown voice 'vulcan'")


def test_the_table_has_at_least_twenty_malformed_inputs() -> None:
    assert len(CASES) >= 20


@pytest.mark.parametrize(
    "name, line, why",
    [
        ("journal-torn-middle.jsonl", 2, "damaged record"),
        ("journal-bad-card.jsonl", 3, "record does not fit the game (zeppelin is not on the table)"),
        ("journal-bad-number.jsonl", 2, "damaged record"),
    ],
)
def test_a_journal_with_a_bad_record_shows_the_good_part_with_one_warning(
    files: Path, name: str, line: int, why: str
) -> None:
    done = run(["state", "--journal", name, "--json"], files)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    warnings = done.stderr.strip().splitlines()
    assert len(warnings) == 1 and warnings[0].startswith(f"voicemaster: warning: {name} line {line}: {why}"), done.stderr
    assert f"replayed up to line {line - 1}" in warnings[0]
    state = json.loads(done.stdout)
    assert state["phase"] == ("guess" if line == 3 else "clue") and state["revealed"] == {}


def test_no_arguments_print_the_help(files: Path) -> None:
    done = run([], files)
    assert done.returncode == 2 and done.stderr == ""
    assert done.stdout.startswith("usage: voicemaster") and "check-clue" in done.stdout and "play" in done.stdout


@pytest.mark.parametrize("command", [["state", "--journal", "journal-good.jsonl", "--json"],
                                     ["state", "--journal", "journal-good.jsonl"],
                                     ["check-clue", "--board", "board.txt", "--json", *[f"clue{i}" for i in range(30)]]])
def test_a_reader_that_goes_away_ends_the_command_quietly(files: Path, command: list[str]) -> None:
    """`voicemaster state ... | head -c 10`: the pipe closes before the output is written."""
    child = subprocess.Popen([*VM, *command], cwd=files, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read().decode()
    assert child.wait(timeout=120) == 1
    assert err == "", err


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
