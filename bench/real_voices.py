"""How each ear hears real people: requests said alone, and the talk it must ignore.

Recordings of real people (../shared/realspeech, or --data PATH; bench/speech/realspeech.py
says what each clip is and which half of the speakers it belongs to) are heard as
`voicemaster recognize` hears a file (play's front end and endpointer, then the ear), against the real-voice board (ten
cards the people say, fifteen they never do): every clip in the guess phase with a question
open (so "yes" and "no" count, and a teammate's "go" could answer it), and the numbers and
card names said bare in the clue phase too. Clean, and with other real people of the same
half talking 10 dB below.

    .venv/bin/python bench/real_voices.py [--engines whisper pocketsphinx]
        [--splits calib test] [--conditions clean "talk 10"] [--every N] [--write]

Every clip's outcome (with Whisper's evidence, for refitting offline) goes to
bench/.cache/real_voices.jsonl; --write puts the report in bench/results/real_voices.md.
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.speech.realspeech import (  # noqa: E402
    BOARD, CONDITIONS, DEFAULT_ROOT, KINDS, REQUESTS, SETTINGS, TALK_KINDS, Clip, Setting, clips, rendered,
)
from bench.speech.hearing import heard_as_a_file  # noqa: E402
from bench.speech.whisper_log import replayed, whisper_evidence, whisper_with, with_settings  # noqa: E402
from voicemaster.game.actions import Cover, Guess  # noqa: E402
from voicemaster.speech.ears.engines import open_ear  # noqa: E402
from voicemaster.speech.ears.ear import Ear  # noqa: E402
from voicemaster.understand.heard import Heard  # noqa: E402
from voicemaster.speech.ears.whisper.thresholds import Thresholds  # noqa: E402
from voicemaster.understand.intents import from_json, to_json  # noqa: E402

RESULTS = ROOT / "bench" / "results"
LOG = ROOT / "bench" / ".cache" / "real_voices.jsonl"


@dataclass
class Cell:
    """One engine, split and condition."""

    right: dict[str, list[bool]] = field(default_factory=lambda: defaultdict(list))
    """Requests said alone: acted on as said."""
    taken: dict[str, list[bool]] = field(default_factory=lambda: defaultdict(list))
    """Talk by kind (and "clue phase" for the clue-phase clips): anything at all acted on or asked."""
    revealed: list[str] = field(default_factory=list)
    """Talk heard as a card guessed or covered: what was said → the card."""
    taken_as: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    """What talk was taken for ("go → no")."""
    ms: list[float] = field(default_factory=list)


def score(cell: Cell, clip: Clip, setting: Setting, heard: Heard) -> None:
    intent = heard.intent
    cell.ms.append(heard.decode_ms)
    if clip.kind in REQUESTS and setting.phase.value == "guess":
        cell.right[clip.kind].append(intent == clip.expected)
        return
    label = "clue phase" if setting.phase.value == "clue" else clip.kind
    cell.taken[label].append(intent is not None)
    if intent is not None:
        cell.taken_as[f"{clip.text[:40]} → {json.dumps(to_json(intent))}"] += 1
    if isinstance(intent, (Guess, Cover)):
        cell.revealed.append(f"{clip.text[:60]} → {intent.card}")


def replay(logs: list[Path], t: Thresholds, root: Path) -> dict[tuple[str, str, str], Cell]:
    by_id = {c.id: c for c in clips(root)}
    settings = {s.name: s for s in SETTINGS}
    results: dict[tuple[str, str, str], Cell] = {}
    for log in logs:
        for raw in log.read_text(encoding="utf-8").splitlines():
            line = json.loads(raw)
            if line["whisper"] is None:
                continue
            cell = results.setdefault(("whisper", line["split"], line["condition"]), Cell())
            score(cell, by_id[line["id"]], settings[line["setting"]], replayed(line["whisper"], line["heard"], line["ms"], t))
    return results


def logged(sources: list[str], root: Path) -> tuple[dict[tuple[str, str, str], Cell], list[str]]:
    """The figures of logged runs as they were decided, each log's engines under its label
    ("LOG@before: " names them "before: both"...), and the engines in order."""
    by_id = {c.id: c for c in clips(root)}
    settings = {s.name: s for s in SETTINGS}
    results: dict[tuple[str, str, str], Cell] = {}
    engines: list[str] = []
    for source in sources:
        path, _, label = source.partition("@")
        for raw in Path(path).read_text(encoding="utf-8").splitlines():
            line = json.loads(raw)
            engine = label + line["engine"]
            engines += [engine] if engine not in engines else []
            heard = Heard(line["heard"], from_json(line["intent"]), decode_ms=line["ms"])
            score(results.setdefault((engine, line["split"], line["condition"]), Cell()), by_id[line["id"]],
                  settings[line["setting"]], heard)
    return results, engines


def run(engine: str, ear: Ear, split: str, condition: str, args: argparse.Namespace, log) -> Cell:
    cell = Cell()
    root = args.data
    chosen = [c for c in clips(root) if c.split == split and (not args.kinds or c.kind in args.kinds)]
    chosen = [c for c in chosen if c.kind in REQUESTS][:: args.every] + [c for c in chosen if c.kind not in REQUESTS][:: args.every * args.talk_every]
    for setting in SETTINGS:
        now = setting.now()
        for clip in (c for c in chosen if c.kind in setting.kinds):
            heard = heard_as_a_file(ear, rendered(clip, condition, root), now)
            score(cell, clip, setting, heard)
            line = {"engine": engine, "split": split, "condition": condition, "setting": setting.name,
                    "id": clip.id, "kind": clip.kind, "text": clip.text, "heard": heard.transcript,
                    "intent": to_json(heard.intent), "read_back": heard.read_back, "ms": round(heard.decode_ms, 1),
                    "whisper": whisper_evidence(heard)}
            print(json.dumps(line), file=log, flush=True)
    return cell


def pct(values: list[bool]) -> str:
    return f"{100 * statistics.mean(values):.1f}% ({sum(values)}/{len(values)})" if values else "–"


def report(results: dict[tuple[str, str, str], Cell], args: argparse.Namespace, how: str) -> str:
    lines = [
        "# Real voices: what each ear does with real people",
        "",
        f"{how}. Clips: ../shared/realspeech, split by speaker "
        "(bench/speech/realspeech.py): thresholds are fitted on `calib`, `test` is only measured. "
        "Board: " + ", ".join(BOARD) + ". Every clip is heard in the guess phase with a question open; "
        "numbers and card names also in the clue phase, while a clue is awaited. `talk 10`: other "
        "people of the same split talking 10 dB below the clip.",
        "",
    ]
    for split in args.splits:
        for condition in args.conditions:
            cells = {e: results[(e, split, condition)] for e in args.engines if (e, split, condition) in results}
            if not cells:
                continue
            lines += [f"## {split}, {condition}", "", "| | " + " | ".join(cells) + " |",
                      "|---|" + "---|" * len(cells)]
            for kind in REQUESTS:
                lines.append(f"| \"{kind}\" acted on | " + " | ".join(pct(c.right[kind]) for c in cells.values()) + " |")
            every_talk = {e: [t for k in TALK_KINDS for t in c.taken[k]] for e, c in cells.items()}
            lines.append("| **talk taken, question open** | " + " | ".join(pct(v) for v in every_talk.values()) + " |")
            for kind in TALK_KINDS:
                lines.append(f"| … {kind} | " + " | ".join(pct(c.taken[kind]) for c in cells.values()) + " |")
            lines.append("| **clue phase: numbers and card names taken** | "
                         + " | ".join(pct(c.taken["clue phase"]) for c in cells.values()) + " |")
            lines.append("| cards revealed from talk | " + " | ".join(str(len(c.revealed)) for c in cells.values()) + " |")
            lines.append("| decision ms, median / p95 | " + " | ".join(
                f"{statistics.median(c.ms):.0f} / {sorted(c.ms)[int(0.95 * (len(c.ms) - 1))]:.0f}" for c in cells.values()) + " |")
            lines.append("")
            for engine, cell in cells.items():
                if cell.taken_as:
                    worst = sorted(cell.taken_as.items(), key=lambda kv: -kv[1])[:12]
                    lines.append(f"{engine}, talk taken: " + "; ".join(f"{k} ×{n}" if n > 1 else k for k, n in worst))
                    lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_ROOT, help="the realspeech folder (its manifest.tsv)")
    parser.add_argument("--engines", nargs="+", default=["whisper"], choices=["whisper", "pocketsphinx", "auto"])
    parser.add_argument("--splits", nargs="+", default=["calib", "test"], choices=["calib", "test"])
    parser.add_argument("--conditions", nargs="+", default=list(CONDITIONS), choices=list(CONDITIONS))
    parser.add_argument("--every", type=int, default=1, help="one clip in N of each split")
    parser.add_argument("--talk-every", type=int, default=1, help="of the talk, one clip in N more")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, metavar="KIND", help=f"only these kinds ({', '.join(KINDS)})")
    parser.add_argument("--log", type=Path, default=LOG)
    parser.add_argument("--write", action="store_true", help="write bench/results/real_voices.md")
    parser.add_argument("--replay", type=Path, nargs="+", metavar="LOG",
                        help="decide the logged clips again with Whisper's rules as they are now (no decoding); "
                             "with --from-logs, as a column beside theirs")
    parser.add_argument("--from-logs", nargs="+", metavar="LOG[@LABEL]",
                        help="report logged runs as they were decided (several engines, before and after)")
    parser.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE", help="Whisper thresholds to try instead of the shipped ones")
    args = parser.parse_args()
    started = time.perf_counter()
    results: dict[tuple[str, str, str], Cell] = {}
    if args.replay and not args.from_logs:
        results = replay(args.replay, with_settings(args.set), args.data)
        args.engines = ["whisper"]
        print(report(results, args, f"Replayed: {' '.join(map(str, args.replay))}"))
        return
    if args.from_logs:
        results, args.engines = logged(args.from_logs, args.data)
        again = f"`{' '.join(map(str, args.replay))}` decided again with today's rules (now: whisper); " if args.replay else ""
        if args.replay:
            decided = replay(args.replay, with_settings(args.set), args.data)
            results |= {("now: whisper", split, condition): cell for (_, split, condition), cell in decided.items()}
            args.engines = ["now: whisper", *args.engines]
        text = report(results, args, "Logged runs: " + again + "each other column as it was decided: " + "; ".join(
            f"`{path}` ({label.rstrip(': ') or 'this code'})" for path, _, label in (a.partition("@") for a in args.from_logs)))
        print(text)
        if args.write:
            (RESULTS / "real_voices.md").write_text(text + "\n", encoding="utf-8")
        return
    args.log.parent.mkdir(parents=True, exist_ok=True)
    with args.log.open("w", encoding="utf-8") as log:
        for engine in args.engines:
            ear = whisper_with(args.set) if engine == "whisper" and args.set else open_ear(engine).ear
            try:
                for split in args.splits:
                    for condition in args.conditions:
                        cell = run(engine, ear, split, condition, args, log)
                        results[(engine, split, condition)] = cell
                        print(f"{engine} {split} {condition}: " + ", ".join(
                            f"{k} {pct(cell.right[k])}" for k in REQUESTS) + f"; talk taken "
                            f"{pct([t for k in TALK_KINDS for t in cell.taken[k]])}; clue phase "
                            f"{pct(cell.taken['clue phase'])}; revealed {len(cell.revealed)}", flush=True)
            finally:
                ear.close()
    minutes = (time.perf_counter() - started) / 60
    text = report(results, args, f"`.venv/bin/python bench/real_voices.py --engines {' '.join(args.engines)} --splits "
                  f"{' '.join(args.splits)} --every {args.every} --talk-every {args.talk_every}` ({minutes:.0f} min)")
    print(text)
    if args.write:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / "real_voices.md").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
