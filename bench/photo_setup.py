"""From a photo's upload on the spymaster page to the board shown: the real `voicemaster setup
--web`, photos rendered by bench/photos at a phone's resolution, each posted as the page posts
it, the public board polled until it shows what was read. The first photo of a run includes
loading the OCR (it loads when a photo first arrives); the others are a table photographed
again. Target (issue 24): 10 s median on this 2-core machine.

    .venv/bin/python bench/photo_setup.py [--photos 6] [--write]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.photos.board import BoardShot, RenderedBoard, render_board  # noqa: E402
from bench.photos.cards import Font  # noqa: E402
from bench.photos.scene import Light  # noqa: E402
from voicemaster.setup.dealing import bundled_wordlist  # noqa: E402
from voicemaster.card_files import read_wordlist  # noqa: E402

SHOTS = {
    "plain": BoardShot(),
    "hand": BoardShot(hands=1),
    "glare and a cup": BoardShot(light=Light(glare=2), cups=1),
}
FONTS = (Font("DejaVuSans-Bold.ttf"), Font("LiberationSans-Bold.ttf"))
SHOWN = re.compile(r"cards? read|No card could be read|could not be read")
KEY = "RRRRR\nRRRRB\nBBBBB\nBBNNN\nNNNNA\n"
RESULTS = ROOT / "bench" / "results" / "photo_setup.md"


@dataclass(frozen=True)
class Run:
    shot: str
    megabytes: float
    seconds: float
    """From the start of the upload to the public board showing what was read."""
    reading: float
    """Of which the reader's own (voicemaster.photo), as the spymaster page reports it."""
    right: int
    """Words shown right in their place (of 25)."""
    unread: int
    wrong: int
    """Words shown in a place that holds another card (not marked ?)."""


def photos(count: int) -> list[tuple[str, RenderedBoard]]:
    words = list(read_wordlist(bundled_wordlist("default")))
    names = list(SHOTS)
    out = []
    for n in range(count):
        name = names[n % len(names)]
        seed = f"photo-setup-{n}"
        out.append((name, render_board(random.Random(seed).sample(words, 25), SHOTS[name], FONTS, seed)))
    return out


def public(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url + "state.json", timeout=10) as response:
        return dict(json.loads(response.read()))


def upload(spymaster: str, origin: str, data: bytes) -> None:
    request = urllib.request.Request(spymaster + "/photo/board", data=data, method="POST",
                                     headers={"Origin": origin, "Content-Type": "image/jpeg"})
    with urllib.request.urlopen(request, timeout=60) as response:
        assert response.status == 202, response.status


def shown_after(url: str, version: int, timeout: float = 180.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        doc = public(url)
        if doc["version"] != version and doc["board"] and SHOWN.search(doc["board"]["message"]):
            return doc
        time.sleep(0.05)
    raise TimeoutError("the board never showed the photo's reading")


def reading_seconds(spymaster: str) -> float:
    with urllib.request.urlopen(spymaster + "/key.json", timeout=10) as response:
        message = json.loads(response.read())["photos"]["board"]["message"]
    found = re.search(r"read in ([\d.]+) s", message)
    assert found is not None, message
    return float(found[1])


def addresses(process: subprocess.Popen[str]) -> tuple[str, str]:
    found: dict[str, str] = {}
    assert process.stderr is not None
    while len(found) < 2:
        line = process.stderr.readline()
        if not line:
            raise RuntimeError("voicemaster setup ended before it served the page")
        url = re.search(r"(http://\S+)", line)
        if url:
            found["spymaster" if "/spymaster/" in url[1] else "public"] = url[1]
    return found["public"], found["spymaster"]


def measure(rendered: list[tuple[str, RenderedBoard]]) -> list[Run]:
    runs = []
    with tempfile.TemporaryDirectory(prefix="voicemaster-photo-setup-") as tmp:
        Path(tmp, "key.txt").write_text(KEY)
        process = subprocess.Popen(
            [sys.executable, "-m", "voicemaster", "setup", "--board-out", "board.txt", "--key", "key.txt",
             "--input", "text", "--audio-out", "none", "--web", "127.0.0.1:0"],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=tmp)
        try:
            board_url, spymaster = addresses(process)
            origin = board_url.rstrip("/")
            public(board_url)
            for name, photo in rendered:
                version = public(board_url)["version"]
                started = time.perf_counter()
                upload(spymaster, origin, photo.data)
                doc = shown_after(board_url, version)
                seconds = time.perf_counter() - started
                shown = [c["word"] for c in doc["board"]["cards"]]
                truth = photo.truth.words
                runs.append(Run(name, len(photo.data) / 2**20, seconds, reading_seconds(spymaster),
                                sum(a == b for a, b in zip(shown, truth)), shown.count("?"),
                                sum(a not in ("?", b) for a, b in zip(shown, truth))))
                print(f"{name:16} {runs[-1].megabytes:4.1f} MB  {seconds:5.1f} s (reader {runs[-1].reading:4.1f} s)  "
                      f"{runs[-1].right:2}/25 right, {runs[-1].unread} ?, {runs[-1].wrong} wrong", flush=True)
        finally:
            process.kill()
            process.wait()
    return runs


def report(runs: list[Run], load: tuple[float, float]) -> str:
    later = [r.seconds for r in runs[1:]]
    lines = [
        "# From the photo's upload to the board shown",
        "",
        f"`voicemaster setup --web` on this machine (2 cores, shared: load average {load[0]:.1f} before the run, "
        f"{load[1]:.1f} after), {len(runs)} photos rendered at 4032×3024 by bench/photos, each posted to the "
        "spymaster page and the public board polled.",
        "",
        "| photo | shot | MB | upload → board shown | of which the reader | right | ? | wrong |",
        "|---|---|---|---|---|---|---|---|",
        *(f"| {n + 1}{' (OCR loads)' if n == 0 else ''} | {r.shot} | {r.megabytes:.1f} | {r.seconds:.1f} s | "
          f"{r.reading:.1f} s | {r.right}/25 | {r.unread} | {r.wrong} |" for n, r in enumerate(runs)),
        "",
        f"Median of all: {statistics.median(r.seconds for r in runs):.1f} s; "
        f"first (the OCR loads): {runs[0].seconds:.1f} s; "
        + (f"median of the others: {statistics.median(later):.1f} s. " if later else "")
        + f"The setup's own share (upload, the inbox, the displays): median "
        f"{statistics.median(r.seconds - r.reading for r in runs):.1f} s.",
        "",
        "`.venv/bin/python bench/photo_setup.py`",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=6)
    parser.add_argument("--write", action="store_true", help=f"write {RESULTS.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    print(f"rendering {args.photos} photos...", flush=True)
    rendered = photos(args.photos)
    before = os.getloadavg()[0]
    runs = measure(rendered)
    text = report(runs, (before, os.getloadavg()[0]))
    print(text)
    if args.write:
        RESULTS.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
