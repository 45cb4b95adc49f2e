"""A card's word from what was read on it: a printing read upside down (SNOW turned is MONS,
a word wordfreq knows) is never shown as if read; the decks' word of the two is taken."""

from __future__ import annotations

from voicemaster.photo.ocr import Reading
from voicemaster.photo.words import Sighting, decide, vocabulary


def test_a_deck_word_read_upside_down_is_taken_as_the_deck_word() -> None:
    assert decide([Sighting(Reading("MONS", 0.99))], vocabulary()) == "snow"


def test_the_deck_word_read_the_right_way_up_stands() -> None:
    assert decide([Sighting(Reading("SNOW", 0.99)), Sighting(Reading("SNOW", 0.97))], vocabulary()) == "snow"


def test_a_word_that_is_no_turned_deck_word_is_kept() -> None:
    assert decide([Sighting(Reading("MOON", 0.99))], vocabulary()) == "moon"
