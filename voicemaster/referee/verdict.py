"""The referee's answer about one clue."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

VerdictKind = Literal["legal", "illegal", "ask"]


@dataclass(frozen=True)
class ClueVerdict:
    verdict: VerdictKind
    rule: str
    """Which check decided: "ok", "shape", "same-word", "form", "compound",
    "letters", "position", "rhyme"."""
    reason: str
    """One short sentence that can be spoken, naming the card ("" when legal)."""
    card: str | None = None
    """The visible card the clue clashes with, as written on the board."""

    def to_json(self, clue: str) -> dict[str, str]:
        return {"clue": clue, "verdict": self.verdict, "rule": self.rule, "reason": self.reason}
