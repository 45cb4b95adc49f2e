"""The microphone level check: a few seconds of listening, then advice on placement."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Iterable

import numpy as np

from voicemaster.speech.audio.endpointer import frame_energy_db
from voicemaster.speech.audio.tuning import LEVEL_CHECK


@dataclass(frozen=True)
class LevelReport:
    speech_db: float
    """Loud frames (LEVEL_CHECK.speech_percentile), where the talkers are."""
    floor_db: float
    """Quiet frames (LEVEL_CHECK.floor_percentile), the room."""
    clipped: float
    """Share of frames that touch full scale."""

    def advice(self) -> str:
        t = LEVEL_CHECK
        if self.clipped > t.clipped_share or self.speech_db > t.loud_db:
            return "Too loud: the voices clip. Move the microphone away or turn its gain down."
        if self.speech_db < t.quiet_db:
            return "Too quiet: move the microphone to the middle of the table or turn its gain up."
        if self.speech_db - self.floor_db < t.noisy_margin_db:
            return "The room is noisy compared with the voices: move the microphone closer to the players."
        return "Good: the voices stand well above the room noise."


def measure(frames: Iterable[np.ndarray], seconds: float, show: Callable[[float], None],
            clock: Callable[[], float] = time.monotonic) -> LevelReport:
    """Listen for `seconds`, calling `show` with each frame's level in dBFS."""
    energies: list[float] = []
    clipped = 0
    end = clock() + seconds
    for frame in frames:
        db = frame_energy_db(frame)
        energies.append(db)
        clipped += int(np.abs(frame.astype(np.int32)).max(initial=0) >= 32767)
        show(db)
        if clock() >= end:
            break
    if not energies:
        return LevelReport(-120.0, -120.0, 0.0)
    levels = np.array(energies)
    return LevelReport(float(np.percentile(levels, LEVEL_CHECK.speech_percentile)),
                       float(np.percentile(levels, LEVEL_CHECK.floor_percentile)), clipped / len(energies))
