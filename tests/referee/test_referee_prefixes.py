"""Prefixes that make forms to this day (issue 49): mis-, pre-, un-, under- on a verb or
adjective, non- on any word, heard as prefix + base and rarer than it, are forms of the base
without WordNet's tie. A prefix only spelled (mischief, prevent) or a word commoner than its
base (understand, uncanny) stays with the table."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue
from voicemaster.referee.prefixes import sure_prefix_bases


@pytest.mark.parametrize(
    ("card", "clue"),
    [("HEAR", "mishear"), ("PAY", "underpay"), ("SMOKER", "nonsmoker"), ("WASH", "prewash"), ("AWARE", "unaware")],
)
def test_a_productive_prefix_on_the_card_is_a_form_of_it(card: str, clue: str) -> None:
    assert card.lower() in sure_prefix_bases(clue)
    verdict = judge_clue(clue, (card, "OCEAN"))
    assert (verdict.verdict, verdict.card) == ("illegal", card), verdict


@pytest.mark.parametrize(("card", "clue"), [("CHIEF", "mischief"), ("VENT", "prevent"), ("CANNY", "uncanny"),
                                            ("STAND", "understand")])
def test_a_prefix_only_spelled_or_a_commoner_word_is_not_sure(card: str, clue: str) -> None:
    assert card.lower() not in sure_prefix_bases(clue)
    assert judge_clue(clue, (card, "OCEAN")).verdict != "illegal"
