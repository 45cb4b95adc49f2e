"""The terminal board kept up to date while the game runs."""

from __future__ import annotations

import threading
from dataclasses import replace
from types import TracebackType

from rich.console import Console
from rich.live import Live

from voicemaster.display.terminal import render_board
from voicemaster.display.text_board import render_text
from voicemaster.game.snapshot import GameSnapshot, TableStatus


class LiveBoard:
    """Redrawn in place on a terminal; on other output (a pipe, a log) the text board is
    printed again whenever the game or the announcement changes, never for timer ticks."""

    def __init__(self, console: Console | None = None, *, screen: bool = False) -> None:
        self._console = console or Console()
        self._screen = screen
        self._live: Live | None = None
        self._latest: tuple[GameSnapshot, TableStatus] | None = None
        self._printed: object = None
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
            if self._latest is not None:
                self._live.update(render_board(*self._latest), refresh=True)

    def update(self, snapshot: GameSnapshot, status: TableStatus | None = None) -> None:
        status = status or TableStatus()
        with self._lock:
            self._latest = (snapshot, status)
            if self._live is not None:
                self._live.update(render_board(snapshot, status), refresh=True)
            elif not self.interactive:
                self._print_if_changed(snapshot, status)

    def stop(self) -> None:
        with self._lock:
            if self._live is not None:
                self._live.stop()
                self._live = None

    def _print_if_changed(self, snapshot: GameSnapshot, status: TableStatus) -> None:
        untimed = replace(snapshot.public(), timer_left=None, timer_paused=False)
        fingerprint = (untimed, status.message)
        if fingerprint == self._printed:
            return
        self._printed = fingerprint
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
