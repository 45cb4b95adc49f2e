"""The terminal board kept up to date while the game runs."""

from __future__ import annotations

import io
import os
import stat
import sys
import threading
from collections import deque
from dataclasses import replace
from types import TracebackType
from typing import Sequence

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.table import Table
from rich.text import Text

from voicemaster.display import labels, qr
from voicemaster.display.terminal import Around, render_board
from voicemaster.display.text_board import render_text
from voicemaster.game.snapshot import GameSnapshot, TableStatus

SAID_SHOWN = 3
"""Announcements kept on the board, so a repeated answer is seen to arrive."""
BOARD_MIN_WIDTH = 80
"""Below this the grid needs every column; QR codes go beside it only when wider."""


def one_reader() -> bool:
    """Whether stdout and stderr reach the same reader, so that a line printed to both is read
    twice: one file (`> game.log 2>&1`), or stderr on the terminal with stdout piped on
    (`| cat`, `| tee game.log`, `| less`)."""
    try:
        out, err = os.fstat(sys.stdout.fileno()), os.fstat(sys.stderr.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return False
    if (out.st_dev, out.st_ino) == (err.st_dev, err.st_ino):
        return True
    return sys.stderr.isatty() and stat.S_ISFIFO(out.st_mode)


class LiveBoard:
    """On a terminal, the board fills the screen and is redrawn when what it shows (or the
    terminal's size) changes; everything a player must read (answers, web addresses,
    warnings, the line being typed) is part of the board, and the notes are printed again
    when it closes. On other output (a pipe, a log) the text board is printed again for
    every announcement, never for timer ticks."""

    def __init__(self, console: Console | None = None, *, screen: bool = True) -> None:
        self._console = console or Console()
        self._screen = screen
        self._live: Live | None = None
        self._latest: tuple[GameSnapshot, TableStatus] | None = None
        self._shown: object = None
        self._lock = threading.Lock()
        self._said: deque[str] = deque(maxlen=SAID_SHOWN)
        self._said_count = 0
        self._notes: list[tuple[str, bool]] = []
        self._codes: list[tuple[str, list[str]]] = []
        self._typing: str | None = None

    @property
    def interactive(self) -> bool:
        return self._console.is_terminal

    @property
    def console(self) -> Console:
        """Where the board is drawn: the terminal, when `interactive`."""
        return self._console

    def start(self) -> None:
        with self._lock:
            if self._live is not None or not self.interactive:
                return
            self._live = Live(console=self._console, screen=self._screen, auto_refresh=False)
            self._live.start()
            self._shown = None
            self._redraw_if_changed()

    def update(self, snapshot: GameSnapshot, status: TableStatus | None = None) -> None:
        status = status or TableStatus()
        with self._lock:
            self._latest = (snapshot, status)
            if status.said != self._said_count and status.message:
                self._said.append(status.message)
            self._said_count = status.said
            if self._live is not None:
                self._redraw_if_changed()
            elif not self.interactive:
                self._print_if_changed(snapshot, status)

    def note(self, text: str, *, again_on_exit: bool = True, for_players: bool = False) -> None:
        """A line for the whole game (a web address, a warning). Off a terminal it is
        printed to stderr at once (and to stdout too, beside the game's text, when it is
        `for_players`: the pages' addresses, then only there when the two reach one reader);
        on one it stays under the board and, unless it was printed before the board started,
        is printed again when the board closes."""
        with self._lock:
            if not self.interactive:
                if for_players:
                    print(text, flush=True)
                if not (for_players and one_reader()):
                    print(text, file=sys.stderr, flush=True)
                return
            self._notes.append((text, again_on_exit))
            if self._live is not None:
                self._redraw_if_changed()

    def offer_codes(self, codes: Sequence[qr.AddressCode]) -> None:
        """QR codes beside the board, as many as the terminal has room for."""
        with self._lock:
            self._codes = [(code.label, qr.text_rows(code.url)) for code in codes]
            if self._live is not None:
                self._redraw_if_changed()

    def typing(self, text: str | None) -> None:
        """The line being typed (None: the board takes no typed input)."""
        with self._lock:
            self._typing = text
            if self._live is not None:
                self._redraw_if_changed()

    def stop(self) -> None:
        """Leave the full-screen board; the last board and the notes stay printed on the terminal."""
        with self._lock:
            if self._live is None:
                return
            self._live.stop()
            self._live = None
            if not self._screen:
                return
            if self._latest is not None:
                self._console.print(render_board(*self._latest, self._around(typing=False)))
            for text, again in self._notes:
                if again:
                    self._console.print(Text(text, style="yellow"))

    def _around(self, *, typing: bool = True, said: int = SAID_SHOWN) -> Around:
        return Around(
            said=tuple(self._said)[-said:],
            notes=tuple(text for text, _ in self._notes),
            typing=self._typing if typing else None,
        )

    def _redraw_if_changed(self) -> None:
        if self._live is None or self._latest is None:
            return
        snapshot, status = self._latest
        public = snapshot.public()
        seen = (
            _untimed(public),
            labels.timer_text(public.timer_left, public.timer_paused),
            status.last_heard,
            status.understood,
            labels.mic_bar(status.mic_level),
            self._around(),
            self._said_count,
            len(self._codes),
            self._console.size,
        )
        if seen != self._shown:
            self._shown = seen
            self._live.update(self._fitted(snapshot, status), refresh=True)

    def _fitted(self, snapshot: GameSnapshot, status: TableStatus) -> RenderableType:
        """The board with as many past announcements as the screen has room for: the
        typing line and the notes at its foot must never be cut off."""
        for said in range(SAID_SHOWN, 0, -1):
            board = self._beside_codes(render_board(snapshot, status, self._around(said=said)))
            if len(self._console.render_lines(board, pad=False)) <= self._console.size.height:
                break
        return board

    def _beside_codes(self, board: RenderableType) -> RenderableType:
        width, height = self._console.size
        column: list[RenderableType] = []
        used = 0
        code_width = max((len(rows[0]) for _, rows in self._codes), default=0)
        if width - code_width - 1 < BOARD_MIN_WIDTH:
            return board
        for label, rows in self._codes:
            if used + len(rows) + 1 > height:
                break
            used += len(rows) + 1
            column += [Text(label, style="bold"), Text("\n".join(rows), style="black on white")]
        if not column:
            return board
        grid = Table.grid(padding=(0, 0, 0, 1), expand=True)
        grid.add_column(ratio=1)
        grid.add_column(width=code_width)
        grid.add_row(board, Group(*column))
        return grid

    def _print_if_changed(self, snapshot: GameSnapshot, status: TableStatus) -> None:
        seen = (_untimed(snapshot.public()), status.message, status.said)
        if seen != self._shown:
            self._shown = seen
            self._console.file.write(render_text(snapshot, status) + "\n\n")
            self._console.file.flush()

    def __enter__(self) -> "LiveBoard":
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def _untimed(public: GameSnapshot) -> GameSnapshot:
    return replace(public, timer_left=None, timer_paused=False)
