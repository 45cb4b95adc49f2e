"""The key card as the spymasters tap it on the key page, handed over to the setup flow.

The page's server threads submit; the setup flow waits (or is called back). One key per
board: the first valid one is taken, and the entry then refuses any other.
"""

from __future__ import annotations

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


class KeyNotTaken(Exception):
    """The entry takes no key now: one was already received, or the flow closed it."""


def starting_team(key: Sequence[Identity]) -> Team:
    """The team with 9 agents starts."""
    return Team.RED if sum(1 for k in key if k is Identity.RED) == 9 else Team.BLUE


def _labels(cards: Sequence[str | None]) -> tuple[str, ...]:
    if len(cards) > 25:
        raise ValueError(f"a board has 25 cards, got {len(cards)}")
    shown = [card.upper() if card else "" for card in cards]
    return tuple(shown + [""] * (25 - len(shown)))


class KeyEntry:
    """One board's key, entered on the key page. Thread-safe.

    `cards`: the board as known so far, in table order (None or "" where a card is not set
    yet); `show_cards` replaces it as the grid fills in. `on_key`, if given, is called once
    with the key on a web server thread: keep it short (a queue put)."""

    def __init__(
        self, cards: Sequence[str | None] = (), on_key: Callable[[Key], None] | None = None
    ) -> None:
        self._changed = threading.Condition()
        self._cards = _labels(cards)
        self._key: Key | None = None
        self._closed = False
        self._on_key = on_key

    def show_cards(self, cards: Sequence[str | None]) -> None:
        with self._changed:
            self._cards = _labels(cards)

    def submit(self, text: str) -> Key:
        """A key in the key file's format, checked by its rules (InputError with the same
        message); KeyNotTaken once a key was received or the entry closed."""
        key = parse_key(text.splitlines(), SOURCE)
        with self._changed:
            if self._key is not None:
                raise KeyNotTaken(f"a key was already received: {starting_team(self._key).title} starts")
            if self._closed:
                raise KeyNotTaken("this key page takes no key now")
            self._key = key
            self._changed.notify_all()
        if self._on_key is not None:
            self._on_key(key)
        return key

    def wait(self, timeout: float | None = None) -> Key | None:
        """The key once the page sent one; None after `timeout` seconds or once closed."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            while self._key is None and not self._closed:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    break
                self._changed.wait(left)
            return self._key

    def close(self) -> None:
        """Take no key from the page any more (it was typed at the terminal, say); a waiting
        `wait` returns."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    @property
    def key(self) -> Key | None:
        with self._changed:
            return self._key

    @property
    def taking(self) -> bool:
        """The page may still send the key."""
        with self._changed:
            return self._key is None and not self._closed

    def document(self) -> bytes:
        """What the key page shows: the cards and whether a key was taken (JSON, safe to
        embed in a <script> data block)."""
        with self._changed:
            cards, key, closed = self._cards, self._key, self._closed
        if key is not None:
            state, message = "received", f"Key received: {starting_team(key).title} starts."
        elif closed:
            state, message = "closed", "This page takes no key now."
        else:
            state, message = "open", ""
        letters = None if key is None else "".join(identity.letter for identity in key)
        text = json.dumps({"cards": cards, "state": state, "key": letters, "message": message})
        return text.replace("<", "\\u003c").encode("ascii")
