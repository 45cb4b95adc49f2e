"""What may be said now: one value handed to the typed parser and to the ears alike, whole."""

from __future__ import annotations

from dataclasses import dataclass, replace

from voicemaster.game.phase import Phase


@dataclass(frozen=True)
class Listening:
    cards: tuple[str, ...]
    """Uncovered cards, as written on the board."""
    phase: Phase
    """Phase.CLUE or Phase.GUESS: the templates that can fit (a finished game listens as in the clue phase)."""
    awaiting_clue: bool
    """A bare "ocean two" counts as a clue only while a clue is awaited and nothing was asked."""
    question_open: bool = False
    """Yes and no are answers: they count only while the referee waits for one (an undo to
    confirm, a card to choose, a clue for the opposing spymaster to rule on)."""
    game_over: bool = False
    """The game has ended: "new game" may be said."""
    may_overrule: bool = False
    """The referee has just refused a clue: "allow it" or "overrule" may be said."""
    may_challenge: bool = False
    """A clue the referee allowed awaits its first guess: "challenge" may be said."""

    def typed(self) -> "Listening":
        """What a typed line may say: a line typed for the referee is never table talk, so
        the table's rulings are read at any time and a late one is told why it is too late."""
        return replace(self, may_overrule=True, may_challenge=True)


@dataclass(frozen=True)
class GridListening:
    """What may be said while a table is laid out, for the grid ear: which row is being read and
    what is already on the table."""

    row: int | None
    """1-5: the row being laid out (a row read without "row two" is that row); None: unknown."""
    table: tuple[str | None, ...] = ()
    """The 25 places as set so far (None where empty): a card heard is never one already set
    elsewhere, nor the one a correction replaces."""
