"""The position of a game between two actions: immutable, so undo is a stack pop."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from voicemaster.game.cards import Deal, Identity, Team
from voicemaster.game.phase import Phase
from voicemaster.game.snapshot import ClueView
from voicemaster.game.clue_number import ClueNumber

CoverReason = Literal["penalty", "coop"]


@dataclass(frozen=True)
class PendingRuling:
    """A clue the opposing spymaster must accept or reject."""

    word: str
    number: ClueNumber
    challenged: bool = False
    """The referee allowed it and the table disputes it: a no is an illegal clue, with
    its penalty (a no to a clue the referee asked about means another clue)."""
    reason: str = ""
    """Why the referee asks ("Metal rhymes with KETTLE."); "" for a challenge."""


@dataclass(frozen=True)
class RefusedClue:
    """A clue the referee refused: the table may allow it while `open`, that is until
    anything else happens in the game."""

    word: str
    number: ClueNumber
    open: bool = True


@dataclass(frozen=True)
class PendingCover:
    team: Team
    why: CoverReason


@dataclass(frozen=True)
class GameState:
    turn: Team
    phase: Phase = Phase.CLUE
    covered: frozenset[int] = frozenset()
    winner: Team | None = None
    clue: ClueView | None = None
    guesses_left: int | None = None
    """None means unlimited (only meaningful in the guess phase)."""
    guesses_made: int = 0
    ruling: PendingRuling | None = None
    cover: PendingCover | None = None
    refused: RefusedClue | None = None
    """The referee's last refusal, while the table may still overrule it (and after, to say why not)."""
    challengeable: bool = False
    """The clue being guessed stands on the referee's word alone: the opposing spymaster
    may dispute it until the first guess."""

    def remaining(self, deal: Deal, team: Team) -> int:
        ident = Identity.of_team(team)
        return sum(1 for i, k in enumerate(deal.key) if k is ident and i not in self.covered)

    def uncovered_cards(self, deal: Deal) -> list[str]:
        return [c for i, c in enumerate(deal.cards) if i not in self.covered]
