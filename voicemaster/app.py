"""The one loop that wires the stages: utterances in, referee, announcer, display, journal.

Sources (typed lines, a WAV replay, the microphone, the demo's synthetic players) run in
their own threads and put what they heard on one queue; this loop understands each item
against the game as it is *now*, lets the dialogue act on it, and sends the reply to the
speaker, the displays and the journal. Timer ticks run here too, so there is one place
where the game changes.
"""

from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Protocol, Sequence, Union

import numpy as np

from voicemaster.dialogue import Dialogue, Reply
from voicemaster.errors import WorkerDied
from voicemaster.game.core import Game
from voicemaster.game.snapshot import GameSnapshot, TableStatus
from voicemaster.hear_ahead import HearAhead
from voicemaster.referee import warm_up
from voicemaster.understand.intents import Intent
from voicemaster.understand.listening import Listening
from voicemaster.understand.parse import parse_utterance
from voicemaster.voice.phrases import awaited_phrase

TICK_S = 0.2
TYPED_HINT = "Not understood: say or type e.g. 'clue ocean two', 'guess apple'; 'help' lists more, 'quit' ends."


class Speaker(Protocol):
    speaking: threading.Event

    def say(self, text: str) -> None: ...

    def wait_idle(self, timeout: float | None = None) -> bool: ...


class Display(Protocol):
    def update(self, snapshot: GameSnapshot, status: TableStatus | None = None) -> None: ...


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
class Notice:
    """Something the app itself must tell the table (a microphone fault, say)."""

    text: str


@dataclass(frozen=True)
class Shown:
    """Text for the displays only, never spoken (the typed-input help)."""

    text: str


class EndOfInput:
    """The source has nothing more (end of a file or of standard input)."""


@dataclass(frozen=True)
class SourceFailed:
    """The thread feeding the inbox died: nothing more will come from it."""

    thread: str
    error: BaseException


Item = Union[Typed, Spoken, Paused, Notice, Shown, EndOfInput, SourceFailed]


class Inbox(queue.Queue):  # type: ignore[type-arg]
    """The one queue every source feeds. A setup that set aside what was said while the key
    was awaited hands it to the game first (`play` runs both on this queue)."""

    def put_first(self, items: Sequence[object]) -> None:
        """Ahead of everything waiting, in their order (through the lock and deque that
        Queue keeps for its subclasses, as LifoQueue does)."""
        with self.not_empty:
            self.queue.extendleft(reversed(items))
            self.unfinished_tasks += len(items)
            self.not_empty.notify(len(items))


@dataclass(frozen=True)
class Understood:
    """What the loop learns of one utterance, typed or spoken."""

    transcript: str
    intent: Intent | None
    read_back: bool = False
    """A clue heard with little confidence: the referee reads it back for a yes first."""


Hear = Callable[[np.ndarray, Listening], Understood]
"""Speech against what may be said now."""


@dataclass
class Heard:
    """One understood item: what the loop made of it, for logs and the demo's score."""

    item: Item
    transcript: str
    intent: Intent | None
    reply: Reply | None


class App:
    def __init__(
        self,
        game: Game,
        dialogue: Dialogue,
        speaker: Speaker,
        displays: Iterable[Display],
        hear: Hear | None = None,
        inbox: "queue.Queue[Item] | None" = None,
    ) -> None:
        """`inbox`: one the sources already feed (a setup ran on it before this game)."""
        self.game = game
        self.dialogue = dialogue
        self.speaker = speaker
        self.displays = list(displays)
        self.hear_ahead = HearAhead(hear) if hear is not None else None
        self.inbox: "queue.Queue[Item]" = inbox if inbox is not None else Inbox()
        self.status = TableStatus()
        self.log: list[Heard] = []
        self.on_heard: Callable[[Heard], None] | None = None

    def run(self, stop_when_over: bool = False, idle_timeout: float | None = None) -> None:
        """Until the source ends, or "new game" is said (or the game ends, when asked to stop then)."""
        warm_up()
        self._say(self.dialogue.opening())
        quiet_since = time.monotonic()
        while True:
            try:
                item = self.inbox.get(timeout=TICK_S)
            except queue.Empty:
                self._reply(self.dialogue.tick())
                if idle_timeout is not None and time.monotonic() - quiet_since > idle_timeout:
                    return
                continue
            quiet_since = time.monotonic()
            if isinstance(item, EndOfInput):
                return
            if isinstance(item, SourceFailed):
                raise WorkerDied(item.thread, item.error)
            self._handle(item)
            if self.dialogue.new_game_asked or (stop_when_over and self.game.is_over()):
                return

    def _handle(self, item: Item) -> None:
        if isinstance(item, Notice):
            self._say(item.text)
            return
        if isinstance(item, Shown):
            self._show(item.text)
            return
        if isinstance(item, Paused):
            if self.hear_ahead is not None:
                self.hear_ahead.start(item.audio, self.dialogue.listening())
            return
        understood = self._understand(item)
        transcript, intent = understood.transcript, understood.intent
        self.status = replace(self.status, last_heard=transcript)
        reply = self.dialogue.hear(intent, read_back=understood.read_back)
        heard = Heard(item, transcript, intent, reply)
        self.log.append(heard)
        if self.on_heard is not None:
            self.on_heard(heard)
        if isinstance(item, Typed) and intent is None:
            self._show(TYPED_HINT)
        else:
            self._reply(reply)

    def _understand(self, item: Item) -> Understood:
        now = self.dialogue.listening()
        if isinstance(item, Typed):
            return Understood(item.text, parse_utterance(item.text, now.typed()))
        assert isinstance(item, Spoken) and self.hear_ahead is not None
        return self.hear_ahead(item.audio, now)

    def _reply(self, reply: Reply | None) -> None:
        if reply is not None and reply.say:
            self._say(reply.say)
        else:
            self._refresh()

    def _say(self, text: str) -> None:
        self.speaker.say(text)
        self._show(text)

    def _show(self, text: str) -> None:
        """A new answer on every display, even when it reads as the last one did."""
        self.status = replace(self.status, message=text, said=self.status.said + 1)
        self._refresh()

    def _refresh(self) -> None:
        snapshot = self.game.snapshot()
        status = replace(self.status, waiting=awaited_phrase(snapshot.waiting_for))
        for display in self.displays:
            display.update(snapshot, status)

    def brisk(self) -> bool:
        """Only short requests are expected now (the endpointer ends utterances sooner)."""
        return self.dialogue.brisk()

    def set_mic_level(self, level: float) -> None:
        self.status = replace(self.status, mic_level=level)
