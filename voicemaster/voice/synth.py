"""Text to samples with pyttsx3's espeak-ng driver, worked around where it misbehaves.

Read from pyttsx3 2.99 (drivers/espeak.py), and why this module looks the way it does:
- The driver plays with `os.system("aplay ...")` and ignores its exit status, so a
  missing sound card fails silently. We only let pyttsx3 synthesize
  (`save_to_file`) and play the samples ourselves, where failures are visible.
- `save_to_file` prints "Audio saved to ..." on stdout for every utterance; that
  module's `print` is shadowed so the game's own output stays clean.
- Property changes go through espeak's command queue, and the `Cancel` that
  starts every `runAndWait` can drop them; we set them once, after a warm-up,
  and wait until espeak reports them applied.
- Every `runAndWait` begins with a `stop()` that, while espeak's command queue is
  still busy (just after the previous utterance, or after a property change),
  flags a cancel which then hits the new utterance: it comes out empty or cut.
  We wait for espeak to go idle before each utterance.
- `runAndWait` spins forever when the driver never finishes an utterance (or has
  none); callers guard every call with a timeout and `abandon()` a stuck engine.
- espeak's synthesis callback is process-wide and a collected driver unregisters
  it, so engines are kept alive until the process exits.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import time
import wave
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol

import numpy as np

from voicemaster.errors import InputError
from voicemaster.voice.settings import VoiceSettings

_ENGINES_KEPT_ALIVE: list[Any] = []
atexit.register(_ENGINES_KEPT_ALIVE.clear)
"""Released while modules still exist: pyttsx3's destructor fails noisily during interpreter teardown."""


class SpeechError(RuntimeError):
    """The speech engine failed to produce audio."""


@dataclass(frozen=True)
class Pcm:
    """Mono 16-bit samples of one announcement."""

    samples: np.ndarray
    """int16, shape (n,)."""
    rate: int

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate


class Synthesizer(Protocol):
    """A speech engine, used only in the thread that created it."""

    def synthesize(self, text: str) -> Pcm: ...

    def abandon(self) -> None:
        """Called from another thread when synthesize() overran its timeout: unblock if possible."""

    def close(self) -> None: ...


SynthesizerFactory = Callable[[VoiceSettings], Synthesizer]


def _silent(*_args: object, **_kwargs: object) -> None:
    """Stands in for print() inside pyttsx3's espeak driver."""


class Pyttsx3Synthesizer:
    """pyttsx3 (espeak-ng) rendering each announcement into a private temporary WAV."""

    def __init__(self, settings: VoiceSettings) -> None:
        import pyttsx3
        import pyttsx3.drivers.espeak as espeak_driver
        from pyttsx3.drivers import _espeak

        self._espeak = _espeak
        espeak_driver.print = _silent  # type: ignore[attr-defined]
        self._dir = tempfile.mkdtemp(prefix="voicemaster-tts-")
        self._path = os.path.join(self._dir, "utterance.wav")
        self._engine = pyttsx3.Engine("espeak")
        _ENGINES_KEPT_ALIVE.append(self._engine)
        self.synthesize("ready")
        self._apply(settings)

    def _apply(self, settings: VoiceSettings) -> None:
        engine = self._engine
        if settings.voice is not None:
            _check_known(settings.voice, engine.getProperty("voices"))
            engine.setProperty("voice", settings.voice)
        engine.setProperty("rate", settings.rate)
        engine.setProperty("volume", settings.volume)
        deadline = time.monotonic() + 2.0
        while engine.getProperty("rate") != settings.rate or abs(engine.getProperty("volume") - settings.volume) > 0.01:
            if time.monotonic() > deadline:
                raise SpeechError("espeak-ng did not take the rate and volume settings")
            time.sleep(0.002)

    def _wait_until_idle(self) -> None:
        deadline = time.monotonic() + 2.0
        while self._espeak.IsPlaying():
            if time.monotonic() > deadline:
                raise SpeechError("espeak-ng stays busy")
            time.sleep(0.001)

    def synthesize(self, text: str) -> Pcm:
        self._wait_until_idle()
        if os.path.exists(self._path):
            os.remove(self._path)
        self._engine.save_to_file(text, self._path)
        self._engine.runAndWait()
        try:
            with wave.open(self._path, "rb") as wav:
                frames = wav.readframes(wav.getnframes())
                rate = wav.getframerate()
        except (OSError, EOFError, wave.Error) as exc:
            raise SpeechError(f"pyttsx3 produced no audio: {exc}") from exc
        samples = np.frombuffer(frames, dtype="<i2").astype(np.int16)
        if len(samples) == 0:
            raise SpeechError("pyttsx3 produced an empty utterance")
        return Pcm(samples=samples, rate=rate)

    def abandon(self) -> None:
        try:
            self._engine.endLoop()
        except (RuntimeError, ReferenceError):
            pass

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)


def check_voice(voice: str) -> None:
    """InputError for a voice espeak-ng does not have, at start and whatever the output: with
    `--audio-out none`, or no sound card, no announcement is synthesized and the voice would
    never be looked at. Only espeak-ng's data path is set up to list its voices, not the
    engine. Without espeak-ng there is nothing to check against (the speaker says so)."""
    try:
        from pyttsx3.drivers import _espeak
        from pyttsx3.drivers.espeak import EspeakDriver
    except (ImportError, OSError, RuntimeError):
        return
    _espeak.dll.espeak_ng_InitializePath(None)
    _check_known(voice, EspeakDriver.getProperty("voices"))


def _check_known(voice: str, voices: Iterable[Any]) -> None:
    """pyttsx3 swallows a bad voice name and keeps the old voice: refuse it up front. A
    variant after "+" (en-gb+f3) is espeak-ng's to judge."""
    base = voice.split("+", 1)[0].lower()
    known: set[str] = set()
    for v in voices:
        known.update({v.id.lower(), v.id.lower().rsplit("/", 1)[-1], v.name.lower()})
        known.update(language.lower() for language in v.languages)
    if base not in known:
        raise InputError(f"unknown voice {voice!r}: `espeak-ng --voices` lists the voices, e.g. en-us or en-gb+f3")
