"""The one loop: the inbox's items in, one stage at a time acting on them, its answers out.

An evening is a sequence of stages on one loop and one inbox: laying out a table
(setup/table_setup.py), playing a game on it (game_stage.py), the next table. The loop
takes every item the sources send, handles what is the same for every stage (the end of
the input, a failed source, a notice, the microphone's level), gives the rest to the
stage, and sends the stage's answer to the speaker and the displays. Timer ticks run
here too, so there is one thread where the game, the setup and the status change.
"""

from __future__ import annotations

import queue
import time
from collections import deque
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Protocol

import numpy as np

from voicemaster.errors import WorkerDied
from voicemaster.game.snapshot import GameSnapshot, TableStatus
from voicemaster.inbox import EndOfInput, Inbox, Item, Level, Notice, Paused, Shown, SourceFailed
from voicemaster.voice.answers import awaited_phrase

TICK_S = 0.2


class Speaker(Protocol):
    def say(self, text: str) -> None: ...

    def wait_idle(self, timeout: float | None = None) -> bool: ...


class Display(Protocol):
    def update(self, snapshot: GameSnapshot, status: TableStatus | None = None) -> None: ...


@dataclass(frozen=True)
class Answer:
    """What a stage tells the table after an item, a tick or its opening."""

    text: str = ""
    """Said and shown; "" for nothing new (the displays are still refreshed)."""
    spoken: bool = True
    """False: shown only (progress while a reader reads on, the typed help)."""
    heard: str | None = None
    """What the status line shows as last heard (None: unchanged; "" clears it)."""
    understood: str = ""
    """What it was taken for ("guess orchid"), shown beside it; "" for nothing."""


class Stage(Protocol):
    """One stage of an evening: what it does with each item, and what it shows meanwhile."""

    @property
    def finished(self) -> bool:
        """The loop moves on to the next stage."""
        ...

    def opening(self) -> Answer | None: ...

    def take(self, item: Item) -> Answer | None:
        """A typed line, an utterance, or an item of the stage's own (the spymaster page's)."""
        ...

    def tick(self) -> Answer | None:
        """Every TICK_S the inbox is quiet: timers, questions left unanswered."""
        ...

    def holds(self, item: Item) -> bool:
        """Set `item` aside until the stage can take it (speech while the key is typed);
        what is still set aside when the stage ends goes to the next one first."""
        ...

    def help(self, text: str) -> str:
        """What a typed 'help' shows now (`text`: the game's phrases)."""
        ...

    def ahead(self, audio: np.ndarray) -> None:
        """The talker paused: an ear may start on what the utterance will be."""
        ...

    def view(self) -> GameSnapshot:
        """The board as the displays show it now."""
        ...

    def brisk(self) -> bool:
        """Only short requests are expected now (the endpointer ends utterances sooner)."""
        ...

    def hides_typing(self) -> bool:
        """Typed lines are secret now (the key card's letters): not echoed, not shown."""
        ...


class App:
    """The loop, the speaker and the displays it answers on, and the status they show."""

    def __init__(self, speaker: Speaker, displays: Iterable[Display], inbox: Inbox | None = None) -> None:
        self.speaker = speaker
        self.displays = list(displays)
        self.inbox = inbox if inbox is not None else Inbox()
        self.status = TableStatus()
        self.stage: Stage | None = None
        self._pace: Callable[[bool], None] | None = None
        self._brisk: bool | None = None

    def tell_pace_to(self, sink: Callable[[bool], None]) -> None:
        """`sink(brisk)` whenever it changes (the live audio's endpointer: only short requests are
        expected now, or no longer), and now."""
        self._pace, self._brisk = sink, None
        self._tell_pace()

    def run(self, stage: Stage) -> bool:
        """Until the stage is finished (True) or the input ends first (False)."""
        self.stage = stage
        held: deque[Item] = deque()
        try:
            self._answer(stage.opening())
            due = time.monotonic() + TICK_S
            while not stage.finished:
                item = self._next(stage, held, due)
                if item is not None and stage.holds(item):
                    held.append(item)
                elif isinstance(item, EndOfInput):
                    return False
                elif item is not None:
                    self._handle(stage, item)
                if time.monotonic() >= due:
                    self._answer(stage.tick())
                    due = time.monotonic() + TICK_S
            return True
        finally:
            self.inbox.put_first(list(held))

    def _next(self, stage: Stage, held: deque[Item], due: float) -> Item | None:
        """What was set aside, once the stage can take it; else the inbox's next, if one comes
        before the next tick is due (the meter's levels come as often: ticks never wait on them)."""
        if held and not stage.holds(held[0]):
            return held.popleft()
        try:
            return self.inbox.get(timeout=max(0.0, due - time.monotonic()))
        except queue.Empty:
            return None

    def _handle(self, stage: Stage, item: Item) -> None:
        if isinstance(item, SourceFailed):
            raise WorkerDied(item.thread, item.error)
        if isinstance(item, Level):
            self.status = replace(self.status, mic_level=item.value)
            self._refresh()
        elif isinstance(item, Notice):
            self._answer(Answer(item.text))
        elif isinstance(item, Shown):
            self._answer(Answer(stage.help(item.text), spoken=False))
        elif isinstance(item, Paused):
            stage.ahead(item.audio)
        else:
            self._answer(stage.take(item))

    def _answer(self, answer: Answer | None) -> None:
        """Said (unless shown only) and shown as a new answer, even when it reads as the last one did."""
        if answer is not None and answer.heard is not None:
            self.status = replace(self.status, last_heard=answer.heard, understood=answer.understood)
        if answer is not None and answer.text:
            if answer.spoken:
                self.speaker.say(answer.text)
            self.status = replace(self.status, message=answer.text, said=self.status.said + 1)
        self._refresh()

    def _refresh(self) -> None:
        self._tell_pace()
        if self.stage is None:
            return
        snapshot = self.stage.view()
        status = replace(self.status, waiting=awaited_phrase(snapshot.waiting_for))
        for display in self.displays:
            display.update(snapshot, status)

    def _tell_pace(self) -> None:
        stage = self.stage
        brisk = stage is not None and not stage.finished and stage.brisk()
        if self._pace is not None and brisk != self._brisk:
            self._brisk = brisk
            self._pace(brisk)

    def hides_typing(self) -> bool:
        """Asked by the typed input's thread: whether the line being typed is secret now."""
        stage = self.stage
        return stage is not None and not stage.finished and stage.hides_typing()
