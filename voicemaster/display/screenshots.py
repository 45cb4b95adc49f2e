"""Pictures of the displays, taken with headless Chromium: for the README and the tests.

    python -m voicemaster.display.screenshots docs/screenshots
"""

from __future__ import annotations

import io
import math
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from rich.console import Console, RenderableType

from voicemaster.display.terminal import render_board
from voicemaster.display.web import WebDisplay
from voicemaster.game.cards import KEY_LETTERS, Identity, Team
from voicemaster.game.snapshot import CardView, ClueView, GameSnapshot, TableStatus

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)
WINDOW = (1280, 860)


def find_chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def run_chromium(
    args: list[str], url: str, *, size: tuple[int, int] = WINDOW, budget_ms: int = 2000
) -> str:
    """Run headless Chromium once with a throw-away profile; its standard output."""
    exe = find_chromium()
    if exe is None:
        raise RuntimeError("chromium is not installed (apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="voicemaster-chromium-") as profile:
        command = [
            exe,
            *CHROMIUM_FLAGS,
            f"--user-data-dir={profile}",
            f"--window-size={size[0]},{size[1]}",
            f"--virtual-time-budget={budget_ms}",
            *args,
            url,
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"chromium failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return done.stdout


def screenshot(url: str, out: Path, size: tuple[int, int] = WINDOW) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    run_chromium([f"--screenshot={out.resolve()}"], url, size=size)
    return out


def dump_dom(url: str, budget_ms: int = 2000) -> str:
    """The page's DOM after its scripts ran for `budget_ms` of virtual time."""
    return run_chromium(["--dump-dom"], url, budget_ms=budget_ms)


def terminal_png(renderable: RenderableType, out: Path, width: int = 100) -> Path:
    """What a terminal shows, as rich's SVG rendered to PNG (web fonts removed: offline)."""
    console = Console(record=True, width=width, file=io.StringIO(), force_terminal=True, color_system="truecolor")
    console.print(renderable)
    svg = re.sub(r"@font-face\s*\{[^}]*\}", "", console.export_svg(title="voicemaster play"))
    view_box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    if view_box is None:
        raise RuntimeError("rich's SVG has no viewBox")
    size = (math.ceil(float(view_box[1])), math.ceil(float(view_box[2])))
    with tempfile.TemporaryDirectory(prefix="voicemaster-svg-") as tmp:
        svg_path = Path(tmp, "board.svg")
        svg_path.write_text(svg, encoding="utf-8")
        return screenshot(svg_path.as_uri(), out, size=size)


SAMPLE_WORDS = (
    "apple", "chapel", "ocean", "ice cream", "castle",
    "robot", "piano", "forest", "anchor", "bridge",
    "candle", "dragon", "engine", "falcon", "garden",
    "harbor", "island", "jungle", "kettle", "lemon",
    "magnet", "needle", "orbit", "parrot", "whale",
)
SAMPLE_KEY = "RNBRB" "BRNAR" "NBRRB" "NBRBN" "RBNRN"
SAMPLE_COVERED = ("apple", "jungle", "castle", "harbor", "piano")


def sample_game() -> tuple[GameSnapshot, TableStatus]:
    """A game in progress for the README pictures: red guessing on OCEAN 2."""
    key = [KEY_LETTERS[letter] for letter in SAMPLE_KEY]
    cards = tuple(
        CardView(word=w, identity=k, covered=w in SAMPLE_COVERED) for w, k in zip(SAMPLE_WORDS, key)
    )
    remaining = {
        team: sum(1 for c in cards if c.identity is Identity.of_team(team) and not c.covered)
        for team in Team
    }
    snapshot = GameSnapshot(
        cards=cards,
        turn=Team.RED,
        phase="guess",
        winner=None,
        remaining=remaining,
        clue=ClueView(team=Team.RED, word="sea", number=2),
        guesses_left=1,
        timer_left=74.0,
        timer_paused=False,
        waiting_for=None,
        coop=False,
    )
    status = TableStatus(
        last_heard="we guess piano",
        mic_level=0.35,
        message="Piano: red agent. One more guess.",
    )
    return snapshot, status


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/screenshots")
    snapshot, status = sample_game()
    web = WebDisplay(port=0)
    web.start()
    try:
        web.update(snapshot, status)
        screenshot(web.public_url, out / "web-board.png")
    finally:
        web.stop()
    terminal_png(render_board(snapshot, status), out / "terminal-board.png")
    print(f"wrote {out / 'web-board.png'} and {out / 'terminal-board.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
