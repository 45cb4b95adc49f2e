"""What one utterance, or one typed line, was taken for: the one result from the ears to the game.

Every ear returns it (Whisper, pocketsphinx, vosk, the grid ear of a table being laid out),
a typed line is one too, and the loop hands it on whole: to the stage that acts on it, to the
status line, to the log the demo scores.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from voicemaster.understand.intents import Intent


Said = TypeVar("Said", covariant=True)
"""What an ear takes utterances for: a game's `Intent`, or a table being laid out's `SetupIntent`."""


@dataclass(frozen=True)
class Heard(Generic[Said]):
    transcript: str
    """What was said: the ear's own words (lower case, single spaces) or the line typed; ""
    when nothing was heard."""
    intent: Said | None = None
    """What it asks of the referee (of the setup, while a table is laid out); None: nothing
    (talk, noise, too unsure)."""
    confidence: float = 0.0
    """0..1; 0 when nothing was taken."""
    read_back: bool = False
    """A clue heard with too little confidence to act on: read it back for a yes first."""
    decode_ms: float = 0.0
    """Every decoding pass together."""
    evidence: object = field(default=None, compare=False, repr=False)
    """The ear's own account of the decision (Whisper's scores, the grid ear's choices), for
    benchmarks and debugging: the game never reads it."""


def typed(text: str, intent: Intent | None) -> Heard[Intent]:
    """A typed line of a game: what the player wrote is what was said, and as sure as can be."""
    return Heard(text, intent, 1.0 if intent is not None else 0.0)
