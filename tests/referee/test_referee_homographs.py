"""A card read two ways (issue 49; data/wordnet_readings.tsv.gz): a card read first as a thing
whose verb or adjective WordNet ties to none of its senses is two words, and a form of the other
reading is the table's call, said as such; a reading WordNet ties to the card's senses, however
many steps away, is the same word (FIRE: firing; PLANT: planting)."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue
from voicemaster.referee.homographs import derived_elsewhere, inflected_elsewhere


@pytest.mark.parametrize(("card", "clue"), [("DUCK", "ducking"), ("PINE", "pining"), ("SOLE", "solely")])
def test_a_form_of_the_cards_other_reading_is_asked(card: str, clue: str) -> None:
    verdict = judge_clue(clue, (card, "OCEAN"))
    assert (verdict.verdict, verdict.rule, verdict.card) == ("ask", "form", card)
    assert verdict.reason.endswith(f"only if {card} is not read as the noun.")


@pytest.mark.parametrize(("card", "clue"), [("FIRE", "firing"), ("PLANT", "planting"), ("RUN", "running"),
                                            ("DUCK", "ducks")])
def test_a_form_of_the_cards_own_reading_is_refused(card: str, clue: str) -> None:
    assert judge_clue(clue, (card, "OCEAN")).verdict == "illegal"


def test_only_a_common_noun_is_read_two_ways() -> None:
    """pave is a verb: WordNet's rare noun (a setting of stones) is no card's reading."""
    assert inflected_elsewhere("duck", "V") == "noun"
    assert inflected_elsewhere("pave", "V") is None
    assert derived_elsewhere("solely", "sole") == "noun"
