"""Recordings of real people (../shared/realspeech) as the real-voice benchmark's clips.

Every clip is one thing a person said near the table: a request said alone ("stop", "yes",
"no"), or talk that must be ignored (a single other word, a card name said bare, a number,
a wake word, a sentence that names a card, background noise). The folder is split by
speaker into a calibration half (thresholds are fitted on it) and a test half (reported),
the same way on every machine. A clip is heard as `voicemaster recognize` hears a file:
300 ms of room tone before and after it, and, in the talk condition, other real people
from the same split talking 10 dB below it. A clip is heard as `recognize` hears a file
(`heard_as_a_file`): through play's front end, the endpointer cutting it, the ear deciding on
each utterance against the moment of the game `recognize --phase [--question]` stands for
(bench/speech/hearing.py).
"""

from __future__ import annotations

import csv
import hashlib
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from voicemaster.commands.recognize import moment
from voicemaster.game.phase import Phase
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.voices.synthetic import active_power
from voicemaster.understand.intents import Command, Intent
from voicemaster.understand.listening import Listening
from voicemaster.vocabulary import CLUE_NUMBER_WORDS

DEFAULT_ROOT = Path(__file__).resolve().parents[3] / "shared" / "realspeech"
ROOMS_ROOT = DEFAULT_ROOT.parent / "realrooms"
SPLITS = ("calib", "test")
BOARD = (
    "DOG", "CAT", "BIRD", "BED", "HOUSE", "TREE", "OPERATOR", "VOYAGER", "WILDFIRE", "COMPUTER",
    "APPLE", "BERLIN", "CASTLE", "DIAMOND", "ENGINE", "FALCON", "GLOVE", "HONEY", "ICE CREAM",
    "JUPITER", "KNIGHT", "LEMON", "NURSE", "PIANO", "SPIDER",
)
"""Ten cards real people say in the folder (bare or in sentences), fifteen they never say."""
REQUESTS = {"stop": "stop", "yes": "yes", "no": "no"}
PAD_SECONDS = 0.3
TALK_SNR_DB = 10.0
CONDITIONS = ("clean", "talk 10", "room 10")
"""Quiet; other real people talking 10 dB below; a measured room (its impulse response) with its
real noise 10 dB below (../shared/realrooms, rooms and noises halved like the speakers)."""
ROOM_TONE_DB = 45.0
"""Room tone this far below the clip's speech: never digital silence around a clip."""

KINDS = ("stop", "yes", "no", "single word", "card name", "number", "wake word", "sentence naming a card",
         "sentence", "noise")
TALK_KINDS = KINDS[3:]


@dataclass(frozen=True)
class Clip:
    path: Path
    text: str
    """The source's own transcript."""
    speaker: str
    kind: str
    split: str

    @property
    def id(self) -> str:
        return f"{self.path.parent.parent.name}/{self.path.parent.name}/{self.path.name}"

    @property
    def expected(self) -> Intent | None:
        return Command(REQUESTS[self.kind]) if self.kind in REQUESTS else None  # type: ignore[arg-type]


@dataclass(frozen=True)
class Setting:
    """Where in a game a clip is heard: the guess phase with a question open (every clip:
    `recognize --phase guess --question`), and the clue phase while a clue is awaited (numbers
    and card names, neither of which is a clue: `recognize --phase clue`)."""

    name: str
    phase: Phase
    question: bool
    kinds: tuple[str, ...]

    def now(self, board: tuple[str, ...] = ()) -> Listening:
        return moment(board or BOARD, self.phase, self.question)


SETTINGS = (
    Setting("question open", Phase.GUESS, True, KINDS),
    Setting("clue phase", Phase.CLUE, False, ("number", "card name")),
)



def split_of(speaker: str, path: str) -> str:
    """Half the speakers calibrate, the other half test: by a hash, the same everywhere. Clips
    whose source names no speaker (the wake words, the noise) are split one by one; the
    digits' two speakers go one to each half."""
    if speaker.startswith("fsdd:"):
        return "test" if speaker == "fsdd:nicolas" else "calib"
    return SPLITS[int(hashlib.sha256((speaker or path).encode()).hexdigest()[:8], 16) % 2]


def kind_of(folder: str, text: str) -> str:
    words = text.split()
    cards = {c.lower() for c in BOARD}
    if folder == "nonspeech":
        return "noise"
    if folder == "wake_word_benchmark":
        return "wake word"
    if folder == "wuw_corpus_ii_telephone":
        return "sentence naming a card" if cards & set(words) else "sentence"
    if text in REQUESTS:
        return text
    if text in CLUE_NUMBER_WORDS or all(w in CLUE_NUMBER_WORDS for w in words):
        return "number"
    return "card name" if text in cards else "single word"


@lru_cache(maxsize=4)
def clips(root: Path = DEFAULT_ROOT) -> tuple[Clip, ...]:
    manifest = root / "manifest.tsv"
    if not manifest.exists():
        raise SystemExit(f"real_voices: no {manifest}: give the realspeech folder with --data")
    out = []
    with manifest.open(encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            path = root / row["path"]
            folder = Path(row["path"]).parts[0]
            text = " ".join(row["transcript"].lower().split())
            out.append(Clip(path, text, row["speaker"], kind_of(folder, text), split_of(row["speaker"], row["path"])))
    return tuple(out)


def read(path: Path) -> np.ndarray:
    import soundfile

    audio, rate = soundfile.read(str(path), dtype="float64", always_2d=True)
    if rate != SAMPLE_RATE:
        raise SystemExit(f"real_voices: {path} is {rate} Hz, not {SAMPLE_RATE}")
    return audio.mean(axis=1) * 32768.0


def _seed(*parts: object) -> int:
    return int(hashlib.sha256(repr(parts).encode()).hexdigest()[:8], 16)


def _mix(x: np.ndarray, noise: np.ndarray, snr_db: float, level: float) -> np.ndarray:
    power = float(np.mean(noise**2)) or 1.0
    return x + noise * np.sqrt(level / (power * 10 ** (snr_db / 10)))


def talk_track(split: str, n: int, seed: int, avoid: str, root: Path = DEFAULT_ROOT) -> np.ndarray:
    """Other people of the same split talking: sentences and words one after another, two
    voices over each other, none of them the clip's own speaker."""
    pool = [c for c in clips(root) if c.split == split and c.speaker != avoid and c.kind in
            ("sentence", "sentence naming a card", "wake word", "single word", "card name", "number")]
    rng = np.random.default_rng(seed)
    total = np.zeros(n)
    for _ in range(2):
        parts: list[np.ndarray] = []
        while sum(len(p) for p in parts) < n + SAMPLE_RATE:
            said = read(pool[int(rng.integers(len(pool)))].path)
            parts += [said / (np.sqrt(active_power(said)) or 1.0), np.zeros(int(rng.uniform(0.05, 0.3) * SAMPLE_RATE))]
        voice = np.concatenate(parts)
        start = int(rng.integers(0, len(voice) - n))
        total += voice[start : start + n]
    return total


def room_files(kind: str, split: str, root: Path = ROOMS_ROOT) -> list[Path]:
    """The split's half of the measured rooms (kind "rir") or real noises ("noise"): sorted by
    name, a room's true-stereo twin kept with it, alternately calibration and test."""
    names = sorted(p for p in (root / kind).glob("*.flac"))
    groups = sorted({p.stem.removesuffix("_true_stereo") for p in names})
    half = {g: SPLITS[i % 2] for i, g in enumerate(groups)}
    return [p for p in names if half[p.stem.removesuffix("_true_stereo")] == split]


@lru_cache(maxsize=64)
def _room_sound(path: Path) -> np.ndarray:
    return read(path)


def in_room(x: np.ndarray, split: str, seed: int, snr_db: float, level: float) -> np.ndarray:
    """`x` as heard across a real room of the split, with a stretch of its real noise `snr_db`
    below the speech (RMS over the voiced part, as the talk condition)."""
    from scipy.signal import fftconvolve

    rng = np.random.default_rng(seed)
    rirs, noises = room_files("rir", split), room_files("noise", split)
    rir = _room_sound(rirs[int(rng.integers(len(rirs)))])
    wet = fftconvolve(x, rir / (np.sqrt(np.sum(rir**2)) or 1.0))[: len(x)]
    noise = _room_sound(noises[int(rng.integers(len(noises)))])
    while len(noise) < len(x) + 1:
        noise = np.concatenate([noise, noise])
    start = int(rng.integers(0, len(noise) - len(x)))
    return _mix(wet, noise[start : start + len(x)], snr_db, active_power(wet) or level)


def render(clip: Clip, condition: str, root: Path = DEFAULT_ROOT) -> np.ndarray:
    """16 kHz int16, as `voicemaster recognize` would read it from a file."""
    return dress(read(clip.path), clip.split, clip.speaker, clip.id, condition, TALK_SNR_DB, clip.kind == "noise", root)


def dress(body: np.ndarray, split: str, speaker: str, key: str, condition: str, snr_db: float,
          noise: bool = False, root: Path = DEFAULT_ROOT) -> np.ndarray:
    """`body` (float samples at int16 scale) with 300 ms of room tone each side, in
    `condition` at `snr_db` ("talk 10" and "room 10" name the condition; the number in the
    name is the benchmark's, `snr_db` the one used); `key` seeds what is mixed in."""
    pad = int(PAD_SECONDS * SAMPLE_RATE)
    x = np.concatenate([np.zeros(pad), body, np.zeros(pad)])
    level = active_power(body) if not noise else float(np.mean(body**2)) or 1.0
    rng = np.random.default_rng(_seed(key, "tone"))
    tone = rng.standard_normal(len(x))
    x = _mix(x, tone, ROOM_TONE_DB, level)
    if condition == "talk 10":
        x = _mix(x, talk_track(split, len(x), _seed(key, condition), speaker, root), snr_db, level)
    elif condition == "room 10":
        x = in_room(x, split, _seed(key, condition), snr_db, level)
    elif condition != "clean":
        raise ValueError(condition)
    peak = float(np.max(np.abs(x))) or 1.0
    return np.round(x * min(1.0, 32000.0 / peak)).astype(np.int16)


def cache_dir() -> Path:
    path = Path(__file__).resolve().parents[1] / ".cache" / "real_voices"
    path.mkdir(parents=True, exist_ok=True)
    return path


def rendered(clip: Clip, condition: str, root: Path = DEFAULT_ROOT) -> np.ndarray:
    """`render`, kept on disk: the talk condition reads a dozen files a clip."""
    path = cache_dir() / f"{_seed(clip.id, condition, root.name):08x}.npy"
    if path.exists():
        return np.load(path)
    audio = render(clip, condition, root)
    tmp = path.with_suffix(f".{os.getpid()}.npy")
    np.save(tmp, audio)
    os.replace(tmp, path)
    return audio
