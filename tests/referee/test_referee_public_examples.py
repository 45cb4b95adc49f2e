"""Every public example of CLUE_RULES.md, verbatim."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue

ANY_BOARD = ("APPLE", "BANK", "BEAR", "CASTLE", "DRAGON", "FOREST", "GHOST", "LEMON")

PUBLIC_EXAMPLES = [
    (("BREAK",), "broken", "illegal"),
    (("BREAK",), "breakage", "illegal"),
    (("BREAK",), "breakdown", "illegal"),
    ((), "break", "legal"),  # BREAK covered: no longer visible
    (("HORSESHOE",), "horse", "illegal"),
    (("HORSESHOE",), "shoe", "illegal"),
    (("HORSESHOE",), "snowshoe", "illegal"),
    (("ENGLAND",), "land", "legal"),
    (("ENGLAND",), "island", "legal"),
    (("ROW",), "sparrow", "legal"),
    (("THEATER",), "theatre", "illegal"),
    (("NIGHT",), "knight", "legal"),
    (("CHILD",), "children", "illegal"),
    (("MOUSE",), "mice", "illegal"),
    (("BUG", "BED", "BOW"), "b", "illegal"),
    (("BUG", "BED", "BOW"), "three", "ask"),
    (("RAY",), "x", "legal"),
    (("BALL", "FIGURE", "OCTOPUS"), "eight", "legal"),
    (ANY_BOARD, "greenhouse", "legal"),
    (ANY_BOARD, "mother-in-law", "illegal"),
    (ANY_BOARD, "pack rat", "illegal"),
    (("SEAL",), "sea", "legal"),
    (("CAR",), "carpet", "legal"),
    (("SNOW",), "snowman", "illegal"),
]


@pytest.mark.parametrize(("visible", "clue", "verdict"), PUBLIC_EXAMPLES)
def test_public_example(visible: tuple[str, ...], clue: str, verdict: str) -> None:
    assert judge_clue(clue, visible).verdict == verdict


@pytest.mark.parametrize("clue", ["mother-in-law", "pack rat"])
def test_compound_clues_are_legal_with_the_house_rule(clue: str) -> None:
    assert judge_clue(clue, ANY_BOARD, allow_compound=True).verdict == "legal"


def test_reason_names_the_card_like_the_rulebook() -> None:
    verdict = judge_clue("horse", ("HORSESHOE",))
    assert verdict.reason == "Horse is not allowed: it is part of HORSESHOE."
    assert verdict.card == "HORSESHOE"
    assert verdict.rule == "compound"
