"""What a player said to the referee, as typed values.

Both paths (typed lines and recognized speech) produce these; the referee and the
`recognize` command consume them. A clue, a guess or a cover is the game's own move
(game/actions.py): what was said is what the rules are asked to do. `to_json` is the
SPEC §3 wire form, `from_json` its reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Union

from voicemaster.game.actions import Clue, Cover, Guess
from voicemaster.understand.requests import BY_NAME, CARD_REQUESTS, REQUESTS

@dataclass(frozen=True)
class Command:
    """Any request without a slot ("stop", "yes", "pause_timer", "whose_turn")."""

    kind: str
    """Its name in the request table (understand/requests.py)."""

    def __post_init__(self) -> None:
        if self.kind not in BY_NAME or self.kind in ("clue", *CARD_REQUESTS):
            raise ValueError(f"no request without a slot is called {self.kind!r}")


MAX_CANDIDATES = 2
"""Cards in one question, at most: "Apple?" or "Did you say apple or chapel?", never more than
two (SPEC §2): a table does not answer a list of three. No ear offers more, and no question
asks about more."""


@dataclass(frozen=True)
class AmbiguousCard:
    """Two or more cards fit what was heard; the app must ask which."""

    action: Literal["guess", "cover"]
    candidates: tuple[str, ...]
    """Cards as written in the board file, best first (MAX_CANDIDATES at most from an ear)."""


Intent = Union[Clue, Guess, Cover, Command, AmbiguousCard]


def to_json(intent: Intent | None) -> dict[str, object] | None:
    """The SPEC §3 JSON form of an intent (None stays None)."""
    if intent is None:
        return None
    if isinstance(intent, Clue):
        return {"type": "clue", "word": intent.word, "number": intent.number}
    if isinstance(intent, (Guess, Cover)):
        return {"type": "guess" if isinstance(intent, Guess) else "cover", "word": intent.card}
    if isinstance(intent, AmbiguousCard):
        return {"type": "ambiguous", "action": intent.action, "candidates": list(intent.candidates)}
    return dict(BY_NAME[intent.kind].json())


def from_json(data: dict[str, Any] | None) -> Intent | None:
    """The intent `to_json` wrote (what `recognize` printed, read back by its users)."""
    if data is None:
        return None
    kind = data["type"]
    if kind == "ambiguous":
        return AmbiguousCard(data["action"], tuple(data["candidates"]))
    if kind in CARD_REQUESTS:
        return (Guess if kind == "guess" else Cover)(data["word"])
    if kind == "clue":
        return Clue(data["word"], data["number"])
    return Command(next(r.name for r in REQUESTS if r.json() == data))
