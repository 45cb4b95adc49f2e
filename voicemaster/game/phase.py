"""Where a turn stands: the one vocabulary every layer uses for it."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """A StrEnum, so it reads and serialises as "clue", "guess", "over" (SPEC §3)."""

    CLUE = "clue"
    """The spymaster of the team on turn is to give a clue."""
    GUESS = "guess"
    """The team on turn is guessing."""
    OVER = "over"
    """The game has a winner; only undo remains."""
