"""How the setup's ear reads Whisper's words (pure text): corrections as Whisper writes them
when the table talks, and talk that must not become a correction."""

from __future__ import annotations

import pytest

from voicemaster.speech.ears.grid.reading import Command, Correction, Row, read
from voicemaster.speech.ears.grid.transcript import Word
from voicemaster.speech.ears.vocabulary import Vocabulary, english_vocabulary


@pytest.fixture(scope="module")
def vocabulary() -> Vocabulary:
    return english_vocabulary()


def heard(text: str) -> list[Word]:
    return [Word(t, i, i + 1, False, False) for i, t in enumerate(text.split())]


@pytest.mark.parametrize(("written", "position", "card"), [
    ("carth 13 is bank robert", "card thirteen", "bank robert"),
    ("carc 12 is shakespeare", "card twelve", "shakespeare"),
    ("car 22 was cloud", "card twenty-two", "cloud"),
    ("card seven is pilot", "card seven", "pilot"),
    ("50 is nodule", "fifth", "nodule"),
    ("23 is read", "card twenty-three", "read"),
    ("card mine is apple pie", "card nine", "apple pie"),
    ("card 17 this door", "card seventeen", "door"),
    ("cart 23 isreat", "card twenty-three", "reat"),
    ("card 23 izrid", "card twenty-three", "rid"),
    ("third is pilot", "third", "pilot"),
    ("18th is jungle", "card eighteen", "jungle"),
    ("car d 18 is gentle", "card eighteen", "gentle"),
])
def test_corrections_are_read_as_whisper_writes_them(vocabulary: Vocabulary, written: str, position: str, card: str) -> None:
    reading = read(heard(written), vocabulary, row=2)
    assert isinstance(reading, Correction), reading
    assert (reading.position, " ".join(w.text for w in reading.card)) == (position, card)


def test_a_correction_names_its_place_on_the_table(vocabulary: Vocabulary) -> None:
    third, card = read(heard("third is pilot"), vocabulary), read(heard("card seven is pilot"), vocabulary)
    assert isinstance(third, Correction) and isinstance(card, Correction)
    assert (third.index(2), third.index(None), card.index(4)) == (7, None, 6)


@pytest.mark.parametrize("talk", ["that was close", "the car was red", "it was my turn", "hard luck is real",
                                  "card games are fun", "car 2 this way to the station"])
def test_talk_with_was_is_no_correction(vocabulary: Vocabulary, talk: str) -> None:
    assert not isinstance(read(heard(talk), vocabulary, row=2), Correction)


@pytest.mark.parametrize(("written", "row", "named"), [
    ("roof war anchor castle jupiter lantern pilot", 2, 4),
    ("roof war anchor castle jupiter lantern pilot", 4, 4),
    ("row to anchor castle jupiter lantern pilot", 5, 2),
])
def test_a_misheard_row_opener_names_any_row(vocabulary: Vocabulary, written: str, row: int, named: int) -> None:
    """Rows are read in any order: "Roof war" is row four whichever row the table is on."""
    reading = read(heard(written), vocabulary, row=row)
    assert isinstance(reading, Row) and reading.number == named, reading
    assert [" ".join(w.text for w in card) for card in reading.cards] == ["anchor", "castle", "jupiter", "lantern", "pilot"]


def test_repeat_asks_for_the_rows_read_aloud(vocabulary: Vocabulary) -> None:
    assert read(heard("repeat"), vocabulary, row=2) == Command("repeat")
