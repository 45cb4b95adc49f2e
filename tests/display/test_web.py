"""The web display: what its pages and data show, and what it refuses."""

from __future__ import annotations

import html
import json
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from urllib.parse import urlsplit

import pytest

from voicemaster.display.web import WebDisplay
from voicemaster.display.web_address import parse_web_address
from voicemaster.display.web_key import WRONG_TOKEN
from voicemaster.errors import InputError

from .conftest import WORDS, mid_game, twin_deals

COVERED = ("apple", "robot", "bridge")


@pytest.fixture
def web() -> Iterator[WebDisplay]:
    display = WebDisplay(port=0)
    display.start()
    display.update(*mid_game())
    yield display
    display.stop()


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def raw_request(display: WebDisplay, data: bytes) -> bytes:
    with socket.create_connection(display.address, timeout=10) as conn:
        conn.sendall(data)
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def test_binds_to_localhost_by_default() -> None:
    display = WebDisplay(port=0)
    display.start()
    try:
        host, port = display.address
        assert host == "127.0.0.1" and port > 0
        assert display.public_url == f"http://127.0.0.1:{port}/"
    finally:
        display.stop()
    assert parse_web_address(None) == ("127.0.0.1", 8765)
    assert parse_web_address("") == ("127.0.0.1", 8765)


def test_public_data_has_no_identity_for_uncovered_cards(web: WebDisplay) -> None:
    status, body = fetch(web.public_url + "state.json")
    assert status == 200
    cards = json.loads(body)["board"]["cards"]
    assert [c["word"] for c in cards] == list(WORDS)
    for card in cards:
        if card["word"] in COVERED:
            assert card["covered"] and card["letter"] in "RB"
        else:
            assert set(card) == {"word", "label", "covered"}


def test_public_page_and_data_are_the_same_whatever_lies_under_uncovered_cards() -> None:
    seen = []
    for snapshot in twin_deals(COVERED):
        display = WebDisplay(port=0)
        display.start()
        try:
            display.update(snapshot, mid_game()[1])
            seen.append((fetch(display.public_url)[1], fetch(display.public_url + "state.json")[1]))
        finally:
            display.stop()
    assert seen[0] == seen[1]
    page, data = seen[0]
    assert b"APPLE" in page and b"PARROT" in page and b"APPLE" in data


def test_spymaster_page_needs_its_token(web: WebDisplay) -> None:
    token = urlsplit(web.spymaster_url).path.rsplit("/", 1)[1]
    assert len(token) >= 32 and token not in web.public_url
    base = web.public_url + "spymaster/"
    wrong = ("", token[:-1], token + "x", "A" * len(token), token.upper(), "%C3%A9")
    for guess in wrong:
        for page in ("", "/key"):
            status, body = fetch(base + guess + page)
            shown = html.unescape(body.decode())
            assert status == 403 and WRONG_TOKEN in shown and "<html" in shown, (guess, page)
            assert token not in shown and "apple" not in shown.lower(), "another game's link shows nothing of this one"
        assert fetch(base + guess + "/state.json") == (403, f"403 {WRONG_TOKEN}\n".encode()), guess
    assert fetch(web.spymaster_url + "/other")[0] == 404
    status, page = fetch(web.spymaster_url)
    assert status == 200 and b"SPYMASTER KEY" in page
    status, body = fetch(web.spymaster_url + "/state.json")
    cards = json.loads(body)["board"]["cards"]
    assert status == 200 and all(card["letter"] in "RBNA" for card in cards)
    assert {c["word"]: c["letter"] for c in cards}["parrot"] == "A"


def test_public_page_never_mentions_the_token(web: WebDisplay) -> None:
    token = urlsplit(web.spymaster_url).path.rsplit("/", 1)[1]
    for path in ("", "state.json", "board.js", "board.css"):
        status, body = fetch(web.public_url + path)
        assert status == 200 and token.encode() not in body


def test_updates_replace_the_state_and_only_changes_bump_the_version(web: WebDisplay) -> None:
    before = json.loads(fetch(web.public_url + "state.json")[1])
    snapshot, status = mid_game()
    web.update(snapshot, status)
    assert json.loads(fetch(web.public_url + "state.json")[1]) == before
    web.update(replace(snapshot, guesses_left=1), status)
    after = json.loads(fetch(web.public_url + "state.json")[1])
    assert after["version"] == before["version"] + 1
    assert (before["board"]["guesses"], after["board"]["guesses"]) == ("2", "1")


def test_unexpected_host_headers_are_refused(web: WebDisplay) -> None:
    port = web.address[1]
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example", "localhost:x"):
        assert fetch(web.public_url, {"Host": host})[0] == 421, host
        assert fetch(web.spymaster_url, {"Host": host})[0] == 421, host
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", "LOCALHOST"):
        assert fetch(web.public_url, {"Host": host})[0] == 200, host
    no_host = raw_request(web, b"GET / HTTP/1.0\r\n\r\n")
    assert no_host.startswith(b"HTTP/1.0 421")


def test_oversized_requests_and_other_methods_are_refused(web: WebDisplay) -> None:
    assert fetch(web.public_url + "x" * 3000)[0] == 414
    assert fetch(web.public_url, {"X-Padding": "a" * 9000})[0] == 431
    many = b"".join(b"X-%d: 1\r\n" % i for i in range(60))
    assert raw_request(web, b"GET / HTTP/1.1\r\nHost: localhost\r\n" + many + b"\r\n").startswith(
        b"HTTP/1.0 431"
    )
    body = b"GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello"
    assert raw_request(web, body).startswith(b"HTTP/1.0 413")
    for method in ("POST", "PUT", "DELETE", "OPTIONS"):
        request = urllib.request.Request(web.public_url, method=method)
        try:
            urllib.request.urlopen(request, timeout=10)
            code = 200
        except urllib.error.HTTPError as error:
            code = error.code
        assert code == 405, method
    head = raw_request(web, b"HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n")
    assert head.startswith(b"HTTP/1.0 200") and head.endswith(b"\r\n\r\n")


def test_pages_forbid_other_origins_and_caching(web: WebDisplay) -> None:
    with urllib.request.urlopen(web.public_url, timeout=10) as response:
        headers = response.headers
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["Cache-Control"] == "no-store"
    assert headers["Referrer-Policy"] == "no-referrer"


def test_web_address_forms() -> None:
    assert parse_web_address("8000") == ("127.0.0.1", 8000)
    assert parse_web_address("0.0.0.0:9000") == ("0.0.0.0", 9000)
    assert parse_web_address("[::1]:9000") == ("::1", 9000)
    assert parse_web_address("tv.local") == ("tv.local", 8765)
    assert parse_web_address("::1") == ("::1", 8765)
    for bad in ("host:port", ":80", "1.2.3.4:70000", "a:b:c"):
        with pytest.raises(InputError, match="--web"):
            parse_web_address(bad)


def test_a_busy_port_is_one_clear_error(web: WebDisplay) -> None:
    second = WebDisplay(port=web.address[1])
    with pytest.raises(InputError, match="cannot serve the web display on 127.0.0.1"):
        second.start()
