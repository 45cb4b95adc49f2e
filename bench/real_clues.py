"""Clues said by real people: a speaker's own word and number, joined, heard in the clue phase.

No recording of anyone saying a Codenames clue exists, but the Speech Commands speakers of
../shared/realspeech each said many single words. For every speaker of a split, each of
their clips of a word that is no card and no command (bed, bird, cat, dog, happy, house,
tree, wow, marvin, sheila, learn, follow, visual, forward, backward) is trimmed of silence
and joined, 150-250 ms apart, to two of their own clips of a number (zero to nine): "house,
two". Each clue is heard clean, with other real people of the
split talking 10 dB below, and across a measured room of the split with its real noise 10 dB
below, by the ear in the clue phase while a clue is awaited, on a board holding none of the
words. Beside them the same words and numbers said by synthetic voices as a player would
("clue house two", "my clue is house, two", "house two").

    .venv/bin/python bench/real_clues.py [--splits calib test] [--conditions clean "talk 10" "room 10"]
        [--synthetic] [--every N] [--set NAME=VALUE ...] [--write]
    .venv/bin/python bench/real_clues.py --from-log LOG [--write]

Right: the clue read back is the clue said. Wrong: another clue read back (the spymaster says
no). Nothing: no clue. Answer: taken as a yes or no (it must never be).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.speech.realspeech import CONDITIONS, Clip, _seed, clips, dress, read  # noqa: E402
from bench.speech.hearing import heard_as_a_file  # noqa: E402
from bench.speech.whisper_log import whisper_evidence, whisper_with  # noqa: E402
from voicemaster.game.actions import Clue  # noqa: E402
from voicemaster.game.phase import Phase  # noqa: E402
from voicemaster.speech.audio.format import SAMPLE_RATE  # noqa: E402
from voicemaster.speech.voices.speakers import say  # noqa: E402
from voicemaster.speech.voices.synthetic import SpeechSynthesisError  # noqa: E402
from voicemaster.understand.intents import Command, to_json  # noqa: E402
from voicemaster.commands.recognize import moment  # noqa: E402
from voicemaster.vocabulary import DIGIT_WORDS  # noqa: E402

WORDS = ("bed", "bird", "cat", "dog", "happy", "house", "tree", "wow", "marvin", "sheila", "learn", "follow",
         "forward", "backward", "visual")
BOARD = ("APPLE", "BERLIN", "CASTLE", "DIAMOND", "ENGINE", "FALCON", "GLOVE", "HONEY", "ICE CREAM", "JUPITER",
         "KNIGHT", "LEMON", "NURSE", "PIANO", "SPIDER", "OCEAN", "ROBIN", "PILOT", "ANCHOR", "COMET",
         "LANTERN", "MAPLE", "ORCHID", "PUMPKIN", "SATURN")
"""No card is a clue word, and none is said in the clips."""
NUMBERS_A_WORD = 2
SYNTHETIC_VOICES = ("piper:joe", "flite:slt", "flite:rms", "espeak:en-us+f2")
SYNTHETIC_FORMS = ("clue {w} {n}", "my clue is {w}, {n}", "{w} {n}")
RESULTS = ROOT / "bench" / "results"
LOG = ROOT / "bench" / ".cache" / "real_clues.jsonl"


@dataclass(frozen=True)
class SaidClue:
    key: str
    word: str
    number: int
    body: np.ndarray
    """Float samples at int16 scale, no room tone yet."""
    speaker: str
    split: str
    source: str
    """"real" or the synthetic form."""


def trimmed(x: np.ndarray) -> np.ndarray:
    """The voiced part of a clip: 10 ms frames within 30 dB of the loudest, 30 ms kept either side."""
    hop = SAMPLE_RATE // 100
    n = max(1, len(x) // hop)
    energy = 10 * np.log10(np.mean(x[: n * hop].reshape(n, hop) ** 2, axis=1) + 1.0)
    loud = np.flatnonzero(energy >= energy.max() - 30.0)
    return x[max(0, (loud[0] - 3) * hop) : (loud[-1] + 4) * hop]


def real_clues(split: str) -> list[SaidClue]:
    """Each speaker's word clips, each joined to one of the same speaker's number clips."""
    words: dict[str, list[Clip]] = defaultdict(list)
    numbers: dict[str, list[Clip]] = defaultdict(list)
    for clip in clips():
        if clip.split != split or not clip.path.parent.parent.name.startswith("speech_commands"):
            continue
        if clip.text in WORDS:
            words[clip.speaker].append(clip)
        elif clip.text in DIGIT_WORDS:
            numbers[clip.speaker].append(clip)
    out = []
    for speaker in sorted(set(words) & set(numbers)):
        rng = np.random.default_rng(_seed(speaker, "clues"))
        for clip in words[speaker]:
            picked = rng.choice(len(numbers[speaker]), size=min(NUMBERS_A_WORD, len(numbers[speaker])), replace=False)
            for number in (numbers[speaker][int(k)] for k in picked):
                gap = np.zeros(int(rng.uniform(0.15, 0.25) * SAMPLE_RATE))
                body = np.concatenate([trimmed(read(clip.path)), gap, trimmed(read(number.path))])
                out.append(SaidClue(f"{clip.id}+{number.id}", clip.text, DIGIT_WORDS.index(number.text), body,
                                    speaker, split, "real"))
    return out


def synthetic_clues(split: str, count: int) -> list[SaidClue]:
    """The same words and numbers, said by synthetic voices in a player's forms."""
    rng = np.random.default_rng(_seed(split, "synthetic clues"))
    out = []
    for i in range(count):
        word, number = WORDS[int(rng.integers(len(WORDS)))], int(rng.integers(10))
        voice, form = SYNTHETIC_VOICES[i % len(SYNTHETIC_VOICES)], SYNTHETIC_FORMS[i % len(SYNTHETIC_FORMS)]
        text = form.format(w=word, n=DIGIT_WORDS[number])
        try:
            body = say(text, voice).astype(np.float64)
        except SpeechSynthesisError:
            continue
        out.append(SaidClue(f"synthetic/{voice}/{text}", word, number, body, voice, split, form))
    return out


def outcome(clue: SaidClue, intent: object) -> str:
    if isinstance(intent, Clue):
        return "right" if (intent.word, intent.number) == (clue.word, clue.number) else "wrong"
    if isinstance(intent, Command) and intent.kind in ("yes", "no"):
        return "answer"
    return "nothing"


def report(cells: dict[tuple[str, str, str], list[dict]], command: str) -> str:
    lines = ["# Real clues: a real person's clue word and number, heard in the clue phase", "", command, "",
             "| split, condition | clues | right (read back as said) | wrong | nothing | taken as yes/no | number right when the word is | decision ms median / p95 |",
             "|---|---|---|---|---|---|---|---|"]
    for (split, condition, source), rows in cells.items():
        n = len(rows)
        count = Counter(r["outcome"] for r in rows)
        word_right = [r for r in rows if r["heard_word"] == r["word"]]
        number_right = sum(r["heard_number"] == r["number"] for r in word_right)
        ms = sorted(r["ms"] for r in rows)
        lines.append(f"| {split}, {condition}, {source} | {n} | " + " | ".join(
            f"{100 * count[k] / n:.1f}%" for k in ("right", "wrong", "nothing", "answer"))
            + f" | {number_right}/{len(word_right)} | {statistics.median(ms):.0f} / {ms[int(0.95 * (n - 1))]:.0f} |")
    lines += ["", *by_word(cells), ""]
    for (split, condition, source), rows in cells.items():
        missed = Counter(f"{r['word']} {r['number']} → {r['heard']!r}" for r in rows if r["outcome"] != "right")
        if missed:
            lines.append(f"{split}, {condition}, {source}, not right: " + "; ".join(
                f"{k} ×{v}" if v > 1 else k for k, v in missed.most_common(14)))
            lines.append("")
    return "\n".join(lines)


def by_word(cells: dict[tuple[str, str, str], list[dict]]) -> list[str]:
    """Real clues read back right, by clue word and condition: a half of 45 or 53 clues can hide
    its hard words (forward, visual, bed) behind the easy ones."""
    keys = [key for key in cells if key[2] == "real"]
    words = sorted({r["word"] for key in keys for r in cells[key]})
    lines = ["| real clues right, by word | " + " | ".join(f"{split}, {condition}" for split, condition, _ in keys) + " |",
             "|---|" + "---|" * len(keys)]
    for word in words:
        cols = []
        for key in keys:
            rows = [r for r in cells[key] if r["word"] == word]
            count = Counter(r["outcome"] for r in rows)
            wrong = f" ({count['wrong']} wrong)" if count["wrong"] else ""
            cols.append(f"{count['right']}/{len(rows)}{wrong}" if rows else "–")
        lines.append(f"| {word} | " + " | ".join(cols) + " |")
    return lines


def from_log(path: Path) -> dict[tuple[str, str, str], list[dict]]:
    """A run's rows as its log kept them, grouped as the run grouped them."""
    cells: dict[tuple[str, str, str], list[dict]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        cells.setdefault((row["split"], row["condition"], row["source"]), []).append(row)
    return cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--splits", nargs="+", default=["test"], choices=["calib", "test"])
    parser.add_argument("--conditions", nargs="+", default=list(CONDITIONS), choices=list(CONDITIONS))
    parser.add_argument("--synthetic", type=int, default=0, metavar="N", help="N synthetic clues a split beside the real ones")
    parser.add_argument("--every", type=int, default=1, help="one real clue in N")
    parser.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE", help="Whisper thresholds to try")
    parser.add_argument("--log", type=Path, default=LOG)
    parser.add_argument("--write", action="store_true", help="write bench/results/real_clues.md")
    parser.add_argument("--from-log", type=Path, metavar="LOG", help="report a logged run again, without hearing anything")
    args = parser.parse_args()
    if args.from_log:
        text = report(from_log(args.from_log), f"Reported from `{args.from_log}` (`--from-log`).")
        print(text)
        if args.write:
            (RESULTS / "real_clues.md").write_text(text + "\n", encoding="utf-8")
        return
    started = time.perf_counter()
    ear = whisper_with(args.set)
    now = moment(BOARD, Phase.CLUE, question=False)
    cells: dict[tuple[str, str, str], list[dict]] = {}
    args.log.parent.mkdir(parents=True, exist_ok=True)
    with args.log.open("w", encoding="utf-8") as log:
        for split in args.splits:
            said = real_clues(split)[:: args.every] + synthetic_clues(split, args.synthetic)
            for condition in args.conditions:
                for clue in said:
                    audio = dress(clue.body, split, clue.speaker, clue.key, condition, 10.0)
                    heard = heard_as_a_file(ear, audio, now)
                    intent = heard.intent
                    row = {"split": split, "condition": condition, "source": "real" if clue.source == "real" else "synthetic",
                           "key": clue.key, "word": clue.word, "number": clue.number, "heard": heard.transcript,
                           "intent": to_json(intent), "outcome": outcome(clue, intent), "ms": round(heard.decode_ms, 1),
                           "heard_word": intent.word if isinstance(intent, Clue) else None,
                           "heard_number": intent.number if isinstance(intent, Clue) else None,
                           "evidence": whisper_evidence(heard)}
                    print(json.dumps(row), file=log, flush=True)
                    cells.setdefault((split, condition, row["source"]), []).append(row)
                for (s, c, source), rows in cells.items():
                    if (s, c) == (split, condition):
                        right = sum(r["outcome"] == "right" for r in rows)
                        print(f"{split} {condition} {source}: right {right}/{len(rows)}", flush=True)
    minutes = (time.perf_counter() - started) / 60
    text = report(cells, f"`.venv/bin/python bench/real_clues.py --splits {' '.join(args.splits)} --synthetic "
                         f"{args.synthetic} --every {args.every}" + (f" --set {' '.join(args.set)}" if args.set else "")
                         + f"` ({minutes:.0f} min)")
    print(text)
    if args.write:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / "real_clues.md").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
