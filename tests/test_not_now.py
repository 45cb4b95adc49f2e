"""A typed line that is understood but not allowed now is told why, never "Not understood"
(`voicemaster play --input text`): the reason is what a player at the table would say."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from voicemaster.speech.ears.whisper.model import installed_parts

from tests.test_typed_game import run_play, state

NOT_NOW = [
    ("we guess apple", "Waiting for Red's clue before any guess."),
    ("clue ocean", "Ocean, how many? Say the clue with its number."),
    ("clue ocean ten", "Ten is not a clue number: zero to nine, or unlimited."),
    ("my clue is", "The clue?"),
    ("yes", "There is no question to answer."),
    ("new game", "A new game comes when this one is over."),
    ("clue ocean two", None),
    ("we guess elephant", "elephant is not on the table."),
    ("we guess apple", None),
    ("we guess apple", "APPLE is already covered."),
    ("clue river three", "Red is guessing now; a clue comes after the turn."),
]


@pytest.fixture(scope="module")
def replies(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    from tests.conftest import BOARD, KEY_ROWS

    folder = tmp_path_factory.mktemp("not_now")
    board, key = folder / "board.txt", folder / "key.txt"
    board.write_text("\n".join(BOARD) + "\n")
    key.write_text("\n".join(KEY_ROWS) + "\n")
    journal = folder / "game.jsonl"
    result = run_play(board, key, journal, [line for line, _ in NOT_NOW])
    assert result.returncode == 0, result.stderr
    return result.stdout, journal


@pytest.mark.parametrize("line, reason", [(line, reason) for line, reason in NOT_NOW if reason])
def test_each_line_not_allowed_now_is_told_why(replies: tuple[str, Path], line: str, reason: str) -> None:
    out, _ = replies
    assert reason.lower() in out.lower(), out


def test_no_line_understood_is_called_not_understood(replies: tuple[str, Path]) -> None:
    out, journal = replies
    assert "not understood" not in out.lower(), out
    s = state(journal)
    assert s["revealed"] == {"apple": "red"}, "the refused lines changed nothing"


SPOKEN_VOICES = ("piper:joe", "flite:slt", "flite:rms", "flite:awb", "flite:kal16")


@pytest.fixture(scope="module")
def spoken(whisper_ear: object) -> object:
    """What the referee answers to a line said while red's clue is awaited (real Whisper)."""
    import time

    import numpy as np

    from tests.conftest import fixed_deal
    from voicemaster.dialogue import Dialogue
    from voicemaster.game.core import Game
    from voicemaster.game_stage import GameStage
    from voicemaster.inbox import Spoken
    from voicemaster.referee import judge_clue_word
    from voicemaster.speech.voices.speakers import say

    def answer(text: str, voice: str) -> str:
        stage = GameStage(Dialogue(Game(fixed_deal(), judge=judge_clue_word), lambda _a: None, time.monotonic),
                          whisper_ear)  # type: ignore[arg-type]
        audio = np.concatenate([np.zeros(4000), say(text, voice).astype(np.float64), np.zeros(4000)])
        reply = stage.take(Spoken(audio.astype(np.int16)))
        return reply.text if reply is not None else ""

    return answer


@pytest.mark.skipif(installed_parts() is None, reason="the Whisper model packages are not installed")
@pytest.mark.skipif(shutil.which("flite") is None, reason="flite is not installed (apt-get install flite)")
def test_a_spoken_clue_without_its_number_is_asked_for_it(spoken) -> None:  # type: ignore[no-untyped-def]
    """Never silence while a clue is awaited: a clue said without its number is asked how many,
    an opening alone for the clue, where Whisper wrote the opening (here it writes "clue" or
    "my clue is" for 2 of these 5 voices; "Mike Lewis", "blue ocean" for the others); the
    table's talk about the same word gets no answer at all."""
    unfinished = [spoken(line, v) for v in SPOKEN_VOICES for line in ("clue ocean", "the clue is ocean")]
    assert sum(a.startswith("Ocean, how many?") for a in unfinished) >= 2, unfinished
    opening = [spoken("my clue is", v) for v in SPOKEN_VOICES]
    assert sum(a == "The clue?" for a in opening) >= 1, opening
    talk = [spoken("I think the ocean is nice this time of year", v) for v in SPOKEN_VOICES]
    assert talk == [""] * len(SPOKEN_VOICES), talk
