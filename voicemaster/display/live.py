"""The terminal board kept up to date while the game runs."""

from __future__ import annotations

import threading
from dataclasses import replace
from types import TracebackType

from rich.console import Console
from rich.live import Live

from voicemaster.display import labels
from voicemaster.display.terminal import render_board
from voicemaster.display.text_board import render_text
from voicemaster.game.snapshot import GameSnapshot, TableStatus


class LiveBoard:
    """On a terminal, the board fills the screen and is redrawn only when what it shows
    (or the terminal's size) changes, so anything else written to the terminal (typed input, warnings) is wiped
    at the next redraw. On other output (a pipe, a log) the text board is printed again
    whenever the game or the announcement changes, never for timer ticks."""

    def __init__(self, console: Console | None = None, *, screen: bool = True) -> None:
        self._console = console or Console()
        self._screen = screen
        self._live: Live | None = None
        self._latest: tuple[GameSnapshot, TableStatus] | None = None
        self._shown: object = None
        self._lock = threading.Lock()

    @property
    def interactive(self) -> bool:
        return self._console.is_terminal

    def start(self) -> None:
        with self._lock:
            if self._live is not None or not self.interactive:
                return
            self._live = Live(console=self._console, screen=self._screen, auto_refresh=False)
            self._live.start()
            self._shown = None
            if self._latest is not None:
                self._redraw_if_changed(self._live, *self._latest)

    def update(self, snapshot: GameSnapshot, status: TableStatus | None = None) -> None:
        status = status or TableStatus()
        with self._lock:
            self._latest = (snapshot, status)
            if self._live is not None:
                self._redraw_if_changed(self._live, snapshot, status)
            elif not self.interactive:
                self._print_if_changed(snapshot, status)

    def stop(self) -> None:
        """Leave the full-screen board; the last board stays printed on the terminal."""
        with self._lock:
            if self._live is None:
                return
            self._live.stop()
            self._live = None
            if self._screen and self._latest is not None:
                self._console.print(render_board(*self._latest))

    def _redraw_if_changed(self, live: Live, snapshot: GameSnapshot, status: TableStatus) -> None:
        public = snapshot.public()
        timer = labels.timer_text(public.timer_left, public.timer_paused)
        seen = (
            _untimed(public),
            timer,
            status.last_heard,
            labels.mic_bar(status.mic_level),
            status.message,
            self._console.size,
        )
        if seen != self._shown:
            self._shown = seen
            live.update(render_board(snapshot, status), refresh=True)

    def _print_if_changed(self, snapshot: GameSnapshot, status: TableStatus) -> None:
        seen = (_untimed(snapshot.public()), status.message)
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
