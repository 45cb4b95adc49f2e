"""Setup phrases: rows with or without commas, yes/no/again, corrections by ordinal or number."""

from __future__ import annotations

import pytest

from voicemaster.understand.intents import Command
from voicemaster.understand.setup_phrases import Correct, RowCards, parse_setup

PAIRS = frozenset({"loch ness", "ice cream"})


@pytest.mark.parametrize(("text", "intent"), [
    ("row one: apple, bear, castle, Loch Ness, pilot", RowCards(("apple", "bear", "castle", "Loch Ness", "pilot"), 1)),
    ("Row 2, apple, bear", RowCards(("apple", "bear"), 2)),
    ("apple, bear, castle, loch ness and pilot", RowCards(("apple", "bear", "castle", "loch ness", "pilot"))),
    ("apple bear castle loch ness pilot", RowCards(("apple", "bear", "castle", "loch ness", "pilot"))),
    ("um apple bear castle and ice cream", RowCards(("apple", "bear", "castle", "ice cream"))),
    ("apple, bear, castle, and pilot", RowCards(("apple", "bear", "castle", "pilot"))),
    ("Théâtre", RowCards(("Théâtre",))),
    ("yes", Command("yes")),
    ("Right.", Command("yes")),
    ("yes, yes", Command("yes")),
    ("yep", Command("yes")),
    ("no", Command("no")),
    ("nope", Command("no")),
    ("again", Command("again")),
    ("read it again", Command("again")),
    ("no, read it again", Command("again")),
    ("repeat the rows", Command("repeat")),
    ("yes no", RowCards(("yes", "no"))),
    ("third is pilot", Correct(3, "pilot", in_row=True)),
    ("the fifth card is Loch Ness", Correct(5, "Loch Ness", in_row=True)),
    ("card seven is pilot", Correct(7, "pilot", in_row=False)),
    ("card 25 is ice cream", Correct(25, "ice cream", in_row=False)),
    ("card twenty five is ice cream", Correct(25, "ice cream", in_row=False)),
    ("card number twenty-one is mother-in-law", Correct(21, "mother-in-law", in_row=False)),
    ("", None),
    ("  ,  ", None),
])
def test_setup_utterances(text: str, intent: object) -> None:
    assert parse_setup(text, PAIRS) == intent
