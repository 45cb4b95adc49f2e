"""What each noise suppressor does to recognition and to endpointing.

Corpus: guesses and commands spoken by six espeak-ng voices, each preceded by
three seconds of the same noise (a streaming suppressor must learn the noise
before the speech, as it would at a table), mixed at babble 20/10/5 dB and
pink 10 dB (SNR over active speech). Every suppressor runs frame by frame on
the whole stream (noisereduce, not a streaming one, on the whole array);
pocketsphinx decodes the utterance window with a JSGF grammar of the board's
cards and the commands (a plain decoder, so that only the suppressor varies). The endpointer part counts how many
phrases of a long session come out as exactly one utterance.

    .venv/bin/python bench/noise_suppression.py [--quick]

Prints the tables and writes bench/results/noise_suppression.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("VOICEMASTER_TTS_CACHE", str(ROOT / ".cache" / "tts"))

from pocketsphinx import Decoder  # noqa: E402

from voicemaster.errors import InputError  # noqa: E402
from voicemaster.speech.audio.sources import ArraySource  # noqa: E402
from voicemaster.speech.audio.denoise import DENOISERS, denoise_frames, make_denoiser  # noqa: E402
from voicemaster.speech.audio.endpointer import Endpointer  # noqa: E402
from voicemaster.speech.audio.format import SAMPLE_RATE  # noqa: E402
from voicemaster.speech.voices.synthetic import babble, mix_at_snr, pink_noise, speak  # noqa: E402
from voicemaster.understand.requests import CARD, sayings  # noqa: E402

VOICES = ("en-us", "en-us+m3", "en-us+f2", "en-us-nyc", "en-us+m7", "en-us+f4")
GUESS_FORMS = tuple(" ".join("{}" if w == CARD else w for w in said) for said in sayings("guess"))
COMMANDS = tuple(" ".join(said) for name in ("stop", "undo", "repeat", "status", "yes", "no") for said in sayings(name))
"""What the table says (understand/requests.py): every guess and these requests, in all their sayings."""
CONDITIONS: dict[str, tuple[str, float]] = {
    "clean": ("none", 0.0), "babble 20": ("babble", 20), "babble 10": ("babble", 10),
    "babble 5": ("babble", 5), "pink 10": ("pink", 10),
}
LEAD_IN_S = 3.0
PRE_ROLL_S = 0.3
RESULTS = ROOT / "bench" / "results" / "noise_suppression.md"
NOTES = """
## Notes

- The shipped default is `auto`: the steady-noise gate (voicemaster/speech/audio/denoise.py)
  around WebRTC's suppressor at level 4. It runs the suppressor on every frame but
  passes its output on only while the background's frame energies are tightly
  bunched (steady noise, or silence); in babble it is the identity, so it matches
  `none` there by construction and takes the suppressor's gain in steady noise.
  `auto-rnnoise` scores about the same at ten times the CPU and a heavier dependency.
- Every suppressor alone hurts recognition in babble: the noise there is speech.
  The babble is made of espeak-ng voices, the synthesizer of the target speech too;
  RNNoise then removes the target along with the babble. Real talkers may fare
  differently: re-measure with recordings before changing the default.
- The clean column is held down by pocketsphinx's handling of exact digital
  silence (synthetic speech is padded with zeros); suppressors that leave a faint
  noise floor help there. The recognizer backend adds its own dither for that.
- One utterance is 2 points. Changing only which stretch of babble is mixed in
  moved `none` at babble 20 between 88% and 98% across runs.
"""


@dataclass(frozen=True)
class Item:
    text: str
    voice: str
    speed: int


def board(seed: int, decoder: Decoder) -> list[str]:
    words = [w.strip() for w in (ROOT / "wordlists" / "default.txt").read_text().splitlines()]
    words = [w for w in words if w and not w.startswith("#") and decoder.lookup_word(w) is not None]
    rng = np.random.default_rng(seed)
    return [words[i] for i in rng.choice(len(words), 25, replace=False)]


def corpus(cards: list[str], n: int, seed: int) -> list[Item]:
    rng = np.random.default_rng(seed)
    items = []
    for i in range(n):
        text = COMMANDS[i % len(COMMANDS)] if i % 3 == 2 else GUESS_FORMS[i % len(GUESS_FORMS)].format(cards[rng.integers(25)])
        items.append(Item(text, VOICES[i % len(VOICES)], int(rng.integers(140, 190))))
    return items


def jsgf(cards: list[str]) -> str:
    forms = " | ".join(f.format("<card>") for f in GUESS_FORMS)
    return (
        "#JSGF V1.0;\ngrammar table;\n"
        f"<card> = {' | '.join(cards)};\n"
        f"public <utterance> = {forms} | {' | '.join(COMMANDS)};\n"
    )


def noise_for(kind: str, n: int, seed: int) -> np.ndarray:
    return babble(n, talkers=5, seed=seed) if kind == "babble" else pink_noise(n, seed=seed)


def noisy_stream(speech: np.ndarray, condition: str, seed: int) -> np.ndarray:
    """Lead-in, speech, tail; the noise runs through all three, its level set by the speech alone."""
    kind, snr = CONDITIONS[condition]
    lead = np.zeros(int(LEAD_IN_S * SAMPLE_RATE), np.int16)
    tail = np.zeros(int(PRE_ROLL_S * SAMPLE_RATE), np.int16)
    clean = np.concatenate([lead, speech, tail])
    if kind == "none":
        return clean
    return mix_at_snr(clean, noise_for(kind, len(clean), seed), snr)


def decode(decoder: Decoder, audio: np.ndarray) -> str:
    decoder.start_utt()
    decoder.process_raw(audio.tobytes(), full_utt=True)
    decoder.end_utt()
    hyp = decoder.hyp()
    return " ".join(hyp.hypstr.split()) if hyp is not None else ""


def recognition(items: list[Item], names: list[str], decoder: Decoder) -> dict[tuple[str, str], tuple[float, float]]:
    """(suppressor, condition) -> (accuracy, suppressor ms per second of audio)."""
    results: dict[tuple[str, str], tuple[float, float]] = {}
    for condition in CONDITIONS:
        streams = [noisy_stream(speak(it.text, it.voice, it.speed), condition, seed=k) for k, it in enumerate(items)]
        for name in names:
            correct, spent, seconds = 0, 0.0, 0.0
            for item, stream in zip(items, streams):
                start = time.perf_counter()
                clean = _suppress(name, stream)
                spent += time.perf_counter() - start
                seconds += len(stream) / SAMPLE_RATE
                window = clean[int((LEAD_IN_S - PRE_ROLL_S) * SAMPLE_RATE) :]
                correct += decode(decoder, window) == item.text
            results[(name, condition)] = (correct / len(items), 1000 * spent / seconds)
            print(f"{condition:10s} {name:12s} {correct}/{len(items)}", flush=True)
    return results


def _suppress(name: str, stream: np.ndarray) -> np.ndarray:
    if name == "noisereduce":
        import noisereduce

        return np.round(noisereduce.reduce_noise(y=stream.astype(np.float32), sr=SAMPLE_RATE)).astype(np.int16)
    frames = ArraySource(stream).frames()
    return np.concatenate(list(denoise_frames(frames, make_denoiser(name))))[: len(stream)]


def _available(name: str) -> bool:
    try:
        if name == "noisereduce":
            import noisereduce  # noqa: F401
        else:
            make_denoiser(name)
    except (ImportError, InputError) as exc:
        print(f"skipping {name}: {exc}", file=sys.stderr)
        return False
    return True


def endpointing(names: list[str], sessions: int) -> dict[tuple[str, str], tuple[int, int, int]]:
    """(suppressor, condition) -> (phrases cut as exactly one utterance, phrases, extra utterances)."""
    results: dict[tuple[str, str], tuple[int, int, int]] = {}
    audio, truth = _session(sessions)
    for condition, (kind, snr) in CONDITIONS.items():
        stream = audio if kind == "none" else mix_at_snr(audio, noise_for(kind, len(audio), seed=99), snr)
        for name in names:
            cleaned = _suppress(name, stream)
            utterances = list(Endpointer().utterances(ArraySource(cleaned).frames()))
            spans = [(u.start_s, u.end_s) for u in utterances]
            whole = sum(
                1 for s, e in truth
                if len([u for u in spans if u[0] - 0.3 <= s and u[1] + 0.3 >= e]) == 1
                and sum(u[0] < e and u[1] > s for u in spans) == 1
            )
            extra = sum(1 for u in spans if not any(u[0] < e and u[1] > s for s, e in truth))
            results[(name, condition)] = (whole, len(truth), extra)
    return results


def _session(n: int) -> tuple[np.ndarray, list[tuple[float, float]]]:
    rng = np.random.default_rng(5)
    parts, truth, pos = [np.zeros(SAMPLE_RATE, np.int16)], [], SAMPLE_RATE
    for i in range(n):
        text = COMMANDS[i % len(COMMANDS)] if i % 2 else GUESS_FORMS[i % len(GUESS_FORMS)].format("apple")
        clip = speak(text, VOICES[i % len(VOICES)])
        rms = np.sqrt(np.mean(clip[: len(clip) // 160 * 160].astype(float).reshape(-1, 160) ** 2, axis=1))
        active = np.nonzero(rms > 300)[0]
        truth.append(((pos + active[0] * 160) / SAMPLE_RATE, (pos + (active[-1] + 1) * 160) / SAMPLE_RATE))
        gap = np.zeros(int(rng.uniform(0.9, 2.5) * SAMPLE_RATE), np.int16)
        parts += [clip, gap]
        pos += len(clip) + len(gap)
    return np.concatenate(parts), truth


def report(rec: dict[tuple[str, str], tuple[float, float]], ep: dict[tuple[str, str], tuple[int, int, int]],
           names: list[str], n_items: int) -> str:
    conds = list(CONDITIONS)
    lines = [
        "# Noise suppression: effect on recognition and endpointing",
        "",
        f"Generated by `bench/noise_suppression.py` ({n_items} utterances: guesses and commands, "
        f"{len(VOICES)} espeak-ng voices; pocketsphinx with a grammar of 25 cards and {len(COMMANDS)} commands; "
        "3 s of noise before each utterance; SNR over active speech).",
        "",
        "## Exact-phrase recognition accuracy",
        "",
        "| suppressor | " + " | ".join(conds) + " | mean (noisy) | ms per s of audio |",
        "|---|" + "---|" * (len(conds) + 2),
    ]
    for name in names:
        accs = [rec[(name, c)][0] for c in conds]
        cost = statistics.mean(rec[(name, c)][1] for c in conds)
        lines.append(f"| {name} | " + " | ".join(f"{a:.0%}" for a in accs) + f" | {statistics.mean(accs[1:]):.0%} | {cost:.1f} |")
    means = {name: statistics.mean(rec[(name, c)][0] for c in conds[1:]) for name in names}
    best = max(means, key=lambda n: means[n])
    lines += ["", f"Best mean over the noisy conditions: **{best}** ({means[best]:.0%}; none: {means.get('none', 0):.0%}). "
              "Best per condition: " + ", ".join(
                  f"{c}: {max(names, key=lambda n: rec[(n, c)][0])}" for c in conds) + "."]
    lines += ["", "## Endpointer: phrases cut as exactly one utterance (extra utterances in brackets)", "",
              "| suppressor | " + " | ".join(conds) + " |", "|---|" + "---|" * len(conds)]
    for name in ep_names(ep):
        cells = [f"{ep[(name, c)][0]}/{ep[(name, c)][1]} ({ep[(name, c)][2]})" for c in conds]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n" + NOTES


def ep_names(ep: dict[tuple[str, str], tuple[int, int, int]]) -> list[str]:
    return list(dict.fromkeys(name for name, _ in ep))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="12 utterances, for a smoke run")
    parser.add_argument("--items", type=int, default=48)
    parser.add_argument("--suppressors", default=",".join([*DENOISERS, "noisereduce"]))
    args = parser.parse_args()
    decoder = Decoder(lm=None, loglevel="FATAL", dither=True)
    cards = board(seed=1, decoder=decoder)
    decoder.add_jsgf_string("table", jsgf(cards))
    decoder.activate_search("table")
    items = corpus(cards, 12 if args.quick else args.items, seed=2)
    names = [n for n in args.suppressors.split(",") if _available(n)]
    rec = recognition(items, names, decoder)
    ep = endpointing([n for n in names if n in ("none", "webrtc", "webrtc-ns4", "rnnoise", "auto", "auto-rnnoise")], 6 if args.quick else 24)
    text = report(rec, ep, names, len(items))
    print(text)
    if not args.quick:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(text)


if __name__ == "__main__":
    main()
