"""Why the referee refuses an action: one type per cause, each with a speakable message."""

from __future__ import annotations


class GameError(Exception):
    """An action the rules do not allow now. str(error) is spoken to the table."""


class GameIsOver(GameError):
    """The game has ended; only undo is possible."""


class NotYourTurn(GameError):
    """The action belongs to another phase or team (a guess while a clue is awaited)."""


class UnknownCard(GameError):
    """The word is not a card on this table."""


class CardAlreadyCovered(GameError):
    """That card is already covered."""


class MustGuessFirst(GameError):
    """A team must make at least one guess before it stops."""


class CoverNotAllowed(GameError):
    """Nobody may cover a card now, or not that card."""


class AwaitingRuling(GameError):
    """The opposing spymaster must accept or reject the clue first."""


class NothingToOverrule(GameError):
    """No refused clue to allow: none was refused, or the game has moved on since."""


class NothingToChallenge(GameError):
    """No clue to dispute: none was given, it was already ruled on, or a guess came first."""


class NothingToUndo(GameError):
    """No action has been taken yet."""
