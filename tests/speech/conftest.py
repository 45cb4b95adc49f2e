"""Speech tests share one on-disk cache of espeak-ng audio (git-ignored .cache/)."""

from __future__ import annotations

import os
from pathlib import Path

from voicemaster.speech.voices.synthetic import CACHE_ENV

os.environ.setdefault(CACHE_ENV, str(Path(__file__).resolve().parents[2] / ".cache" / "tts"))
