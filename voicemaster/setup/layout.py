"""The 25 slots of a physical table being laid out. Pure: no I/O.

Rows are laid out in any order: a row is filled (at once or a few cards at a time), read
back, and confirmed, and the next row is the first one after it not yet confirmed (from
row one again after the last), so a row missed does not hold up the rows after it. A
table read whole (a photo) has all its slots filled at once and is confirmed at once.
Any card already set may be replaced. Cards are checked as the board file checks them
(voicemaster/card_files.py): letters, no card twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from voicemaster.card_files import card_problem
from voicemaster.game.cards import card_key
from voicemaster.vocabulary import number_words

ROWS = 5
PER_ROW = 5
SLOTS = ROWS * PER_ROW


def place(index: int) -> str:
    """How slot `index` (0-based) is named aloud: "card seven, row two"."""
    return f"card {number_words(index + 1)}, row {number_words(index // PER_ROW + 1)}"


@dataclass
class Layout:
    slots: list[str | None] = field(default_factory=lambda: [None] * SLOTS)
    """Cards as said or typed, row by row; None where no card is set yet."""
    confirmed: set[int] = field(default_factory=set)
    """Rows (0-based) read back and confirmed."""
    row: int = 0
    """The row being laid out, 0-based (ROWS once all are confirmed)."""

    @property
    def complete(self) -> bool:
        return len(self.confirmed) == ROWS

    def row_cards(self, row: int | None = None) -> list[str]:
        """The cards set so far in `row` (default: the row being laid out)."""
        start = PER_ROW * (self.row if row is None else row)
        return [c for c in self.slots[start : start + PER_ROW] if c is not None]

    @property
    def row_full(self) -> bool:
        return not self.complete and len(self.row_cards()) == PER_ROW

    def refusal(self, cards: tuple[str, ...], replacing: range = range(0)) -> str | None:
        """Why these cards cannot go on the table, or None. `replacing`: the slots the
        cards replace, whose present cards do not count as duplicates."""
        seen: dict[str, int] = {
            card_key(c): i for i, c in enumerate(self.slots) if c is not None and i not in replacing
        }
        for card in cards:
            problem = card_problem(card)
            if problem is not None:
                return problem
            key = card_key(card)
            if key in seen:
                where = seen[key]
                return f"{card} is already on the table: {place(where)}." if where >= 0 else f"{card} was said twice."
            seen[key] = -1
        return None

    def row_slots(self, row: int | None = None) -> range:
        """The slots of `row` (default: the row being laid out)."""
        row = self.row if row is None else row
        return range(PER_ROW * row, PER_ROW * (row + 1))

    def room(self) -> int:
        """Cards the row being laid out can still take."""
        return PER_ROW - len(self.row_cards())

    def add(self, cards: tuple[str, ...]) -> None:
        """Next in the row being laid out; check `refusal` and `room` first."""
        start = PER_ROW * self.row + len(self.row_cards())
        for offset, card in enumerate(cards):
            self.slots[start + offset] = " ".join(card.split())

    def insert(self, index: int, card: str) -> None:
        """Into the row being laid out, which has room: the cards from `index` on move one on."""
        end = PER_ROW * (self.row + 1)
        self.slots[index + 1 : end] = self.slots[index : end - 1]
        self.slots[index] = " ".join(card.split())

    def clear_row(self) -> None:
        """The row being laid out is read again: its cards go."""
        for index in self.row_slots():
            self.slots[index] = None

    def go_to(self, row: int) -> None:
        """Lay out `row` (0-based) now; it is read back and confirmed again."""
        self.confirmed.discard(row)
        self.row = row

    def following(self) -> int | None:
        """The next row down not yet confirmed (None after the last row)."""
        return next((r for r in range(self.row + 1, ROWS) if r not in self.confirmed), None)

    def confirm(self) -> None:
        """The row being laid out is right: on to the next one not yet confirmed."""
        self.confirmed.add(self.row)
        after = [*range(self.row + 1, ROWS), *range(self.row)]
        self.row = next((r for r in after if r not in self.confirmed), ROWS)

    def confirm_all(self) -> None:
        """The whole table is right (it was read whole)."""
        self.confirmed = set(range(ROWS))
        self.row = ROWS

    def replace(self, index: int, card: str) -> None:
        self.slots[index] = " ".join(card.split())

    def missing(self) -> list[int]:
        """The slots (0-based) with no card yet."""
        return [i for i, c in enumerate(self.slots) if c is None]

    def cards(self) -> tuple[str, ...]:
        """All 25 cards, row by row, once the table is complete."""
        assert self.complete
        return tuple(c for c in self.slots if c is not None)
