"""Clue referee: agreement and false refusals on every clue-case table, start-up cost of its word data, time per verdict.

    .venv/bin/python bench/referee_speed.py [--runs 7] [--clues 3000] [--baseline REV] [--write]

Agreement is the share of rows of a table whose verdict the referee gives (and,
for our table tests/referee/clue_cases.tsv, stricter, verdict and deciding rule). It
is strict: an `ask` is right only on a row whose verdict is `ask`, where the rulebook
leaves the clue to the table; an ask on a row the rulebook decides (legal or illegal)
is a miss, a needless question, counted apart as well. False refusals, legal clues
refused (each would end a turn and hand the other team a cover), are counted apart, as
a share of the table's legal rows, and listed; illegal clues passed as legal, as a share of
its illegal rows (issue 35); the other disagreements are counted by kind (legal asked, ...).
The tables: our table; the validation list clue_cases_validation.tsv (written
before the referee was measured on it, issue 11); validation list 2,
clue_cases_validation_2.tsv (issue 17, written before measuring); and the
held-back checks clue_cases_validation_3.tsv and clue_cases_validation_4.tsv
(issue 17, each written after a session's method was settled, measured once); and
validation list 5, clue_cases_validation_5.tsv (issue 25, written before measuring),
validation list 6, clue_cases_validation_6.tsv (issue 25's second round, written
before measuring), validation list 7, clue_cases_validation_7.tsv (issue 25's third
round, written after its method was settled and before measuring), and validation list 8,
clue_cases_validation_8.tsv (issue 25's fourth round, likewise), clue_cases_validation_9.tsv and
clue_cases_validation_10.tsv (issue 35, likewise), clue_cases_validation_11.tsv (its second round) and
clue_cases_validation_12.tsv (its third), clue_cases_validation_13.tsv (issue 49).
Start-up is measured
cold, in fresh interpreters: import the referee and give the first verdict (which
loads the cached lexicon); the one-off build of that cache (first run on a
machine) is measured too, into a throw-away directory. Verdicts are then timed
one by one on random boards from wordlists/default.txt, with clue words the
referee has not seen before (its per-word caches are cold), mixed with forms and
compounds of the cards so every rule is exercised. `--baseline REV` measures
the referee of another git revision the same way, on the same tables, beside it.
Targets (issue 25): on every table legal clues refused <= 0.5% of its legal rows (issue 35: none) and
strict agreement >= 98% (issue 35: >= 95% on every list written before its round); verdict <= 1 ms median; start-up unchanged (issue 17: <= 0.5 s).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "referee.md"
CASES_MODULE = ROOT / "tests" / "referee" / "clue_cases.py"
STARTUP_SNIPPET = (
    "import time; t = time.perf_counter(); c = time.process_time(); "
    "from voicemaster.referee import judge_clue; judge_clue('ocean two', ['APPLE']); "
    "print(time.perf_counter() - t, time.process_time() - c)"
)
DERIVED = ("s", "ing", "er", "ness", "ly", "man", "ball", "y", "ed")
TABLES = (
    ("table", "clue_cases.tsv", "our table"),
    ("validation", "clue_cases_validation.tsv", "the validation list (issue 11)"),
    ("validation_2", "clue_cases_validation_2.tsv", "validation list 2 (issue 17, written before measuring)"),
    ("held_back", "clue_cases_validation_3.tsv", "the held-back check (issue 17, written after the method)"),
    ("held_back_4", "clue_cases_validation_4.tsv", "held-back list 4 (issue 17, written after the second method)"),
    ("fresh_5", "clue_cases_validation_5.tsv", "validation list 5 (issue 25, written before measuring)"),
    ("fresh_6", "clue_cases_validation_6.tsv", "validation list 6 (issue 25's second round, written before measuring)"),
    ("fresh_7", "clue_cases_validation_7.tsv", "validation list 7 (issue 25's third round, written before measuring)"),
    ("fresh_8", "clue_cases_validation_8.tsv", "validation list 8 (issue 25's fourth round, written before measuring)"),
    ("fresh_9", "clue_cases_validation_9.tsv", "validation list 9 (issue 35, written before measuring)"),
    ("fresh_10", "clue_cases_validation_10.tsv", "validation list 10 (issue 35, written before measuring)"),
    ("fresh_11", "clue_cases_validation_11.tsv", "validation list 11 (issue 35's second round, written before measuring)"),
    ("fresh_12", "clue_cases_validation_12.tsv", "validation list 12 (issue 35's third round, written before measuring)"),
    ("fresh_13", "clue_cases_validation_13.tsv", "validation list 13 (issue 49, written before measuring)"),
)
"""(key, file beside clue_cases.py, how the report names it)."""
TARGETS = {"agreement": ">= 98%", "false_refusals": "<= 0.5%", "passed": "<= 3%"}
MISSES = ("legal>illegal", "legal>ask", "illegal>legal", "illegal>ask", "ask>legal", "ask>illegal")
"""Disagreements by kind, expected > given; the first is a false refusal."""


def startup_seconds(env: dict[str, str]) -> tuple[float, float]:
    """Import + first verdict, in a fresh interpreter (not counting Python's own
    start): (wall-clock seconds, CPU seconds of that process, which other load
    on a shared machine does not inflate)."""
    out = subprocess.run(
        [sys.executable, "-c", STARTUP_SNIPPET], env=env, capture_output=True, text=True, check=True
    )
    wall, cpu = out.stdout.split()
    return float(wall), float(cpu)


def measure_startup(runs: int) -> tuple[float, float, float, float]:
    """(median warm-cache start-up, max of them, median CPU time of them, one cold build of the cache)."""
    env = dict(os.environ)
    startup_seconds(env)
    warm = [startup_seconds(env) for _ in range(runs)]
    with tempfile.TemporaryDirectory() as empty:
        build, _ = startup_seconds({**env, "VOICEMASTER_CACHE": empty})
    walls = [wall for wall, _ in warm]
    return statistics.median(walls), max(walls), statistics.median(cpu for _, cpu in warm), build


def clue_words(cards: list[str], count: int, rng: random.Random) -> list[str]:
    import wordfreq

    common = [w for w in wordfreq.top_n_list("en", count * 3) if w.isalpha() and len(w) > 2]
    forms = [rng.choice(cards).lower() + rng.choice(DERIVED) for _ in range(count // 4)]
    words = rng.sample(common, min(len(common), count - len(forms))) + forms
    rng.shuffle(words)
    return words


def wordlist_cards() -> list[str]:
    """The cards of wordlists/default.txt, read here rather than through the
    package, whose setup code differs between the revisions compared."""
    lines = (ROOT / "wordlists" / "default.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def measure_verdicts(count: int, seed: int) -> tuple[list[float], dict[str, int]]:
    from voicemaster.referee import judge_clue, warm_up

    rng = random.Random(seed)
    cards = wordlist_cards()
    warm_up()
    times: list[float] = []
    tally: dict[str, int] = {}
    for word in clue_words(cards, count, rng):
        board = rng.sample(cards, 25)
        clue = f"{word} {rng.randint(0, 9)}"
        start = time.perf_counter()
        verdict = judge_clue(clue, board)
        times.append(time.perf_counter() - start)
        tally[verdict.verdict] = tally.get(verdict.verdict, 0) + 1
    return times, tally


def measure_agreement() -> dict[str, Any]:
    """For each table its rows, the share judged right (verdict), its legal rows, the
    disagreements by kind and the false refusals by name; for our table also verdict
    and rule."""
    spec = importlib.util.spec_from_file_location("clue_cases", CASES_MODULE)
    assert spec is not None and spec.loader is not None
    cases_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cases_module)
    out: dict[str, Any] = {}
    for key, name, _ in TABLES:
        cases = cases_module.read_cases(CASES_MODULE.with_name(name))
        judged = [(case, case.judge()) for case in cases]
        out[f"{key}_rows"] = len(cases)
        out[f"{key}_agreement"] = sum(found[0] == case.verdict for case, found in judged) / len(cases)
        out[f"{key}_asked"] = sum(case.verdict != "ask" and found[0] == "ask" for case, found in judged)
        out[f"{key}_legal"] = sum(case.verdict == "legal" for case in cases)
        misses = [(f"{case.verdict}>{found[0]}", case.name) for case, found in judged if found[0] != case.verdict]
        out[f"{key}_misses"] = {kind: sum(k == kind for k, _ in misses) for kind in MISSES}
        out[f"{key}_refused"] = [name for kind, name in misses if kind == "legal>illegal"]
        out[f"{key}_false_refusals"] = len(out[f"{key}_refused"]) / max(1, out[f"{key}_legal"])
        out[f"{key}_illegal"] = sum(case.verdict == "illegal" for case in cases)
        out[f"{key}_passed"] = out[f"{key}_misses"]["illegal>legal"] / max(1, out[f"{key}_illegal"])
        if key == "table":
            out["rule_agreement"] = sum(found[:2] == (case.verdict, case.rule) for case, found in judged) / len(cases)
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(args: argparse.Namespace) -> dict[str, Any]:
    """Every figure of the report, for the referee that `voicemaster` imports here."""
    warm, worst, cpu, build = measure_startup(args.runs)
    agreement = measure_agreement()
    times, tally = measure_verdicts(args.clues, args.seed)
    ms = [t * 1000 for t in times]
    return {
        **agreement,
        "startup": warm,
        "startup_max": worst,
        "startup_cpu": cpu,
        "build": build,
        "median_ms": statistics.median(ms),
        "p95_ms": percentile(ms, 0.95),
        "max_ms": max(ms),
        "tally": tally,
    }


def baseline_summary(rev: str, args: argparse.Namespace) -> dict[str, Any]:
    """The same figures for the referee of git revision `rev` (its code, today's table)."""
    with tempfile.TemporaryDirectory() as tree:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", tree], input=archive.stdout, check=True)
        env = {**os.environ, "PYTHONPATH": tree, "VOICEMASTER_CACHE": str(Path(tree) / ".cache")}
        command = [sys.executable, __file__, "--summary", "--runs", str(args.runs), "--clues", str(args.clues)]
        out = subprocess.run([*command, "--seed", str(args.seed)], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def _row(label: str, key: str, unit: str, target: str, now: dict[str, Any], then: dict[str, Any] | None) -> str:
    def show(figures: dict[str, Any]) -> str:
        value = figures[key]
        if unit == "":
            return str(value)
        return f"{value:.2%}" if unit == "%" else f"{value:.{3 if unit == 's' else 2}f} {unit}"

    before = f" {show(then)} |" if then else ""
    return f"| {label} |{before} {show(now)} | {target} |"


def _misses(figures: dict[str, Any], key: str) -> str:
    counts = figures[key + "_misses"]
    return ", ".join(f"{kind.replace('>', ' given ')} {n}" for kind, n in counts.items() if n) or "none"


def refusal_lines(now: dict[str, Any], then: dict[str, Any] | None, baseline: str | None) -> list[str]:
    """Per table: the legal clues refused, by name, and the other disagreements by kind."""
    lines = ["Disagreements by kind (expected, given) and the legal clues refused, per table:", ""]
    for key, name, _ in TABLES:
        for label, figures in ((f"before ({baseline})", then), ("after" if then else "now", now)):
            if figures is None:
                continue
            refused = ", ".join(figures[key + "_refused"]) or "none"
            lines.append(f"- `{name}`, {label}: {_misses(figures, key)}. Refused: {refused}.")
    return lines + [""]


def report(args: argparse.Namespace) -> str:
    now = summary(args)
    then = baseline_summary(args.baseline, args) if args.baseline else None
    agreement_rows = [
        (f"agreement on {label} ({now[key + '_rows']} rows), strict", f"{key}_agreement", "%", TARGETS["agreement"])
        for key, _, label in TABLES
    ]
    asked_rows = [
        (f"asks on rows the rulebook decides, {label}", f"{key}_asked", "", "-") for key, _, label in TABLES
    ]
    refusal_rows = [
        (f"legal clues refused, {label} (of {now[key + '_legal']} legal)", f"{key}_false_refusals", "%",
         TARGETS["false_refusals"])
        for key, _, label in TABLES
    ]
    passed_rows = [
        (f"illegal clues passed as legal, {label} (of {now[key + '_illegal']} illegal)", f"{key}_passed", "%",
         TARGETS["passed"])
        for key, _, label in TABLES
    ]
    rows = [
        *agreement_rows[:1],
        ("agreement on our table: verdict and rule", "rule_agreement", "%", "-"),
        *agreement_rows[1:],
        *asked_rows,
        *refusal_rows,
        *passed_rows,
        (f"start-up, cached data (median of {args.runs} fresh interpreters)", "startup", "s", "<= 0.5 s"),
        ("start-up, CPU time of those interpreters (median)", "startup_cpu", "s", "-"),
        ("start-up, first run on a machine (builds the cache once)", "build", "s", "-"),
        (f"verdict, median of {args.clues} clues on random boards", "median_ms", "ms", "<= 1 ms"),
        ("verdict, p95", "p95_ms", "ms", "-"),
        ("verdict, max", "max_ms", "ms", "-"),
    ]
    header = f"| measure | before ({args.baseline}) | after | target |" if then else "| measure | value | target |"
    lines = [
        "# Clue referee: agreement and speed",
        "",
        f"Generated by `bench/referee_speed.py{f' --baseline {args.baseline}' if then else ''}` "
        f"(Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
        "while measuring: the machine is shared). Tables, in `tests/referee/`: "
        + "; ".join(f"{label}, `{name}`" for _, name, label in TABLES)
        + ". The revision before is measured on today's tables.",
        "",
        header,
        "|---|---|---|" + ("---|" if then else ""),
        *(_row(*row, now, then) for row in rows),
        "",
        "Verdicts in the timed sample: " + ", ".join(f"{k} {v}" for k, v in sorted(now["tally"].items())) + ".",
        "",
        *refusal_lines(now, then, args.baseline),
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh interpreters for the start-up median")
    parser.add_argument("--clues", type=int, default=3000, help="clues to time")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--baseline", metavar="REV", help="also measure the referee of this git revision")
    parser.add_argument("--summary", action="store_true", help="print the figures as JSON only")
    parser.add_argument("--write", action="store_true", help=f"also write {RESULTS.relative_to(ROOT)}")
    args = parser.parse_args()
    if args.summary:
        print(json.dumps(summary(args)))
        return 0
    text = report(args)
    print(text)
    if args.write:
        RESULTS.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
