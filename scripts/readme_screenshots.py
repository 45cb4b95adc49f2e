"""Pictures of the displays for the README, taken with headless Chromium.

    .venv/bin/python scripts/readme_screenshots.py docs/screenshots
"""

from __future__ import annotations

import io
import math
import re
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from rich.console import Console, RenderableType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.chromium import screenshot  # noqa: E402
from voicemaster.display.terminal import render_board  # noqa: E402
from voicemaster.display.web import WebDisplay  # noqa: E402
from voicemaster.dialogue import Dialogue  # noqa: E402
from voicemaster.game.cards import KEY_LETTERS, Deal  # noqa: E402
from voicemaster.game.core import Game  # noqa: E402
from voicemaster.referee import judge_clue_word
from voicemaster.game.house_rules import HouseRules  # noqa: E402
from voicemaster.game.snapshot import GameSnapshot, TableStatus  # noqa: E402
from voicemaster.understand.parse import parse_utterance  # noqa: E402
from voicemaster.voice.answers import understood_phrase  # noqa: E402

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
SAMPLE_MOVES = (
    "clue fruit two", "guess apple", "guess jungle", "guess harbor",
    "clue tower one", "guess castle", "stop",
    "clue sea two", "we guess piano",
)
"""Played through the real referee, so the pictures show what the app says."""


def sample_game() -> tuple[GameSnapshot, TableStatus]:
    """A game in progress for the README pictures: red guessing on SEA 2."""
    deal = Deal(SAMPLE_WORDS, tuple(KEY_LETTERS[letter] for letter in SAMPLE_KEY))
    game = Game(deal, HouseRules(), judge=judge_clue_word)
    dialogue = Dialogue(game, lambda _action: None, time.monotonic)
    said, understood = "", ""
    for move in SAMPLE_MOVES:
        intent = parse_utterance(move, dialogue.listening())
        understood = understood_phrase(intent)
        reply = dialogue.hear(intent)
        if reply is None:
            raise RuntimeError(f"the referee ignored {move!r}")
        said = reply
    snapshot = replace(game.snapshot(), timer_left=74.0)
    return snapshot, TableStatus(last_heard=SAMPLE_MOVES[-1], understood=understood, mic_level=0.35, message=said)


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/screenshots")
    snapshot, status = sample_game()
    web = WebDisplay(port=0)
    web.start()
    try:
        web.update(snapshot, status)
        screenshot(web.public_url, out / "web-board.png", size=(1280, 800))
        screenshot(web.spymaster_url, out / "spymaster-phone.png", size=(390, 844))
    finally:
        web.stop()
    terminal_png(render_board(snapshot, status), out / "terminal-board.png")
    print(f"wrote {out / 'web-board.png'}, {out / 'spymaster-phone.png'} and {out / 'terminal-board.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
