"""What may be said now: one value handed to the typed parser and to the ears alike, whole."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from voicemaster.game.phase import Phase


class Cue(Enum):
    """A moment of the game that some requests wait for (understand/requests.py says which):
    outside it they are never heard, so the table's talk is never taken for them."""

    CLUE_AWAITED = "a clue is awaited and nothing was asked"
    """The bare "ocean two" is a clue."""
    QUESTION = "a question is open"
    """Yes and no are answers (an undo to confirm, a card to choose, a clue to rule on)."""
    OVER = "the game is over"
    """ "New game" may be said."""
    REFUSED = "the referee has just refused a clue"
    """ "Allow it" or "overrule" may be said."""
    ALLOWED = "a clue the referee allowed awaits its first guess"
    """ "Challenge" may be said."""


@dataclass(frozen=True)
class Listening:
    cards: tuple[str, ...]
    """Uncovered cards, as written on the board."""
    phase: Phase
    """Phase.CLUE or Phase.GUESS: the sayings that can fit (a finished game listens as in the clue phase)."""
    cues: frozenset[Cue] = frozenset()
    """The moments the game is at now."""

    def typed(self) -> Listening:
        """What a typed line may say: a line typed for the referee is never table talk, so
        the table's rulings are read at any time and a late one is told why it is too late."""
        return replace(self, cues=self.cues | {Cue.REFUSED, Cue.ALLOWED})

    def anything(self) -> Listening:
        """Every moment at once: what a line would ask were it said at the right time."""
        return replace(self, cues=frozenset(Cue))

    @property
    def awaiting_clue(self) -> bool:
        return Cue.CLUE_AWAITED in self.cues


def listening(cards: tuple[str, ...], phase: Phase, *, question: bool = False, refused: bool = False,
              challengeable: bool = False) -> Listening:
    """What may be said at a moment of a game (the dialogue's, and `recognize --phase`'s): in
    `phase`, with a question of the referee's open or not, a clue just `refused` (the table may
    allow it) or a `challengeable` one awaiting its first guess. An open question holds back
    the bare clue and the table's rulings: a yes or a no is what the referee waits for."""
    cues = {
        Cue.CLUE_AWAITED: phase is Phase.CLUE and not question,
        Cue.QUESTION: question,
        Cue.OVER: phase is Phase.OVER,
        Cue.REFUSED: refused and not question,
        Cue.ALLOWED: challengeable and not question,
    }
    heard_as = Phase.GUESS if phase is Phase.GUESS else Phase.CLUE
    return Listening(cards, heard_as, frozenset(cue for cue, now in cues.items() if now))


@dataclass(frozen=True)
class GridListening:
    """What may be said while a table is laid out, for the grid ear: which row is being read and
    what is already on the table."""

    row: int | None
    """1-5: the row being laid out (a row read without "row two" is that row); None: unknown."""
    table: tuple[str | None, ...] = ()
    """The 25 places as set so far (None where empty): a card heard is never one already set
    elsewhere, nor the one a correction replaces."""
