"""What the table does to the game: the only inputs of the rules core, and what the journal stores."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Union

from voicemaster.game.clue_number import ClueNumber, is_clue_number


@dataclass(frozen=True)
class Clue:
    word: str
    number: ClueNumber


@dataclass(frozen=True)
class Guess:
    card: str


@dataclass(frozen=True)
class Cover:
    card: str


@dataclass(frozen=True)
class Stop:
    pass


@dataclass(frozen=True)
class Ruling:
    """The opposing spymaster's answer to a clue the rulebook leaves to them."""

    accept: bool


@dataclass(frozen=True)
class Overrule:
    """The table allows the clue the referee just refused: it stands, the penalty is withdrawn."""


@dataclass(frozen=True)
class Challenge:
    """The opposing spymaster disputes a clue the referee allowed, before the first guess."""


@dataclass(frozen=True)
class TimeOut:
    """An enforced timer ran out for the current phase."""


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class PauseTimer:
    """The table stops the clock (a break); not a move, so undo passes over it."""


@dataclass(frozen=True)
class ResumeTimer:
    """The clock runs again."""


Action = Union[Clue, Guess, Cover, Stop, Ruling, Overrule, Challenge, TimeOut, Undo, PauseTimer, ResumeTimer]
Move = Union[Clue, Guess, Cover, Stop, Ruling, Overrule, Challenge, TimeOut]
"""The actions the rules may refuse (undo and the clock are always taken when possible)."""
TIMER_ACTIONS = (PauseTimer, ResumeTimer)
ACTION_TYPES: dict[str, type] = {
    "clue": Clue,
    "guess": Guess,
    "cover": Cover,
    "stop": Stop,
    "ruling": Ruling,
    "overrule": Overrule,
    "challenge": Challenge,
    "timeout": TimeOut,
    "undo": Undo,
    "pause-timer": PauseTimer,
    "resume-timer": ResumeTimer,
}
_NAMES = {cls: name for name, cls in ACTION_TYPES.items()}


def action_to_json(action: Action) -> dict[str, object]:
    return {"action": _NAMES[type(action)], **asdict(action)}


def action_from_json(data: dict[str, object]) -> Action:
    """Raises KeyError/TypeError/ValueError on a malformed record."""
    fields = dict(data)
    cls = ACTION_TYPES[str(fields.pop("action"))]
    fields.pop("t", None)
    action = cls(**fields)
    if isinstance(action, Clue) and not is_clue_number(action.number):
        raise ValueError(f"bad clue number {action.number!r}")
    return action  # type: ignore[return-value]
