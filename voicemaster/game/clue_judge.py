"""The clue judge the rules core is handed: whoever builds a Game passes the referee's
function in, so the core knows the verdicts and nothing of the word data behind them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol, Sequence

from voicemaster.game.clue_number import ClueNumber

VerdictKind = Literal["legal", "illegal", "ask"]


@dataclass(frozen=True)
class ClueVerdict:
    """The referee's answer about one clue."""

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


class ClueJudge(Protocol):
    """Judges a clue (its word or words, and its number) against the uncovered cards."""

    def __call__(
        self,
        word: str,
        number: ClueNumber,
        visible: Sequence[str],
        *,
        allow_rhymes: bool,
        allow_compound: bool,
        referee_asks: bool,
    ) -> ClueVerdict: ...
