"""Cards, teams and the key card: the fixed facts of one deal."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache


class Team(str, Enum):
    RED = "red"
    BLUE = "blue"

    @property
    def other(self) -> "Team":
        return Team.BLUE if self is Team.RED else Team.RED

    @property
    def title(self) -> str:
        return self.value.capitalize()


class Identity(str, Enum):
    RED = "red"
    BLUE = "blue"
    BYSTANDER = "bystander"
    ASSASSIN = "assassin"

    @property
    def letter(self) -> str:
        """Key-file letter; also the colour-blind-safe mark on the display."""
        return {"red": "R", "blue": "B", "bystander": "N", "assassin": "A"}[self.value]

    @staticmethod
    def of_team(team: Team) -> "Identity":
        return Identity(team.value)


KEY_LETTERS = {"R": Identity.RED, "B": Identity.BLUE, "N": Identity.BYSTANDER, "A": Identity.ASSASSIN}
KEY_COUNTS = {Identity.BYSTANDER: 7, Identity.ASSASSIN: 1}


def key_problem(key: tuple[Identity, ...]) -> str | None:
    """Why this is no key card (9 and 8 agents, 7 bystanders, 1 assassin), or None."""
    counts = {ident: key.count(ident) for ident in Identity}
    agents = sorted((counts[Identity.RED], counts[Identity.BLUE]))
    if agents == [8, 9] and all(counts[i] == n for i, n in KEY_COUNTS.items()):
        return None
    return (
        "a key card needs 9 and 8 agents, 7 bystanders (N) and 1 assassin (A); "
        f"this one has {counts[Identity.RED]} R, {counts[Identity.BLUE]} B, "
        f"{counts[Identity.BYSTANDER]} N, {counts[Identity.ASSASSIN]} A"
    )


@lru_cache(maxsize=65536)
def plain_letters(text: str, sharp_s_as_ss: bool = False) -> str:
    """Lower case without accents ("Théâtre" → "theatre"): how a card is said and matched,
    and a clue read. The one accent folding of the package, cached: the referee folds one
    clue against every card of the table.

    ß has no accent to drop and stays, unless `sharp_s_as_ss`: the referee's table of
    translations is keyed so, as a German word typed on an English keyboard comes ("größe"
    → "grosse")."""
    lowered = text.lower().replace("ß", "ss") if sharp_s_as_ss else text.lower()
    return "".join(ch for ch in unicodedata.normalize("NFKD", lowered) if not unicodedata.combining(ch))


def card_key(word: str) -> str:
    """Cards that sound the same are the same card: "Ice Cream", "ice-cream", "Théâtre",
    "theatre" — case, accents, hyphens and runs of spaces folded."""
    return " ".join(plain_letters(word).replace("-", " ").split())


@dataclass(frozen=True)
class Deal:
    """25 cards in table order (row by row) and their identities."""

    cards: tuple[str, ...]
    """As written in the board file."""
    key: tuple[Identity, ...]
    """Identity of cards[i]."""

    @property
    def starting_team(self) -> Team:
        reds = sum(1 for k in self.key if k is Identity.RED)
        return Team.RED if reds == 9 else Team.BLUE

    def identity(self, card: str) -> Identity:
        return self.key[self.index(card)]

    def index(self, card: str) -> int:
        wanted = card_key(card)
        for i, c in enumerate(self.cards):
            if card_key(c) == wanted:
                return i
        raise KeyError(card)

    def agents(self, team: Team) -> int:
        return sum(1 for k in self.key if k is Identity.of_team(team))
