"""The setup step at the table, a stage of the loop: the inbox's typed lines, utterances and
the spymaster page's items go to a SetupSession, its replies to the speaker and the
displays, its progress to disk after every step.

`voicemaster setup` runs it alone; `play` runs it before a game when it has no deal, and
again after "new game", on the same loop and inbox.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

from voicemaster.app import Answer, App
from voicemaster.card_files import key_file_text, read_wordlist
from voicemaster.display.key_entry import KeyEntry
from voicemaster.errors import InputError
from voicemaster.game.cards import Identity, plain_letters
from voicemaster.game.snapshot import GameSnapshot
from voicemaster.inbox import EndOfInput, Item, Spoken, Typed
from voicemaster.journal import JournalLock
from voicemaster.setup.dealing import bundled_wordlist
from voicemaster.setup.key_page import KeyPage
from voicemaster.setup.photos import BoardRead, PhotoDesk, PhotoRefused, refused_board
from voicemaster.setup.session import GO_ON, SetupSession
from voicemaster.sharing import write_whole
from voicemaster.speech.ears.ear import SetupEar
from voicemaster.understand.listening import GridListening
from voicemaster.understand.setup_phrases import SETUP_HELP, typed_as

BUNDLED_LISTS = ("default", "kids")
BOARD_BUSY = "is laying out a table into this file; one setup per board: go on in that one, or end it first"


@dataclass(frozen=True)
class KeyEntered:
    """A checked key card from the spymaster page (an inbox item like the others)."""

    key: tuple[Identity, ...]


@dataclass(frozen=True)
class CardTyped:
    """A card's word typed on the spymaster page for its place (0-24)."""

    place: int
    word: str


PageItem = KeyEntered | CardTyped | BoardRead | PhotoRefused
"""What the spymaster page puts in the inbox while a table is laid out."""


@dataclass(frozen=True)
class SetupProgress:
    """The setup so far, in a file beside what it will write (BOARD.partial): written whole
    after every step, read back by the next setup of the same board, removed at the end."""

    path: Path

    @staticmethod
    def beside(board: Path) -> "SetupProgress":
        return SetupProgress(board.with_name(board.name + ".partial"))

    def load(self) -> dict[str, Any] | None:
        try:
            return dict(json.loads(self.path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, TypeError) as exc:
            raise InputError(f"cannot read this unfinished setup ({exc}); remove it to start again", str(self.path)) from None

    def resume(self, session: SetupSession) -> bool:
        """True when an earlier setup was taken up."""
        progress = self.load()
        if progress is None:
            return False
        try:
            session.resume(progress)
        except ValueError as exc:
            raise InputError(f"{exc}; remove it to start again", str(self.path)) from None
        return True

    def save(self, session: SetupSession) -> None:
        try:
            write_whole(self.path, json.dumps(session.progress()).encode())
        except OSError as exc:
            raise InputError(f"cannot keep the setup's progress: {exc.strerror}", str(self.path)) from None

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)


@dataclass
class SetupStage:
    """Laying out a table, as a stage of the loop: until all 25 cards (and the key, when it is
    wanted) are set. Speech heard while the key is typed waits until it is set: the grid is read
    after the key when it is typed first, and what is said after the grid goes to the game. A
    key tapped while the cards are read is shown, not said: saying it would talk over the
    reader, and the microphone is deaf while the app speaks."""

    session: SetupSession
    progress: SetupProgress
    ear: SetupEar | None = None
    """How the grid is heard; None: typed only."""
    resumed: bool = False
    """An unfinished setup of the same board was taken up."""
    photo: Sequence[str | None] | None = None
    """The table as a photo on the command line read it, said first instead of the opening; a
    setup taken up keeps its cards, the photo's fill its empty places."""
    key_entry: KeyEntry | None = None
    """The spymaster page of this table."""
    when_keyed: Callable[[], None] | None = None
    """Called once no key is to be typed first (at once, or when it is): it may start the audio
    then, so that a replay cannot end before the key is typed."""
    key_outlasts_input: bool = False
    """A replay beside the key page: the end of the input after the grid waits for the key too."""
    when_open: Callable[[], None] | None = None
    """Called as the stage opens, the loop running it: typed input started then is hidden from
    its first key when a key comes first."""

    @property
    def finished(self) -> bool:
        return self.session.done

    def opening(self) -> Answer:
        if self.when_open is not None:
            self.when_open()
        session = self.session
        if self.photo is not None:
            reply = session.propose(self.photo, keep=self.resumed)
            self.progress.save(session)
            text = ("Going on with the setup where it stopped. " if self.resumed else "") + reply
        else:
            text = session.opening(self.resumed)
        return self._answer(text, heard="")

    def take(self, item: Item) -> Answer | None:
        secret = self.session.wants_key
        heard, understood, reply = self._hear(item)
        if reply is None:
            return None
        self.progress.save(self.session)
        meanwhile = isinstance(item, KeyEntered) and not secret
        return self._answer(reply, heard="" if secret else heard, understood=understood,
                            spoken=False if meanwhile else None)

    def _hear(self, item: Item) -> tuple[str, str, str | None]:
        """What was heard (never the key's letters), what it was taken for, and the reply to it
        (None: nothing to say)."""
        session = self.session
        if isinstance(item, KeyEntered):
            return "", "", session.give_key(item.key) if session.key is None else None
        if isinstance(item, CardTyped):
            return f"card {item.place + 1} is {item.word}", "", session.set_card(item.place, item.word)
        if isinstance(item, BoardRead):
            return "", "", session.propose(item.cards)
        if isinstance(item, PhotoRefused):
            return "", "", refused_board(item.message)
        if isinstance(item, Typed):
            return item.text, "", session.typed(item.text)
        if isinstance(item, Spoken) and self.ear is not None:
            heard = self.ear.hear(item.audio, GridListening(session.layout.row + 1, tuple(session.layout.slots)))
            return heard.transcript, typed_as(heard.intent), session.hear(heard.intent)
        return "", "", None

    def _answer(self, text: str, heard: str | None = None, understood: str = "", spoken: bool | None = None) -> Answer:
        """Said unless `spoken` is False, or (by default) the reply only shows progress; shown on
        the spymaster page too, which takes the key until it is in (from the page or typed)."""
        if self.when_keyed is not None and not self.session.wants_key:
            self.when_keyed()
            self.when_keyed = None
        self._show_on_page(text)
        return Answer(text, spoken if spoken is not None else not text.endswith(GO_ON), heard, understood)

    def _show_on_page(self, text: str) -> None:
        if self.key_entry is not None:
            self.key_entry.show_cards(self.session.layout.slots)
            self.key_entry.show_said(text)
            if self.session.key is not None or not self.session.key_wanted:
                self.key_entry.stop_key()

    def tick(self) -> None:
        return None

    def holds(self, item: Item) -> bool:
        if not self.session.wants_key:
            return False
        return isinstance(item, Spoken) or (isinstance(item, EndOfInput) and self.key_outlasts_input)

    def help(self, text: str) -> str:
        shown = SETUP_HELP if not self.session.wants_key else self.session.next_step()
        self._show_on_page(shown)
        return shown

    def ahead(self, audio: np.ndarray) -> None:
        """The grid ear keeps what it heard of each row: it hears a closed utterance only."""

    def view(self) -> GameSnapshot:
        return self.session.snapshot()

    def brisk(self) -> bool:
        return False

    def hides_typing(self) -> bool:
        return self.session.wants_key


@dataclass(frozen=True)
class TableFiles:
    """What a setup writes: the board file and the key file (none when the key was given)."""

    board: Path
    key: Path | None


def lay_out(
    app: App,
    session: SetupSession,
    files: TableFiles,
    ear: SetupEar | None = None,
    again: str = "run the same command again",
    when_keyed: Callable[[], None] | None = None,
    key_page: KeyPage | None = None,
    key_outlasts_input: bool = False,
    photo: Sequence[str | None] | None = None,
    when_open: Callable[[], None] | None = None,
) -> None:
    """The whole step on `app`'s loop, one setup per board file at a time (BOARD.lock): an
    unfinished setup of the same board taken up (and said so), the table laid out, its files
    written; InputError (saying to `again` to go on) when the input ends first. With `key_page`
    the spymaster page takes photos of the table and typed cards, and the key unless it is
    given; it takes nothing once the step is over. See SetupStage for the rest."""
    lock = _lock_board(files.board)
    desk = PhotoDesk(app.inbox)
    entry: KeyEntry | None = None
    try:
        progress = SetupProgress.beside(files.board)
        resumed = progress.resume(session)
        if resumed:
            print(f"voicemaster: going on with the unfinished setup in {progress.path}", file=sys.stderr)
        if key_page is not None:
            entry = key_page.open(session.layout.slots, lambda key: app.inbox.put(KeyEntered(key)), desk.read,
                                  lambda place, word: app.inbox.put(CardTyped(place, word)))
            desk.serve(entry)
        stage = SetupStage(session, progress, ear, resumed, photo, entry, when_keyed,
                           key_outlasts_input and entry is not None, when_open)
        if not app.run(stage):
            set_cards = sum(1 for c in session.layout.slots if c is not None)
            if not progress.path.exists():
                raise InputError(f"the input ended before the table was laid out ({set_cards} of 25 cards set, "
                                 "nothing to keep)")
            raise InputError(f"the input ended with {set_cards} of 25 cards set; they are kept in {progress.path}: "
                             f"{again} to go on")
        write_table(session, files)
        progress.remove()
    finally:
        desk.close()
        if entry is not None:
            entry.close()
        lock.release()


def _lock_board(board: Path) -> JournalLock:
    """Two setups writing one board (and its progress) at once would mix their tables."""
    try:
        board.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror}", str(board.parent)) from None
    return JournalLock.hold(board, "board", BOARD_BUSY)


def key_first(key_page: KeyPage | None, photo: bool = False) -> bool:
    """SetupSession.key_first: the key before the grid, unless the spymaster page can send it
    while the grid is read (a replay too: its end then waits for the key, see SetupStage),
    or the grid comes from a photo (its unread cards are asked for first)."""
    return key_page is None and not photo


def two_word_cards() -> frozenset[str]:
    """The two-word cards of the bundled word lists ("loch ness"), kept together when a
    row comes without commas."""
    cards = {plain_letters(c) for name in BUNDLED_LISTS for c in read_wordlist(bundled_wordlist(name))}
    return frozenset(c for c in cards if " " in c)


def write_table(session: SetupSession, files: TableFiles) -> None:
    """The board file (and the key file), in the formats `play --board/--key` read."""
    try:
        write_whole(files.board, ("\n".join(session.layout.cards()) + "\n").encode())
        if files.key is not None and session.key is not None:
            write_whole(files.key, key_file_text(session.key).encode())
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror}", str(exc.filename or files.board)) from None
