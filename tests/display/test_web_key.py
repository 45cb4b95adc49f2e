"""The key page's write path over real HTTP: who may post a key, and what is refused with which
message. The public pages stay read-only."""

from __future__ import annotations

import socket
import struct
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from voicemaster.display.key_entry import KeyEntry
from voicemaster.display.web import WebDisplay
from voicemaster.display.web_key import MAX_PHOTO, NO_SENDER, WRONG_TOKEN

from .conftest import WORDS, mid_game
from .test_key_entry import BLUE_STARTS, LETTERS, identities

TEN_RED = b"RRRRR\nRRRRR\nBBBBB\nBBBNN\nNNNNA\n"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def entry() -> KeyEntry:
    return KeyEntry(WORDS[:12])


def origin(web: WebDisplay) -> str:
    return web.public_url.rstrip("/")


def request(web: WebDisplay, method: str, path: str, body: bytes = b"", **headers: str) -> tuple[int, str, str]:
    """A raw HTTP request (no client adds or checks anything): status, headers, body."""
    host, port = web.address
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", f"Content-Length: {len(body)}"]
    lines += [f"{name.replace('_', '-')}: {value}" for name, value in headers.items()]
    with socket.create_connection(web.address, timeout=10) as conn:
        conn.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    head, _, text = b"".join(chunks).decode().partition("\r\n\r\n")
    return int(head.split()[1]), head, text.strip()


def key_path(web: WebDisplay) -> str:
    return urlsplit(web.key_url).path


def test_a_key_from_the_page_reaches_the_flow_once(web: WebDisplay, entry: KeyEntry) -> None:
    status, _, text = request(web, "POST", key_path(web), LETTERS.encode(), Origin=origin(web))
    assert (status, text) == (200, "Key received: Blue starts.")
    assert entry.wait(1) == identities(BLUE_STARTS)
    status, _, text = request(web, "POST", key_path(web), LETTERS.encode(), Origin=origin(web))
    assert (status, text) == (409, "409 a key was already received: Blue starts")
    status, _, text = request(web, "GET", key_path(web) + ".json")
    assert status == 200 and f'"key": "{BLUE_STARTS}"' in text


def test_a_wrong_or_missing_token_is_refused_with_its_message(web: WebDisplay, entry: KeyEntry) -> None:
    token = key_path(web).split("/")[2]
    for path in (f"/spymaster/{token[:-1]}/key", f"/spymaster/{token}x/key", "/spymaster//key", "/spymaster/key"):
        status, _, text = request(web, "POST", path, LETTERS.encode(), Origin=origin(web))
        assert (status, text) == (403, f"403 {WRONG_TOKEN}"), path
        assert request(web, "GET", path)[0] == 403, path
    assert entry.taking


def test_a_post_from_another_site_is_refused_with_its_message(web: WebDisplay, entry: KeyEntry) -> None:
    status, _, text = request(web, "POST", key_path(web), LETTERS.encode(), Origin="http://evil.example")
    assert (status, text) == (403, "403 refused: the key was sent from another site (http://evil.example), not from the key page")
    status, _, text = request(web, "POST", key_path(web), LETTERS.encode(), Referer="http://evil.example/page")
    assert (status, text) == (403, "403 refused: the key was sent from another site, not from the key page")
    other_port = f"http://127.0.0.1:{web.address[1] + 1}"
    for sender in (other_port, "null", f"https://127.0.0.1:{web.address[1]}"):
        assert request(web, "POST", key_path(web), LETTERS.encode(), Origin=sender)[0] == 403, sender
    status, _, text = request(web, "POST", key_path(web), LETTERS.encode())
    assert (status, text) == (403, f"403 {NO_SENDER}")
    assert entry.taking
    status, _, _ = request(web, "POST", key_path(web), LETTERS.encode(), Referer=web.key_url)
    assert status == 200 and entry.key == identities(BLUE_STARTS)


def test_an_impossible_key_is_refused_with_the_key_files_message(web: WebDisplay, entry: KeyEntry) -> None:
    status, _, text = request(web, "POST", key_path(web), TEN_RED, Origin=origin(web))
    assert status == 400
    assert text == (
        "400 key page: a key card needs 9 and 8 agents, 7 bystanders (N) and 1 assassin (A); "
        "this one has 10 R, 8 B, 6 N, 1 A"
    )
    status, _, text = request(web, "POST", key_path(web), b"RRRRR\nRRXRR\n", Origin=origin(web))
    assert (status, text) == (400, "400 key page: a key card has 5 lines of 5 letters, this file has 2 lines")
    status, _, text = request(web, "POST", key_path(web), b"\xff" * 10, Origin=origin(web))
    assert (status, text) == (400, "400 key page: not UTF-8 text")
    assert request(web, "POST", key_path(web), b"R" * 300, Origin=origin(web))[0] == 413
    assert entry.taking


def test_the_public_pages_have_no_way_to_write(web: WebDisplay, entry: KeyEntry) -> None:
    token = key_path(web).split("/")[2]
    for path in ("/", "/index.html", "/state.json", "/key", "/board.js", f"/spymaster/{token}",
                 f"/spymaster/{token}/state.json", f"/spymaster/{token}/key.json", f"/spymaster/{token}/key/x"):
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            status, _, _ = request(web, method, path, LETTERS.encode(), Origin=origin(web))
            assert status == 405, (method, path)
    assert request(web, "PUT", key_path(web), LETTERS.encode(), Origin=origin(web))[0] == 405
    web.update(*mid_game())
    for path in ("/", "/board.js", "/state.json"):
        status, _, text = request(web, "GET", path)
        assert status == 200 and "POST" not in text and "/key" not in text and token not in text, path
    assert entry.taking


def test_the_spymaster_address_leads_to_the_key_page_while_a_table_is_set_up(web: WebDisplay, entry: KeyEntry) -> None:
    status, head, _ = request(web, "GET", urlsplit(web.spymaster_url).path)
    assert status == 303 and f"Location: {key_path(web)}\r\n" in head + "\r\n"
    status, _, page = request(web, "GET", key_path(web))
    assert status == 200 and "enter the key card" in page and '"APPLE"' in page and '"ICE CREAM"' in page
    assert 'accept="image/*" capture="environment"' in page and "Photograph the table" in page
    entry.submit(LETTERS)
    assert request(web, "GET", urlsplit(web.spymaster_url).path)[0] == 303, "photos and words are taken still"
    entry.close()
    status, _, page = request(web, "GET", urlsplit(web.spymaster_url).path)
    assert status == 200 and "SPYMASTER KEY" in page


def test_without_an_open_entry_there_is_no_key_page() -> None:
    display = WebDisplay(port=0)
    display.start()
    try:
        path = urlsplit(display.key_url).path
        assert request(display, "GET", path)[::2] == (404, "404 no key card is being entered now")
        status, _, text = request(display, "POST", path, LETTERS.encode(), Origin=origin(display))
        assert (status, text) == (409, "409 no key card is being entered now")
        assert request(display, "GET", urlsplit(display.spymaster_url).path)[0] == 200
    finally:
        display.stop()


@pytest.mark.parametrize(("alt", "picture"), [("Key page on a phone", "key-page.png"),
                                              ("Spymaster page with a table read from a photo", "photo-setup.png")])
def test_the_readme_shows_the_key_page_at_phone_width(alt: str, picture: str) -> None:
    """The pictures scripts/key_page_screenshot.py and scripts/photo_page_screenshot.py take;
    regenerate them when the page changes."""
    assert f"![{alt}](docs/screenshots/{picture})" in (ROOT / "README.md").read_text()
    data = (ROOT / "docs/screenshots" / picture).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (390, 844)


JPEG = b"\xff\xd8\xff\xe0" + bytes(2000)
"""The page only checks the type it is told and the size; whether it is an image is the reader's to say."""


def test_photos_and_typed_cards_are_handed_to_the_setup_under_the_same_checks_as_the_key() -> None:
    photos: list[tuple[str, bytes]] = []
    cards: list[tuple[int, str]] = []
    entry = KeyEntry(WORDS[:12], on_photo=lambda kind, data: photos.append((kind, data)),
                     on_card=lambda place, word: cards.append((place, word)))
    display = WebDisplay(port=0)
    display.start()
    display.open_key_page(entry)
    base = urlsplit(display.spymaster_url).path
    try:
        status, _, text = request(display, "POST", base + "/photo/board", JPEG, Origin=origin(display), Content_Type="image/jpeg")
        assert (status, text) == (202, "Reading the photo\u2026") and photos == [("board", JPEG)]
        status, _, text = request(display, "POST", base + "/photo/board", JPEG, Origin=origin(display), Content_Type="image/jpeg")
        assert (status, text) == (409, "409 the last photo of the board is still being read: wait for it")
        entry.photo_read("board", "The table: read in 3.1 s.")
        assert request(display, "POST", base + "/photo/board", JPEG, Origin=origin(display), Content_Type="image/png")[0] == 202
        status, _, text = request(display, "POST", base + "/photo/key", JPEG, Origin=origin(display), Content_Type="text/plain")
        assert (status, text) == (415, "415 not an image (text/plain): choose a photo")
        status, _, text = request(display, "POST", base + "/photo/key", b"", Origin=origin(display), Content_Type="image/jpeg")
        assert (status, text) == (400, "400 the photo is empty: take it again")
        status, _, text = request(display, "POST", base + "/photo/key", JPEG, Origin="http://evil.example", Content_Type="image/jpeg")
        assert status == 403
        status, _, text = request(display, "POST", "/spymaster/nope/photo/key", JPEG, Origin=origin(display), Content_Type="image/jpeg")
        assert (status, text) == (403, f"403 {WRONG_TOKEN}")
        head = (f"POST {base}/photo/board HTTP/1.1\r\nHost: {display.address[0]}:{display.address[1]}\r\n"
                f"Content-Length: {MAX_PHOTO + 1}\r\nContent-Type: image/jpeg\r\nOrigin: {origin(display)}\r\n\r\n")
        with socket.create_connection(display.address, timeout=10) as conn:
            conn.sendall(head.encode())
            assert conn.recv(65536).split(b"\r\n")[0] == b"HTTP/1.0 413 Request Entity Too Large"
        assert [kind for kind, _ in photos] == ["board", "board"]

        status, _, text = request(display, "POST", base + "/card", b"7\n  Loch   Ness ", Origin=origin(display))
        assert (status, text) == (202, "Card 7: Loch Ness") and cards == [(6, "Loch Ness")]
        for body, refusal in ((b"26\npilot", "there is no card 26: a table has 25"), (b"seven\npilot", "send the card's place"),
                              (b"7\n ", "a card is 1 to 40 characters")):
            status, _, text = request(display, "POST", base + "/card", body, Origin=origin(display))
            assert status == 400 and text.startswith(f"400 {refusal}"), (body, text)
        assert request(display, "POST", base + "/card", b"7\npilot", Referer="http://evil.example/")[0] == 403
        entry.close()
        status, _, text = request(display, "POST", base + "/card", b"8\npilot", Origin=origin(display))
        assert (status, text) == (409, "409 no table is being set up now") and len(cards) == 1
    finally:
        display.stop()
