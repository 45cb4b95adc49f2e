"""Every tuned number of the audio front end, in one place, and where each comes from.

None was found by a search: each was set by hand when its stage was written, and the stages
were then measured on synthetic speech (espeak-ng voices, babble made of them, pink noise):
the endpointer and the steady-noise stage by bench/noise_suppression.py
(bench/results/noise_suppression.md), the utterance stage by bench/speech_accuracy.py
(bench/results/speech_accuracy.md), the trailing silences by bench/latency.py
(bench/results/latency.md). Since issue 44 the real-voice benchmarks (bench/real_voices.py,
real_clues.py, false_accepts.py) hear their clips through this front end, as `play` does: the
shortest utterance and the stream's first floor were checked on real people in measured rooms
(`min_utterance_ms`, `first_floor_percentile`). Formats are not
tuned and stay where they are defined: the sample rate (format.py), the 20 ms frame
(sources.py), the 10 ms level frame (front_end.py), the transform's framing (spectral_gate.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EndpointerSettings:
    """The endpointer (endpointer.py). Set by hand (79e0898, the floor's drop 9999282, digital
    silence 70fe6ae, the brisk silence 79166cd); measured with, not fitted on, synthetic
    sessions: 24 of 24 phrases cut as one utterance in every noise condition with no
    suppressor (bench/results/noise_suppression.md)."""

    pre_roll_ms: int = 300
    """Audio kept from before the detected start, so soft onsets are not clipped. Set by hand."""
    start_window_ms: int = 100
    start_voiced_ms: int = 60
    """Voiced frames needed within the start window to open an utterance. Set by hand."""
    trailing_silence_ms: int = 1000
    """Unvoiced time that closes an utterance (pauses between words are shorter) while a clue
    is awaited, and in every recording replayed (they are cut with no pace). A spymaster pauses
    inside a clue ("my clue is... ocean... two"). Measured on real clues (bench/real_clues.py,
    calibration half: a speaker's word and number clips, trimmed and joined): with real talk or a
    measured room and its real noise 10 dB below, 600 ms cut 25 of 90 clues in two (word, then
    number: neither is a clue alone), 800 ms 8, 1000 ms 2; real clues read back right, talk
    40.0 → 48.9%, room 28.9 → 37.8%."""
    brisk_trailing_silence_ms: int = 350
    """The same while only short requests are expected (guesses, commands, a yes or no). Set by
    hand; end of speech to decision measured with it: bench/results/latency.md."""
    kept_silence_ms: int = 200
    """Of that trailing silence, how much stays at the end of the utterance (and when the pause
    cut is given, which the ear starts on). Set by hand."""
    min_utterance_ms: int = 100
    """Shorter voiced bursts (clicks, a clap) are dropped. Measured on real voices (calibration
    half, /tmp scripts of issue 44: the longest utterance the endpointer cut from each of 1,439
    real words, requests, numbers and single words, said alone): never under 100 ms, but under
    250 ms (the bar set by hand before) for 12 clean and 123 in a measured room with real noise
    10 dB below, mostly quick "stop"s and "no"s, which the endpointer then dropped whole."""
    max_utterance_ms: int = 8000
    """Longer speech is cut here: nothing addressed to the referee is that long. Set by hand."""
    threshold_db: float = 7.0
    """Frame energy above the noise floor that counts as voice. Set by hand."""
    floor_window_ms: int = 4000
    floor_percentile: float = 30.0
    """The noise floor is this percentile of frame energy over the window, so it follows
    babble; a low percentile would sit in babble's dips and call every babble peak voice.
    Set by hand."""
    floor_recent_ms: int = 1000
    """Also the stream's start: its first second is held until it has told the room's floor."""
    first_floor_percentile: float = 10.0
    """The floor that first second is judged by: this percentile of its frame energies. Set by
    hand so that a WAV opening on its words is cut: flite's "how many left" has 0.18 s of
    quiet before them, a tenth of the second (the window's 30 put the floor in the words and
    nothing was cut); espeak's "yes" has none, and its trailing quiet gives the floor. Steady
    noise spreads 1-2.5 dB (SteadyNoiseTuning), well under `threshold_db`: it stays no voice."""
    floor_drop_db: float = 6.0
    """When the floor over this recent stretch is that much lower, it is used instead, so
    that a sudden drop in noise (a fan stops, a suppressor engages) does not hide the
    next words; babble's own dips are smaller and do not trigger it. Digital silence
    (exact zeros spliced into a recording) is no room noise and is left out of it. Set by hand."""
    half_duplex_tail_ms: int = 300
    """Frames still dropped after the app stops speaking (room echo, device latency). Set by hand."""
    silence_db: float = -70.0
    """Frames quieter than this (dBFS) never count as voice, however low the noise floor; the
    floor before any frame is heard. Set by hand."""
    digital_silence_db: float = -100.0
    """Quieter than any microphone: samples that are (nearly) all zero, such as the zeros
    ending espeak-ng's clips. Set by hand."""


@dataclass(frozen=True)
class SteadyNoiseTuning:
    """The steady-noise gate around the stream's suppressor (denoise.SteadyNoiseGate). Set by
    hand (4d466a7) between the spreads its docstring gives for steady noise and babble (where
    they were read is not recorded); the gate then measured by bench/noise_suppression.py:
    `auto` matches `none` in babble and gains in pink noise (90% against 81%)."""

    max_spread_db: float = 3.5
    """A background whose spread is below this is steady and the suppressor's output is used:
    steady noise (pink noise, fans, hum) spreads 1-2.5 dB over 3 s, babble 5-7 dB."""
    hysteresis_db: float = 0.5
    """The bar is this much higher while the gate is on, lower while off. Set by hand."""
    window_ms: int = 3000
    """The stretch of background whose spread is measured (the 3 s of the spreads above)."""
    judge_after_ms: int = 1000
    """The gate stays as it is until this much of the window is heard (a third). Set by hand."""
    spread_percentiles: tuple[float, float] = (50.0, 10.0)
    """The spread: the first percentile of the window's frame energies minus the second (the
    median minus the 10th percentile), the measure the spreads above were read with."""
    quietest_db: float = -90.0
    """Frame energies count no lower than this (dBFS), so digital silence does not widen the
    spread. Set by hand."""


STEADY_NOISE = SteadyNoiseTuning()


@dataclass(frozen=True)
class UtteranceTuning:
    """The grammar recognizers' utterance stage (front_end.clean_utterance): spectral gating
    when the room is loud, then the loudest span. Set by hand (the span 7435fed, the gating rule
    c9a24c1); measured on bench/speech_accuracy.py's synthetic corpus (pocketsphinx)."""

    shortest_levels: int = 10
    """An utterance shorter than this many 10 ms level frames is passed on as it is, by both
    steps. Set by hand."""
    loud_percentile: float = 95.0
    """The utterance's loud frames (the talker): this percentile of its levels. Set by hand."""
    quiet_percentile: float = 10.0
    """Its quiet frames (the room), for the gating rule. Set by hand."""
    noisy_db: float = 25.0
    """Loud frames less than this above the quiet ones: a loud room, where spectral gating pays.
    Set by hand; the gating it opens, on the synthetic corpus: guesses +10 points at babble
    10 dB and +20 in pink noise, commands +35 and +20, clean speech unchanged."""
    span_db: float = 15.0
    """The loudest span keeps frames within this of the loud frames (and above the midpoint
    between them and the span floor). Set by hand (pre-roll babble had been written down as
    extra words and rejected the request)."""
    span_floor_percentile: float = 20.0
    """The span's quiet frames: this percentile of the levels. Set by hand."""
    span_margin_ms: int = 120
    """Kept either side of the loud frames. Set by hand."""


UTTERANCE = UtteranceTuning()


@dataclass(frozen=True)
class SpectralGateTuning:
    """The spectral gate (spectral_gate.py): noisereduce's defaults for
    `reduce_noise(stationary=True)`, which the utterance stage was measured with
    (bench/speech_accuracy.py); tests/speech/audio/test_spectral_gate.py holds the gate to
    noisereduce's output sample by sample. Not tuned here."""

    n_std: float = 1.5
    """A frequency's noise level: the mean of its dB values over time plus this many standard
    deviations; bins above it pass."""
    top_db: float = 80.0
    """Bins more than this below a frequency's loudest are counted at that depth."""
    freq_smooth_hz: int = 500
    time_smooth_ms: int = 50
    """The 0/1 mask is smoothed over this much frequency and time before it is applied."""


SPECTRAL_GATE = SpectralGateTuning()


@dataclass(frozen=True)
class LevelCheckTuning:
    """The microphone level check's advice (level_check.py). Set by hand (ccb58d1); the tests
    check the advice on synthetic speech at a few gains and hisses."""

    speech_percentile: float = 95.0
    """The voices' level: this percentile of the frame levels heard."""
    floor_percentile: float = 10.0
    """The room's level: this percentile."""
    quiet_db: float = -45.0
    """Voices below this (dBFS) are too quiet."""
    loud_db: float = -3.0
    """Voices above this (dBFS) are too loud."""
    clipped_share: float = 0.01
    """More frames than this share touching full scale: the voices clip."""
    noisy_margin_db: float = 15.0
    """Voices less than this above the room: the room is noisy compared with them."""


LEVEL_CHECK = LevelCheckTuning()
