"""How well the speech path hears the table: guesses, commands, clues, chatter.

Corpus (bench/speech/corpus.py): boards dealt from wordlists/default.txt, every
phrase template, chatter that mentions cards without addressing the referee,
seven espeak-ng voices at random speeds; each utterance padded with 0.3 s of
silence and mixed with the condition's noise (SNR over active speech). Every
utterance goes through voicemaster.speech.listen.hear, as in the game.

    .venv/bin/python bench/speech_accuracy.py [--quick] [--seed N]

Writes bench/results/speech_accuracy.md and speech_accuracy.png.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("VOICEMASTER_TTS_CACHE", str(ROOT / "bench" / ".cache" / "tts"))

from bench.speech.corpus import VOICES, Item, build  # noqa: E402
from voicemaster.game.phase import Phase  # noqa: E402
from voicemaster.speech.front_end import clean_utterance  # noqa: E402
from voicemaster.speech.listen import hear  # noqa: E402
from voicemaster.speech.pocketsphinx_backend import PocketsphinxRecognizer  # noqa: E402
from voicemaster.speech.synthetic import babble, mix_at_snr, pink_noise, speak  # noqa: E402
from voicemaster.understand.listening import Listening  # noqa: E402

CONDITIONS = (("clean", None, None), ("babble 20", "babble", 20), ("babble 10", "babble", 10),
              ("babble 5", "babble", 5), ("pink 10", "pink", 10))
TARGETS = {
    "guess": (99, 95, 85, 60, 90),
    "command": (98, 90, 75, None, 85),
    "clue": (90, 75, None, None, None),
}
KINDS = ("guess", "command", "clue")
METHOD = """## What is measured

`voicemaster.speech.listen.hear` on each utterance, exactly as the game calls it:
1. an open pass with a bigram model written from the SPEC §2 template table plus
   open vocabulary (3,000 common words in the guess phase to absorb chatter;
   20,000 words in the clue phase for the clue word);
2. a strict pass with a JSGF grammar of the templates alone (uncovered cards;
   in the clue phase the clue slot holds the open pass's own words, so numbers
   and template words are forced into place);
3. acceptance only when the two agree (same request and card, or the same
   sounds with no extra words); the card is the uncovered card nearest by phones
   (espeak-ng / CMU) and spelling; two close cards give an ambiguous result.

A guess counts as right only as `GuessCard(<the card>)` (an ambiguous result
counts as wrong); a clue only with the right word and number; chatter counts as
a false accept when any intent at all comes out. Decode times are wall-clock
times of both passes on a 2-core machine shared with other jobs during the run.
"""
RESULTS = ROOT / "bench" / "results"


def noisy(item: Item, index: int, condition: tuple[str, str | None, int | None]) -> np.ndarray:
    pad = np.zeros(4800, dtype=np.int16)
    speech = np.concatenate([pad, speak(item.text, item.voice, speed=item.speed), pad])
    _, noise, snr = condition
    if noise is None or snr is None:
        return speech
    source = babble(len(speech), talkers=5, seed=index) if noise == "babble" else pink_noise(len(speech), seed=index)
    return mix_at_snr(speech, source, snr)


def run(items: list[Item]) -> dict[str, dict[str, list[float]]]:
    recognizer = PocketsphinxRecognizer()
    stats: dict[str, dict[str, list[float]]] = {}
    for condition in CONDITIONS:
        row: dict[str, list[float]] = defaultdict(list)
        for i, item in enumerate(items):
            now = Listening(item.board, Phase(item.phase), awaiting_clue=True)
            heard = hear(clean_utterance(noisy(item, i, condition)), recognizer, now)
            if item.kind == "chatter":
                row["chatter"].append(float(heard.intent is not None))
            else:
                row[item.kind].append(float(heard.intent == item.expected))
            row[f"ms_{item.phase}"].append(heard.decode_ms)
            if heard.intent != item.expected and os.environ.get("BENCH_VERBOSE"):
                print(f"  {condition[0]:9} {item.kind:7} {item.voice:18} {item.text!r} -> {heard.transcript.text!r} {heard.intent}")
        stats[condition[0]] = row
        print(condition[0], {k: f"{100 * statistics.mean(v):.0f}" for k, v in row.items() if not k.startswith("ms")}, flush=True)
    return stats


def pct(values: list[float]) -> str:
    return f"{100 * statistics.mean(values):.0f}%" if values else "—"


def report(stats: dict[str, dict[str, list[float]]], n_items: int, seconds: float, quick: bool) -> str:
    names = [c[0] for c in CONDITIONS]
    lines = [
        "# Speech accuracy (pocketsphinx, embedded model)",
        "",
        f"Corpus: {n_items} utterances per condition (guesses, commands, clues, chatter in equal parts), "
        f"{len(VOICES)} espeak-ng voices ({', '.join(VOICES)}) at 140-190 wpm, boards dealt from "
        f"wordlists/default.txt; noise: 5-talker babble, pink noise; SNR over active speech. "
        f"{'Quick run. ' if quick else ''}Run time {seconds / 60:.1f} min on this machine.",
        "Each cell: measured (target). Generated by `bench/speech_accuracy.py`.",
        "",
        "| | " + " | ".join(names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for kind in KINDS:
        cells = []
        for name, target in zip(names, TARGETS[kind]):
            cells.append(pct(stats[name][kind]) + (f" (≥ {target}%)" if target else ""))
        label = {"guess": "guesses", "command": "commands", "clue": "clue word + number"}[kind]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines.append("| chatter false accepts | " + " | ".join(pct(stats[n]["chatter"]) + " (≤ 3%)" for n in names) + " |")
    for phase, target in (("guess", 50), ("clue", 300)):
        cells = []
        for n in names:
            ms = stats[n][f"ms_{phase}"]
            cells.append(f"{statistics.median(ms):.0f} / {np.percentile(ms, 95):.0f}")
        lines.append(f"| decode ms {phase} phase, median / p95 (median ≤ {target}) | " + " | ".join(cells) + " |")
    lines += ["", "![accuracy per condition](speech_accuracy.png)", "", METHOD]
    return "\n".join(lines)


def plot(stats: dict[str, dict[str, list[float]]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [c[0] for c in CONDITIONS]
    fig, ax = plt.subplots(figsize=(8, 4))
    for kind in (*KINDS, "chatter"):
        ax.plot(names, [100 * statistics.mean(stats[n][kind]) for n in names], marker="o",
                label="chatter false accepts" if kind == "chatter" else kind)
    ax.set_ylabel("%")
    ax.set_ylim(0, 100)
    ax.set_title("VoiceMaster speech accuracy (pocketsphinx)")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a third of the corpus")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    items = build(8 if args.quick else 20, seed=args.seed)
    start = time.perf_counter()
    stats = run(items)
    seconds = time.perf_counter() - start
    RESULTS.mkdir(parents=True, exist_ok=True)
    text = report(stats, len(items), seconds, args.quick)
    (RESULTS / "speech_accuracy.md").write_text(text, encoding="utf-8")
    plot(stats, RESULTS / "speech_accuracy.png")
    print(text)


if __name__ == "__main__":
    main()
