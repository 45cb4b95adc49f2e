"""A grid read whole (a photo): what was read is said, the unread cards are asked for and
may be said, typed or tapped in, the rows are read aloud only when asked, one yes sets it."""

from __future__ import annotations

from voicemaster.setup.session import SetupSession

from .test_session import KEY, ROWS

CARDS = [card for row in ROWS for card in row.split(", ")]


def read_with_gaps(*gaps: int) -> list[str | None]:
    """The table as a photo read it, `gaps` (1-25) unread."""
    return [None if i + 1 in gaps else card for i, card in enumerate(CARDS)]


def test_a_photo_read_whole_asks_only_for_a_yes() -> None:
    session = SetupSession()
    assert session.propose(CARDS) == "All 25 cards read. Is the board right? Say yes, or correct a card: 'card seven is pilot'."
    assert not session.layout.complete
    assert session.typed("yes") == "All 25 cards are set."
    assert session.done and list(session.layout.cards()) == CARDS


def test_unread_cards_are_named_by_place_and_said_typed_or_tapped_in() -> None:
    session = SetupSession()
    assert session.propose(read_with_gaps(7, 19)) == (
        "Twenty-three cards read; card seven and card nineteen could not be read: say or type them.")
    assert session.snapshot().cards[6].word == "?"
    assert session.typed("yes") == "Card seven and card nineteen are still to be read: say or type them."
    assert session.typed("card seven is pilot").startswith("pilot is already on the table: card five, row one.")
    assert session.typed("card seven is piano") == "Card seven is piano. Card nineteen is still to be read: say or type it."
    assert session.set_card(18, "Cloud") == ("Card nineteen is Cloud. Is the board right? Say yes, "
                                             "or correct a card: 'card seven is pilot'.")
    assert session.typed("yes") == "All 25 cards are set."
    assert list(session.layout.cards()) == CARDS[:18] + ["Cloud"] + CARDS[19:]


def test_cards_said_alone_fill_the_unread_places_in_order() -> None:
    session = SetupSession()
    session.propose(read_with_gaps(3, 12, 13))
    assert session.typed("castle") == "Card three is castle. Card twelve and card thirteen are still to be read: say or type them."
    assert session.typed("snow, tower, wave").startswith("I heard 3 cards, and the table has two to read.")
    assert session.typed("snow, tower") == ("Card twelve is snow; card thirteen is tower. Is the board right? Say yes, "
                                           "or correct a card: 'card seven is pilot'.")


def test_a_whole_row_may_be_read_again_and_the_rows_are_read_aloud_only_when_asked() -> None:
    session = SetupSession()
    reply = session.propose(read_with_gaps(4))
    assert "apple" not in reply
    assert session.typed("row one: apple, bear, castle, lemon, pilot") == (
        "Row one: apple, bear, castle, lemon, pilot. Is the board right? Say yes, or correct a card: 'card seven is pilot'.")
    session.typed("card four is Loch Ness")
    assert session.typed("repeat").startswith(
        "Row one: apple, bear, castle, Loch Ness, pilot. Row two: ocean, piano, horse, ice cream, moon. Row three:")
    session.typed("card twenty is walrus")
    assert "Row four: zebra, anchor, bottle, cloud, walrus. Row five:" in session.typed("repeat the rows")


def test_a_poor_photo_is_counted_not_listed_and_a_card_read_twice_is_asked_for() -> None:
    session = SetupSession()
    assert session.propose(read_with_gaps(*range(1, 11))) == (
        "Fifteen cards read; ten could not be read (marked ?): say or type them, for example 'card seven is pilot', "
        "or photograph the table again.")
    twice = list(CARDS)
    twice[24] = "apple"
    assert session.propose(twice) == "Twenty-four cards read; card twenty-five could not be read: say or type it."
    assert session.propose([None] * 25).startswith("No card could be read: photograph the table again")


def test_no_asks_for_the_card_that_is_wrong_and_third_names_the_row_with_a_card_to_read() -> None:
    session = SetupSession()
    session.propose(read_with_gaps(9))
    assert session.typed("no").startswith("Say which card is wrong, for example 'card seven is pilot'")
    assert session.typed("fourth is ice cream") == "Card nine is ice cream. Is the board right? Say yes, or correct a card: 'card seven is pilot'."


def test_with_the_key_wanted_the_board_and_the_key_are_both_needed_and_progress_resumes() -> None:
    session = SetupSession(key_wanted=True, key_first=False, key_page=True)
    session.propose(read_with_gaps(2))
    again = SetupSession(key_wanted=True, key_first=False, key_page=True)
    again.resume(session.progress())
    assert again.whole and again.layout == session.layout
    assert again.opening(resumed=True).endswith("Card two is still to be read: say or type it.")
    again.typed("bear")
    assert again.typed("yes").startswith("Spymasters: tap the key card on the spymaster page, or type")
    assert again.typed(KEY) == "Key card set: Red starts. All 25 cards are set." and again.done


def test_a_photo_taken_up_again_keeps_the_cards_set_since() -> None:
    session = SetupSession()
    session.propose(read_with_gaps(7))
    session.typed("card seven is piano")
    session.typed("card one is apricot")
    assert session.propose(read_with_gaps(7), keep=True) == (
        "All 25 cards read. Is the board right? Say yes, or correct a card: 'card seven is pilot'.")
    assert session.layout.slots[:7] == ["apricot", "bear", "castle", "Loch Ness", "pilot", "ocean", "piano"]
