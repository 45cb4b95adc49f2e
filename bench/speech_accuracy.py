"""How well each speech engine hears the table: guesses, commands, clues, and what it must ignore.

Both engines hear the same clips in one run (bench/speech: natural voices from piper, flite
and festival, espeak-ng reported apart; rooms, natural-voice babble and pink noise), each
clip heard as `voicemaster recognize` hears a file (play's front end and endpointer, then the
engine's ear with its own utterance stage), against what may be said at that moment (phase, uncovered cards, whether a
clue is awaited, whether a question is open).

    .venv/bin/python bench/speech_accuracy.py [--every 3] [--splits test espeak]
        [--engines whisper pocketsphinx] [--conditions clean "babble 10"]
        [--kinds clue numtalk chatter guess_in_clue]

Writes bench/results/speech_accuracy.md and speech_accuracy.png; every clip's outcome
goes to bench/.cache/speech_accuracy.jsonl for a closer look.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.speech.corpus import COUNTS, Item, build  # noqa: E402
from bench.speech.render import CONDITIONS, render  # noqa: E402
from bench.speech.report import report  # noqa: E402
from bench.speech.hearing import heard_as_a_file  # noqa: E402
from bench.speech.whisper_log import replayed, whisper_evidence, whisper_with, with_settings  # noqa: E402
from voicemaster.game.actions import Clue, Cover, Guess  # noqa: E402
from voicemaster.speech.ears.engines import open_ear  # noqa: E402
from voicemaster.speech.ears.ear import Ear  # noqa: E402
from voicemaster.understand.heard import Heard  # noqa: E402
from voicemaster.understand.intents import AmbiguousCard, Command, Intent, to_json  # noqa: E402
from voicemaster.speech.ears.whisper.thresholds import Thresholds  # noqa: E402

RESULTS = ROOT / "bench" / "results"
CLIPS = ROOT / "bench" / ".cache" / "speech_accuracy.jsonl"
REQUESTS = ("guess", "cover", "command", "clue")
IGNORED = ("chatter", "numtalk", "silence", "noise")


@dataclass
class Cell:
    """One engine, split and condition: outcomes by kind, and decision times."""

    right: dict[str, list[bool]] = field(default_factory=lambda: defaultdict(list))
    read_back: int = 0
    """Clues heard right but read back for a yes first."""
    wrong: int = 0
    """Requests acted on as another request (not an ambiguous question, not nothing, not read back)."""
    accepted: dict[str, list[bool]] = field(default_factory=lambda: defaultdict(list))
    """Talk, silence and noise: whether anything at all was taken."""
    false_clues: list[bool] = field(default_factory=list)
    """Guesses and number talk in the clue phase: whether a clue came out."""
    ms: list[float] = field(default_factory=list)
    asked: dict[str, list[bool]] = field(default_factory=lambda: defaultdict(list))
    """Requests answered with a one- or two-card question that holds the right card (not acted on)."""
    questions: int = 0
    """Requests answered with a question at all (right card in it or not)."""


def score(cell: Cell, item: Item, heard: Heard) -> None:
    intent = heard.intent
    cell.ms.append(heard.decode_ms)
    if item.kind in REQUESTS:
        right = intent == item.expected
        cell.right[item.kind].append(right)
        question = isinstance(intent, AmbiguousCard)
        cell.questions += question
        card = getattr(item.expected, "word", None)
        cell.asked[item.kind].append(question and card in intent.candidates)  # type: ignore[union-attr]
        cell.read_back += right and heard.read_back
        cell.wrong += not right and intent is not None and not heard.read_back and not isinstance(intent, AmbiguousCard)
        return
    if item.kind == "guess_in_clue" or (item.kind == "numtalk" and item.phase == "clue"):
        cell.false_clues.append(isinstance(intent, Clue))
    if item.kind in IGNORED:
        cell.accepted[item.kind].append(intent is not None)


def run(ear: Ear, items: list[Item], conditions: list[str], log: object) -> dict[str, dict[str, Cell]]:
    """Cells per engine and condition."""
    cells: dict[str, dict[str, Cell]] = defaultdict(dict)
    for condition in conditions:
        for item in items:
            now = item.now()
            heard = heard_as_a_file(ear, render(item, condition), now)
            line = {"id": item.id, "split": item.split, "voice": item.voice, "kind": item.kind,
                    "condition": condition, "text": item.text, "expected": to_json(item.expected)}
            score(cells[ear.name].setdefault(condition, Cell()), item, heard)
            print(json.dumps({**line, "engine": ear.name, "heard": heard.transcript, "intent": to_json(heard.intent),
                              "read_back": heard.read_back, "ms": round(heard.decode_ms, 1),
                              "whisper": whisper_evidence(heard)}), file=log, flush=True)
        for name in cells:
            cell = cells[name][condition]
            right = {k: f"{100 * statistics.mean(v):.0f}" for k, v in cell.right.items()}
            print(f"{name:12} {items[0].split:6} {condition:16} {right} {np.median(cell.ms):.0f} ms", flush=True)
    return cells


def from_json(data: dict | None) -> Intent | None:
    """The SPEC §3 JSON form back as an intent (a logged clip's outcome); a question asks about
    two cards at most, as the dialogue does."""
    if data is None:
        return None
    kind = data["type"]
    if kind == "ambiguous":
        return AmbiguousCard(data["action"], tuple(data["candidates"][:2]))
    if kind in ("guess", "cover"):
        return (Guess if kind == "guess" else Cover)(data["word"])
    if kind == "clue":
        return Clue(data["word"], data["number"])
    return Command(kind, data.get("action", "query"))


def redecide(logs: list[Path], t: Thresholds) -> dict[tuple[str, str], dict[str, Cell]]:
    """The Whisper figures of logged runs again, each clip decided anew from its logged evidence
    with thresholds `t` (another bar measured on the very same hearings, without decoding)."""
    results: dict[tuple[str, str], dict[str, Cell]] = defaultdict(dict)
    items: dict[str, dict[str, Item]] = {}
    for raw in (raw for log in logs for raw in log.read_text(encoding="utf-8").splitlines()):
        line = json.loads(raw)
        if line["engine"] != "whisper" or line.get("whisper") is None:
            continue
        item = items.setdefault(line["split"], {i.id: i for i in build(line["split"])})[line["id"]]
        heard = replayed(line["whisper"], line["heard"], line["ms"], t)
        score(results[("whisper", line["split"])].setdefault(line["condition"], Cell()), item, heard)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=3, help="one in N utterances of a split, drawn at random (1: all 678)")
    parser.add_argument("--splits", nargs="+", default=["test", "espeak"])
    parser.add_argument("--engines", nargs="+", default=["whisper", "pocketsphinx"])
    parser.add_argument("--conditions", nargs="+", default=list(CONDITIONS))
    parser.add_argument("--kinds", nargs="+", default=None, choices=list(COUNTS), metavar="KIND",
                        help="only these kinds of utterance (e.g. clue numtalk chatter guess_in_clue)")
    parser.add_argument("--log", type=Path, default=CLIPS, help="where every clip's outcome goes (JSON lines)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/results alone")
    parser.add_argument("--redecide", type=Path, nargs="+", metavar="LOG",
                        help="decide the Whisper clips of logged runs again from their evidence, with --set's thresholds")
    parser.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE",
                        help="Whisper thresholds to try instead of the shipped ones (implies --no-write)")
    args = parser.parse_args()
    started = time.perf_counter()
    results: dict[tuple[str, str], dict[str, Cell]] = {}
    if args.redecide:
        results = redecide(args.redecide, with_settings(args.set))
        args.conditions = [c for c in CONDITIONS if any(c in cells for cells in results.values())]
        args.engines = ["whisper"]
        print(report(results, args, 0.0))
        return
    args.log.parent.mkdir(parents=True, exist_ok=True)
    with args.log.open("w", encoding="utf-8") as log:
        for engine in args.engines:
            ear = whisper_with(args.set) if engine == "whisper" and args.set else open_ear(engine).ear
            for split in args.splits:
                items = [i for i in build(split, args.every) if args.kinds is None or i.kind in args.kinds]
                for name, cells in run(ear, items, args.conditions, log).items():
                    results[(name, split)] = cells
            ear.close()
    text = report(results, args, (time.perf_counter() - started) / 60)
    print(text)
    if not args.no_write and not args.set:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / "speech_accuracy.md").write_text(text, encoding="utf-8")
        from bench.speech.report import plot

        plot(results, RESULTS / "speech_accuracy.png")


if __name__ == "__main__":
    main()
