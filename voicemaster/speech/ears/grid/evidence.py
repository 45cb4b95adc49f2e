"""Where each card on the table was heard: its row's utterance, kept for the correction.

A card that is corrected has been heard twice, once in its row and once in the
correction, and a mishearing of one is often not the other's ("Medal" in the row, "metal"
in the correction, for meadow). So the ear keeps, for each table place, the encoding,
transcript and slot of the last row utterance that set it, and scores a correction's
candidates on both. The evidence holds only while the place holds the card it was heard
as: a row read again replaces its places' evidence, a row heard with a card missing drops
it (its cards need not be in their places), and a place whose card was typed, corrected
or never taken has none (the correction is then heard alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from voicemaster.speech.ears.grid.reading import ROW_CARDS
from voicemaster.speech.ears.grid.slots import HeardSlot
from voicemaster.speech.ears.vocabulary import entry_of


@dataclass(frozen=True)
class PlaceHeard:
    entry: str
    """The card the ear wrote for the place."""
    heard: HeardSlot


@dataclass
class Evidence:
    places: dict[int, PlaceHeard] = field(default_factory=dict)
    """By table place (0-24)."""

    def keep_row(self, number: int | None, entries: Sequence[str], heard: Sequence[HeardSlot]) -> None:
        """A row utterance written as row `number` (1-5) with these cards, slot by slot."""
        if number is None or not 1 <= number <= ROW_CARDS:
            return
        first = ROW_CARDS * (number - 1)
        for index in range(first, first + ROW_CARDS):
            self.places.pop(index, None)
        if len(entries) == ROW_CARDS:
            self.places.update({first + k: PlaceHeard(e, h) for k, (e, h) in enumerate(zip(entries, heard))})

    def of(self, index: int | None, table: Sequence[str | None]) -> HeardSlot | None:
        """Where the card now at `index` was heard, if the table still holds it there."""
        if index is None or not 0 <= index < len(table):
            return None
        place, card = self.places.get(index), table[index]
        return place.heard if place is not None and card is not None and entry_of(card) == place.entry else None
