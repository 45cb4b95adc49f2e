"""With --web the spymasters have their page while a table is laid out: they photograph
the table there, type the words of cards the photo could not read, and photograph or tap
the key card instead of typing it at the terminal (whichever comes first is the key)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from voicemaster.display.key_entry import Key, KeyEntry
from voicemaster.display.live import LiveBoard
from voicemaster.display.web import WebDisplay

WHERE = ("Key card: the spymasters photograph or tap it on their page (the address given to them alone), "
         "where they may photograph the table too, or type it here when asked.")
"""Printed, or kept under the full-screen board, beside the public page's address shown there."""


class KeyPage:
    """The web display's key page, opened afresh for each table laid out in this run."""

    def __init__(self, web: WebDisplay, board: LiveBoard) -> None:
        self._web = web
        self._board = board
        self._told = False

    def open(self, cards: Sequence[str | None], on_key: Callable[[Key], None],
             on_photo: Callable[[str, bytes], None], on_card: Callable[[int, str], None]) -> KeyEntry:
        """An entry for one table, its page showing `cards` so far; `on_key` gets the key the
        page sends, `on_photo` its photos, `on_card` its typed words (on web server threads).
        The table is told once per run where to find it: the notes stay on the board for the
        whole run."""
        entry = KeyEntry(cards, on_key=on_key, on_photo=on_photo, on_card=on_card)
        self._web.open_key_page(entry)
        if not self._told:
            self._board.note(WHERE, again_on_exit=False)
            self._told = True
        return entry
