"""The number that goes with a clue: 0-9, or unlimited."""

from __future__ import annotations

from typing import Literal, Union

Unlimited = Literal["unlimited"]
ClueNumber = Union[int, Unlimited]
UNLIMITED: Unlimited = "unlimited"
MAX_CLUE_NUMBER = 9


def is_clue_number(value: object) -> bool:
    """Zero to nine, or unlimited (booleans are not numbers here)."""
    if value == UNLIMITED:
        return True
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_CLUE_NUMBER
