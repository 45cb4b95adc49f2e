"""Train the short-word head (voicemaster/speech/ears/whisper/short_words.py) and write its weights.

    .venv/bin/python scripts/train_short_words.py features [--split calib|test]
    .venv/bin/python scripts/train_short_words.py train

`features` cuts every example as `play` hears it (the front end and endpointer of
speech/recordings.py: the head judges what the endpointer hands the ear, not a whole clip),
encodes each cut with the Whisper ear's own encoder call and keeps the pooled
features in bench/.cache/short_words/ (about 25 min for the calibration half on two cores;
done once): the calibration half of ../shared/realspeech said clean, with the half's real
talk and in its measured rooms with its real noise (the benchmark's 10 dB and two more at
0-20 dB), and synthetic voices saying the short words' phrases and their sound-alikes.
`train` fits the ensemble on them (seeded; scikit-learn, a development dependency) and writes
short_words.npz (float16, with the digest of the features it was fitted on and the pooling
they were made with, `POOLING`). Only the calibration half is trained on: `--split test`
extracts the test half for the benchmark.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.speech.realspeech import Clip, clips, dress, read, rendered  # noqa: E402
from voicemaster.speech.audio.front_end import open_front_end  # noqa: E402
from voicemaster.speech.audio.sources import ArraySource  # noqa: E402
from voicemaster.speech.ears.whisper.ear import WhisperEar  # noqa: E402
from voicemaster.speech.ears.whisper.engine import Engine  # noqa: E402
from voicemaster.speech.ears.whisper.model import bundled_model  # noqa: E402
from voicemaster.speech.ears.whisper.short_words import CLASSES, WEIGHTS, Pooling, ShortWordHead  # noqa: E402
from voicemaster.speech.ears.whisper.thresholds import THRESHOLDS  # noqa: E402
from voicemaster.speech.ears.whisper.features import HOP  # noqa: E402
from voicemaster.speech.voices.speakers import VOICES, say  # noqa: E402
from voicemaster.speech.voices.synthetic import SpeechSynthesisError  # noqa: E402
from voicemaster.understand.requests import sayings  # noqa: E402

CACHE = ROOT / "bench" / ".cache" / "short_words"
SEED = 20261203
PHRASES = {
    **{word: tuple(" ".join(said) for said in sayings(word)) for word in CLASSES[1:]},
    "none": ("start", "step", "stuff", "stomp", "top", "shop", "now", "know", "go", "snow", "low", "new",
             "you", "yet", "less", "guess", "okay", "wait", "nope not yet", "yes we can", "so", "oh"),
}
"""Each short word's sayings in a game (understand/requests.py), and the words Whisper confuses
them with (none)."""
VARIANTS = ((1.0, 0.0), (0.85, -2.0), (1.15, 2.0))
"""(rate, pitch) a synthetic voice says each phrase at: another speaker, a hurried one."""
SHORT_SECONDS = 3.0
"""Only utterances this short (room tone included) are the head's: a sentence stays with the scoring."""
REAL_CONDITIONS = (("clean", 0.0), ("talk 10", 10.0), ("room 10", 10.0), ("talk 10", -1.0), ("room 10", -1.0))
"""Each real clip's renderings: the benchmark's three, and talk and room at a seeded 0-20 dB (-1)."""


@dataclass(frozen=True)
class Example:
    key: str
    label: str
    audio: np.ndarray
    source: str
    """"real" or "synthetic", and the condition: for the report."""


def label_of(clip: Clip) -> str:
    return clip.kind if clip.kind in CLASSES else "none"


def as_heard(audio: np.ndarray) -> list[np.ndarray]:
    """The utterances `play` would hand the Whisper ear from `audio` (its noise stage, its
    endpointer), those short enough for the head."""
    cuts = open_front_end(WhisperEar.denoise).utterances(ArraySource(np.asarray(audio, dtype=np.int16)))
    return [u.audio for u in cuts if len(u.audio) <= SHORT_SECONDS * 16000]


def heard_examples(key: str, label: str, audio: np.ndarray, source: str) -> list[Example]:
    """A clip's examples as heard: for a short word, the longest utterance cut from it (where
    the word is; the others are the talk around it); for anything else, every utterance."""
    cuts = as_heard(audio)
    if label != "none":
        cuts = sorted(cuts, key=len)[-1:]
    return [Example(key if k == 0 else f"{key}#{k}", label, cut, source) for k, cut in enumerate(cuts)]


def real_examples(split: str) -> list[Example]:
    out = []
    for clip in clips():
        if clip.split != split:
            continue
        for condition, snr in REAL_CONDITIONS if split == "calib" else REAL_CONDITIONS[:3]:
            if snr == 0.0 or snr == 10.0:
                audio = rendered(clip, condition)
                tag = condition
            else:
                rng = np.random.default_rng(_seed(clip.id, condition, "augment"))
                audio = dress(read(clip.path), split, clip.speaker, clip.id + "/augment", condition,
                              float(rng.uniform(0, 20)), clip.kind == "noise")
                tag = condition.split()[0] + " 0-20"
            out += heard_examples(f"{clip.id}|{tag}", label_of(clip), audio, f"real {clip.kind} {tag}")
    return out


def synthetic_examples() -> list[Example]:
    out = []
    for label, phrases in PHRASES.items():
        for phrase in phrases:
            for voice in (v.name for v in VOICES):
                for k in range(len(VARIANTS) if label != "none" else 1):
                    try:
                        out += [e for c in ("clean", "talk 10", "room 10")
                                for e in synthetic_examples_of(label, phrase, voice, k, c)]
                    except SpeechSynthesisError:
                        break
    return out


def synthetic_examples_of(label: str, phrase: str, voice: str, variant: int, condition: str) -> list[Example]:
    """`phrase` said by a synthetic voice at a variant's rate and pitch, in `condition` (the
    calibration half's talk or rooms at a seeded 0-20 dB), as heard. SpeechSynthesisError when
    the voice is not installed."""
    rate, pitch = VARIANTS[variant]
    body = say(phrase, voice, rate, pitch).astype(np.float64)
    key = f"synthetic/{voice}/{phrase}/{variant}"
    snr = float(np.random.default_rng(_seed(key, condition)).uniform(0, 20))
    audio = dress(body, "calib", voice, key, condition, snr)
    return heard_examples(f"{key}|{condition}", label, audio, f"synthetic {condition}")


PROBES = (("stop", "stop", "flite:slt"), ("yes", "yes", "flite:rms"), ("no", "no", "flite:awb"),
          ("none", "start", "flite:kal16"))
"""Examples whose features and probabilities the weights keep, for the test that the shipped
head is the one this script built (flite speaks the same samples on every machine)."""


def _seed(*parts: object) -> int:
    return int(hashlib.sha256(repr(parts).encode()).hexdigest()[:8], 16)


POOLING = Pooling(voiced_db=25.0, voiced_spread=2)
"""How `features` pools the encoder output; kept with the features and written from them into
the weights, so the shipped head pools its input as its training examples were."""


def encode_all(examples: list[Example], engine: Engine) -> np.ndarray:
    t = THRESHOLDS
    rows = []
    started = time.perf_counter()
    for i, ex in enumerate(examples):
        enc = engine.encode(ex.audio[: t.max_window_frames * HOP], t.window_pad_frames, t.min_window_frames, [])
        rows.append(POOLING.pooled(enc.array, ex.audio))
        if i % 500 == 0:
            print(f"  {i}/{len(examples)} in {time.perf_counter() - started:.0f} s", flush=True)
    return np.stack(rows)


def features(split: str) -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    examples = real_examples(split) + (synthetic_examples() if split == "calib" else [])
    print(f"{split}: {len(examples)} examples", flush=True)
    x = encode_all(examples, Engine(bundled_model()))
    np.savez_compressed(CACHE / f"{split}.npz", x=x.astype(np.float32),
                        keys=np.array([e.key for e in examples]), labels=np.array([e.label for e in examples]),
                        sources=np.array([e.source for e in examples]), **POOLING.arrays())


def load(split: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Pooling]:
    """The cached features, and the pooling they were made with (ValueError for a cache made
    before it was kept: run `features` again)."""
    path = CACHE / f"{split}.npz"
    with np.load(path) as data:
        return data["x"], data["labels"], data["keys"], data["sources"], Pooling.read(data, path)


HIDDEN = 256
MEMBERS = 5
"""Five MLPs of one hidden layer, seeds apart: one MLP varies a lot by seed (the probe)."""


def fit(x: np.ndarray, y: np.ndarray, seed: int) -> object:
    from sklearn.neural_network import MLPClassifier

    model = MLPClassifier((HIDDEN,), alpha=1e-3, batch_size=128, learning_rate_init=1e-3, max_iter=60,
                          early_stopping=False, random_state=seed)
    model.fit(x, y)
    return model


def train() -> None:
    x, labels, keys, _, pooling = load("calib")
    y = np.array([CLASSES.index(str(label)) for label in labels])
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-3
    z = (x - mean) / scale
    arrays: dict[str, np.ndarray] = {"classes": np.array(CLASSES), "mean": mean.astype(np.float16),
                                     "scale": scale.astype(np.float16), "members": np.array(MEMBERS),
                                     **pooling.arrays()}
    for i in range(MEMBERS):
        started = time.perf_counter()
        model = fit(z, y, SEED + i)
        coefs, intercepts = model.coefs_, model.intercepts_  # type: ignore[attr-defined]
        arrays |= {f"w0_{i}": coefs[0].astype(np.float16), f"b0_{i}": intercepts[0].astype(np.float16),
                   f"w1_{i}": coefs[1].astype(np.float16), f"b1_{i}": intercepts[1].astype(np.float16)}
        print(f"member {i}: {time.perf_counter() - started:.0f} s, train accuracy {model.score(z, y):.4f}", flush=True)
    digest = hashlib.sha256(np.round(x, 2).tobytes() + "|".join(map(str, keys)).encode()).hexdigest()
    arrays["trained_on"] = np.array(json.dumps({"features_sha256": digest, "examples": int(len(x)), "seed": SEED,
                                                "hidden": HIDDEN, "members": MEMBERS}))
    probes = [synthetic_examples_of(label, phrase, voice, 0, "clean")[0] for label, phrase, voice in PROBES]
    probe_x = np.stack([x[list(keys).index(e.key)] for e in probes])
    arrays |= {"probe_keys": np.array([e.key for e in probes]), "probe_x": probe_x.astype(np.float16)}
    np.savez_compressed(WEIGHTS, **arrays)
    with np.load(WEIGHTS) as shipped:
        head = ShortWordHead.load(WEIGHTS)
        np.savez_compressed(WEIGHTS, **dict(shipped), probe_p=head.probabilities(probe_x).astype(np.float32))
    print(f"wrote {WEIGHTS} ({WEIGHTS.stat().st_size / 1e6:.1f} MB) from {len(x)} examples")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["features", "train"])
    parser.add_argument("--split", choices=["calib", "test"], default="calib")
    args = parser.parse_args()
    features(args.split) if args.step == "features" else train()


if __name__ == "__main__":
    main()
