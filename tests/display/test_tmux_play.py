"""The live terminal board of `voicemaster play --input text`, driven in tmux like a player would."""

from __future__ import annotations

import os
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


class Pane:
    """One tmux server of our own (its own socket), one window running the app."""

    def __init__(self, command: list[str], cwd: Path) -> None:
        self.socket = f"voicemaster-test-{uuid.uuid4().hex[:8]}"
        self._tmux("new-session", "-d", "-x", "120", "-y", "45", "-c", str(cwd), *command)

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


@pytest.fixture
def pane(tmp_path: Path) -> Iterator[Pane]:
    board, key = write_deal(tmp_path)
    command = [
        sys.executable, "-m", "voicemaster", "play", "--input", "text",
        "--board", str(board), "--key", str(key),
        "--journal", str(tmp_path / "game.jsonl"), "--audio-out", "none",
    ]
    running = Pane(command, tmp_path)
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
