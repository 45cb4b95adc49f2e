"""Why the rules refuse an action: one type per cause, its reason as data.

As python-chess raises IllegalMoveError and AmbiguousMoveError, the core raises a type
that names the cause and carries what the table needs to hear (the card, the team, the
clue); voice/refusals.py words it. A family of causes (NotYourTurn, CoverNotAllowed, …)
is a base class, so a caller may catch the family or the cause.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from voicemaster.game.actions import Action
from voicemaster.game.cards import Team
from voicemaster.game.state import CoverReason


class GameError(Exception):
    """An action the rules do not allow now; the game is unchanged."""

    def __post_init__(self) -> None:
        """The fields as `args` too, so the error copies and pickles like any exception."""
        super().__init__(*(getattr(self, f.name) for f in fields(self)))  # type: ignore[arg-type]

    def __str__(self) -> str:
        """For logs and journal warnings: "UnknownCard: card=zebra"; the table hears voice/refusals.py."""
        values = ", ".join(f"{f.name}={_plain(getattr(self, f.name))}" for f in fields(self))  # type: ignore[arg-type]
        return f"{type(self).__name__}: {values}" if values else type(self).__name__


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


@dataclass(eq=False)
class GameIsOver(GameError):
    """The game has ended; only undo is possible."""

    winner: Team


class NotYourTurn(GameError):
    """The action belongs to another phase (a guess while a clue is awaited)."""


@dataclass(eq=False)
class ClueWhileGuessing(NotYourTurn):
    """A clue while `team` is guessing: it comes after the turn."""

    team: Team


@dataclass(eq=False)
class GuessBeforeClue(NotYourTurn):
    """A guess before `team`'s spymaster gave the clue."""

    team: Team


@dataclass(eq=False)
class NothingToStop(NotYourTurn):
    """A stop before any clue was given."""


@dataclass(eq=False)
class NoRulingAwaited(NotYourTurn):
    """A ruling when no clue waits for one."""


@dataclass(eq=False)
class AwaitingRuling(GameError):
    """The opposing spymaster (`judge`) must accept or reject the clue `word` first."""

    judge: Team
    word: str


@dataclass(eq=False)
class UnknownCard(GameError):
    """The word is not a card on this table."""

    card: str
    """As the table said it."""


@dataclass(eq=False)
class CardAlreadyCovered(GameError):
    """That card is already covered."""

    card: str
    """As written on the board."""


@dataclass(eq=False)
class MustGuessFirst(GameError):
    """`team` must make at least one guess before it stops."""

    team: Team


class CoverNotAllowed(GameError):
    """Nobody may cover a card now, or not that card."""


@dataclass(eq=False)
class NoCoverNow(CoverNotAllowed):
    """No penalty or co-op cover is open."""


@dataclass(eq=False)
class NotTheirAgent(CoverNotAllowed):
    """The card is not one of the covering team's own agents."""

    card: str
    """As written on the board."""
    team: Team
    """The team whose agent may be covered."""
    why: CoverReason


@dataclass(eq=False)
class OpponentCoversFirst(CoverNotAllowed):
    """Co-op: a clue before the simulated opponent covered one of its agents."""


class NothingToOverrule(GameError):
    """No refused clue to allow: none was refused, or the game has moved on since."""


@dataclass(eq=False)
class NoRefusedClue(NothingToOverrule):
    """The referee refused no clue."""


@dataclass(eq=False)
class TooLateToOverrule(NothingToOverrule):
    """The refused clue `word` can no longer be allowed: `since` came after it."""

    word: str
    since: Action


class NothingToChallenge(GameError):
    """No clue to dispute: none was given, it was already ruled on, or a guess came first."""


@dataclass(eq=False)
class NoClueToChallenge(NothingToChallenge):
    """No clue is being guessed."""


@dataclass(eq=False)
class TooLateToChallenge(NothingToChallenge):
    """`team` has guessed on the clue `word` since it was given."""

    word: str
    team: Team


@dataclass(eq=False)
class AlreadyRuled(NothingToChallenge):
    """The table already ruled on the clue `word` (it allowed it, or its spymaster accepted it)."""

    word: str


@dataclass(eq=False)
class NothingToUndo(GameError):
    """No action has been taken yet."""
