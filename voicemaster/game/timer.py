"""The turn timer: pure arithmetic over an injected clock, so tests need no sleeping."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from voicemaster.game.cards import Team
from voicemaster.game.events import GameEvent, TimerWarning, TimeUp
from voicemaster.game.house_rules import TimerSettings
from voicemaster.game.phase import Phase

WARNINGS = (30, 10)


@dataclass
class TurnTimer:
    settings: TimerSettings
    clock: Callable[[], float]
    phase: Phase = Phase.CLUE
    _started: float = 0.0
    _paused_at: float | None = None
    _paused_for: float = 0.0
    _announced: set[int] = field(default_factory=set)
    _expired: bool = False

    def restart(self, phase: Phase) -> None:
        """A new phase begins: full time, warnings re-armed, pause kept."""
        now = self.clock()
        self.phase = phase
        self._started = now
        self._paused_for = 0.0
        self._paused_at = now if self._paused_at is not None else None
        self._announced = set()
        self._expired = False

    @property
    def length(self) -> float:
        return self.settings.guess_seconds if self.phase is Phase.GUESS else self.settings.clue_seconds

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def remaining(self) -> float | None:
        if not self.settings.enabled:
            return None
        now = self._paused_at if self._paused_at is not None else self.clock()
        return max(0.0, self.length - (now - self._started - self._paused_for))

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self.clock()

    def resume(self) -> None:
        if self._paused_at is not None:
            self._paused_for += self.clock() - self._paused_at
            self._paused_at = None

    def poll(self, team: Team) -> list[GameEvent]:
        """Warnings and time's up, each reported once per phase."""
        left = self.remaining()
        if left is None or self._expired:
            return []
        if left <= 0:
            self._expired = True
            return [TimeUp(phase=self.phase, team=team, enforced=self.settings.enforced)]
        events: list[GameEvent] = []
        for mark in WARNINGS:
            if left <= mark and mark not in self._announced and self.length > mark:
                self._announced.update(m for m in WARNINGS if m >= mark)
                events.append(TimerWarning(seconds_left=mark, phase=self.phase, team=team))
        return events[-1:]
