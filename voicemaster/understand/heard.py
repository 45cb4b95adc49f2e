"""What one utterance, or one typed line, was taken for: the one result from the ears to the game.

Every ear returns it (Whisper, pocketsphinx, vosk, the grid ear of a table being laid out),
a typed line is one too, and the loop hands it on whole: to the stage that acts on it, to the
status line, to the log the demo scores.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from voicemaster.understand.intents import Intent


@dataclass(frozen=True)
class Heard:
    transcript: str
    """What was said, written as the stage reads it: a game ear's own words (lower case, single
    spaces), the grid ear's setup phrase ("row two: apple, bear, ..."), or the line typed;
    "" when nothing was heard."""
    intent: Intent | None = None
    """What it asks of the referee in a game; None: nothing (talk, noise, too unsure, or a
    setup phrase, which the setup reads from `transcript`)."""
    confidence: float = 0.0
    """0..1; 0 when nothing was taken."""
    alternatives: tuple[str, ...] = ()
    """Cards that fit about as well as the chosen one (an ambiguous result)."""
    read_back: bool = False
    """A clue heard with too little confidence to act on: read it back for a yes first."""
    decode_ms: float = 0.0
    """Every decoding pass together."""
    evidence: object = field(default=None, compare=False, repr=False)
    """The ear's own account of the decision (Whisper's scores, the grid ear's choices), for
    benchmarks and debugging: the game never reads it."""


def typed(text: str, intent: Intent | None) -> Heard:
    """A typed line: what the player wrote is what was said, and as sure as can be."""
    return Heard(text, intent, 1.0 if intent is not None else 0.0)
