"""Typed play on a terminal: keys are read one by one and the line is drawn on the board.

The terminal's own echo would write the line wherever the cursor is and scroll or garble
the full-screen board, so echo is off and the board shows the line being typed.
"""

from __future__ import annotations

import codecs
import os
import queue
import termios
import threading
import tty
from typing import Callable

from voicemaster.inbox import EndOfInput, Item
from voicemaster.setup.sources import start_thread, typed_line

ERASE = frozenset({"\x7f", "\b"})
ENTER = frozenset({"\r", "\n"})
KILL_LINE = "\x15"
END_OF_FILE = "\x04"
ESCAPE = "\x1b"


class LineEditor:
    """The line being typed: printable keys, backspace, Ctrl-U; escape sequences (arrows) ignored."""

    def __init__(self) -> None:
        self.text = ""
        self._escape = ""

    def key(self, key: str) -> str | None:
        """The finished line after Enter; None while typing."""
        if self._escape or key == ESCAPE:
            self._escape += key
            if len(self._escape) > 1 and (self._escape[-1].isalpha() or self._escape[-1] == "~"):
                self._escape = ""
            elif len(self._escape) == 2 and self._escape[1] not in "[O":
                self._escape = ""
            return None
        if key in ENTER:
            line, self.text = self.text, ""
            return line
        if key in ERASE:
            self.text = self.text[:-1]
        elif key == KILL_LINE:
            self.text = ""
        elif key.isprintable():
            self.text += key
        return None


class KeyboardLines:
    """Reads the terminal `fd` in its own thread; `close()` gives the terminal its settings back."""

    def __init__(self, fd: int, inbox: "queue.Queue[Item]", show: Callable[[str | None], None]) -> None:
        self._fd = fd
        self._inbox = inbox
        self._show = show
        self._saved = termios.tcgetattr(fd)

    def start(self) -> None:
        tty.setcbreak(self._fd)
        self._show("")
        start_thread(self._run, "typed-keys", self._inbox)

    def close(self) -> None:
        termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)

    def _run(self) -> None:
        editor = LineEditor()
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        try:
            while data := os.read(self._fd, 1024):
                for key in decoder.decode(data):
                    if key == END_OF_FILE and not editor.text:
                        return
                    line = editor.key(key)
                    if line is not None and not typed_line(line, self._inbox):
                        return
                    self._show(editor.text)
        except OSError:
            return
        finally:
            self._inbox.put(EndOfInput())


def quiet_terminal(fd: int, hidden: Callable[[], bool], poll_s: float = 0.1) -> Callable[[], None]:
    """A terminal read line by line does not echo while `hidden()` (a key card being typed,
    at once or once the cards are read); the echo is back whenever it is not, and for good
    when the returned function is called."""
    saved = termios.tcgetattr(fd)
    quiet = list(saved)
    quiet[3] &= ~termios.ECHO
    lock = threading.Lock()
    restored = threading.Event()

    def echo(on: bool) -> None:
        with lock:
            if not restored.is_set():
                termios.tcsetattr(fd, termios.TCSADRAIN, saved if on else quiet)

    def restore() -> None:
        with lock:
            if not restored.is_set():
                restored.set()
                termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    def watch(echoing: bool) -> None:
        try:
            while not restored.wait(poll_s):
                if hidden() == echoing:
                    echoing = not echoing
                    echo(echoing)
        except (termios.error, OSError):
            return

    echoing = not hidden()
    if not echoing:
        echo(False)
    threading.Thread(target=watch, args=(echoing,), name="key-echo", daemon=True).start()
    return restore
