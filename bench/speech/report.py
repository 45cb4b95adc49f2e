"""The speech benchmark's report: engines side by side per split, against the issue's targets."""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from typing import Protocol

import numpy as np

TARGETS: dict[str, dict[str, int]] = {
    "guess": {"clean": 97, "babble 20": 92, "babble 10": 60, "pink 10": 85, "room + babble 15": 80},
    "command": {"clean": 98, "babble 20": 93, "pink 10": 88},
    "clue": {"clean": 90, "babble 20": 75},
}
"""Issue 15's targets."""
LABELS = {"guess": "guesses", "cover": "covers", "command": "commands", "clue": "clue word + number"}
SPLIT_TITLES = {
    "test": "Natural voices, held-back speakers (slt, rms, ked; thresholds were set on joe, kal, awb)",
    "calib": "Natural voices, the calibration speakers (joe, kal, awb)",
    "espeak": "espeak-ng voices (formant synthesis; never used to set anything)",
}
METHOD = """## What is measured

Each clip: room tone, the utterance said by one voice at a random rate and pitch, room
tone, then the condition (babble = five natural talkers from outside the split; "room"
= an image-method room impulse response on the talker and on the babble), at an SNR over
the active speech and a random microphone gain. The engine's `Ear.hear` decides, against the phase, the uncovered cards, whether a clue is
awaited and whether a question is open, as in the game (pocketsphinx cleans the clip
first with the front end's utterance stage; Whisper hears it as cut).

- A request counts as right only as exactly the expected intent (the card as written on
  the board; a clue's word and number), acted on at once; a one- or two-card question
  holding the right card is counted apart ("asked about").
- "both": Whisper and pocketsphinx on the same clip and one decision from the two
  (voicemaster/speech/ears/fusion.py); its whisper and pocketsphinx rows are the very
  outputs its two ears gave on each clip.
- "read back": right clues the referee repeats and waits a yes for before they count
  (Whisper reads back every clue). "wrong": a request acted on as another request
  without a read-back.
- Talk, silence and knocks count as accepted when any intent at all comes out; "false
  clues" are guess phrases and number talk said in the clue phase that became a clue.
- Decision ms: wall-clock time of `Ear.hear` on this 2-core machine, shared with other
  jobs during the run (medians and the 95th percentile).
"""


class CellLike(Protocol):
    right: dict[str, list[bool]]
    asked: dict[str, list[bool]]
    questions: int
    read_back: int
    wrong: int
    accepted: dict[str, list[bool]]
    false_clues: list[bool]
    ms: list[float]


def pct(values: list[bool]) -> str:
    return f"{100 * statistics.mean(values):.0f}%" if values else "—"


def count(values: list[bool]) -> str:
    return f"{sum(values)}/{len(values)}" if values else "—"


def _rows(engines: list[str], cells: dict[str, dict[str, CellLike]], conditions: list[str]) -> list[str]:
    lines = []
    for kind, label in LABELS.items():
        for engine in engines:
            row = [pct(cells[engine][c].right.get(kind, [])) for c in conditions]
            if kind == "clue":
                row = [f"{r} ({cells[engine][c].read_back} read back)" for r, c in zip(row, conditions)]
            target = [f"≥ {TARGETS[kind][c]}%" if c in TARGETS.get(kind, {}) else "" for c in conditions]
            row = [f"{r} ({t})" if t else r for r, t in zip(row, target)]
            lines.append(f"| {label}, {engine} | " + " | ".join(row) + " |")
    for engine in engines:
        asked = [pct(cells[engine][c].asked.get("guess", [])) for c in conditions]
        lines.append(f"| guesses asked about, right card in the question, {engine} | " + " | ".join(asked) + " |")
        asked_share = [f"{cells[engine][c].questions}/{sum(len(v) for v in cells[engine][c].right.values())}"
                       for c in conditions]
        lines.append(f"| requests answered with a question, {engine} (< 1 in 10) | " + " | ".join(asked_share) + " |")
    for engine in engines:
        lines.append(f"| wrong requests acted on, {engine} (≤ 1 in 1,000) | " + " | ".join(str(cells[engine][c].wrong) for c in conditions) + " |")
        talk = [count([a for v in cells[engine][c].accepted.values() for a in v]) for c in conditions]
        lines.append(f"| talk, silence, knocks accepted, {engine} (≤ 0.5%) | " + " | ".join(talk) + " |")
        lines.append(f"| false clues, {engine} (≤ 2%) | " + " | ".join(count(cells[engine][c].false_clues) for c in conditions) + " |")
        ms = [f"{np.median(cells[engine][c].ms):.0f} / {np.percentile(cells[engine][c].ms, 95):.0f}" for c in conditions]
        lines.append(f"| decision ms, {engine} (median / p95) | " + " | ".join(ms) + " |")
    return lines


def report(results: dict[tuple[str, str], dict[str, CellLike]], args: argparse.Namespace, minutes: float) -> str:
    engines = list(dict.fromkeys(e for e, _ in results))
    splits = list(dict.fromkeys(s for _, s in results))
    lines = [
        "# Speech accuracy: " + " and ".join(engines) + ", side by side",
        "",
        f"Generated by `.venv/bin/python bench/speech_accuracy.py --every {args.every}` "
        f"(one in {args.every} utterances of each split, drawn at random; {len(args.conditions)} conditions); "
        f"{minutes:.0f} min on this machine.",
        "",
    ]
    for split in splits:
        cells = {engine: results[(engine, split)] for engine in engines}
        n = sum(len(v) for v in next(iter(cells[engines[0]].values())).right.values())
        lines += [f"## {SPLIT_TITLES.get(split, split)}", "", f"{n} requests per condition; cells: measured (target).", ""]
        lines += ["| | " + " | ".join(args.conditions) + " |", "|---|" + "---|" * len(args.conditions)]
        lines += _rows(engines, cells, args.conditions)
        lines.append("")
    lines += ["![guesses per condition](speech_accuracy.png)", "", METHOD]
    return "\n".join(lines)


def plot(results: dict[tuple[str, str], dict[str, CellLike]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.5))
    for (engine, split), cells in results.items():
        if split == "calib":
            continue
        conditions = list(cells)
        for kind, style in (("guess", "-o"), ("command", "--s"), ("clue", ":^")):
            ax.plot(conditions, [100 * statistics.mean(cells[c].right.get(kind, [False])) for c in conditions],
                    style, label=f"{LABELS[kind]}, {engine}, {split}")
    ax.set_ylabel("% right")
    ax.set_ylim(0, 100)
    ax.set_title("VoiceMaster speech accuracy per condition")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
