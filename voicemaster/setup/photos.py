"""Photos of the table and of the key card, for a setup: from files on the command line
(`--photo`, `--key-photo`), or uploaded from the spymaster page and read in a worker
thread, so that neither the web server nor the setup's loop waits on the OCR (3-6 s).

The board read goes to the setup's inbox (BoardRead, or PhotoRefused with the reader's
one line); the key read goes back to the page only, for the spymasters to turn it if
need be and confirm it there: the key is never said nor put where the table sees it.
"""

from __future__ import annotations

import logging
import queue
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from voicemaster.card_files import read_input_bytes
from voicemaster.display.key_entry import BOARD_PHOTO, Key, KeyEntry
from voicemaster.errors import InputError
from voicemaster.game.cards import KEY_LETTERS

if TYPE_CHECKING:
    from voicemaster.photo import BoardPhoto, KeyPhoto

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BoardRead:
    """The 25 places of a table photo, row by row as the camera saw them (None: unread)."""

    cards: tuple[str | None, ...]
    ms: float


@dataclass(frozen=True)
class PhotoRefused:
    """A table photo that could not be read, and why (one line for the table)."""

    message: str


def refused_board(message: str) -> str:
    """What the table is told of a table photo that could not be read."""
    return f"The photo of the table could not be read: {message}. Photograph it again, or read the cards aloud."


def key_of(letters: str) -> Key:
    return tuple(KEY_LETTERS[letter] for letter in letters)


def board_from_file(path: Path) -> tuple[str | None, ...]:
    """The table in a photo file; InputError (the reader's one line, naming the file)."""
    data = read_input_bytes(path, "no such photo", "is a directory, not a photo")
    from voicemaster.photo import PhotoError, read_board_photo

    print(f"voicemaster: reading the table in {path}", file=sys.stderr)
    try:
        return tuple(read_board_photo(data).cards)
    except PhotoError as exc:
        raise InputError(str(exc), str(path)) from None


def key_from_file(path: Path) -> Key:
    """The key card in a photo file, as photographed; InputError when it gives none."""
    data = read_input_bytes(path, "no such photo", "is a directory, not a photo")
    from voicemaster.photo import PhotoError, read_key_photo

    print(f"voicemaster: reading the key card in {path}", file=sys.stderr)
    try:
        photo = read_key_photo(data)
    except PhotoError as exc:
        raise InputError(str(exc), str(path)) from None
    print(f"voicemaster: the key card in {path}: {photo.starts.title} starts", file=sys.stderr)
    return key_of(photo.key)


@dataclass(frozen=True)
class TablePhotos:
    """What `--photo` and `--key-photo` gave, read before anything starts."""

    cards: tuple[str | None, ...] | None = None
    key: Key | None = None

    @staticmethod
    def read(photo: Path | None, key_photo: Path | None) -> "TablePhotos":
        """InputError (exit 2, one line naming the file) for a photo that gives nothing."""
        cards = board_from_file(photo) if photo is not None else None
        key = key_from_file(key_photo) if key_photo is not None else None
        return TablePhotos(cards, key)


class PhotoDesk:
    """Reads the spymaster page's photos in a worker thread (one photo at a time of each
    kind: the page refuses another meanwhile) and hands the results on; once closed (the
    setup is over) a read still under way is dropped, so nothing reaches the next stage."""

    def __init__(self, inbox: "queue.Queue[Any]") -> None:
        self._inbox = inbox
        self._entry: KeyEntry | None = None
        self._lock = threading.Lock()
        self._open = True

    def serve(self, entry: KeyEntry) -> None:
        """The page whose photos these are (it calls `read`)."""
        self._entry = entry

    def read(self, kind: str, data: bytes) -> None:
        """Called on a web server thread: the reading goes on in its own."""
        threading.Thread(target=self._read, args=(kind, data), name=f"photo-{kind}", daemon=True).start()

    def close(self) -> None:
        with self._lock:
            self._open = False

    def _read(self, kind: str, data: bytes) -> None:
        from voicemaster.photo import BoardPhoto, PhotoError, read_board_photo, read_key_photo

        try:
            photo = read_board_photo(data) if kind == BOARD_PHOTO else read_key_photo(data)
        except PhotoError as exc:
            self._failed(kind, str(exc))
        except Exception as exc:  # a fault of the reader must not end the setup: the photo is refused
            log.exception("reading a %s photo failed", kind)
            self._failed(kind, f"the reader failed ({type(exc).__name__})")
        else:
            if isinstance(photo, BoardPhoto):
                self._board_read(photo)
            else:
                self._key_read(photo)

    def _failed(self, kind: str, message: str) -> None:
        with self._lock:
            if not self._open or self._entry is None:
                return
            self._entry.photo_failed(kind, message)
            if kind == BOARD_PHOTO:
                self._inbox.put(PhotoRefused(message))

    def _board_read(self, photo: "BoardPhoto") -> None:
        with self._lock:
            if self._open and self._entry is not None:
                self._entry.photo_read(BOARD_PHOTO, f"The table: read in {photo.ms / 1000:.1f} s.")
                self._inbox.put(BoardRead(tuple(photo.cards), photo.ms))

    def _key_read(self, photo: "KeyPhoto") -> None:
        with self._lock:
            if self._open and self._entry is not None:
                self._entry.propose_key(photo.key, f"The key card, read in {photo.ms / 1000:.1f} s: {photo.starts.title} "
                                        "starts. Turn it until it lies as in its stand, then tap Use this key.")
