"""The web board in a real browser (headless Chromium): what the TV shows after its script ran."""

from __future__ import annotations

import logging
import re
import struct
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.chromium import dump_dom, find_chromium, screenshot
from voicemaster.game.phase import Phase
from voicemaster.display.web import WebDisplay
from voicemaster.game.cards import Team

from .conftest import WORDS, make_snapshot, mid_game

pytestmark = pytest.mark.skipif(
    find_chromium() is None, reason="chromium is not installed (make system installs it)"
)
CARD = re.compile(r'<div class="card ([a-z ]+)">(?:<span class="letter">([RBNA])</span>)?<span class="word">([A-Z -]+)</span></div>')


@pytest.fixture
def web() -> Iterator[WebDisplay]:
    display = WebDisplay(port=0)
    display.start()
    yield display
    display.stop()


def cards_in(dom: str) -> dict[str, tuple[str, str | None]]:
    """Card word -> (its classes, its letter) as the browser's DOM holds them."""
    return {word: (classes, letter or None) for classes, letter, word in CARD.findall(dom)}


def test_browser_shows_the_board_with_letters_only_on_covered_cards(web: WebDisplay) -> None:
    web.update(*mid_game())
    dom = dump_dom(web.public_url)
    cards = cards_in(dom)
    assert list(cards) == [w.upper() for w in WORDS]
    assert cards["APPLE"] == ("covered red", "R")
    assert cards["BRIDGE"] == ("covered blue", "B")
    for word, (classes, letter) in cards.items():
        if word not in ("APPLE", "ROBOT", "BRIDGE"):
            assert (classes, letter) == ("uncovered", None), word
    assert '<span id="red-left" class="count red">Red 7 left</span>' in dom
    assert '<b id="clue">OCEAN 2 (Red)</b>' in dom
    assert '<b id="guesses">2</b>' in dom
    assert "Apple: red agent. Two guesses left." in dom
    assert '"identity": "assassin"' not in dom


def test_browser_follows_the_game_live(web: WebDisplay) -> None:
    """The page loads before the game starts; the first poll it makes triggers an update,
    which the next poll must bring to the screen."""
    started = threading.Event()

    class FirstPoll(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if "/state.json" in record.getMessage() and not started.is_set():
                started.set()
                web.update(make_snapshot(covered=("parrot",), phase=Phase.OVER, winner=Team.BLUE))

    logger = logging.getLogger("voicemaster.display.web")
    handler = FirstPoll()
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        dom = dump_dom(web.public_url, budget_ms=5000)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(logging.NOTSET)
    assert started.is_set()
    assert '<div id="banner" class="blue">BLUE WINS</div>' in dom
    assert cards_in(dom)["PARROT"] == ("covered assassin", "A")


def test_spymaster_page_in_the_browser_shows_the_whole_key(web: WebDisplay) -> None:
    web.update(*mid_game())
    cards = cards_in(dump_dom(web.spymaster_url))
    assert len(cards) == 25 and all(letter for _, letter in cards.values())
    assert cards["PARROT"] == ("uncovered assassin", "A")
    assert cards["APPLE"] == ("covered red", "R")


def test_screenshot_of_the_public_page(web: WebDisplay, tmp_path: Path) -> None:
    web.update(*mid_game())
    png = screenshot(web.public_url, tmp_path / "board.png", size=(1280, 860))
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (1280, 860)
    assert len(data) > 20_000
