"""The whole-turn benchmark's scorer reads a real journal and the referee's real words right."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench.speech.turn_score import card_questions, referee_said, score_turn
from bench.speech.turns import Line, Turn
from tests.conftest import BOARD, KEY_ROWS
from voicemaster.voice import answers


def _line(kind: str, text: str, cards: tuple[str, ...] = ()) -> Line:
    return Line(kind, text, "flite:slt", 1.0, 0.0, 0.0, 2.0, cards)


TURN = Turn("t", "test", tuple(BOARD), "".join(KEY_ROWS), "ocean", 2, (
    _line("talk", "what about ghost and bank", ("ghost", "bank")),
    _line("clue", "clue ocean two"), _line("yes", "yes"),
    _line("talk", "I think lemon is ours", ("lemon",)),
    _line("guess", "we guess apple", ("apple",)),
    _line("guess", "we guess bear", ("bear",)),
    _line("stop", "stop"),
))


def _typed_game(tmp_path: Path, lines: list[str]) -> tuple[dict[str, object], list[str]]:
    board, key, journal = tmp_path / "board.txt", tmp_path / "key.txt", tmp_path / "game.jsonl"
    board.write_text("\n".join(BOARD) + "\n")
    key.write_text("\n".join(KEY_ROWS) + "\n")
    played = subprocess.run(
        [sys.executable, "-m", "voicemaster", "play", "--board", str(board), "--key", str(key),
         "--journal", str(journal), "--input", "text", "--audio-out", "none"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60, check=True)
    state = subprocess.run([sys.executable, "-m", "voicemaster", "state", "--journal", str(journal), "--json"],
                           capture_output=True, text=True, timeout=60, check=True)
    return json.loads(state.stdout), referee_said(played.stdout)


def test_a_heard_clue_one_right_guess_and_a_talked_about_card_revealed(tmp_path: Path) -> None:
    # ghost is blue: revealing it is a wrong card, acts on the first talk line and ends the turn,
    # so "we guess bear" comes too late.
    state, said = _typed_game(tmp_path, ["clue ocean two", "yes", "guess apple", "guess ghost", "guess bear", "stop"])
    score = score_turn(TURN, state, said)
    assert (score.clue_heard, score.false_clue) == (1, 0)
    assert (score.acted_after_clue, score.guesses_after_clue) == (1, 2)
    assert (score.wrong_cards, score.talk_acted, score.talk_lines) == (1, 1, 2)
    assert score.questions == 0
    assert said[1].startswith("Red: ocean, two")


def test_a_misheard_number_is_another_clue_and_its_guesses_are_not_after_a_heard_clue(tmp_path: Path) -> None:
    state, said = _typed_game(tmp_path, ["clue ocean three", "guess apple", "guess bear", "stop"])
    score = score_turn(TURN, state, said)
    assert (score.clue_heard, score.false_clue) == (0, 1)
    assert (score.guesses_after_clue, score.acted_after_clue) == (0, 0)
    assert (score.acted_all, score.guesses_all, score.wrong_cards) == (2, 2, 0)


def test_card_questions_are_counted_and_a_clue_read_back_is_not() -> None:
    said = [answers.confirm_clue_phrase("ocean", 2), answers.confirm_card_phrase(["apple"]),
            answers.confirm_card_phrase(["ghost", "lemon"]), "Apple: red agent. One guess left."]
    assert card_questions(said, BOARD) == [("apple",), ("ghost", "lemon")]
    score = score_turn(TURN, {"events": [{"type": "game_started"}]}, said)
    assert (score.questions, score.questions_right, score.talk_acted, score.clue_read_back) == (2, 1, 2, 1)
