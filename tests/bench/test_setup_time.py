"""The setup-time benchmark's reader answers what the setup really says: driven by a real
SetupSession (text in place of speech), it lays out its grid exactly, one correction a card."""

from __future__ import annotations

import random

from bench.setup_time import Reader
from voicemaster.setup.session import SetupSession
from voicemaster.setup.table_setup import two_word_cards

CARDS = ["gold", "chicago", "stamp", "tunnel", "europe", "swan", "pilot", "spade", "apple pie", "mercury",
         "flute", "knee", "nectar", "hot dog", "japan", "everest", "door", "penguin", "pluto", "arrow",
         "stick", "legend", "reed", "kitten", "medal"]
MISHEARD = {"stamp": "stem", "mercury": "merry"}


def test_the_reader_lays_out_its_grid_through_the_real_dialogue() -> None:
    reader = Reader(list(CARDS), "flite:slt", random.Random(1))
    session = SetupSession(two_word_cards())
    message: str | None = session.opening()
    said: list[str] = []
    while (text := reader.answer(message or "")) is not None:
        said.append(text)
        heard = text if text.startswith(("card", "second", "fifth")) else ", ".join(
            MISHEARD.get(card, card) for card in text.split(", "))
        message = session.typed(heard)
        assert message is not None, text
    assert list(session.layout.cards()) == CARDS
    assert "card three is stamp" in said and "fifth is mercury" in said
    assert reader.first_wrong == {0: 1, 1: 1, 2: 0, 3: 0, 4: 0}
    assert reader.tries == {2: 1, 9: 1} and reader.fixed_at == {2: 1, 9: 1}
    assert said.count("yes") == 1 and said[-1] == "yes", "a right row is answered by reading the next"


def test_a_row_heard_as_four_cards_gets_its_missing_card_in_its_place() -> None:
    reader = Reader(list(CARDS), "flite:slt", random.Random(1))
    session = SetupSession(two_word_cards())
    reader.answer(session.opening())
    told = session.typed("row one: gold, chicago, tunnel, europe")
    assert reader.answer(told or "") == "third is stamp"
    assert session.typed("third is stamp") == "Row one: gold, chicago, stamp, tunnel, europe. Right?"


def test_a_row_not_answered_is_read_fewer_cards_at_a_time_and_finished_from_the_board() -> None:
    reader = Reader(list(CARDS), "flite:slt", random.Random(1))
    session = SetupSession(two_word_cards())
    first = reader.answer(session.opening())
    assert first is not None and first.endswith("gold, chicago, stamp, tunnel, europe")
    assert reader.again(first, 1) == first
    assert reader.again(first, 2) == "gold, chicago"
    shown = session.typed("gold, chicago")
    assert shown == "Row one: gold, chicago; go on."
    assert reader.answer(shown) == "stamp, tunnel, europe"
