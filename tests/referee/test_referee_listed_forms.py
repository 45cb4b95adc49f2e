"""Derivations no spelling rule reaches (issue 49): a verb in -sy or -se beside its noun in -cy or -ce,
the old abstract nouns in -th with a changed vowel, and more common clippings."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue
from voicemaster.referee.listed_forms import respelled_base


@pytest.mark.parametrize(("card", "clue"), [("ADVICE", "advise"), ("SLOW", "sloth"),
                                            ("BEAR", "birth"), ("DINOSAUR", "dino"), ("MAYONNAISE", "mayo")])
def test_a_listed_derivation_or_clipping_is_refused(card: str, clue: str) -> None:
    verdict = judge_clue(clue, (card, "OCEAN"))
    assert (verdict.verdict, verdict.card) == ("illegal", card), verdict


def test_a_respelling_needs_a_stem_of_four_letters() -> None:
    assert respelled_base("prophesy") == "prophecy"
    assert respelled_base("deceit") == "deceive"
    assert respelled_base("rise") is None
