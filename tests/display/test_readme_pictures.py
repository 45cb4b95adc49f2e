"""The README shows and quotes what the app really says (its pictures are taken from a game
the referee played, see scripts/readme_screenshots.py)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from scripts.readme_screenshots import SAMPLE_MOVES, sample_game
from voicemaster.voice import answers

from .test_key_view import write_deal

README = Path(__file__).resolve().parents[2] / "README.md"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_readme_caption_is_what_the_pictured_game_says() -> None:
    caption = re.search(r'The pictures show the board after "([^"]+)": "([^"]+)"', _flat(README.read_text()))
    assert caption is not None, "README lost the caption of its pictures"
    _, status = sample_game()
    assert (caption[1], caption[2]) == (SAMPLE_MOVES[-1], status.message)


def _typed_game(tmp_path: Path, lines: list[str], *options: str) -> str:
    board, key = write_deal(tmp_path)
    board.write_text(board.read_text().replace("castle\n", "horseshoe\n"))
    done = subprocess.run(
        [sys.executable, "-m", "voicemaster", "play", "--input", "text", "--board", str(board),
         "--key", str(key), "--audio-out", "none", *options],
        input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return _flat(done.stdout)


def test_announcements_quoted_in_the_readme_are_the_apps(tmp_path: Path) -> None:
    speaks = re.search(r"\*\*Speaks\.\*\* (.*?)\n- ", README.read_text(), re.S)
    assert speaks is not None
    quoted = re.findall(r'"([^"]+)"', _flat(speaks[1]))
    said = " ".join((
        _typed_game(tmp_path, ["clue fruit two", "guess apple"]),
        _typed_game(tmp_path, ["clue horse one"]),
        answers.confirm_card_phrase(["apple"]),
        answers.confirm_card_phrase(["apple", "chapel"]),
    ))
    assert len(quoted) >= 3
    for phrase in quoted:
        assert phrase in said, phrase
