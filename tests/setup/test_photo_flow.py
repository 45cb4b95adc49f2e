"""The setup flow with a table read from a photo: the board read goes to every display at
once and is said in one sentence; a photo that could not be read is said so and changes
nothing; cards come typed, tapped on the page or said, all through the one session."""

from __future__ import annotations

from pathlib import Path

from voicemaster.inbox import EndOfInput, Inbox, Typed
from voicemaster.game.cards import KEY_LETTERS
from voicemaster.game.snapshot import GameSnapshot, TableStatus
from voicemaster.setup.photos import BoardRead, PhotoRefused
from voicemaster.setup.session import SetupSession
from voicemaster.setup.table_setup import CardTyped, KeyEntered, SetupProgress, two_word_cards

from .laid_out import lay_out_in_loop
from .test_session import KEY
from .test_whole_table import CARDS, read_with_gaps


class Board:
    """A display that keeps what it was shown."""

    def __init__(self) -> None:
        self.shown: list[tuple[GameSnapshot, TableStatus | None]] = []

    def update(self, snapshot: GameSnapshot, status: TableStatus | None = None) -> None:
        self.shown.append((snapshot, status))


def test_a_photo_read_then_corrected_by_page_and_typing_sets_the_table(tmp_path: Path) -> None:
    said: list[str] = []
    board = Board()
    session = SetupSession(two_word_cards(), key_wanted=True, key_first=False, key_page=True)
    progress = SetupProgress.beside(tmp_path / "board.txt")
    inbox = Inbox()
    for item in (PhotoRefused("no grid found"), BoardRead(tuple(read_with_gaps(7, 19)), 3200.0),
                 CardTyped(6, "pilot"), CardTyped(6, "Piano"), Typed("cloud"), Typed("yes"),
                 KeyEntered(tuple(KEY_LETTERS[letter] for letter in "".join(KEY.split())))):
        inbox.put(item)
    assert lay_out_in_loop(session, inbox, progress, said.append, [board])
    assert said[1:] == [
        "The photo of the table could not be read: no grid found. Photograph it again, or read the cards aloud.",
        "Twenty-three cards read; card seven and card nineteen could not be read: say or type them.",
        "pilot is already on the table: card five, row one. Card seven and card nineteen are still to be read: say or type them.",
        "Card seven is Piano. Card nineteen is still to be read: say or type it.",
        "Card nineteen is cloud. Is the board right? Say yes, or correct a card: 'card seven is pilot'.",
        "Spymasters: tap the key card on the spymaster page, or type its 25 letters R, B, N, A, row by row (not shown), then Enter.",
        "Key card set: Red starts. All 25 cards are set.",
    ]
    after_photo = next(snapshot for snapshot, status in board.shown if status and status.message.startswith("Twenty-three"))
    assert [c.word for c in after_photo.cards] == [c or "?" for c in read_with_gaps(7, 19)]
    assert all(c.identity is None for snapshot, _ in board.shown for c in snapshot.cards), "no display shows the key"
    assert list(session.layout.cards()) == CARDS[:6] + ["Piano"] + CARDS[7:18] + ["cloud"] + CARDS[19:]


def test_a_photo_that_could_not_be_read_loses_nothing_already_set(tmp_path: Path) -> None:
    session = SetupSession(two_word_cards())
    progress = SetupProgress.beside(tmp_path / "board.txt")
    inbox = Inbox()
    for item in (Typed("row one: apple, bear, castle, Loch Ness, pilot"), Typed("yes"), PhotoRefused("too small"),
                 EndOfInput()):
        inbox.put(item)
    assert not lay_out_in_loop(session, inbox, progress)
    assert progress.load()["cards"][:5] == ["apple", "bear", "castle", "Loch Ness", "pilot"]
    assert session.layout.confirmed == {0}
