"""The one queue every source feeds, and what it carries.

Sources (typed lines, a WAV replay, the microphone, the demo's synthetic players, the
spymaster page) run in their own threads and put what they have here; the loop (app.py)
is the only reader, so the game, the setup and the status shown change in one thread.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass, field
from typing import Sequence, Union

import numpy as np


@dataclass(frozen=True)
class Typed:
    """A line typed for the referee: enters at understanding."""

    text: str


@dataclass(frozen=True)
class Spoken:
    """One utterance of audio cut by the endpointer (16 kHz mono int16)."""

    audio: np.ndarray = field(repr=False)
    label: str = ""
    """Where it came from, for logs and the demo's scoring ("demo: guess apple")."""


@dataclass(frozen=True)
class Paused:
    """The talker has paused: the utterance as the endpointer will cut it should the pause
    last, so the ear may start on it now (voicemaster/hear_ahead.py)."""

    audio: np.ndarray = field(repr=False)


@dataclass(frozen=True)
class Level:
    """The microphone's level now, 0..1, for the displays' meter."""

    value: float


@dataclass(frozen=True)
class Notice:
    """Something the app itself must tell the table (a microphone fault, say)."""

    text: str


@dataclass(frozen=True)
class Shown:
    """A typed 'help': the stage's help, for the displays only, never spoken."""

    text: str


class EndOfInput:
    """The source has nothing more (end of a file or of standard input)."""


@dataclass(frozen=True)
class SourceFailed:
    """The thread feeding the inbox died: nothing more will come from it."""

    thread: str
    error: BaseException


Item = Union[Typed, Spoken, Paused, Level, Notice, Shown, EndOfInput, SourceFailed]
"""What the sources send; a stage may take items of its own too (the spymaster page's)."""


class Inbox(queue.Queue):  # type: ignore[type-arg]
    """The one queue every source feeds. What a stage set aside (speech while the key was
    typed) goes back first for the next stage."""

    def put_first(self, items: Sequence[object]) -> None:
        """Ahead of everything waiting, in their order (through the lock and deque that
        Queue keeps for its subclasses, as LifoQueue does)."""
        with self.not_empty:
            self.queue.extendleft(reversed(items))
            self.unfinished_tasks += len(items)
            self.not_empty.notify(len(items))
