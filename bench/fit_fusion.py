"""Fit the two-ear fusion (voicemaster/speech/ears/fusion_model.json) on the calibration split.

Reads a log of `bench/speech_accuracy.py --engines both --splits calib` (both ears' views
of every clip), fits the logistic model — is this phrase what was said? — on every phrase
either ear put first or second, then chooses the bars on its probability:
- act: the lowest bar at which, one safety step stricter, no request is acted on as another
  and no talk, silence or knock is acted on (the targets are 1 in 1,000 and 0.5 %: on a
  calibration split of a few hundred clips that is none);
- ask / ask_second: those that put the right card in the most questions while questions
  stay under one request in ten and no talk is asked about, again one step stricter (an
  undisputed card below `act` is asked about; so is a disputed one, at any probability).
Only lines of the calib split are used; any other split in the log is refused.

    .venv/bin/python bench/fit_fusion.py bench/.cache/speech_accuracy.jsonl [more logs of calib]
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicemaster.speech.ears.fusion import (  # noqa: E402
    FEATURES, MODEL_FILE, FusionModel, View, backed, candidates, choose, features, firsts, judged, key,
)
from voicemaster.understand.intents import AmbiguousCard  # noqa: E402

REQUESTS = ("guess", "cover", "command")
TALK = ("chatter", "numtalk", "silence", "noise")
L2 = 1.0
"""Ridge penalty on the coefficients (not the bias): a few hundred clips, thirteen inputs."""
STEP = 0.02
"""The bars are judged one step stricter than chosen, as the Whisper thresholds are."""
MAX_QUESTIONS = 0.10


@dataclass(frozen=True)
class Clip:
    kind: str
    expected: str | None
    w: View
    p: View


def clips(logs: list[Path]) -> list[Clip]:
    """Every clip once (runs of other subsets may share clips)."""
    out, seen = [], set()
    for log, raw in ((log, raw) for log in logs for raw in log.read_text(encoding="utf-8").splitlines()):
        line = json.loads(raw)
        if line["engine"] != "both" or (line["id"], line["condition"]) in seen:
            continue
        seen.add((line["id"], line["condition"]))
        if line["split"] != "calib":
            raise SystemExit(f"{log}: holds split {line['split']!r}; the fusion is fitted on calib only")
        expected = line["expected"]
        out.append(Clip(line["kind"], _expected_key(expected), View(**line["views"]["w"]), View(**line["views"]["p"])))
    return out


def _expected_key(expected: dict | None) -> str | None:
    if expected is None:
        return None
    kind = expected["type"]
    if kind in ("guess", "cover"):
        return f"{kind}|{expected['word']}"
    if kind == "clue":
        return f"clue|{expected['word']}|{expected['number']}"
    return f"{kind}|{expected.get('action', 'query')}"


def fit(data: list[Clip]) -> np.ndarray:
    """Logistic regression by Newton's method with a ridge penalty."""
    rows = [(features(k, c.w, c.p), float(k == c.expected)) for c in data for k in candidates(c.w, c.p)]
    x = np.array([r for r, _ in rows])
    y = np.array([t for _, t in rows])
    beta = np.zeros(x.shape[1])
    penalty = L2 * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ beta, -50, 50)))
        gradient = x.T @ (p - y) + penalty @ beta
        hessian = (x * (p * (1 - p))[:, None]).T @ x + penalty + 1e-9 * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.abs(step).max() < 1e-8:
            break
    return beta


@dataclass
class Outcome:
    acted_right: int = 0
    asked_right: int = 0
    questions: int = 0
    wrong: int = 0
    talk_taken: int = 0
    requests: int = 0


def judge(data: list[Clip], judgements: list[list[tuple[float, str]]], model: FusionModel) -> Outcome:
    out = Outcome()
    for clip, scored in zip(data, judgements):
        if clip.w.clue:
            continue
        intent = choose(scored, firsts(clip.w, clip.p), model, backed(clip.w, clip.p)).intent
        if clip.kind in TALK:
            out.talk_taken += intent is not None
        if clip.kind not in REQUESTS:
            continue
        out.requests += 1
        got = key(intent) if intent is not None and not isinstance(intent, AmbiguousCard) else None
        if isinstance(intent, AmbiguousCard):
            out.questions += 1
            out.asked_right += any(f"{intent.action}|{c}" == clip.expected for c in intent.candidates)
        elif got is not None:
            out.acted_right += got == clip.expected
            out.wrong += got != clip.expected
    return out


def bars(data: list[Clip], coefficients: tuple[float, ...]) -> FusionModel:
    judgements = [judged(c.w, c.p, coefficients) for c in data]
    grid = [round(v, 2) for v in np.arange(0.10, 0.995, STEP)]
    act = next((a for a in grid if _safe(judge(data, judgements, FusionModel(coefficients, a - STEP, 2.0, 2.0)), False)),
               1.01)
    best: tuple[int, float, float] | None = None
    for ask in grid:
        for second in grid:
            out = judge(data, judgements, FusionModel(coefficients, act, ask - STEP, second - STEP))
            if _safe(out, True) and (best is None or out.asked_right > best[0]):
                best = (out.asked_right, ask, second)
    ask, second = (best[1], best[2]) if best else (1.01, 1.01)
    return FusionModel(coefficients, act, ask, second)


def _safe(out: Outcome, asking: bool) -> bool:
    if out.wrong or out.talk_taken:
        return False
    return not asking or out.questions <= MAX_QUESTIONS * out.requests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", type=Path, nargs="+", help="speech_accuracy.py's clip logs of --engines both --splits calib")
    parser.add_argument("--out", type=Path, default=MODEL_FILE)
    args = parser.parse_args()
    data = clips(args.logs)
    coefficients = tuple(round(float(b), 4) for b in fit(data))
    model = bars(data, coefficients)
    out = judge(data, [judged(c.w, c.p, coefficients) for c in data], model)
    result = {
        "features": list(FEATURES), "coefficients": list(coefficients),
        "act": model.act, "ask": model.ask, "ask_second": model.ask_second,
        "fitted_on": f"calib split, {len(data)} clips (bench/fit_fusion.py {' '.join(p.name for p in args.logs)})",
        "calib": vars(out),
    }
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
