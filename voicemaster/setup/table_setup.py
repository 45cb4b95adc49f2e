"""The setup step at the table: the inbox's typed lines and utterances go to a SetupSession,
its replies to the speaker and the displays, its progress to disk after every step.

`voicemaster setup` runs it alone; `play` runs it before a game when it has no deal,
and again after "new game", on the same inbox.
"""

from __future__ import annotations

import json
import sys
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterable

import numpy as np

from voicemaster.app import Display, EndOfInput, Inbox, Item, Notice, Shown, SourceFailed, Spoken, Typed
from voicemaster.card_files import key_file_text, read_wordlist
from voicemaster.display.key_entry import KeyEntry
from voicemaster.errors import InputError, WorkerDied
from voicemaster.game.cards import Identity, plain_letters
from voicemaster.game.snapshot import TableStatus
from voicemaster.journal import JournalLock
from voicemaster.setup.dealing import bundled_wordlist
from voicemaster.setup.key_page import KeyPage
from voicemaster.setup.photos import BoardRead, PhotoDesk, PhotoRefused, refused_board
from voicemaster.setup.session import GO_ON, SetupSession
from voicemaster.sharing import write_whole
from voicemaster.understand.listening import GridListening
from voicemaster.understand.setup_phrases import SETUP_HELP

BUNDLED_LISTS = ("default", "kids")
GRID_DENOISE = "none"
"""The noise stage the grid ear (Whisper) hears best with, unless --denoise asks for one."""
HearGrid = Callable[[np.ndarray, int, "tuple[str | None, ...]"], "str | None"]
"""One utterance (16 kHz mono int16), the row being laid out (1-5: it names a row read
without "row two") and the 25 places as set so far → its setup phrase as text, or None."""
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


class SetupScreen:
    """What the setup says goes to the speaker and, with the board as far as it is laid out,
    to every display and the spymaster page (which takes the key until it is in, from the
    page or typed)."""

    def __init__(self, say: Callable[[str], None], displays: Iterable[Display]) -> None:
        self._say = say
        self.displays = list(displays)
        self.status = TableStatus()
        self.key_entry: KeyEntry | None = None

    def reply(self, session: SetupSession, text: str, heard: str = "", speak: bool | None = None) -> None:
        """Said too unless `speak` is False, or (by default) the reply only shows progress."""
        if speak if speak is not None else not text.endswith(GO_ON):
            self._say(text)
        self.status = replace(self.status, message=text, said=self.status.said + 1, last_heard=heard)
        self.show(session)

    def show(self, session: SetupSession) -> None:
        snapshot = session.snapshot()
        for display in self.displays:
            display.update(snapshot, self.status)
        if self.key_entry is not None:
            self.key_entry.show_cards(session.layout.slots)
            self.key_entry.show_said(self.status.message)
            if session.key is not None or not session.key_wanted:
                self.key_entry.stop_key()


def lay_out_table(
    session: SetupSession,
    inbox: Inbox,
    screen: SetupScreen,
    progress: SetupProgress,
    hear_grid: HearGrid | None = None,
    resumed: bool = False,
    when_keyed: Callable[[], None] | None = None,
    key_outlasts_input: bool = False,
    photo: Sequence[str | None] | None = None,
) -> bool:
    """Until the table is set (True), or the input ends first (False; the progress is kept).

    Speech heard while the key is typed waits until it is set: the grid is read after the key
    when it is typed first, and what is said after the grid goes to the game. `when_keyed` is
    called once no key is to be typed first (at once, or when it is): it may start the audio
    then, so that a replay cannot end before the key is typed. With `key_outlasts_input` (a
    replay beside the key page) the end of the input after the grid waits for the key too.
    A key tapped while the cards are read is shown, not said: saying it would talk over the
    reader, and the microphone is deaf while the app speaks. `photo`: the table as a photo
    on the command line read it, said first instead of the opening; a setup taken up keeps
    its cards, the photo's fill its empty places (the same command goes on where it stopped)."""
    if photo is not None:
        reply = session.propose(photo, keep=resumed)
        progress.save(session)
        screen.reply(session, ("Going on with the setup where it stopped. " if resumed else "") + reply)
    else:
        screen.reply(session, session.opening(resumed))
    waiting: deque[Item] = deque()
    while not session.done:
        if when_keyed is not None and not session.wants_key:
            when_keyed()
            when_keyed = None
        item = waiting.popleft() if waiting and not session.wants_key else inbox.get()
        if isinstance(item, EndOfInput) and not (key_outlasts_input and session.wants_key):
            return False
        if isinstance(item, SourceFailed):
            raise WorkerDied(item.thread, item.error)
        if isinstance(item, (Spoken, EndOfInput)) and session.wants_key:
            waiting.append(item)
            continue
        if isinstance(item, Shown):
            screen.reply(session, SETUP_HELP if not session.wants_key else session.next_step(), speak=False)
            continue
        secret = session.wants_key
        text, reply = _hear(session, item, hear_grid)
        if reply is not None:
            progress.save(session)
            meanwhile = isinstance(item, KeyEntered) and not secret
            screen.reply(session, reply, "" if secret else text, speak=False if meanwhile else None)
    inbox.put_first(list(waiting))
    return True


def _hear(session: SetupSession, item: Item | PageItem, hear_grid: HearGrid | None) -> tuple[str, str | None]:
    """What was heard (never the key's letters) and the reply to it (None: nothing to say)."""
    if isinstance(item, KeyEntered):
        return "", session.give_key(item.key) if session.key is None else None
    if isinstance(item, CardTyped):
        return f"card {item.place + 1} is {item.word}", session.set_card(item.place, item.word)
    if isinstance(item, BoardRead):
        return "", session.propose(item.cards)
    if isinstance(item, PhotoRefused):
        return "", refused_board(item.message)
    if isinstance(item, Notice):
        return "", item.text
    if isinstance(item, Typed):
        return item.text, session.hear(item.text)
    if isinstance(item, Spoken) and hear_grid is not None:
        text = hear_grid(item.audio, session.layout.row + 1, tuple(session.layout.slots))
        return (text or "", session.hear(text)) if text else ("", None)
    return "", None


@dataclass(frozen=True)
class TableFiles:
    """What a setup writes: the board file and the key file (none when the key was given)."""

    board: Path
    key: Path | None


def set_up_table(
    session: SetupSession,
    files: TableFiles,
    inbox: Inbox,
    screen: SetupScreen,
    hear_grid: HearGrid | None = None,
    again: str = "run the same command again",
    when_keyed: Callable[[], None] | None = None,
    key_page: KeyPage | None = None,
    key_outlasts_input: bool = False,
    photo: Sequence[str | None] | None = None,
) -> None:
    """The whole step, one setup per board file at a time (BOARD.lock): an unfinished setup
    of the same board taken up (and said so), the table laid out, its files written;
    InputError (saying to `again` to go on) when the input ends first. With `key_page` the
    spymaster page takes photos of the table and typed cards, and the key unless it is
    given; it takes nothing once the step is over. `key_outlasts_input`: see
    lay_out_table. `photo`: the table as read from a photo file, laid out first."""
    lock = _lock_board(files.board)
    desk = PhotoDesk(inbox)
    try:
        progress = SetupProgress.beside(files.board)
        resumed = progress.resume(session)
        if resumed:
            print(f"voicemaster: going on with the unfinished setup in {progress.path}", file=sys.stderr)
        if key_page is not None:
            screen.key_entry = key_page.open(session.layout.slots, lambda key: inbox.put(KeyEntered(key)), desk.read,
                                             lambda place, word: inbox.put(CardTyped(place, word)))
            desk.serve(screen.key_entry)
        if not lay_out_table(session, inbox, screen, progress, hear_grid, resumed, when_keyed,
                             key_outlasts_input and screen.key_entry is not None, photo):
            set_cards = sum(1 for c in session.layout.slots if c is not None)
            raise InputError(f"the input ended with {set_cards} of 25 cards set; they are kept in {progress.path}: "
                             f"{again} to go on")
        write_table(session, files)
        progress.remove()
    finally:
        desk.close()
        if screen.key_entry is not None:
            screen.key_entry.close()
            screen.key_entry = None
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
    while the grid is read (a replay too: its end then waits for the key, see lay_out_table),
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


def open_grid() -> HearGrid:
    """The grid ear (Whisper over a large vocabulary of cards), loaded once; a ModelError
    (one line naming the model directory) when Whisper will not load."""
    from voicemaster.setup.grid_ear import open_grid_ear

    ear = open_grid_ear()

    def hear(audio: np.ndarray, row: int, table: tuple[str | None, ...]) -> str | None:
        return ear.hear(audio, GridListening(row, table)).transcript or None

    return hear
