"""False accepts an hour: real talk strung together, a question open all along.

A table talks for hours around a referee that waits for a "yes" or a "stop". Here an hour
(or --minutes) of one split's real people who ask for nothing (../shared/realspeech: calls,
sentences, single words, numbers, card names, wake words, noise) is laid end to end with
0.2-1.5 s of room tone between clips, in a random order, some clips spoken over each other;
the stream is heard as `voicemaster recognize` hears a file (play's front end and endpointer,
then the ear on every utterance) in the guess phase with a question open (so a "yes", a "no" or a "stop" would all be acted on), or
with `--phase clue` while a clue is awaited (a clue read back for a yes is taken too).
Anything acted on or asked is a false accept. Each utterance's evidence goes to `--log`, so
other Whisper bars can be tried on the same hearings (bench/speech/whisper_log.replayed).

    .venv/bin/python bench/false_accepts.py [--split test] [--minutes 60] [--phase guess|clue]
        [--set NAME=VALUE ...] [--log FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.speech.realspeech import BOARD, REQUESTS, clips, read  # noqa: E402
from bench.speech.whisper_log import whisper_evidence, whisper_with  # noqa: E402
from voicemaster.game.phase import Phase  # noqa: E402
from voicemaster.commands.recognize import moment  # noqa: E402
from voicemaster.speech.audio.format import SAMPLE_RATE  # noqa: E402
from voicemaster.speech.audio.sources import ArraySource  # noqa: E402
from voicemaster.speech.recordings import hear_recording  # noqa: E402
from voicemaster.speech.voices.synthetic import active_power  # noqa: E402
from voicemaster.understand.intents import to_json  # noqa: E402

LEVEL = 3000.0
"""Speech RMS every clip is brought to (int16 scale): a table's voices at one distance."""
TONE = 30.0
"""Room tone RMS between and under the clips."""
LOG = ROOT / "bench" / ".cache" / "false_accepts.jsonl"


def stream(split: str, minutes: float, seed: int) -> np.ndarray:
    """The split's talk, end to end (clips repeated in new orders until `minutes` are filled)."""
    pool = [c for c in clips() if c.split == split and c.kind not in REQUESTS]
    rng = np.random.default_rng(seed)
    parts: list[np.ndarray] = []
    total = 0
    while total < minutes * 60 * SAMPLE_RATE:
        for i in rng.permutation(len(pool)):
            said = read(pool[i].path)
            said = said * LEVEL / (np.sqrt(active_power(said)) or 1.0)
            gap = np.zeros(int(rng.uniform(0.2, 1.5) * SAMPLE_RATE))
            parts += [said, gap]
            total += len(said) + len(gap)
            if total >= minutes * 60 * SAMPLE_RATE:
                break
    x = np.concatenate(parts)
    x += rng.standard_normal(len(x)) * TONE
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=["calib", "test"], default="test")
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--phase", choices=["guess", "clue"], default="guess",
                        help="guess: a question open all along; clue: a clue awaited all along")
    parser.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE", help="Whisper thresholds to try")
    parser.add_argument("--log", type=Path, default=LOG)
    args = parser.parse_args()
    audio = stream(args.split, args.minutes, args.seed)
    ear = whisper_with(args.set)
    clue = args.phase == "clue"
    now = moment(BOARD, Phase.CLUE if clue else Phase.GUESS, question=not clue)
    taken: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    ms: list[float] = []
    count = 0
    started = time.perf_counter()
    args.log.parent.mkdir(parents=True, exist_ok=True)
    log = args.log.open("w", encoding="utf-8")
    for heard in hear_recording(ear, ArraySource(audio), now):
        print(json.dumps({"heard": heard.transcript, "ms": round(heard.decode_ms, 1), "intent": to_json(heard.intent),
                          "evidence": whisper_evidence(heard)}), file=log, flush=True)
        count += 1
        ms.append(heard.decode_ms)
        if heard.intent is not None:
            taken[f"{heard.transcript[:40]} → {json.dumps(to_json(heard.intent))}"] += 1
            kinds[to_json(heard.intent)["type"]] += 1
    hours = len(audio) / SAMPLE_RATE / 3600
    log.close()
    waiting = "a clue awaited" if clue else "a question open"
    print(f"# False accepts: {args.split} split, {hours * 60:.0f} min of real talk, {waiting}\n")
    print(f"`.venv/bin/python bench/false_accepts.py --split {args.split} --minutes {args.minutes:g} --phase {args.phase}"
          + (f" --set {' '.join(args.set)}" if args.set else "") + f"` ({(time.perf_counter() - started) / 60:.0f} min)\n")
    print(f"- utterances heard: {count}; decision ms median {statistics.median(ms):.0f}")
    print(f"- false accepts: {sum(taken.values())} ({sum(taken.values()) / hours:.1f} an hour): "
          + (", ".join(f"{kind} {n}" for kind, n in kinds.most_common()) or "none"))
    for what, n in taken.most_common():
        print(f"  - {what}" + (f" ×{n}" if n > 1 else ""))


if __name__ == "__main__":
    main()
