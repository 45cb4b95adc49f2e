"""The key page in a real browser at phone width: a spymaster taps a whole key and sends it."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from scripts.browser import PHONE, Browser
from scripts.chromium import find_chromium
from scripts.key_page_screenshot import tap_key
from voicemaster.display.key_entry import KeyEntry
from voicemaster.display.web import WebDisplay
from voicemaster.display.web_key import WRONG_TOKEN

from .conftest import WORDS, mid_game
from .test_key_entry import BLUE_STARTS, LETTERS, identities

pytestmark = pytest.mark.skipif(
    find_chromium() is None, reason="chromium is not installed (make system installs it)"
)
MIN_TAP = 44
"""CSS pixels: the smallest comfortable target for a finger."""


@pytest.fixture
def entry() -> KeyEntry:
    return KeyEntry(WORDS[:20])


@pytest.fixture
def phone() -> Iterator[Browser]:
    with Browser(PHONE) as browser:
        yield browser


def text(browser: Browser, element: str) -> str:
    return str(browser.evaluate(f"document.getElementById({element!r}).textContent"))


def sendable(browser: Browser) -> bool:
    return not browser.evaluate("document.getElementById('send').disabled")


def test_a_whole_key_tapped_in_at_phone_width_reaches_the_flow(
    web: WebDisplay, entry: KeyEntry, phone: Browser
) -> None:
    phone.open(web.spymaster_url)
    assert phone.evaluate("location.pathname").endswith("/key")
    words = phone.evaluate("Array.from(document.querySelectorAll('.cell .word'), w => w.textContent)")
    assert words == [w.upper() for w in WORDS[:20]] + ["?"] * 5
    for index in range(25):
        box = phone.box(f'.cell[data-index="{index}"]')
        assert box["width"] >= MIN_TAP and box["height"] >= MIN_TAP, (index, box)
    send = phone.box("#send")
    assert send["height"] >= MIN_TAP and send["y"] + send["height"] <= PHONE[1], "the button is below the fold"
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE[0]

    tap_key(phone, BLUE_STARTS[:20])
    assert not sendable(phone)
    entry.show_cards(WORDS)
    phone.wait_for("document.querySelector('.cell[data-index=\"24\"] .word').textContent === 'PARROT'")
    tap_key(phone, "N" * 20 + BLUE_STARTS[20:])
    assert sendable(phone)
    assert [text(phone, f"n-{name}") for name in ("red", "blue", "bystander", "assassin")] == [
        "Red 8", "Blue 9", "Bystanders 7", "Assassin 1"
    ]
    assert text(phone, "starts") == "Blue starts (9 agents)"

    phone.tap('.cell[data-index="2"]')
    assert text(phone, "n-blue") == "Blue 8" and not sendable(phone)
    for _ in range(3):
        phone.tap('.cell[data-index="2"]')
    assert sendable(phone)

    phone.tap("#send")
    phone.wait_for("document.getElementById('result').textContent !== 'Sending\\u2026'")
    assert text(phone, "result") == "Key received: Blue starts."
    assert entry.wait(5) == identities(BLUE_STARTS)
    phone.tap('.cell[data-index="0"]')
    assert text(phone, "n-red") == "Red 8" and not sendable(phone)


def test_an_impossible_key_cannot_be_sent_from_the_page(web: WebDisplay, phone: Browser) -> None:
    phone.open(web.key_url)
    tap_key(phone, "RRRRR" "RRRRR" "BBBBB" "BBBNN" "NNNNA")
    assert text(phone, "n-red") == "Red 10"
    assert phone.evaluate("document.getElementById('n-red').classList.contains('ok')") is False
    assert text(phone, "starts") == "A key has 9 and 8 agents, 7 bystanders, 1 assassin"
    assert not sendable(phone)


def test_a_page_whose_token_is_no_longer_valid_shows_the_refusal(web: WebDisplay, phone: Browser) -> None:
    """VoiceMaster restarted on the same port with a new token while the phone kept the old page."""
    phone.open(web.key_url)
    tap_key(phone, BLUE_STARTS)
    port = web.address[1]
    web.stop()
    restarted = WebDisplay(port=port)
    restarted.start()
    fresh = KeyEntry(WORDS)
    restarted.open_key_page(fresh)
    try:
        phone.tap("#send")
        phone.wait_for("document.getElementById('result').className === 'error'")
        assert text(phone, "result") == WRONG_TOKEN
        assert fresh.taking and sendable(phone)
    finally:
        restarted.stop()


@pytest.mark.parametrize("view", ["spymaster_url", "key_url"])
def test_a_page_left_open_across_a_restart_with_a_new_address_says_what_to_do(
    web: WebDisplay, phone: Browser, view: str
) -> None:
    """VoiceMaster started again without its journal, so with a new token: the spymasters' view
    (or key page) still open on the phone says its link is not this game's, instead of
    retrying for ever."""
    web.update(*mid_game())
    phone.open(getattr(web, view))
    phone.wait_for("document.querySelectorAll('.card, .cell').length === 25")
    port = web.address[1]
    web.stop()
    restarted = WebDisplay(port=port)
    restarted.start()
    restarted.update(*mid_game())
    try:
        phone.wait_for("document.getElementById('stale') !== null")
        assert text(phone, "stale") == WRONG_TOKEN
        assert phone.evaluate("document.querySelectorAll('.card, .cell').length") == 0
    finally:
        restarted.stop()


def test_a_post_from_a_page_of_another_site_is_refused(
    web: WebDisplay, entry: KeyEntry, phone: Browser, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    """A page of another origin (a plain server on another port) posts a valid key to the key
    page's address, as a hostile page open on the spymaster's phone could: the server refuses it."""
    (tmp_path / "other.html").write_text("<!doctype html><title>another site</title>")
    other = ThreadingHTTPServer(("127.0.0.1", 0), partial(SimpleHTTPRequestHandler, directory=str(tmp_path)))
    threading.Thread(target=other.serve_forever, daemon=True).start()
    caplog.set_level(logging.DEBUG, logger="voicemaster.display.web")
    try:
        phone.open(f"http://127.0.0.1:{other.server_address[1]}/other.html")
        sent = phone.evaluate(
            f"fetch({json.dumps(web.key_url)}, {{method: 'POST', mode: 'no-cors', body: {json.dumps(LETTERS)}}})"
            ".then(r => r.type)"
        )
    finally:
        other.shutdown()
        other.server_close()
    assert sent == "opaque"
    refused = [r.getMessage() for r in caplog.records if "POST /spymaster/" in r.getMessage()]
    assert len(refused) == 1 and '" 403 ' in refused[0], refused
    assert entry.wait(0.2) is None and entry.taking


def test_the_spymasters_phone_follows_an_evening_of_boards(phone: Browser) -> None:
    """The spymaster view open during a game moves to the key page when the next table is set
    up; once that setup is over, a link leads back; a key page still open resets for the next
    board."""
    display = WebDisplay(port=0)
    display.start()
    try:
        display.update(*mid_game())
        phone.open(display.spymaster_url)
        phone.wait_for("document.querySelectorAll('#grid .card').length === 25")
        first = KeyEntry(WORDS)
        display.open_key_page(first)
        phone.wait_for("location.pathname.endsWith('/key') && document.querySelectorAll('.cell').length === 25")
        assert phone.evaluate("document.getElementById('back').hidden") is True
        tap_key(phone, BLUE_STARTS)
        phone.tap("#send")
        assert first.wait(5) == identities(BLUE_STARTS)
        first.close()
        phone.wait_for("!document.getElementById('back').hidden")
        second = KeyEntry(WORDS[::-1])
        display.open_key_page(second)
        phone.wait_for("document.querySelector('.cell .word').textContent === 'PARROT'")
        assert text(phone, "n-blue") == "Blue 0" and text(phone, "result") == "" and not sendable(phone)
        assert phone.evaluate("document.getElementById('back').hidden") is True
        second.close()
        phone.wait_for("!document.getElementById('back').hidden")
        phone.tap("#back")
        phone.wait_for("!location.pathname.endsWith('/key') && document.querySelectorAll('#grid .card').length === 25")
    finally:
        display.stop()


def shown_letters(browser: Browser) -> str:
    return "".join(browser.evaluate("Array.from(document.querySelectorAll('.cell .letter'), l => l.textContent)"))


def quarter_turn(letters: str) -> str:
    """The key card turned a quarter clockwise, as the page's Turn does."""
    return "".join(letters[(4 - col) * 5 + row] for row in range(5) for col in range(5))


def test_a_key_read_from_a_photo_is_turned_and_confirmed_on_the_page(web: WebDisplay, entry: KeyEntry, phone: Browser) -> None:
    """The key card may stand any way round: the page turns what the photo gave a quarter at a
    time, a tap puts a colour right, and only what is sent reaches the flow."""
    phone.open(web.key_url)
    entry.propose_key(BLUE_STARTS, "The key card, read in 1.2 s: Blue starts. Turn it until it lies as in its stand.")
    phone.wait_for(f"{json.dumps(BLUE_STARTS)} === Array.from(document.querySelectorAll('.cell .letter'), l => l.textContent).join('')")
    assert text(phone, "status").startswith("The key card, read in 1.2 s") and sendable(phone)
    assert entry.key is None, "a key read from a photo waits for the spymasters"
    box = phone.box("#turn")
    assert box["height"] >= MIN_TAP and box["y"] + box["height"] <= PHONE[1]
    phone.tap("#turn")
    assert shown_letters(phone) == quarter_turn(BLUE_STARTS)
    for _ in range(2):
        phone.tap("#turn")
    turned = quarter_turn(quarter_turn(quarter_turn(BLUE_STARTS)))
    assert shown_letters(phone) == turned and text(phone, "starts") == "Blue starts (9 agents)"
    phone.tap("#send")
    phone.wait_for("document.getElementById('result').textContent === 'Key received: Blue starts.'")
    assert entry.wait(5) == identities(turned)


def test_a_word_read_in_is_drawn_as_a_read_card_at_once(web: WebDisplay, entry: KeyEntry, phone: Browser) -> None:
    """A card the photo (or a voice) fills in shows its word in the card's own colours as soon as
    it appears, not in the large red of an unread card (red on a red agent) until the next poll."""
    phone.open(web.key_url)
    entry.propose_key(BLUE_STARTS, "The key card, read.")
    phone.wait_for("document.querySelector('.cell[data-index=\"20\"]').classList.contains('red')")
    phone.evaluate(
        "(() => { const cell = document.querySelector('.cell[data-index=\"20\"]');"
        " const word = cell.querySelector('.word');"
        " new MutationObserver(() => { if (word.textContent === 'LEMON' && !window.seen) {"
        "   window.seen = [cell.className, getComputedStyle(word).color, getComputedStyle(cell).backgroundColor]; } })"
        "  .observe(word, {childList: true, characterData: true, subtree: true}); })()"
    )
    entry.show_cards(WORDS)
    classes, colour, background = phone.wait_for("window.seen")
    assert "unread" not in classes.split() and "red" in classes.split(), classes
    assert (colour, background) == ("rgb(255, 255, 255)", "rgb(198, 40, 40)")
