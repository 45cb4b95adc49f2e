"""Typed (and recognized) utterances → intents, straight from the SPEC §2 table."""

from __future__ import annotations

import pytest

from voicemaster.game.clue_number import UNLIMITED
from voicemaster.game.phase import Phase
from voicemaster.understand.intents import Command, CoverCard, GiveClue, GuessCard, to_json
from voicemaster.understand.listening import Listening
from voicemaster.understand.parse import parse_utterance

CARDS = ["Apple", "Chapel", "ice cream", "Ocean", "NEW YORK", "mother-in-law", "Pass", "Bank"]

GUESSES = [
    ("guess apple", GuessCard("Apple")),
    ("we guess apple", GuessCard("Apple")),
    ("touch apple", GuessCard("Apple")),
    ("We touch Apple.", GuessCard("Apple")),
    ("pick chapel", GuessCard("Chapel")),
    ("we pick apple", GuessCard("Apple")),
    ("choose ice cream", GuessCard("ice cream")),
    ("um, we touch... new york!", GuessCard("NEW YORK")),
    ("okay so guess the ocean", GuessCard("Ocean")),
    ("guess mother in law", GuessCard("mother-in-law")),
    ("guess mother-in-law", GuessCard("mother-in-law")),
    ("guess pass", GuessCard("Pass")),
    ("stop", Command("stop")),
    ("stop guessing", Command("stop")),
    ("end turn", Command("stop")),
    ("pass", Command("stop")),
    ("we pass", Command("stop")),
    ("undo", Command("undo")),
    ("yes", Command("yes")),
    ("correct", Command("yes")),
    ("Confirm!", Command("yes")),
    ("no", Command("no")),
    ("cancel", Command("no")),
    ("wrong", Command("no")),
    ("repeat", Command("repeat")),
    ("repeat the clue", Command("repeat")),
    ("What was the clue?", Command("repeat")),
    ("status", Command("status")),
    ("score", Command("status")),
    ("how many left", Command("status")),
    ("how much time", Command("time")),
    ("pause timer", Command("time", "pause")),
    ("resume the timer", Command("time", "resume")),
]

CLUES = [
    ("clue ocean two", True, GiveClue("ocean", 2)),
    ("clue ocean two", False, GiveClue("ocean", 2)),
    ("my clue is ocean two", True, GiveClue("ocean", 2)),
    ("My clue is: Ocean, 2.", False, GiveClue("ocean", 2)),
    ("ocean two", True, GiveClue("ocean", 2)),
    ("uh ocean 3", True, GiveClue("ocean", 3)),
    ("clue water zero", True, GiveClue("water", 0)),
    ("clue water unlimited", True, GiveClue("water", UNLIMITED)),
    ("clue water infinity", True, GiveClue("water", UNLIMITED)),
    ("clue ice cream two", True, GiveClue("ice cream", 2)),
    ("clue mother-in-law one", True, GiveClue("mother-in-law", 1)),
    ("cover apple", True, CoverCard("Apple")),
    ("cover the ice cream", False, CoverCard("ice cream")),
    ("undo", False, Command("undo")),
    ("repeat the clue", True, Command("repeat")),
]

CHATTER_GUESS_PHASE = [
    "I think apple is ours",
    "maybe not the apple one",
    "guess apple or chapel",
    "guess banana",  # not on the board
    "guess apples",
    "we should guess apple",
    "apple",
    "the ocean one",
    "ocean two",
    "clue ocean two",  # a clue is not heard while guessing
    "cover apple",
    "stop it",
    "don't stop",
    "guess",
    "",
    "um uh",
    "what was that",
    "pick 2",
]

CHATTER_CLUE_PHASE = [
    ("ocean two", False),
    ("I think apple is ours", True),
    ("is it two", True),
    ("guess apple", True),
    ("stop", True),
    ("clue ocean", True),
    ("clue ocean eleven", True),
    ("clue two", True),
    ("cover banana", True),
    ("the ocean one maybe", True),
]


@pytest.mark.parametrize("text,intent", GUESSES)
def test_guess_phase_phrases(text: str, intent: object) -> None:
    assert parse_utterance(text, Listening(tuple(CARDS), Phase.GUESS, False, question_open=True)) == intent


@pytest.mark.parametrize("text", ["yes", "correct", "no", "wrong"])
def test_yes_and_no_are_answers_only_while_a_question_is_open(text: str) -> None:
    assert parse_utterance(text, Listening(tuple(CARDS), Phase.GUESS, False, question_open=False)) is None
    assert parse_utterance(text, Listening(tuple(CARDS), Phase.CLUE, False, question_open=True)) is not None


@pytest.mark.parametrize("text,awaiting,intent", CLUES)
def test_clue_phase_phrases(text: str, awaiting: bool, intent: object) -> None:
    assert parse_utterance(text, Listening(tuple(CARDS), Phase.CLUE, awaiting)) == intent


@pytest.mark.parametrize("text", CHATTER_GUESS_PHASE)
def test_chatter_while_guessing_is_ignored(text: str) -> None:
    assert parse_utterance(text, Listening(tuple(CARDS), Phase.GUESS, False)) is None


@pytest.mark.parametrize("text,awaiting", CHATTER_CLUE_PHASE)
def test_chatter_while_clue_is_awaited_is_ignored(text: str, awaiting: bool) -> None:
    assert parse_utterance(text, Listening(tuple(CARDS), Phase.CLUE, awaiting)) is None


def test_only_uncovered_cards_can_be_guessed() -> None:
    uncovered = [c for c in CARDS if c != "Apple"]
    assert parse_utterance("guess apple", Listening(tuple(uncovered), Phase.GUESS, False)) is None


def test_card_comes_back_as_written_on_the_board() -> None:
    intent = parse_utterance("touch NEW york", Listening(tuple(CARDS), Phase.GUESS, False))
    assert to_json(intent) == {"type": "guess", "word": "NEW YORK"}
