"""The live terminal board of `voicemaster play --input text`, driven in tmux like a player would."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from .test_key_view import write_deal

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
QR_FINDER = "█▀▀▀▀▀█"
"""The top edge of a QR code's finder square, drawn in half blocks: three to a code."""


class Pane:
    """One tmux server of our own (its own socket), one window running the app."""

    def __init__(self, command: list[str], cwd: Path, width: int = 120) -> None:
        self.socket = f"voicemaster-test-{uuid.uuid4().hex[:8]}"
        # The window stays after the app ends, so what it left on the terminal can be read.
        shell = f"{shlex.join(command)}; echo APP-ENDED; sleep 60"
        self._tmux("new-session", "-d", "-x", str(width), "-y", "45", "-c", str(cwd), "sh", "-c", shell)

    def _tmux(self, *args: str) -> str:
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "TMUX")}
        done = subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args],
            capture_output=True, text=True, timeout=10, check=True, env=env,
        )
        return done.stdout

    def type(self, line: str) -> None:
        self._tmux("send-keys", "-l", line)
        self._tmux("send-keys", "Enter")

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p")

    def history(self) -> str:
        """The screen and the scrollback above it."""
        return self._tmux("capture-pane", "-p", "-S", "-200")

    def wait_for(self, *texts: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if all(text in shown for text in texts):
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {texts!r}; the screen shows:\n{shown}")
            time.sleep(0.2)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=10)


def play_in_pane(tmp_path: Path, *options: str) -> Pane:
    board, key = write_deal(tmp_path)
    command = [
        sys.executable, "-m", "voicemaster", "play", "--input", "text",
        "--board", str(board), "--key", str(key), "--journal", str(tmp_path / "game.jsonl"), *options,
    ]
    return Pane(command, tmp_path)


@pytest.fixture
def pane(tmp_path: Path) -> Iterator[Pane]:
    running = play_in_pane(tmp_path, "--audio-out", "none")
    yield running
    running.close()


def test_players_see_clue_guesses_and_covered_cards_with_their_letter(pane: Pane) -> None:
    start = pane.wait_for("VoiceMaster", "Red 9 left", "Blue 8 left", "Red's turn: spymaster")
    assert "PARROT" in start and "[A] PARROT" not in start

    pane.type("clue fruit two")
    pane.wait_for("Clue: FRUIT 2 (Red)", "Guesses left: 3", "Red's turn: team, guess")

    pane.type("guess apple")
    shown = pane.wait_for("[R] APPLE", "Red 8 left", "Guesses left: 2")
    assert "CHAPEL" in shown and "[R] CHAPEL" not in shown

    pane.type("we guess bridge")
    shown = pane.wait_for("[B] BRIDGE", "Blue 7 left", "Blue's turn: spymaster")
    assert "[R] APPLE" in shown
    for word in ("CHAPEL", "OCEAN", "PARROT", "LEMON", "FALCON"):
        assert word in shown
        assert not any(f"[{letter}] {word}" in shown for letter in "RBNA"), word


def test_the_same_answer_asked_twice_is_seen_twice(pane: Pane) -> None:
    pane.wait_for("Red's turn: spymaster")
    pane.type("status")
    answer = "Red has 9 agents left, blue 8. Red's turn: waiting for the clue."
    first = pane.wait_for('Heard: "status"', answer)
    said = first.count(answer)
    pane.type("status")
    deadline = time.monotonic() + 10
    second = pane.screen()
    while second.count(answer) == said and time.monotonic() < deadline:
        time.sleep(0.2)
        second = pane.screen()
    assert second.count(answer) == said + 1, second


def test_typing_shows_a_prompt_hints_helps_and_quits_without_scrolling_the_board(pane: Pane) -> None:
    pane.wait_for("Type ›", "'quit' or Ctrl-D ends")
    pane._tmux("send-keys", "-l", "clue fru")
    typing = pane.wait_for("Type › clue fru▌")
    top = typing.splitlines()[0]
    assert "VoiceMaster" in top

    pane.type("it two")
    pane.wait_for("Clue: FRUIT 2 (Red)")
    pane.type("the weather is nice")
    shown = pane.wait_for("Not understood: say or type e.g. 'clue ocean two', 'guess apple'")
    assert shown.splitlines()[0] == top, "the board scrolled"
    pane.type("help")
    shown = pane.wait_for("Type what you would say:", "'quit' ends")
    assert shown.splitlines()[0] == top
    assert "the weather is nice" not in shown.replace('Heard: "the weather is nice"', "")

    pane.type("quit")
    ended = pane.wait_for("APP-ENDED", timeout=20)
    assert "Clue: FRUIT 2 (Red)" in ended


def test_no_sound_card_warning_is_on_the_board_not_behind_it(tmp_path: Path) -> None:
    """This machine has no sound card, as a laptop with a broken driver would."""
    pane = play_in_pane(tmp_path, "--audio-out", "speaker")
    try:
        pane.wait_for("Red's turn: spymaster", "Warning: no usable audio output device")
    finally:
        pane.close()


def test_the_spymasters_get_their_address_alone_and_the_board_only_the_public_one(tmp_path: Path) -> None:
    """With --web on the network a screen for the spymasters alone comes first (their QR code
    and address; the others look away). After Enter the board everyone sees has the public
    page's address and QR code only, and nothing of the spymasters' is left on the terminal."""
    pane = play_in_pane(tmp_path, "--audio-out", "none", "--web", "0.0.0.0:0")
    try:
        private = pane.wait_for("Spymasters only", "look away", "Press Enter")
        spymaster = re.search(r"http://\S+/spymaster/(\S+)", private)
        assert spymaster is not None and "0.0.0.0" not in spymaster[0]
        assert private.count(QR_FINDER) == 3 and "Red's turn" not in private, private
        token = spymaster[1]
        pane.type("")
        shown = pane.wait_for("Red's turn: spymaster", "Board for everyone: http://")
        assert "/spymaster/" not in shown and token not in shown, shown
        assert shown.count(QR_FINDER) == 3, "one QR code beside the board: the public page's"
        assert "Spymasters: your page's address was shown to you alone" in shown
        public = re.search(r"Board for everyone: (http://\S+)", shown)
        assert public is not None
        pane.type("quit")
        ended = pane.wait_for("APP-ENDED", timeout=20)
        assert f"Board for everyone: {public[1]}" in ended.split("Heard:")[-1]
        assert token not in pane.history() and "/spymaster/" not in pane.history()
    finally:
        pane.close()


LONG_WORDS = ["horseshoe", "helicopter", "leprechaun", "scuba diver", "ice cream"]


def test_at_60_columns_no_card_word_is_cut(tmp_path: Path) -> None:
    """HORSESHOE came out as HORSESHO over E: the grid gives up its padding before a word."""
    board, key = write_deal(tmp_path)
    words = board.read_text().splitlines()
    board.write_text("\n".join(LONG_WORDS + words[len(LONG_WORDS):]) + "\n")
    command = [sys.executable, "-m", "voicemaster", "play", "--input", "text", "--board", str(board),
               "--key", str(key), "--audio-out", "none"]
    pane = Pane(command, tmp_path, width=60)
    try:
        shown = pane.wait_for("VoiceMaster", "Red's turn: spymaster")
        for word in ("HORSESHOE", "HELICOPTER", "LEPRECHAUN", "SCUBA", "DIVER"):
            assert word in shown, shown
        pane.type("clue luck one")
        pane.type("guess horseshoe")
        shown = pane.wait_for("Horseshoe: red agent")
        assert "[R]" in shown and "HORSESHOE" in shown and "HELICOPTER" in shown and "LEPRECHAUN" in shown, shown
    finally:
        pane.close()
