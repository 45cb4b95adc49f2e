"""Laying out a table as a dialogue: read-backs, corrections, refusals, the typed key, progress."""

from __future__ import annotations

import pytest

from voicemaster.game.cards import Team
from voicemaster.setup.session import SetupSession

ROWS = [
    "apple, bear, castle, Loch Ness, pilot",
    "ocean, piano, horse, ice cream, moon",
    "robot, snow, tower, wave, yard",
    "zebra, anchor, bottle, cloud, dragon",
    "engine, forest, ghost, hammer, island",
]
KEY = "RRRRR RRRRB BBBBB BBNNN NNNNA"


def lay_out(session: SetupSession) -> None:
    for row in ROWS:
        session.typed(row)
        session.typed("yes")


def test_each_row_is_read_back_and_a_yes_moves_on() -> None:
    session = SetupSession()
    assert session.typed("row one: apple, bear, castle, Loch Ness, pilot") == (
        "Row one: apple, bear, castle, Loch Ness, pilot. Right?")
    assert session.typed("yes") == "Row two."
    assert session.layout.confirmed == {0}


def test_cards_may_come_a_few_at_a_time_or_one_typed_card() -> None:
    session = SetupSession()
    assert session.typed("apple, bear") == "Row one: apple, bear; go on."
    assert session.typed("castle") == "Row one: apple, bear, castle; go on."
    assert session.typed("Loch Ness, pilot").endswith("Right?")


def test_no_and_again_read_the_row_again() -> None:
    session = SetupSession()
    session.typed(ROWS[0])
    assert session.typed("no") == "Read row one again."
    assert session.layout.row_cards() == []
    session.typed(ROWS[0])
    assert session.typed("again") == "Read row one again."


def test_a_card_is_corrected_by_its_place_in_the_row_or_on_the_table() -> None:
    session = SetupSession()
    session.typed(ROWS[0])
    assert session.typed("third is parrot") == "Third is parrot. Right?"
    assert session.layout.row_cards() == ["apple", "bear", "parrot", "Loch Ness", "pilot"]
    session.typed("yes")
    session.typed(ROWS[1])
    assert session.typed("card two is badger") == (
        "Card two, row one is now badger. Row two: ocean, piano, horse, ice cream, moon. Right?")
    assert session.typed("card seven is violin") == "Card seven is violin. Right?"
    assert session.layout.row_cards() == ["ocean", "violin", "horse", "ice cream", "moon"]


def test_reading_the_next_row_instead_of_yes_confirms_the_row_read_back() -> None:
    session = SetupSession()
    session.typed(ROWS[0])
    assert session.typed("row two: " + ROWS[1]) == "Row two: ocean, piano, horse, ice cream, moon. Right?"
    assert session.typed(ROWS[2]) == "Row three: robot, snow, tower, wave, yard. Right?"
    assert session.layout.confirmed == {0, 1}
    assert session.typed("row three: robot, snow, tower, cave, yard").startswith("Row three: robot, snow, tower, cave")
    assert session.typed("robot, snow, tower, wave, yard") == "Row three: robot, snow, tower, wave, yard. Right?"
    assert session.typed("row three: zebra, anchor, bottle, bottle, bottle, cloud").endswith(
        "A row has five; read it again, with a pause between cards."), "the next row, or this one again"
    assert session.layout.confirmed == {0, 1}, "a row read again (two cards or more in common) is no next row"
    assert session.typed("row three: heart, for, genus, born").startswith("Row three is full: say yes, no")
    assert session.layout.confirmed == {0, 1} and session.layout.row_cards() == ["robot", "snow", "tower", "wave", "yard"]
    for row in ROWS[3:]:
        session.typed(row)
    assert session.layout.confirmed == {0, 1, 2, 3} and session.typed("yes") == "All 25 cards are set."


def test_a_row_heard_as_four_cards_takes_its_missing_card_in_place() -> None:
    session = SetupSession()
    assert session.typed("row one: apple, bear, Loch Ness, pilot") == (
        "Row one: apple, bear, Loch Ness, pilot: one card is missing. Say where, for example 'third is castle'.")
    assert session.typed("third is pilot").startswith("pilot is already on the table")
    assert session.typed("yes") == (
        "Row one: apple, bear, Loch Ness, pilot: one card is missing. Say where, for example 'third is castle'.")
    assert session.typed("third is castle") == "Row one: apple, bear, castle, Loch Ness, pilot. Right?"
    session.typed("yes")
    session.typed("row two: ocean, piano, horse, ice cream")
    assert session.typed("fifth is moon") == "Row two: ocean, piano, horse, ice cream, moon. Right?"
    session.typed("row three: robot, snow, tower, wave")
    session.typed("again")
    session.typed("robot, snow, tower, wave")
    assert session.typed("third is yard") == "Row three: robot, snow, yard, wave; go on.", "read again, it replaces"


def test_duplicates_and_bad_words_are_refused_with_a_reason() -> None:
    session = SetupSession()
    session.typed(ROWS[0])
    session.typed("yes")
    assert session.typed("ocean, APPLE, horse, ice cream, moon") == (
        "APPLE is already on the table: card one, row one. Row two.")
    assert session.typed("ocean, piano, ocean, ice cream, moon").startswith("ocean was said twice.")
    assert session.typed("ocean, r2d2").startswith("'r2d2' is not a card")
    assert session.typed("card three is bear").startswith("bear is already on the table: card two, row one.")
    assert session.layout.row_cards() == []


def test_too_many_cards_and_a_row_no_table_has_are_refused() -> None:
    session = SetupSession()
    assert session.typed("a b c d e f").startswith("I heard 6 cards")
    assert session.typed("row six: " + ROWS[0]) == "There is no row six: a table has five. Read row one: its five cards, left to right."
    assert session.layout.slots == [None] * 25


def test_rows_come_in_any_order_and_a_row_missed_is_asked_for_after_the_others() -> None:
    """At row two, "row five: ..." lays out row five; the rows after it follow, then row two."""
    session = SetupSession()
    session.typed(ROWS[0])
    session.typed("yes")
    assert session.typed("row five: " + ROWS[4]) == "Row five: engine, forest, ghost, hammer, island. Right?"
    assert session.typed("yes") == "Row two."
    assert session.typed("row three: " + ROWS[2]).startswith("Row three: robot")
    assert session.typed("row four: " + ROWS[3]).startswith("Row four: zebra"), "naming the next row confirms row three"
    assert session.typed("yes") == "Row two."
    assert session.layout.confirmed == {0, 2, 3, 4}
    assert session.typed(ROWS[1]).startswith("Row two: ocean") and session.typed("yes") == "All 25 cards are set."
    assert session.layout.cards()[20:] == ("engine", "forest", "ghost", "hammer", "island")


def test_a_row_named_while_another_waits_for_its_yes_leaves_that_one_to_confirm() -> None:
    session = SetupSession()
    session.typed("row one: apple, bear")
    assert session.typed("row three: " + ROWS[2]).startswith("Row three: robot")
    assert session.typed("yes") == "Row four.", "the next row down not yet confirmed"
    session.typed(ROWS[3])
    session.typed("row five: " + ROWS[4])
    assert session.layout.confirmed == {2, 3}
    assert session.typed("yes") == "Row one: apple, bear; go on.", "back to the rows before, as far as they were read"
    assert session.typed("castle, Loch Ness, pilot").endswith("Right?")
    assert session.typed("yes") == "Row two."
    assert session.typed("row four: " + ROWS[0]).startswith("apple is already on the table: card one, row one.")
    assert session.layout.confirmed == {0, 2, 3, 4}, "a refused row changes nothing"
    assert session.typed("row three: robot, snow, tower, wave, yacht").startswith("Row three: robot, snow, tower, wave, yacht.")
    assert session.layout.confirmed == {0, 3, 4}, "a confirmed row read again is read back again"


def test_the_key_is_typed_first_checked_and_never_repeated() -> None:
    session = SetupSession(key_wanted=True)
    assert "type the key card" in session.opening()
    assert session.typed("RRRRX").startswith("'X' is not a key letter")
    assert session.typed("RRRRR RRRRR") == "10 of 25 key letters; go on."
    assert session.typed("RRRRR BBBBB NNNNA").startswith("Not a key card: a key card needs 9 and 8 agents")
    reply = session.typed("BBBBB BBBBR RRRRR RRNNN NNNNA")
    assert reply == "Key card set: Blue starts. Read row one: its five cards, left to right."
    assert "R" not in reply.replace("Read", "").replace("Right", "")
    lay_out(session)
    assert session.done and session.deal().starting_team is Team.BLUE


def test_progress_resumes_a_session_exactly() -> None:
    session = SetupSession(key_wanted=True)
    session.typed(KEY)
    for text in (ROWS[0], "yes", ROWS[1]):
        session.typed(text)
    again = SetupSession(key_wanted=True)
    again.resume(session.progress())
    assert again.layout == session.layout and again.key == session.key
    assert again.opening(resumed=True) == (
        "Going on with the setup where it stopped. Row two: ocean, piano, horse, ice cream, moon. Right?")


def test_progress_kept_before_rows_came_in_any_order_is_taken_up() -> None:
    session = SetupSession()
    session.resume({"format": "voicemaster-setup", "cards": [*ROWS[0].split(", "), *[None] * 20],
                     "confirmed_rows": 1, "key": None})
    assert session.layout.confirmed == {0} and session.opening(resumed=True).endswith("Read row two: its five cards, left to right.")


@pytest.mark.parametrize("progress", [{}, {"format": "voicemaster-setup", "cards": [], "confirmed_rows": 0},
                                      {"format": "voicemaster-setup", "cards": ["a"] * 25, "confirmed_rows": 1},
                                      {"format": "voicemaster-setup", "cards": [None] * 25, "confirmed_rows": [0, 0], "row": 1},
                                      {"format": "voicemaster-setup", "cards": [None] * 25, "confirmed_rows": [0], "row": 0},
                                      {"format": "voicemaster-setup", "cards": [None] * 25, "confirmed_rows": [7], "row": 1}])
def test_damaged_progress_is_refused(progress: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        SetupSession().resume(progress)


def test_with_the_key_page_open_the_grid_is_read_first_and_the_key_typed_only_if_none_came() -> None:
    session = SetupSession(key_wanted=True, key_first=False)
    assert session.opening() == "Let's lay out the table. Read row one: its five cards, left to right."
    lay_out(session)
    assert not session.done and session.wants_key and session.next_step().startswith("Spymasters: type the key card")
    assert session.typed(KEY).startswith("Key card set: Red starts.") and session.done


def test_a_key_from_the_page_may_come_while_the_grid_is_read() -> None:
    session = SetupSession(key_wanted=True, key_first=False)
    session.typed(ROWS[0])
    typed = SetupSession(key_wanted=True)
    typed.typed("BBBBB BBBBR RRRRR RRNNN NNNNA")
    assert typed.key is not None
    assert session.give_key(typed.key or ()).startswith("Key card set: Blue starts. Row one: apple")
    lay_out(session)
    assert session.done and session.deal().starting_team is Team.BLUE
