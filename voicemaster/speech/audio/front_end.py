"""The one audio front end: source → steady-noise stage → endpointer, and the utterance clean-up.

`play` (microphone or WAV), `recognize`, `demo` and the benchmarks all build it here
(speech/recordings.py), so what the benchmarks measure is what the table gets. It runs on the
audio thread alone: what the rest of the app tells it (the game's pace, the app's own voice,
another noise stage for another ear) comes as `Control` events, applied between frames. Two
noise reducers, two roles:
- the stream stage (speech/audio/denoise.py, `--denoise`, by default the recognizer's own
  choice) runs on every frame before the endpointer; `auto` engages only while the
  background is steady (fans, hum): there it helps endpointing and the grammar
  recognizers, in babble it would hurt; Whisper hears best with `none`;
- the utterance stage (`clean_utterance`) is for the grammar recognizers (pocketsphinx,
  vosk; applied by their ear): spectral gating (spectral_gate.py) when the room is loud compared with the
  talker, then the loudest span, so pre-roll babble is not decoded as extra words.
  Whisper hears the endpointer's cut as it is: measured on the same clips, the trimming
  cost it 14 of 54 clean guesses and the gating 9 of 27 guesses in babble at 10 dB.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass, field
from typing import Callable, Iterator, Union

import numpy as np

from voicemaster.speech.audio.sources import AudioSource
from voicemaster.speech.audio.denoise import DEFAULT_DENOISER, Denoiser, make_denoiser
from voicemaster.speech.audio.endpointer import Endpointer, Utterance
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.audio.spectral_gate import gate
from voicemaster.speech.audio.tuning import UTTERANCE, EndpointerSettings

LEVEL_FRAME = 160
"""10 ms: the resolution of the utterance stage's level analysis."""


@dataclass(frozen=True)
class Pace:
    """Only short requests are expected now (a team guesses, a question is open), or no longer."""

    brisk: bool


@dataclass(frozen=True)
class Speaking:
    """The app's own voice is in the room (or no longer): the endpointer drops what it hears,
    and a tail after it (the room's echo)."""

    on: bool


@dataclass(frozen=True)
class NoiseStage:
    """Another ear listens now and hears best with this noise stage."""

    denoiser: Denoiser


Control = Union[Pace, Speaking, NoiseStage]


@dataclass
class FrontEnd:
    """The stages after a source; they keep their state (noise estimates) from one source to the next."""

    denoiser: Denoiser
    endpointer: Endpointer
    _controls: "queue.SimpleQueue[Control]" = field(default_factory=queue.SimpleQueue, repr=False)

    def tell(self, control: Control) -> None:
        """From any thread: applied before the next frame."""
        self._controls.put(control)

    def utterances(
        self,
        source: AudioSource,
        on_frame: Callable[[np.ndarray], None] | None = None,
        on_pause: Callable[[Utterance], None] | None = None,
    ) -> Iterator[Utterance]:
        """Every utterance of `source`; `on_frame` sees the raw frames (level meters), `on_pause`
        each cut the endpointer would make should the talker's pause last (`Endpointer.pause_cut`)."""
        for frame in source.frames():
            if on_frame is not None:
                on_frame(frame)
            utterance = self.push(frame)
            if utterance is not None:
                yield utterance
            elif on_pause is not None and (paused := self.endpointer.pause_cut()) is not None:
                on_pause(paused)
        yield from self.endpointer.flush()

    def push(self, frame: np.ndarray) -> Utterance | None:
        """One frame of an endless stream in; an utterance when one ends."""
        self._apply_controls()
        return self.endpointer.push(self.denoiser.process(frame))

    def _apply_controls(self) -> None:
        while True:
            try:
                control = self._controls.get_nowait()
            except queue.Empty:
                return
            if isinstance(control, Pace):
                self.endpointer.brisk = control.brisk
            elif isinstance(control, Speaking):
                self.endpointer.app_speaking = control.on
            else:
                self.denoiser = control.denoiser


def open_front_end(denoise: str = DEFAULT_DENOISER, endpointing: EndpointerSettings = EndpointerSettings(),
                   brisk: bool = False) -> FrontEnd:
    """InputError for an unknown or unavailable noise suppressor. `brisk`: only short requests
    are expected from the start (the endpointer then ends utterances sooner)."""
    return FrontEnd(make_denoiser(denoise), Endpointer(endpointing, brisk))


def clean_utterance(audio: np.ndarray) -> np.ndarray:
    """The utterance stage of the grammar recognizers, on one cut utterance."""
    return loudest_span(reduce_steady_noise(audio))


def _frame_levels(audio: np.ndarray) -> np.ndarray:
    n = len(audio) // LEVEL_FRAME
    frames = audio[: n * LEVEL_FRAME].astype(np.float64).reshape(n, LEVEL_FRAME)
    return 10 * np.log10(np.mean(frames**2, axis=1) + 1e-9)


def reduce_steady_noise(audio: np.ndarray) -> np.ndarray:
    """Spectral gating when the room is loud compared with the talker.

    The endpointer's pre-roll gives the noise profile. In quiet rooms the gate only
    costs accuracy, so it runs only when the quiet frames are within `noisy_db` of the
    loud ones (tuning.UtteranceTuning)."""
    u = UTTERANCE
    if len(audio) < u.shortest_levels * LEVEL_FRAME:
        return audio
    level = _frame_levels(audio)
    if np.percentile(level, u.loud_percentile) - np.percentile(level, u.quiet_percentile) >= u.noisy_db:
        return audio
    cleaned = gate(audio, SAMPLE_RATE)
    return np.clip(np.round(cleaned), -32768, 32767).astype(np.int16)


def loudest_span(audio: np.ndarray) -> np.ndarray:
    """The utterance without the quieter background before and after it.

    The endpointer keeps some pre-roll and trailing audio; at a table that is
    other people talking, which an open decode would write down as extra words
    and so reject the request. Frames within `span_db` of the utterance's loud
    frames, and above the midpoint between them and the quiet frames (in loud
    babble), plus a margin, are kept (tuning.UtteranceTuning)."""
    u = UTTERANCE
    if len(audio) < u.shortest_levels * LEVEL_FRAME:
        return audio
    level = _frame_levels(audio)
    peak, floor = np.percentile(level, u.loud_percentile), np.percentile(level, u.span_floor_percentile)
    loud = np.flatnonzero(level >= max(peak - u.span_db, (peak + floor) / 2))
    margin = u.span_margin_ms * SAMPLE_RATE // 1000 // LEVEL_FRAME
    start, end = max(0, loud[0] - margin), min(len(level), loud[-1] + 1 + margin)
    return audio[start * LEVEL_FRAME : end * LEVEL_FRAME]
