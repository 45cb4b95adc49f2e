"""The short words ("stop", "yes", "no") told apart by a small trained head on Whisper's encoder.

Whisper's text is the wrong evidence for a lone short word: it writes a real "stop" as
"start" or "step", and, with talk around, writes the talk. The encoder output the ear
computes anyway carries the word far better (../shared/notes/short-words-in-a-room.md): the
head reads it pooled over the utterance's voiced part (mean and max of the 512 channels) and
gives a probability for each class of `CLASSES`. It is an ensemble of small MLPs trained by
scripts/train_short_words.py on the calibration half of real voices (with real talk and the
calibration half of ../shared/realrooms mixed in) and synthetic voices, each example cut by the
front end as `play` cuts it (a head trained on whole clips took a real "stop" cut from a
measured room for "none": it judges what the endpointer hands the ear); the weights ship
beside this module (short_words.npz, 2.4 MB, float16) and run in numpy (1-3 ms), on any
machine numpy runs on (a Raspberry Pi 5 included).

Where it decides (decide.rescued): an utterance of at most `Thresholds.short_word_seconds`
that the scoring took nothing from, when the head is sure of a word that may be said now and
what Whisper wrote sounds like it, or nothing was written. A longer utterance (a guess, a
clue) and every request the scoring takes stay the scoring's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from voicemaster.sharing import built_once
from voicemaster.speech.ears.whisper.features import HOP

CLASSES = ("none", "stop", "yes", "no")
"""What the head tells apart: none of the short words, or one of them."""
WEIGHTS = Path(__file__).with_name("short_words.npz")
ENCODER_HOP = 2 * HOP
"""Audio samples per encoder frame (the encoder halves the mel frames)."""


@dataclass(frozen=True)
class Pooling:
    """Which encoder frames the head reads. Kept in the weights' file (`voiced_db`,
    `voiced_spread`): the head only knows features pooled as the ones it was trained on."""

    voiced_db: float
    """A frame is voiced when its energy is within this of the utterance's loudest frame."""
    voiced_spread: int
    """Encoder frames kept either side of a voiced one (a word's quiet onset and release)."""

    @classmethod
    def read(cls, data: Mapping[str, np.ndarray], path: Path) -> Pooling:
        """The pooling stored in an npz; ValueError naming `path` when it is not there."""
        if "voiced_db" not in data or "voiced_spread" not in data:
            raise ValueError(f"{path}: no voiced_db and voiced_spread (how the short-word head's "
                             "features were pooled)")
        return cls(float(data["voiced_db"]), int(data["voiced_spread"]))

    def arrays(self) -> dict[str, np.ndarray]:
        """As `read` reads it back."""
        return {"voiced_db": np.array(self.voiced_db), "voiced_spread": np.array(self.voiced_spread)}

    def voiced_frames(self, audio: np.ndarray, frames: int) -> np.ndarray:
        """Indices of the encoder frames (of `frames`) that hold the utterance's voiced part."""
        n = min(frames, max(1, len(audio) // ENCODER_HOP))
        x = audio[: n * ENCODER_HOP].astype(np.float64)
        if len(x) < n * ENCODER_HOP:
            x = np.pad(x, (0, n * ENCODER_HOP - len(x)))
        energy = 10 * np.log10(np.mean(x.reshape(n, ENCODER_HOP) ** 2, axis=1) + 1.0)
        loud = energy >= energy.max() - self.voiced_db
        kept = np.convolve(loud.astype(float), np.ones(2 * self.voiced_spread + 1), mode="same") > 0
        return np.flatnonzero(kept)

    def pooled(self, encoder: np.ndarray, audio: np.ndarray) -> np.ndarray:
        """The head's input: mean and max over the voiced frames of `encoder` ([1, frames, 512]
        or [frames, 512], the Whisper ear's Encoded.array) for `audio` (the int16 utterance it encoded)."""
        out = encoder[0] if encoder.ndim == 3 else encoder
        frames = out[self.voiced_frames(audio, len(out))]
        return np.concatenate([frames.mean(axis=0), frames.max(axis=0)]).astype(np.float32)


@dataclass(frozen=True)
class Layer:
    weight: np.ndarray
    bias: np.ndarray


class ShortWordHead:
    """The shipped ensemble: standardise, one hidden ReLU layer per member, softmax, averaged."""

    def __init__(self, mean: np.ndarray, scale: np.ndarray, members: list[tuple[Layer, Layer]], pooling: Pooling) -> None:
        self.mean, self.scale, self.members, self.pooling = mean, scale, members, pooling

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> ShortWordHead:
        with np.load(path) as data:
            count = int(data["members"])
            members = [
                (Layer(data[f"w0_{i}"].astype(np.float32), data[f"b0_{i}"].astype(np.float32)),
                 Layer(data[f"w1_{i}"].astype(np.float32), data[f"b1_{i}"].astype(np.float32)))
                for i in range(count)
            ]
            classes = tuple(str(c) for c in data["classes"])
            if classes != CLASSES:
                raise ValueError(f"{path}: classes {classes}, not {CLASSES}")
            pooling = Pooling.read(data, path)
            return cls(data["mean"].astype(np.float32), data["scale"].astype(np.float32), members, pooling)

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        """[n, len(CLASSES)] for features [n, 1024] (or one row [1024] → [len(CLASSES)])."""
        x = (np.atleast_2d(features) - self.mean) / self.scale
        total = np.zeros((len(x), len(CLASSES)), dtype=np.float64)
        for hidden, out in self.members:
            h = np.maximum(x @ hidden.weight + hidden.bias, 0.0)
            logits = h @ out.weight + out.bias
            e = np.exp(logits - logits.max(axis=1, keepdims=True))
            total += e / e.sum(axis=1, keepdims=True)
        p = total / len(self.members)
        return p[0] if features.ndim == 1 else p


@built_once
def shipped_head(path: Path = WEIGHTS) -> ShortWordHead | None:
    """The shipped head, loaded once for every ear and thread (None when it is not installed)."""
    return ShortWordHead.load(path) if path.is_file() else None
