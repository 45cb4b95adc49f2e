"""Typed (and recognized) utterances → intents, straight from the SPEC §2 table."""

from __future__ import annotations

import pytest

from voicemaster.game.actions import Clue, Cover, Guess
from voicemaster.game.clue_number import UNLIMITED
from voicemaster.game.phase import Phase
from voicemaster.understand.intents import Command, to_json
from voicemaster.understand.listening import Cue, Listening
from voicemaster.understand.parse import parse_utterance

CARDS = ["Apple", "Chapel", "ice cream", "Ocean", "NEW YORK", "mother-in-law", "Pass", "Bank"]

GUESSES = [
    ("guess apple", Guess("Apple")),
    ("we guess apple", Guess("Apple")),
    ("touch apple", Guess("Apple")),
    ("We touch Apple.", Guess("Apple")),
    ("pick chapel", Guess("Chapel")),
    ("we pick apple", Guess("Apple")),
    ("choose ice cream", Guess("ice cream")),
    ("um, we touch... new york!", Guess("NEW YORK")),
    ("okay so guess the ocean", Guess("Ocean")),
    ("guess mother in law", Guess("mother-in-law")),
    ("guess mother-in-law", Guess("mother-in-law")),
    ("guess pass", Guess("Pass")),
    ("stop", Command("stop")),
    ("stop guessing", Command("stop")),
    ("end turn", Command("stop")),
    ("pass", Command("stop")),
    ("we pass", Command("stop")),
    ("undo", Command("undo")),
    ("we're done", Command("stop")),
    ("yes", Command("yes")),
    ("Yeah.", Command("yes")),
    ("yep", Command("yes")),
    ("correct", Command("yes")),
    ("Confirm!", Command("yes")),
    ("no", Command("no")),
    ("Nope.", Command("no")),
    ("nah", Command("no")),
    ("cancel", Command("no")),
    ("wrong", Command("no")),
    ("repeat", Command("repeat")),
    ("repeat the clue", Command("repeat")),
    ("What was the clue?", Command("repeat")),
    ("status", Command("status")),
    ("score", Command("status")),
    ("how many left", Command("status")),
    ("whose turn", Command("whose_turn")),
    ("Whose turn is it?", Command("whose_turn")),
    ("how much time", Command("time")),
    ("pause timer", Command("pause_timer")),
    ("resume the timer", Command("resume_timer")),
]

CLUES = [
    ("clue ocean two", True, Clue("ocean", 2)),
    ("clue ocean two", False, Clue("ocean", 2)),
    ("my clue is ocean two", True, Clue("ocean", 2)),
    ("My clue is: Ocean, 2.", False, Clue("ocean", 2)),
    ("ocean two", True, Clue("ocean", 2)),
    ("uh ocean 3", True, Clue("ocean", 3)),
    ("clue water zero", True, Clue("water", 0)),
    ("clue water unlimited", True, Clue("water", UNLIMITED)),
    ("clue water infinity", True, Clue("water", UNLIMITED)),
    ("clue ice cream two", True, Clue("ice cream", 2)),
    ("clue mother-in-law one", True, Clue("mother-in-law", 1)),
    ("cover apple", True, Cover("Apple")),
    ("cover the ice cream", False, Cover("ice cream")),
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


def at(phase: Phase, *, awaiting: bool = False, question: bool = False, cards: list[str] = CARDS) -> Listening:
    cues = {Cue.CLUE_AWAITED} if awaiting else set()
    return Listening(tuple(cards), phase, frozenset(cues | ({Cue.QUESTION} if question else set())))


@pytest.mark.parametrize("text,intent", GUESSES)
def test_guess_phase_phrases(text: str, intent: object) -> None:
    assert parse_utterance(text, at(Phase.GUESS, question=True)) == intent


@pytest.mark.parametrize("text", ["yes", "yeah", "correct", "no", "nope", "wrong"])
def test_yes_and_no_are_answers_only_while_a_question_is_open(text: str) -> None:
    assert parse_utterance(text, at(Phase.GUESS)) is None
    assert parse_utterance(text, at(Phase.CLUE, question=True)) is not None


@pytest.mark.parametrize("text,awaiting,intent", CLUES)
def test_clue_phase_phrases(text: str, awaiting: bool, intent: object) -> None:
    assert parse_utterance(text, at(Phase.CLUE, awaiting=awaiting)) == intent


@pytest.mark.parametrize("text", CHATTER_GUESS_PHASE)
def test_chatter_while_guessing_is_ignored(text: str) -> None:
    assert parse_utterance(text, at(Phase.GUESS)) is None


@pytest.mark.parametrize("text,awaiting", CHATTER_CLUE_PHASE)
def test_chatter_while_clue_is_awaited_is_ignored(text: str, awaiting: bool) -> None:
    assert parse_utterance(text, at(Phase.CLUE, awaiting=awaiting)) is None


def test_only_uncovered_cards_can_be_guessed() -> None:
    uncovered = [c for c in CARDS if c != "Apple"]
    assert parse_utterance("guess apple", at(Phase.GUESS, cards=uncovered)) is None


def test_card_comes_back_as_written_on_the_board() -> None:
    intent = parse_utterance("touch NEW york", at(Phase.GUESS))
    assert to_json(intent) == {"type": "guess", "word": "NEW YORK"}
