"""How the setup says a table: places named ("card seven and card nineteen"), rows read
aloud, a photo's reading summed up. Pure text."""

from __future__ import annotations

from collections.abc import Sequence

from voicemaster.setup.layout import PER_ROW, ROWS, SLOTS
from voicemaster.vocabulary import number_words

UNREAD = "unread"
"""A place with no card yet, as the rows read aloud say it."""
NAMED_PLACES = 6
"""More places than this are counted, not named: a list of ten places is no help aloud."""
CORRECT_EXAMPLE = "'card seven is pilot'"


def places(indexes: Sequence[int]) -> str:
    """ "card seven", "card seven and card nineteen", "card two, card seven and card nineteen"."""
    named = [f"card {number_words(i + 1)}" for i in indexes]
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def still_to_read(missing: Sequence[int]) -> str:
    """The places with no card yet, and what to do about them."""
    if len(missing) > NAMED_PLACES:
        return (f"{number_words(len(missing)).capitalize()} cards are still to be read (marked ?): say or type "
                f"them, for example {CORRECT_EXAMPLE}.")
    verb, them = ("is", "it") if len(missing) == 1 else ("are", "them")
    return f"{places(missing).capitalize()} {verb} still to be read: say or type {them}."


def photo_summary(missing: Sequence[int]) -> str:
    """What a photo gave: "Twenty-three cards read; card seven and card nineteen could not be
    read: say or type them." (card numbers 1-25, row by row)."""
    read = SLOTS - len(missing)
    if not missing:
        return f"All 25 cards read. {check_the_board()}"
    if read == 0:
        return "No card could be read: photograph the table again, or read the cards aloud row by row."
    cards = "card" if read == 1 else "cards"
    if len(missing) > NAMED_PLACES:
        return (f"{number_words(read).capitalize()} {cards} read; {number_words(len(missing))} could not be read "
                f"(marked ?): say or type them, for example {CORRECT_EXAMPLE}, or photograph the table again.")
    them = "it" if len(missing) == 1 else "them"
    return f"{number_words(read).capitalize()} {cards} read; {places(missing)} could not be read: say or type {them}."


def check_the_board() -> str:
    return f"Is the board right? Say yes, or correct a card: {CORRECT_EXAMPLE}."


def rows_aloud(slots: Sequence[str | None]) -> str:
    """Every row with a card in it: "Row one: apple, bear, unread, Loch Ness, pilot." """
    said = []
    for row in range(ROWS):
        cards = slots[PER_ROW * row : PER_ROW * (row + 1)]
        if any(c is not None for c in cards):
            said.append(f"Row {number_words(row + 1)}: {', '.join(c or UNREAD for c in cards)}.")
    return " ".join(said) if said else "No card is set yet."
