"""The ear of a table being laid out: a grid read aloud → the setup's intents (SPEC §2).

    ear = open_grid_ear(engine)
    ear.hear(audio, GridListening(row, table)).intent  # RowCards(("apple", ..., "pilot"), 1), or None

The intents are those a typed line is read as, so the setup takes one form for both.
"""

from __future__ import annotations

from voicemaster.speech.ears.grid.ear import GridEar, GridSettings
from voicemaster.speech.ears.vocabulary import english_vocabulary
from voicemaster.speech.ears.whisper.engine import Engine
from voicemaster.speech.ears.whisper.model import bundled_model

__all__ = ["GridEar", "open_grid_ear"]


def open_grid_ear(engine: Engine | None = None, extra_cards: tuple[str, ...] = (),
                  settings: GridSettings = GridSettings()) -> GridEar:
    """Whisper over the English words and cards (speech/ears/vocabulary.py), with `extra_cards`
    (e.g. a custom word list's) added to it: on `engine` (the game ear's model, loaded once for
    both) or else the bundled model, which takes a few seconds to load; ModelError (one line
    naming the directory) when it will not."""
    return GridEar(engine or Engine(bundled_model()), english_vocabulary(tuple(extra_cards)), settings)
