"""How much of a whole demo game the referee understands, over several seeds.

    .venv/bin/python bench/demo_runs.py [--seeds 1 2 3 4 5] [--engine auto]

Each seed is one `voicemaster demo` run (announcements to a WAV, no speaker); the figure
is the demo's own count of utterances understood exactly as meant. Writes
bench/results/demo_runs.md.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RESULTS = Path(__file__).parent / "results" / "demo_runs.md"
SUMMARY = re.compile(r"(\w+) wins\. Understood (\d+) of (\d+) utterances correctly\.")


def run(seed: int, engine: str, out: Path) -> tuple[int, int, float, list[str]]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "voicemaster", "demo", "--seed", str(seed), "--engine", engine, "--audio-out", str(out)],
        capture_output=True, text=True, timeout=1800,
    )
    found = SUMMARY.search(done.stdout)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"seed {seed}: demo failed\n{done.stderr[-2000:]}")
    misses = [line.strip() for line in done.stdout.splitlines() if line.startswith("  said ")]
    return int(found.group(2)), int(found.group(3)), time.perf_counter() - started, misses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--engine", default="auto")
    args = parser.parse_args()
    understood = said = 0
    lines = [f"# Whole demo games (engine {args.engine})", ""]
    with tempfile.TemporaryDirectory() as tmp:
        for seed in args.seeds:
            got, total, seconds, misses = run(seed, args.engine, Path(tmp) / f"demo-{seed}.wav")
            understood, said = understood + got, said + total
            lines.append(f"- seed {seed}: understood {got} of {total} ({100 * got / total:.0f}%) in {seconds:.0f} s")
            lines += [f"    - {miss}" for miss in misses]
            print("\n".join(lines[-1 - len(misses):]), flush=True)
    lines += ["", f"All seeds: understood {understood} of {said} ({100 * understood / said:.1f}%); target ≥ 95%.",
              "", f"Reproduce: `.venv/bin/python bench/demo_runs.py --engine {args.engine}`"]
    print(lines[-3])
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")

if __name__ == "__main__":
    main()
