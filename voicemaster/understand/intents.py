"""What a player said to the referee, as typed values.

Both paths (typed lines and recognized speech) produce these; the referee and the
`recognize` command consume them. `to_json` is the SPEC §3 wire form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from voicemaster.game.clue_number import ClueNumber

CommandKind = Literal["stop", "undo", "yes", "no", "repeat", "status", "time", "new_game", "overrule", "challenge"]
TimeAction = Literal["query", "pause", "resume"]


@dataclass(frozen=True)
class GiveClue:
    """The spymaster's clue."""

    word: str
    """The clue word(s) as heard, lower case, filler removed ("ocean", "ice cream")."""
    number: ClueNumber
    """0-9 or "unlimited"."""


@dataclass(frozen=True)
class GuessCard:
    """The team touches a card."""

    word: str
    """The card exactly as written in the board file."""


@dataclass(frozen=True)
class CoverCard:
    """A spymaster covers one of their own agents (penalty or co-op)."""

    word: str
    """The card exactly as written in the board file."""


@dataclass(frozen=True)
class Command:
    """Any of the short requests: stop, undo, yes, no, repeat, status, time, new game,
    overrule (the table allows a refused clue), challenge (it disputes an allowed one)."""

    kind: CommandKind
    time_action: TimeAction = "query"
    """Only for kind == "time": a question, or pause/resume of the timer."""


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


Intent = Union[GiveClue, GuessCard, CoverCard, Command, AmbiguousCard]


def to_json(intent: Intent | None) -> dict[str, object] | None:
    """The SPEC §3 JSON form of an intent (None stays None)."""
    if intent is None:
        return None
    if isinstance(intent, GiveClue):
        return {"type": "clue", "word": intent.word, "number": intent.number}
    if isinstance(intent, GuessCard):
        return {"type": "guess", "word": intent.word}
    if isinstance(intent, CoverCard):
        return {"type": "cover", "word": intent.word}
    if isinstance(intent, AmbiguousCard):
        return {"type": "ambiguous", "action": intent.action, "candidates": list(intent.candidates)}
    out: dict[str, object] = {"type": intent.kind}
    if intent.kind == "time" and intent.time_action != "query":
        out["action"] = intent.time_action
    return out
