"""Hearing an utterance before it is over: the ear starts while the endpointer still waits
for the trailing silence that closes it, so the decision is ready when the utterance is.

The endpointer's pause cut (`Endpointer.pause_cut`) is exactly the audio the utterance will
have should the pause last, so a result computed on it is the result the closed utterance
would get, provided what may be said (`Listening`) has not changed meanwhile; when either
differs (the talker went on, the game moved) the result is thrown away and the utterance
is heard afresh. Every hearing, ahead or not, runs on one worker thread, one at a time,
so an ear is never used by two threads at once.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Generic, TypeVar

import numpy as np

from voicemaster.understand.listening import Listening

T = TypeVar("T")


@dataclass
class Ahead(Generic[T]):
    """One hearing started on a pause cut."""

    audio: np.ndarray = field(repr=False)
    now: Listening
    result: "Future[T]"


class HearAhead(Generic[T]):
    """A `hear(audio, now)` that may be started early with `start` and is then asked as before."""

    def __init__(self, hear: Callable[[np.ndarray, Listening], T]) -> None:
        self._hear = hear
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hear-ahead")
        self._ahead: Ahead[T] | None = None
        self.used = 0
        """Utterances whose decision was the one started ahead."""
        self.discarded = 0
        """Hearings started ahead and thrown away: the talker went on, or the game changed."""

    def start(self, audio: np.ndarray, now: Listening) -> None:
        """Begin hearing a pause cut; a hearing started on an earlier pause is thrown away."""
        self._discard()
        self._ahead = Ahead(audio, now, self._worker.submit(self._hear, audio, now))

    def __call__(self, audio: np.ndarray, now: Listening) -> T:
        """The decision on a closed utterance: the one started ahead when it was made on the same
        audio against the same game, else heard now."""
        ahead = self._ahead
        if ahead is not None and ahead.now == now and np.array_equal(ahead.audio, audio):
            self._ahead = None
            self.used += 1
            return ahead.result.result()
        self._discard()
        return self._worker.submit(self._hear, audio, now).result()

    def _discard(self) -> None:
        """A hearing not yet begun never runs; one under way finishes unread."""
        if self._ahead is not None:
            self._ahead.result.cancel()
            self.discarded += 1
            self._ahead = None
