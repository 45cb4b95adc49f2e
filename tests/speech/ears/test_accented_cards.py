"""A card written with accents ("Théâtre") is heard when said, and named as written."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import BOARD


@pytest.mark.parametrize("engine", ["whisper", "pocketsphinx"])
def test_an_accented_card_is_recognized_and_named_as_written(tmp_path: Path, engine: str) -> None:
    board = tmp_path / "board.txt"
    board.write_text("\n".join(["Théâtre", *BOARD[1:]]) + "\n", encoding="utf-8")
    wav = tmp_path / "we_guess_theatre.wav"
    subprocess.run(["espeak-ng", "-v", "en-us", "-w", str(wav), "we guess theatre"], check=True)
    done = subprocess.run(
        [sys.executable, "-m", "voicemaster", "recognize", "--board", str(board), "--phase", "guess",
         "--engine", engine, str(wav)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["intent"] == {"type": "guess", "word": "Théâtre"}
