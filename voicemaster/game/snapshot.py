"""A read-only picture of the game for displays, announcer and `state --json`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Union

from voicemaster.game.cards import Identity, Team
from voicemaster.game.clue_number import ClueNumber
from voicemaster.game.phase import Phase


@dataclass(frozen=True)
class CardView:
    word: str
    """As written in the board file."""
    identity: Identity | None
    """None on a public view while the card is uncovered."""
    covered: bool


@dataclass(frozen=True)
class ClueView:
    team: Team
    word: str
    number: ClueNumber


@dataclass(frozen=True)
class AwaitedRuling:
    """The opposing spymaster (`judge`) is to accept or reject the clue `word`."""

    judge: Team
    word: str
    reason: str = ""
    """Why the referee asked ("Metal rhymes with KETTLE."); "" for a challenge."""


@dataclass(frozen=True)
class AwaitedPenaltyCover:
    """After an illegal clue, `team`'s spymaster may cover one of their own agents."""

    team: Team
    may_allow: str | None = None
    """The refused clue, while the table may still allow it instead."""


@dataclass(frozen=True)
class AwaitedOverrule:
    """The table may allow the refused clue `word`."""

    word: str


@dataclass(frozen=True)
class AwaitedOpponentCover:
    """Co-op: the simulated opponent covers one of its agents."""


Awaited = Union[AwaitedRuling, AwaitedPenaltyCover, AwaitedOverrule, AwaitedOpponentCover]
"""What the game waits for besides the normal flow, as data: voice/answers.py words it."""


@dataclass(frozen=True)
class GameSnapshot:
    cards: tuple[CardView, ...]
    """25 cards, row by row."""
    turn: Team
    phase: Phase
    winner: Team | None
    remaining: dict[Team, int]
    """Agents still uncovered per team."""
    clue: ClueView | None
    guesses_left: int | None
    """None when unlimited or outside a guess phase."""
    timer_left: float | None
    """Seconds left in the current phase; None when the timer is off."""
    timer_paused: bool
    waiting_for: Awaited | None
    """What the referee waits for besides the normal flow; None otherwise."""
    coop: bool
    laying_out: str | None = None
    """While a physical table is being set up: what the setup waits for, in words
    ("Setting up the table: row 2 of 5"); None during a game."""

    @staticmethod
    def of_table(words: tuple[str, ...], key: tuple[Identity, ...] | None, laying_out: str) -> "GameSnapshot":
        """A table being laid out, before any game is played on it: its 25 words so far, no
        identity shown, the agents the key card gives each team once it is in (its starting
        team as the one whose turn it is), and what the setup waits for."""
        counts = {team: sum(1 for k in key or () if k is Identity.of_team(team)) for team in Team}
        turn = Team.BLUE if counts[Team.BLUE] > counts[Team.RED] else Team.RED
        cards = tuple(CardView(word, None, False) for word in words)
        return GameSnapshot(cards, turn, Phase.CLUE, None, counts, None, None, None, False, None, False, laying_out)

    def public(self) -> "GameSnapshot":
        """The same picture without the identity of any uncovered card."""
        cards = tuple(c if c.covered else replace(c, identity=None) for c in self.cards)
        return replace(self, cards=cards)


@dataclass(frozen=True)
class TableStatus:
    """What the app knows beyond the game: for the live displays."""

    last_heard: str = ""
    understood: str = ""
    """What `last_heard` was taken for ("guess orchid"); "" for nothing."""
    mic_level: float | None = None
    """Microphone level 0..1; None when there is no microphone."""
    message: str = ""
    """The last announcement, as text."""
    said: int = 0
    """How many announcements so far: the same answer given twice is still a new one to show."""
    waiting: str = ""
    """The snapshot's `waiting_for` in the announcer's words ("Blue spymaster may cover one
    of their words"), "" when nothing is awaited: the displays show it, and may not word it
    themselves (they sit below voice/)."""
