"""What the game reports: the announcer, displays and journal consume these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from voicemaster.game.actions import Action
from voicemaster.game.cards import Identity, Team
from voicemaster.game.clue_number import ClueNumber
from voicemaster.game.phase import Phase

TurnEndReason = Literal["stop", "miss", "limit", "timeout", "illegal-clue"]
GameOverReason = Literal["agents", "assassin", "coop-agents"]


@dataclass(frozen=True)
class GameStarted:
    starting: Team
    coop: bool


@dataclass(frozen=True)
class ClueGiven:
    team: Team
    word: str
    number: ClueNumber
    guesses_left: int | None
    """None when unlimited."""


@dataclass(frozen=True)
class ClueRejected:
    """An illegal clue; `retry` with lenient-clues, else the turn ends with a penalty."""

    team: Team
    word: str
    rule: str
    """The referee's check that refused it (ClueVerdict.rule), or the table's ruling:
    "challenge" (the opposing spymaster ruled out a clue the referee allowed) or
    "ruling" (they rejected one the referee asked them about)."""
    reason: str
    """The referee's own reason, spoken as is: "Horse is not allowed: it is part of
    HORSESHOE."; "" when the table ruled."""
    retry: bool
    judge: Team | None = None
    """The spymaster who ruled the clue out; None when the referee refused it."""


@dataclass(frozen=True)
class ClueQuestioned:
    """The rulebook leaves this clue to the opposing spymaster: yes or no awaited."""

    team: Team
    word: str
    number: ClueNumber
    reason: str
    judge: Team
    """The spymaster who accepts or rejects."""


@dataclass(frozen=True)
class ClueOverruled:
    """The table allowed a clue the referee refused: it stands (a ClueGiven follows)."""

    team: Team
    word: str
    number: ClueNumber


@dataclass(frozen=True)
class ClueChallenged:
    """A clue the referee allowed is disputed: the opposing spymaster rules, yes or no."""

    team: Team
    word: str
    number: ClueNumber
    judge: Team
    """The spymaster who rules."""


@dataclass(frozen=True)
class CardRevealed:
    team: Team
    """The team whose action covered it."""
    card: str
    identity: Identity
    by: Literal["guess", "cover"]
    guesses_left: int | None
    """Guesses the team still has after this card (None when unlimited or the turn is over)."""


@dataclass(frozen=True)
class CoverOffered:
    """`team`'s spymaster may cover one of their own agents now (penalty or co-op)."""

    team: Team
    why: Literal["penalty", "coop"]


@dataclass(frozen=True)
class TurnEnded:
    team: Team
    reason: TurnEndReason
    next_team: Team


@dataclass(frozen=True)
class GameOver:
    winner: Team
    reason: GameOverReason
    score: int | None = None
    """Co-op: opponent agents left when the team won; None otherwise."""


@dataclass(frozen=True)
class ActionUndone:
    action: Action
    """What was taken back."""


@dataclass(frozen=True)
class TimerWarning:
    seconds_left: int
    phase: Phase
    team: Team


@dataclass(frozen=True)
class TimeUp:
    phase: Phase
    team: Team
    enforced: bool


@dataclass(frozen=True)
class TimerPaused:
    seconds_left: float | None
    """None when the timer is off."""


@dataclass(frozen=True)
class TimerResumed:
    seconds_left: float | None
    """None when the timer is off."""


GameEvent = Union[
    GameStarted,
    ClueGiven,
    ClueRejected,
    ClueQuestioned,
    ClueOverruled,
    ClueChallenged,
    CardRevealed,
    CoverOffered,
    TurnEnded,
    GameOver,
    ActionUndone,
    TimerWarning,
    TimeUp,
    TimerPaused,
    TimerResumed,
]
