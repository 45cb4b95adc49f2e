"""The web board in a real browser (headless Chromium): what the TV shows after its script ran."""

from __future__ import annotations

import json
import logging
import re
import struct
import threading
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from html import unescape
from pathlib import Path
from urllib.request import urlopen

import pytest

from scripts.chromium import dump_dom, find_chromium, run_chromium, screenshot
from voicemaster.display import web_assets
from voicemaster.game.phase import Phase
from voicemaster.display.web import WebDisplay
from voicemaster.game.cards import Team
from voicemaster.game.snapshot import GameSnapshot, TableStatus

from .conftest import WORDS, make_snapshot, mid_game

pytestmark = pytest.mark.skipif(
    find_chromium() is None, reason="chromium is not installed (make system installs it)"
)
CARD = re.compile(r'<div class="card ([a-z ]+)">(?:<span class="letter">([RBNA])</span>)?<span class="word"(?: style="[^"]*")?>([A-Z -]+)</span></div>')


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


SIZES = {"phone": (390, 844), "tablet": (820, 1180), "tv": (1280, 800), "full-hd": (1920, 1080)}
MEASURE = """
<script>
setTimeout(function () {
  const broken = [];
  document.querySelectorAll("#grid .word").forEach(function (el) {
    const text = el.firstChild;
    let start = 0;
    for (const part of el.textContent.split(/(?<=-)|\\s+/)) {
      const at = el.textContent.indexOf(part, start);
      start = at + part.length;
      const tops = new Set();
      for (let i = at; i < at + part.length; i++) {
        const range = document.createRange();
        range.setStart(text, i); range.setEnd(text, i + 1);
        tops.add(Math.round(range.getBoundingClientRect().top));
      }
      if (tops.size > 1) { broken.push(part); }
    }
  });
  const message = document.getElementById("message").getBoundingClientRect();
  const out = document.createElement("pre");
  out.id = "measured";
  out.textContent = JSON.stringify({broken: broken, messageBottom: message.bottom,
    height: window.innerHeight, scrolls: document.documentElement.scrollHeight > window.innerHeight});
  document.body.appendChild(out);
}, 300);
</script>
"""


def measured(web: WebDisplay, tmp_path: Path, size: tuple[int, int], url: str = "",
             script: str = MEASURE) -> dict:  # type: ignore[type-arg]
    """A page (the public one unless `url`) as the server sends it, with the stylesheet, the
    script and a measuring `script` inlined, laid out by Chromium at `size`: what it measured."""
    html = urlopen(url or web.public_url).read().decode()
    css = urlopen(web.public_url + "board.css").read().decode()
    js = urlopen(web.public_url + "board.js").read().decode()
    html = html.replace('<link rel="stylesheet" href="/board.css">', f"<style>{css}</style>")
    html = html.replace('<script src="/board.js"></script>', f"<script>{js}</script>{script}")
    page = tmp_path / f"board-{size[0]}x{size[1]}.html"
    page.write_text(html, encoding="utf-8")
    dom = run_chromium(["--dump-dom"], page.as_uri(), size=size)
    found = re.search(r'<pre id="measured">(.*?)</pre>', dom)
    assert found is not None, dom[-2000:]
    return json.loads(unescape(found[1]))


def game_over() -> tuple[GameSnapshot, TableStatus]:
    words = {"castle": "london", "kettle": "helicopter"}
    snapshot = make_snapshot(
        covered=("apple", "parrot", "mother-in-law", "island"), phase=Phase.OVER, winner=Team.BLUE
    )
    snapshot = replace(snapshot, cards=tuple(replace(c, word=words.get(c.word, c.word)) for c in snapshot.cards))
    return snapshot, TableStatus(last_heard="guess parrot", message="Parrot: the assassin. Blue wins.")


@pytest.mark.parametrize("screen", SIZES)
def test_game_over_fits_the_screen_and_no_card_word_breaks(web: WebDisplay, tmp_path: Path, screen: str) -> None:
    web.update(*game_over())
    seen = measured(web, tmp_path, SIZES[screen])
    assert seen["broken"] == [], f"words broken across lines at {screen}: {seen['broken']}"
    if screen != "phone":
        assert not seen["scrolls"] and seen["messageBottom"] <= seen["height"], seen


LAYOUT = """
<script>
setTimeout(function () {
  const sizes = {}, fill = {}, after = {};
  document.querySelectorAll("#grid .card").forEach(function (card) {
    const word = card.querySelector(".word"), style = getComputedStyle(word);
    sizes[word.textContent] = parseFloat(style.fontSize);
    fill[word.textContent] = word.getBoundingClientRect().height / card.getBoundingClientRect().height;
    after[word.textContent] = [getComputedStyle(word, "::after").content, parseFloat(style.opacity)];
  });
  const header = document.querySelector("header"), count = document.querySelector(".count");
  const out = document.createElement("pre");
  out.id = "measured";
  out.textContent = JSON.stringify({sizes: sizes, fill: fill, after: after,
    headerRows: Math.round(header.getBoundingClientRect().height / count.getBoundingClientRect().height)});
  document.body.appendChild(out);
}, 300);
</script>
"""


def laid_out(web: WebDisplay, url: str, tmp_path: Path, size: tuple[int, int]) -> dict:  # type: ignore[type-arg]
    """Each card word's font size (px), its share of the card's height, what follows it and
    its opacity, and the header's height in rows, as Chromium lays out `url` at `size`."""
    return measured(web, tmp_path, size, url, LAYOUT)


def long_words() -> tuple[GameSnapshot, TableStatus]:
    words = {"castle": "kangaroo", "kettle": "mechanic", "island": "hospital"}
    snapshot = make_snapshot(covered=("kangaroo", "apple", "hospital"))
    snapshot = replace(snapshot, cards=tuple(replace(c, word=words.get(c.word, c.word)) for c in snapshot.cards))
    return snapshot, TableStatus(message="Kangaroo: red agent.")


def test_the_spymaster_page_reads_on_a_phone(web: WebDisplay, tmp_path: Path) -> None:
    """At 390x844 long words stay at least 12 px (a tick added to a covered word shrank it to
    9), the header is two rows at most, and the tick sits on the letter, not under the strike."""
    web.update(*long_words())
    seen = laid_out(web, web.spymaster_url, tmp_path, SIZES["phone"])
    assert min(seen["sizes"].values()) >= 12, seen["sizes"]
    assert seen["headerRows"] <= 2, seen
    assert {content for content, _ in seen["after"].values()} == {"none"}, seen["after"]


def test_the_public_board_fills_its_cards_for_a_room(web: WebDisplay, tmp_path: Path) -> None:
    """On a TV (1280x800) the words fill at least 40% of a card's height (a quarter before),
    and a covered card's word is as bright as any."""
    web.update(*long_words())
    seen = laid_out(web, web.public_url, tmp_path, SIZES["tv"])
    fills = sorted(seen["fill"].values())
    assert fills[len(fills) // 2] >= 0.4, fills
    assert {opacity for _, opacity in seen["after"].values()} == {1.0}, seen["after"]


def test_covered_bystander_stands_out_from_an_uncovered_card() -> None:
    colours = dict(re.findall(r"--(card|bystander): (#[0-9a-f]{6})", web_assets.CSS))

    def luminance(hex_colour: str) -> float:
        channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(colours["card"]), luminance(colours["bystander"])), reverse=True)
    assert (light + 0.05) / (dark + 0.05) >= 2.0, colours


def test_public_page_on_the_lan_carries_a_qr_code_of_its_address() -> None:
    display = WebDisplay("0.0.0.0", 0)
    display.start()
    try:
        display.update(*mid_game())
        local = display.public_url.replace(display.address[0], "127.0.0.1")
        host = display.public_url.split("/")[2]
        dom = urlopen(urllib.request.Request(local, headers={"Host": host})).read().decode()
        assert '<aside id="corner"' in dom and "<svg" in dom
        assert "0.0.0.0" not in display.public_url
    finally:
        display.stop()
    loopback = WebDisplay(port=0)
    loopback.start()
    try:
        assert '<aside id="corner"' not in urlopen(loopback.public_url).read().decode()
    finally:
        loopback.stop()
