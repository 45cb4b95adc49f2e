"""Every `voicemaster ...` command the README quotes runs as written: no usage error, no traceback.

Commands run in README order in one folder holding the files they name (board.txt,
key.txt, a WAV of speech), so `key` and `state` read the journal `play` wrote. What
cannot run here is adapted as little as possible: `play` reads typed lines instead of
a microphone and serves its web page on a free port; `demo` (a whole game) and
`models --fetch` (the network) are checked through their `--help`.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CODE_SPAN = re.compile(r"`(voicemaster\s[^`]+)`")
FENCE = "```"
BOARD_CARDS = [w for w in (ROOT / "wordlists" / "default.txt").read_text().splitlines() if w and not w.startswith("#")][:25]
KEY_TEXT = "RRRRR\nRRRRB\nBBBBB\nBBNNN\nNNNNA\n"


def readme_commands(text: str) -> list[str]:
    """The commands in fenced blocks and in code spans (which may wrap), in order, each once."""
    found: list[str] = []
    prose: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.startswith(FENCE):
            fenced = not fenced
        elif fenced:
            found += [line.strip()] if line.strip().startswith("voicemaster ") else []
        else:
            prose.append(line)
    found += CODE_SPAN.findall("\n".join(prose))
    return list(dict.fromkeys(" ".join(command.split()) for command in found))


def runnable(command: str) -> tuple[list[str], str, str]:
    """argv after `voicemaster`, the standard input to give it, and what its output must name
    (the model `--fetch` would fetch must be one its help offers)."""
    argv = shlex.split(command)[1:]
    if argv[0] == "setup":
        return [*argv, "--input", "text", "--audio-out", "none"], _laid_out("--web" in argv), ""
    if argv[0] == "play":
        typed = "status\n" if DEALS & set(argv) else _laid_out("--web" in argv) + "status\n"
        return [*_served_on_a_free_port(argv), "--input", "text", "--audio-out", "none"], typed, ""
    if "--fetch" in argv:
        return [argv[0], "--help"], "", argv[argv.index("--fetch") + 1]
    if argv[0] == "demo":
        return [argv[0], "--help"], "", ""
    return argv, "", ""


DEALS = {"--board", "--deal", "--wordlist", "--seed", "--resume"}
"""A `play` with none of these lays out the table first."""


def _laid_out(web: bool) -> str:
    """What a table laid out by typing says: the key card, then each row and its yes (the
    board.txt and key.txt of `table`, so that a setup in the README leaves them as they were);
    with the spymaster page (which may send the key meanwhile) the key is typed after the rows."""
    rows = "".join(f"{', '.join(BOARD_CARDS[row * 5 : row * 5 + 5])}\nyes\n" for row in range(5))
    return rows + KEY_TEXT if web else KEY_TEXT + rows


def _served_on_a_free_port(argv: list[str]) -> list[str]:
    """`--web` (with or without an address) on 127.0.0.1 and a port the system picks."""
    if "--web" not in argv:
        return argv
    at = argv.index("--web")
    given = at + 1 < len(argv) and not argv[at + 1].startswith("-")
    return [*argv[:at], *argv[at + 1 + given :], "--web", "127.0.0.1:0"]


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the files the README's commands name."""
    folder = tmp_path_factory.mktemp("readme")
    (folder / "board.txt").write_text("\n".join(BOARD_CARDS) + "\n")
    (folder / "key.txt").write_text(KEY_TEXT)
    for wav in ("clip.wav", "FILE.wav"):
        subprocess.run(["espeak-ng", "-w", str(folder / wav), f"we guess {BOARD_CARDS[0]}"], check=True)
    return folder


def test_the_readme_quotes_the_commands_a_new_user_tries() -> None:
    names = {command.split()[1] for command in readme_commands(README.read_text())}
    assert {"play", "setup", "key", "state", "check-clue", "recognize", "models", "devices", "demo"} <= names


def test_every_command_in_the_readme_runs(table: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "VOICEMASTER_HOME"}
    env |= {"VOICEMASTER_HOME": str(table / "home"), "PYTHONPATH": str(ROOT), "COLUMNS": "500"}
    failures = []
    for command in readme_commands(README.read_text()):
        argv, stdin, named = runnable(command)
        done = subprocess.run([sys.executable, "-m", "voicemaster", *argv], input=stdin, cwd=table, env=env,
                              capture_output=True, text=True, timeout=300)
        bad = done.returncode != 0 or "Traceback" in done.stderr or "usage:" in done.stderr
        if bad or named not in " ".join(done.stdout.split()):
            failures.append(f"{command!r} (ran {' '.join(argv)!r}): exit {done.returncode}: {done.stderr.strip()}")
    assert not failures, "\n".join(failures)


def test_the_readmes_challenge_example_is_a_clue_the_referee_allows() -> None:
    """A challenge follows a clue the referee let stand: the README's example must be one."""
    from voicemaster.referee import judge_clue

    said = re.search(r"is (\w+) allowed with ([A-Z]+)\?", " ".join(README.read_text(encoding="utf-8").split()))
    assert said is not None
    clue, card = said.groups()
    assert judge_clue(f"{clue} one", [card, "APPLE", "OCEAN"]).verdict == "legal"
