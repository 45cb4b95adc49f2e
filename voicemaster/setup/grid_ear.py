"""The ear of a table being laid out: a grid read aloud → the setup's intents (SPEC §2).

    ear = open_grid_ear(engine)
    ear.hear(audio, GridListening(row, table)).intent  # RowCards(("apple", ..., "pilot"), 1), or None

The intents are those a typed line is read as, so the setup takes one form for both.
"""

from __future__ import annotations

from pathlib import Path

from voicemaster.speech.ears.grid.ear import GridEar, GridSettings
from voicemaster.speech.ears.vocabulary import english_vocabulary
from voicemaster.speech.ears.whisper.engine import Engine
from voicemaster.speech.ears.whisper.model import bundled_model

__all__ = ["GridEar", "open_grid_ear"]


def open_grid_ear(engine: Engine | None = None, extra_cards: tuple[str, ...] = (),
                  settings: GridSettings = GridSettings(), model: Path | None = None) -> GridEar:
    """Whisper over the English words and cards (speech/ears/vocabulary.py), with `extra_cards`
    (e.g. a custom word list's) added to it: on `engine` (the game ear's model, loaded once for
    both, closed with the game ear) or else on `model` or the bundled model, loaded now in a few
    seconds and freed with this ear; ModelError (one line naming the directory) when it will
    not load."""
    vocabulary = english_vocabulary(tuple(extra_cards))
    if engine is not None:
        return GridEar(engine, vocabulary, settings)
    return GridEar(Engine(model or bundled_model()), vocabulary, settings, owns_engine=True)
