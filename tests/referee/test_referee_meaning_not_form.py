"""Meaning is never form (issue 49): WordNet's pertainyms and "related" links tie a word
to another root of the same meaning (canine, DOG); such a clue is legal. A derivation
needs a shared form: a stem, a listed derivation, a sound change of English's own."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue
from voicemaster.referee.shared_form import shares_form

MEANING_ONLY = [
    ("DOG", "canine"),
    ("CAT", "feline"),
    ("TOOTH", "dental"),
    ("SUN", "solar"),
    ("SEA", "marine"),
    ("WATER", "aquatic"),
    ("WORD", "verbal"),
    ("EYE", "optic"),
    ("SKY", "celestial"),
    ("LAW", "legal"),
    ("MIND", "mental"),
    ("TIME", "temporal"),
    ("NAME", "nominal"),
    ("TOUCH", "tactile"),
    ("SMELL", "olfactory"),
    ("STAR", "astral"),
]
"""Another root, WordNet's tie only: a clue of meaning."""
DERIVED = [
    ("EXPLODE", "explosion"),
    ("RECEIVE", "reception"),
    ("ABOUND", "abundance"),
    ("EXAMPLE", "exemplify"),
    ("VAIN", "vanity"),
    ("ABLE", "ability"),
    ("FRANCE", "french"),
    ("GOOD", "better"),
    ("LONG", "length"),
    ("GLASS", "glaze"),
    ("FIRE", "fiery"),
    ("OMEN", "ominous"),
]
"""A stem, a listed derivation or a sound change: forms however far the spelling moved."""


@pytest.mark.parametrize(("card", "clue"), MEANING_ONLY, ids=lambda x: x)
def test_a_clue_of_the_same_meaning_from_another_root_is_legal(card: str, clue: str) -> None:
    assert not shares_form(clue, card.lower())
    assert judge_clue(clue, (card, "OCEAN")).verdict == "legal"


@pytest.mark.parametrize(("card", "clue"), DERIVED, ids=lambda x: x)
def test_a_derivation_that_shares_a_form_is_refused(card: str, clue: str) -> None:
    assert shares_form(clue, card.lower())
    verdict = judge_clue(clue, (card, "OCEAN"))
    assert (verdict.verdict, verdict.rule, verdict.card) == ("illegal", "form", card)
