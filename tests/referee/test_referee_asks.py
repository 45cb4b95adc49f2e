"""House rule referee-asks: every doubt of the referee goes to the table as a question.
The referee still refuses on its own what is no doubt at all: a clue that is not one
word and a number, and a card's own word (in any spelling)."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue

BOARD = ("BREAK", "HORSESHOE", "THEATER", "BUG", "BED", "BOW", "HAT")


@pytest.mark.parametrize(
    ("clue", "reason"),
    [
        ("broken", "Broken is a form of BREAK."),
        ("horse", "Horse is part of HORSESHOE."),
        ("b", "BREAK, BUG, BED and 1 more start with B."),
        ("three", "Three may be about letter counts: BUG, BED, BOW and 1 more have three letters."),
        ("cat", "Cat rhymes with HAT."),
    ],
)
def test_every_doubt_is_asked_with_its_reason(clue: str, reason: str) -> None:
    verdict = judge_clue(clue, BOARD, referee_asks=True)
    assert (verdict.verdict, verdict.reason) == ("ask", reason)


@pytest.mark.parametrize(("clue", "rule"), [("theatre", "same-word"), ("break", "same-word"), ("pack rat", "shape")])
def test_no_doubt_is_still_ruled(clue: str, rule: str) -> None:
    verdict = judge_clue(clue, BOARD, referee_asks=True)
    assert (verdict.verdict, verdict.rule) == ("illegal", rule)


def test_a_legal_clue_stays_legal() -> None:
    assert judge_clue("ocean", BOARD, referee_asks=True).verdict == "legal"


@pytest.mark.parametrize(("clue", "cards"), [("sixth", ("TORCH", "MEADOW")), ("twelfth", ("APPLE",)),
                                             ("opposite", ("HELMET",)), ("perimeter", ("FOSSIL",))])
def test_an_ordinal_or_a_place_on_the_grid_is_asked(clue: str, cards: tuple[str, ...]) -> None:
    """An ordinal up to 25 can count the cards (the sixth card); the grid has an opposite side
    and a perimeter."""
    verdict = judge_clue(f"{clue} 1", cards)
    assert (verdict.verdict, verdict.rule) == ("ask", "position")


@pytest.mark.parametrize("clue", ["edgewise", "lengthways", "anticlockwise", "frontmost", "centremost", "midway",
                                  "peripheral", "endways"])
def test_a_position_word_of_the_family_is_asked(clue: str) -> None:
    """Issue 49: -wise, -most, -ward and -ways on a direction, and the words for the middle and the edge."""
    verdict = judge_clue(f"{clue} 1", ("HELMET", "OTTER"))
    assert (verdict.verdict, verdict.rule) == ("ask", "position")


@pytest.mark.parametrize("clue", ["otherwise", "foremost", "almost", "margin"])
def test_a_word_only_shaped_like_a_position_stays_a_word(clue: str) -> None:
    assert judge_clue(f"{clue} 1", ("HELMET", "OTTER")).verdict == "legal"


@pytest.mark.parametrize(("clue", "letter"), [("aitch", "H"), ("zed", "Z"), ("vee", "V")])
def test_a_letter_said_by_its_name_is_a_letter(clue: str, letter: str) -> None:
    """Two cards start with it: refused as the letter would be; "bee" is a word, not B."""
    cards = (f"{letter}ELMET", f"{letter}ARP", "OTTER")
    verdict = judge_clue(f"{clue} 2", cards)
    assert (verdict.verdict, verdict.rule) == ("illegal", "letters")
    assert judge_clue(f"{clue} 2", (cards[0], "OTTER")).verdict == "legal"


def test_a_letter_name_that_is_a_word_stays_a_word() -> None:
    assert judge_clue("bee 2", ("BUG", "BED", "BOW")).verdict == "legal"
