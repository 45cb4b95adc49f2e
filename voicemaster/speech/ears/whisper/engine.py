"""Whisper base on CTranslate2, driven directly on a short encoder window.

faster-whisper always pads to 30 s (3000 mel frames: over a second of encoder on two
cores). CTranslate2 accepts a shorter input, so the utterance is encoded in a window
just long enough for it plus a little digital silence, and the decoder is called three
ways:

- `free_decode`: greedy, returning each step's full distribution, i.e. the next-token
  log-probabilities at every prefix of the transcript (the search's cache starts there);
- `forced`: teacher forcing of a batch of token sequences, every step's distribution;
- `continue_after`: a forced opening and its greedy continuation (clue reading).

Every call costs per *batch item* (each item recomputes the cross-attention keys and
values over the encoder output), so callers batch few, well-chosen sequences.

A model is freed by `Engine.close`, or at the interpreter's exit for an engine left open, in
the main thread and before the interpreter tears down: never by the garbage collector. The
model's destructor lets go of the GIL while it joins CTranslate2's worker thread; freed by a
collection that ran on a daemon thread (the ear's wordfreq loader) as the interpreter exited,
that thread was killed when it took the GIL back, inside a C++ destructor, and the process
died with SIGABRT ("terminate called without an active exception"). A daemon thread still
inside a model call at exit did the same, or crashed (SIGSEGV).
"""

from __future__ import annotations

import atexit
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import ctranslate2
import numpy as np

from voicemaster.speech.ears.whisper.features import HOP, log_mel
from voicemaster.speech.ears.whisper.model import ModelError
from voicemaster.speech.ears.whisper.tokenizer import WhisperTokenizer

T = TypeVar("T")

THREADS = 2
COMPUTE_TYPE = "int8"
NO_SPEECH_PROB = 0.6
NO_SPEECH_LOGPROB = -1.0
"""faster-whisper's silence rule: the model's no-speech probability above the first bar and
its transcript's mean log-probability below the second. Both ears on Whisper keep it as
faster-whisper ships it: the game ear's calibration (issue #10, synthetic calibration voices)
chose it, and the grid ear's calibration split kept it."""


def no_one_spoke(no_speech_prob: float, mean_logprob: float) -> bool:
    """faster-whisper's rule: the model thinks nothing was said and wrote nothing it believes."""
    return no_speech_prob > NO_SPEECH_PROB and mean_logprob < NO_SPEECH_LOGPROB


@dataclass(frozen=True)
class Encoded:
    """One utterance's encoder output and the start of every decoder call for it."""

    output: ctranslate2.StorageView
    array: np.ndarray
    """The same output as float32 numpy [1, frames/2, 512], replicated for batches."""
    start: tuple[int, ...]
    """The previous-text prompt (if any) and the start sequence."""
    frames: int
    """Mel frames in the window."""
    features_ms: float
    encode_ms: float


@dataclass(frozen=True)
class FreeDecode:
    tokens: list[int]
    """Text tokens (no special tokens, no end of text)."""
    logprobs: list[np.ndarray]
    """Full next-token log-probabilities before each token, and before the end of
    text when the decode ended (len(tokens) + 1 rows then)."""
    no_speech_prob: float
    text: str
    ms: float


def log_softmax(logits: np.ndarray) -> np.ndarray:
    x = logits.astype(np.float32)
    m = np.max(x, axis=-1, keepdims=True)
    return x - (m + np.log(np.sum(np.exp(x - m), axis=-1, keepdims=True)))


def until_repeat(tokens: Sequence[object], agree: int = 1) -> int:
    """How many tokens (or words) the first saying has: on a short window Whisper says the
    phrase again instead of ending ("We pick umbrella. We pick umbrella."). A saying again
    opens as the first did for `agree` items, or as many as are left: with 2, a row of cards
    whose first two sound alike ("ferret ferret canoe ...") is no phrase said again."""
    return next(
        (i for i in range(1, len(tokens)) if list(tokens[i : i + agree]) == list(tokens[: min(agree, len(tokens) - i)])),
        len(tokens),
    )


def load_model(model_dir: Path) -> ctranslate2.models.Whisper:
    """ModelError (one line naming the directory) when CTranslate2 refuses it."""
    try:
        return ctranslate2.models.Whisper(
            str(model_dir), device="cpu", compute_type=COMPUTE_TYPE, intra_threads=THREADS
        )
    except (RuntimeError, ValueError, OSError) as exc:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise ModelError(f"the Whisper model will not load ({reason})", str(model_dir)) from None


class Engine:
    """The model, its tokenizer, and the few calls the scorer needs. Open until `close`."""

    def __init__(self, model_dir: Path) -> None:
        if not (model_dir / "tokenizer.json").is_file():
            raise ModelError("a Whisper model for VoiceMaster needs its tokenizer.json", str(model_dir))
        self.tokenizer = WhisperTokenizer(model_dir / "tokenizer.json")
        self._model: ctranslate2.models.Whisper | None = load_model(model_dir)
        self._lock = threading.Lock()
        """Held for each model call, so that `close` waits for the one under way."""
        self.n_mels = self._model.n_mels
        self.eot = self.tokenizer.eot
        self.filler = self.tokenizer.encode(" ")[0]
        """The throw-away token forced after each sequence (see `forced`)."""
        _OPEN.add(self)

    def close(self) -> None:
        """Frees the model now, in this thread, once a call under way on another has returned;
        a later call is a RuntimeError, and closing again does nothing."""
        with self._lock:
            self._model = None
        _OPEN.discard(self)

    def _call(self, call: Callable[[ctranslate2.models.Whisper], T]) -> T:
        """`call` on the model, holding it only while the lock is held: the reference `close`
        drops is then the last one, wherever the call ran."""
        with self._lock:
            if self._model is None:
                raise RuntimeError("the Whisper model is closed")
            return call(self._model)

    def encode(self, audio: np.ndarray, pad_frames: int, min_frames: int, prompt: list[int]) -> Encoded:
        """Encode int16 audio in a window of its own length plus `pad_frames` of zeros,
        rounded up to 10 frames (at least `min_frames`).

        The zeros are what Whisper saw after every utterance in training (its 30 s input
        is zero-padded); without them the decoder runs off the end of the window."""
        t0 = time.perf_counter()
        x = audio.astype(np.float32) / 32768.0
        audio_frames = len(x) // HOP + 1
        frames = max(-(-(audio_frames + pad_frames) // 10) * 10, min_frames)
        padded = np.zeros(frames * HOP, dtype=np.float32)
        padded[: min(len(padded), len(x))] = x[: len(padded)]
        mel = log_mel(padded, self.n_mels)
        t1 = time.perf_counter()
        features = ctranslate2.StorageView.from_array(np.ascontiguousarray(mel[None]))
        output = self._call(lambda model: model.encode(features, to_cpu=True))
        array = np.array(output)
        t2 = time.perf_counter()
        start = tuple(prompt) + tuple(self.tokenizer.start)
        return Encoded(output, array, start, frames, 1000 * (t1 - t0), 1000 * (t2 - t1))

    def free_decode(self, enc: Encoded, max_tokens: int) -> FreeDecode:
        """Greedy transcript with the distribution at every step.

        Blank suppression off and the default symbol suppression on, exactly as in
        `forced`, so the two calls' distributions agree and can share one cache."""
        t0 = time.perf_counter()
        result = self._call(lambda model: model.generate(
            enc.output, [list(enc.start)], beam_size=1, max_length=self._max_length(enc, max_tokens),
            return_scores=True, return_logits_vocab=True, return_no_speech_prob=True,
            suppress_blank=False, suppress_tokens=[-1],
        ))[0]
        tokens = list(result.sequences_ids[0])
        logprobs = [log_softmax(np.array(step)) for step in result.logits[0]]
        text = self.tokenizer.decode(tokens)
        return FreeDecode(tokens, logprobs, float(result.no_speech_prob), text, 1000 * (time.perf_counter() - t0))

    def forced(self, enc: Encoded, sequences: list[list[int]]) -> list[np.ndarray]:
        """Teacher forcing, one batch item per token sequence: for each an array
        [len(seq) + 1, vocab] of log-probabilities, row k the distribution before token k
        and the last row the distribution after the whole sequence.

        CTranslate2 forces the tokens after <|notimestamps|> and, with
        return_logits_vocab, returns the logits of every forced step — but not the step
        after the prefix when the model ends there, so a throw-away token is forced after
        each sequence: the row before it is the distribution after the sequence, always."""
        if not sequences:
            return []
        longest = max(len(s) for s in sequences) + 1
        batch = self._batch(enc, len(sequences))
        prompts = [list(enc.start) + s + [self.filler] for s in sequences]
        results = self._call(lambda model: model.generate(
            batch, prompts, beam_size=1, max_length=self._max_length(enc, longest),
            return_logits_vocab=True, suppress_blank=False, suppress_tokens=[-1],
        ))
        out = []
        for seq, result in zip(sequences, results):
            rows = result.logits[0][: len(seq) + 1]
            if len(rows) != len(seq) + 1:
                raise RuntimeError(f"forced decode returned {len(rows)} rows for {len(seq)} tokens")
            out.append(log_softmax(np.stack([np.array(row) for row in rows])))
        return out

    def continue_after(self, enc: Encoded, openings: list[list[int]], max_new: int) -> list[tuple[list[int], np.ndarray]]:
        """For each forced opening, its greedy continuation: (all text tokens, their rows)."""
        if not openings:
            return []
        longest = max(len(p) for p in openings)
        batch = self._batch(enc, len(openings))
        prompts = [list(enc.start) + p for p in openings]
        results = self._call(lambda model: model.generate(
            batch, prompts, beam_size=1, max_length=self._max_length(enc, longest + max_new),
            return_logits_vocab=True, suppress_blank=False, suppress_tokens=[-1],
        ))
        return [
            (list(r.sequences_ids[0]), log_softmax(np.stack([np.array(row) for row in r.logits[0]])))
            for r in results
        ]

    @staticmethod
    def _batch(enc: Encoded, n: int) -> ctranslate2.StorageView:
        return ctranslate2.StorageView.from_array(np.ascontiguousarray(np.repeat(enc.array, n, axis=0)))

    @staticmethod
    def _max_length(enc: Encoded, steps: int) -> int:
        """The `max_length` that allows `steps` decoding steps (forced tokens count).

        CTranslate2's Whisper generate decodes at most min(max_length / 2,
        max_length - start_step) steps, start_step being the length of the prompt
        before the forced text (src/models/whisper.cc)."""
        start_step = len(enc.start) - 1
        return max(2 * steps, steps + start_step)


_OPEN: set[Engine] = set()
"""Engines not closed yet. Held here so that no collection frees a model on whatever thread
it runs (see the module's docstring); an engine that is never closed lives until the exit."""


@atexit.register
def _close_left_open() -> None:
    """Runs in the main thread before the interpreter tears down, while daemon threads still
    run: a call under way on one is waited for, and every model is freed here."""
    for engine in list(_OPEN):
        engine.close()
