"""The key page's side of a setup: the key card as the spymasters tap it (or photograph
it), photos of the table, and card words typed on the page, handed over to the setup flow.

The page's server threads submit; the setup flow waits (or is called back). One key per
board: the first valid one is taken, and the entry then refuses any other. Photos and
words are taken until the setup is over (`close`), also once the key is in.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable, Sequence

from voicemaster.card_files import parse_key
from voicemaster.game.cards import Identity, Team

SOURCE = "key page"
"""Where a refused key came from, as the key file's messages name their file."""

Key = tuple[Identity, ...]
"""25 identities in table order, as `read_key` returns them."""
BOARD_PHOTO, KEY_PHOTO = "board", "key"
PHOTO_KINDS = (BOARD_PHOTO, KEY_PHOTO)
UNSET = "?"
"""A place with no card yet (not read, or not read well enough to say)."""
PROPOSALS = itertools.count(1)
"""Numbers the keys read from photos, for a page to show each once, across boards too."""
MAX_WORD = 40
"""Characters in a card typed on the page: room for "mother-in-law" and "Loch Ness Monster"."""


class KeyNotTaken(Exception):
    """The entry takes no key now: one was already received, or the flow closed it."""


class PageRefusal(Exception):
    """A photo or a card word the page may not send now: the setup is over, or a photo of
    that kind is still being read."""


def starting_team(key: Sequence[Identity]) -> Team:
    """The team with 9 agents starts."""
    return Team.RED if sum(1 for k in key if k is Identity.RED) == 9 else Team.BLUE


def _labels(cards: Sequence[str | None]) -> tuple[str, ...]:
    if len(cards) > 25:
        raise ValueError(f"a board has 25 cards, got {len(cards)}")
    shown = [card.upper() if card else UNSET for card in cards]
    return tuple(shown + [UNSET] * (25 - len(shown)))


class KeyEntry:
    """One board's setup page. Thread-safe.

    `cards`: the board as known so far, in table order (None or "" where a card is not set
    yet); `show_cards` replaces it as the grid fills in. `on_key`, if given, is called once
    with the key, `on_photo` with each photo's kind and bytes, `on_card` with a place
    (0-24) and the word typed for it, all on a web server thread: keep them short (a queue
    put, a thread started)."""

    def __init__(
        self, cards: Sequence[str | None] = (), on_key: Callable[[Key], None] | None = None,
        on_photo: Callable[[str, bytes], None] | None = None, on_card: Callable[[int, str], None] | None = None,
    ) -> None:
        self._changed = threading.Condition()
        self._cards = _labels(cards)
        self._key: Key | None = None
        self._key_closed = False
        self._closed = False
        self._on_key = on_key
        self._on_photo = on_photo
        self._on_card = on_card
        self._said = ""
        self._photos = {kind: ("idle", "") for kind in PHOTO_KINDS}
        self._proposal: tuple[int, str, str] | None = None

    def show_cards(self, cards: Sequence[str | None]) -> None:
        with self._changed:
            self._cards = _labels(cards)

    def show_said(self, text: str) -> None:
        """The setup's last reply, shown on the page too."""
        with self._changed:
            self._said = text

    def submit(self, text: str) -> Key:
        """A key in the key file's format, checked by its rules (InputError with the same
        message); KeyNotTaken once a key was received or the entry closed."""
        key = parse_key(text.splitlines(), SOURCE)
        with self._changed:
            if self._key is not None:
                raise KeyNotTaken(f"a key was already received: {starting_team(self._key).title} starts")
            if self._closed or self._key_closed:
                raise KeyNotTaken("this key page takes no key now")
            self._key = key
            self._changed.notify_all()
        if self._on_key is not None:
            self._on_key(key)
        return key

    def send_photo(self, kind: str, data: bytes) -> None:
        """A photo from the page, handed on to be read; PageRefusal while the setup takes
        none (over, or no key wanted for a key photo) or one of its kind is being read."""
        with self._changed:
            if self._closed or self._on_photo is None:
                raise PageRefusal("no table is being set up now")
            if kind == KEY_PHOTO and not self._taking_key():
                raise PageRefusal("this page takes no key now")
            if self._photos[kind][0] == "reading":
                raise PageRefusal(f"the last photo of the {kind} is still being read: wait for it")
            self._photos[kind] = ("reading", f"Reading the photo of the {'table' if kind == BOARD_PHOTO else 'key card'}\u2026")
        self._on_photo(kind, data)

    def photo_read(self, kind: str, message: str) -> None:
        with self._changed:
            self._photos[kind] = ("read", message)

    def photo_failed(self, kind: str, message: str) -> None:
        with self._changed:
            self._photos[kind] = ("failed", f"The photo could not be read: {message}.")

    def propose_key(self, letters: str, message: str) -> None:
        """A key read from a photo, for the page to show (and the spymasters to turn and
        send, or tap right); never handed to the flow by itself."""
        with self._changed:
            self._proposal = (next(PROPOSALS), letters, message)
            self._photos[KEY_PHOTO] = ("read", message)

    def type_card(self, place: int, word: str) -> None:
        """A card's word typed on the page for `place` (0-24); ValueError for a place or a
        word that cannot be one, PageRefusal once the setup is over."""
        word = " ".join(word.split())
        if not 0 <= place < 25:
            raise ValueError(f"there is no card {place + 1}: a table has 25")
        if not word or len(word) > MAX_WORD:
            raise ValueError(f"a card is 1 to {MAX_WORD} characters")
        with self._changed:
            if self._closed or self._on_card is None:
                raise PageRefusal("no table is being set up now")
        self._on_card(place, word)

    def wait(self, timeout: float | None = None) -> Key | None:
        """The key once the page sent one; None after `timeout` seconds or once closed."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            while self._key is None and not self._closed and not self._key_closed:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    break
                self._changed.wait(left)
            return self._key

    def stop_key(self) -> None:
        """Take no key from the page any more (it was typed at the terminal, or given),
        but photos of the table and card words still."""
        with self._changed:
            self._key_closed = True
            self._changed.notify_all()

    def close(self) -> None:
        """The setup is over: the page takes nothing more; a waiting `wait` returns."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    @property
    def key(self) -> Key | None:
        with self._changed:
            return self._key

    @property
    def setting_up(self) -> bool:
        """The setup is on: the spymaster address leads to this page."""
        with self._changed:
            return not self._closed

    @property
    def taking(self) -> bool:
        """The page may still send the key."""
        with self._changed:
            return self._taking_key()

    def _taking_key(self) -> bool:
        return self._key is None and not self._closed and not self._key_closed

    def document(self) -> bytes:
        """What the key page shows: the cards, whether a key was taken, the photos' states,
        a key read from a photo, the setup's last reply (JSON, safe to embed in a <script>
        data block)."""
        with self._changed:
            cards, key, taking, setup = self._cards, self._key, self._taking_key(), not self._closed
            said, photos, proposal = self._said, dict(self._photos), self._proposal
        if key is not None:
            state, message = "received", f"Key received: {starting_team(key).title} starts."
        elif not taking:
            state, message = "closed", "This page takes no key now."
        else:
            state, message = "open", ""
        letters = None if key is None else "".join(identity.letter for identity in key)
        text = json.dumps({
            "cards": cards, "state": state, "key": letters, "message": message, "setup": setup, "said": said,
            "photos": {kind: {"state": s, "message": m} for kind, (s, m) in photos.items()},
            "proposal": None if proposal is None or key is not None else
            {"number": proposal[0], "key": proposal[1], "message": proposal[2]},
        })
        return text.replace("<", "\\u003c").encode("ascii")
