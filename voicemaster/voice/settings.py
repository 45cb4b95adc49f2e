"""How the app speaks: chosen once from the command line and config, then passed down."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from voicemaster.errors import InputError

OutputKind = Literal["speaker", "none", "file"]
RATES = (80, 500)
"""Words per minute a voice may be set to, slowest and fastest: espeak-ng's own range."""


@dataclass(frozen=True)
class VoiceSettings:
    output: str = "speaker"
    """"speaker" (falls back to text without an audio device), "none" (text only) or a FILE.wav path."""
    rate: int = 175
    """Words per minute."""
    volume: float = 1.0
    """0.0 .. 1.0."""
    voice: str | None = None
    """An espeak-ng voice ("en-us", "en-gb+f3"); None keeps the engine's default."""
    timeout: float = 5.0
    """Seconds one announcement may take to synthesize (playing it gets its length on top)."""
    gap: float = 0.5
    """Seconds of silence between announcements in a WAV file."""

    def __post_init__(self) -> None:
        if self.output not in ("speaker", "none") and not self.output.lower().endswith(".wav"):
            raise InputError(f"audio output must be speaker, none or a FILE.wav path, not {self.output!r}")
        if not RATES[0] <= self.rate <= RATES[1]:
            raise InputError(f"speech rate must be {RATES[0]}..{RATES[1]} words per minute, not {self.rate}")
        if not (math.isfinite(self.volume) and 0.0 <= self.volume <= 1.0):
            raise InputError(f"speech volume must be 0.0..1.0, not {self.volume}")
        for name in ("timeout", "gap"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value >= 0) or (name == "timeout" and value == 0):
                raise InputError(f"speech {name} must be a positive number of seconds, not {value}")

    @property
    def kind(self) -> OutputKind:
        return self.output if self.output in ("speaker", "none") else "file"  # type: ignore[return-value]
