"""What may be said now: one value handed to the typed parser and to the speech path alike."""

from __future__ import annotations

from dataclasses import dataclass

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
