"""The ear of `voicemaster setup`: a grid read aloud → setup phrases as text (SPEC §2).

    ear = open_grid_ear()
    ear.hear(audio)          # "row one: apple, bear, castle, loch ness, pilot", or None

The text is what a player could have typed, so the setup flow parses one form for both.
"""

from __future__ import annotations

from pathlib import Path

from voicemaster.speech.ears.grid.ear import GridEar, GridSettings
from voicemaster.speech.ears.grid.vocabulary import grid_vocabulary
from voicemaster.speech.ears.whisper.engine import Engine
from voicemaster.speech.ears.whisper.model import bundled_model

__all__ = ["GridEar", "open_grid_ear"]


def open_grid_ear(model_dir: str | Path | None = None, extra_cards: tuple[str, ...] = (),
                  settings: GridSettings = GridSettings()) -> GridEar:
    """Whisper base (the bundled model unless `model_dir`) over the grid vocabulary, with
    `extra_cards` (e.g. a custom word list's) added to it. Loading takes a few seconds;
    ModelError (one line naming the directory) when the model will not load."""
    engine = Engine(Path(model_dir) if model_dir is not None else bundled_model())
    return GridEar(engine, grid_vocabulary(tuple(extra_cards)), settings)
