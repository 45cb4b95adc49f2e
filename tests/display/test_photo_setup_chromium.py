"""A whole setup from the spymasters' phone in a real browser: the table photographed on the
page, what was read shown on every display at once (`?` where a card was not read), a card
typed by tapping it, another typed at the terminal, the key photographed, turned and
confirmed, one yes. The key is never on the public board nor in what is said."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.browser import PHONE, Browser
from scripts.chromium import find_chromium
from tests.display.test_play_web import read_urls
from tests.setup.rendered_photos import key_photo, table_photo
from tests.setup.test_setup_command import _read_all
from voicemaster.card_files import read_board, read_key

pytestmark = pytest.mark.skipif(find_chromium() is None, reason="chromium is not installed (make system installs it)")
VM = [sys.executable, "-m", "voicemaster"]
WORDS_SHOWN = "Array.from(document.querySelectorAll('.cell .word'), w => w.textContent)"


@pytest.fixture
def phone() -> Iterator[Browser]:
    with Browser(PHONE) as browser:
        yield browser


def public_board(urls: dict[str, str]) -> dict[str, Any]:
    with urllib.request.urlopen(urls["public"] + "state.json", timeout=10) as response:
        return dict(json.loads(response.read())["board"])


def start(tmp_path: Path, *command: str) -> tuple[subprocess.Popen[str], bytearray, dict[str, str]]:
    process = subprocess.Popen([*VM, *command, "--input", "text", "--audio-out", "none", "--web", "127.0.0.1:0"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=tmp_path)
    printed = bytearray()
    assert process.stdout is not None
    threading.Thread(target=_read_all, args=(process.stdout.fileno(), printed), daemon=True).start()
    return process, printed, read_urls(process)


def type_in(process: subprocess.Popen[str], *lines: str) -> None:
    assert process.stdin is not None
    process.stdin.write("".join(line + "\n" for line in lines))
    process.stdin.flush()


def test_a_whole_setup_from_the_spymasters_phone(tmp_path: Path, phone: Browser) -> None:
    photo, key = table_photo("page", hands=1), key_photo("k1")
    process, printed, urls = start(tmp_path, "setup", "--board-out", "board.txt", "--key-out", "key.txt")
    try:
        phone.open(urls["spymaster"])
        phone.wait_for("location.pathname.endsWith('/key') && document.readyState === 'complete'")
        assert phone.evaluate("document.getElementById('board-photo').accept") == "image/*"
        assert phone.evaluate("document.getElementById('board-photo').getAttribute('capture')") == "environment"
        phone.choose_file("#board-photo", photo.path)
        phone.wait_for("document.getElementById('said').textContent.includes('could not be read')", timeout=180)
        shown = phone.evaluate(WORDS_SHOWN)
        unread = [i for i, word in enumerate(shown) if word == "?"]
        assert set(photo.hidden) <= set(unread)
        assert [w for i, w in enumerate(shown) if i not in unread] == [w.upper() for i, w in enumerate(photo.words) if i not in unread]
        public = public_board(urls)
        assert [c["label"] for c in public["cards"]] == shown and not any("identity" in c for c in public["cards"])
        assert public["message"] == phone.evaluate("document.getElementById('said').textContent")

        first = unread[0]
        phone.tap("#mode-word")
        phone.tap(f'.cell[data-index="{first}"]')
        assert not phone.evaluate("document.getElementById('edit').hidden")
        phone.type_text(photo.words[first])
        phone.tap("#edit-set")
        phone.wait_for(f"document.querySelector('.cell[data-index=\"{first}\"] .word').textContent === "
                       f"{json.dumps(photo.words[first].upper())}")
        type_in(process, *(f"card {i + 1} is {photo.words[i]}" for i in unread[1:]))
        phone.wait_for(f"!{WORDS_SHOWN}.includes('?')")
        assert "Is the board right?" in phone.evaluate("document.getElementById('said').textContent")

        phone.choose_file("#key-photo", key.path)
        phone.wait_for(f"Array.from(document.querySelectorAll('.cell .letter'), l => l.textContent).join('') === "
                       f"{json.dumps(key.key)}", timeout=60)
        assert phone.evaluate("document.getElementById('mode-colour').getAttribute('aria-pressed')") == "true"
        phone.tap("#send")
        phone.wait_for("document.getElementById('result').textContent.startsWith('Key received')")
        assert not any("identity" in c for c in public_board(urls)["cards"]), "the key is not on the public board"
        type_in(process, "yes")
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()
    assert list(read_board(tmp_path / "board.txt")) == list(photo.words)
    assert "".join(identity.letter for identity in read_key(tmp_path / "key.txt")) == key.key
    said = printed.decode()
    assert f"» Key card set: {key.starts.title()} starts." in said
    assert not any(key.key[row:row + 5] in said for row in range(0, 25, 5)), "the key is never printed"


def test_a_photo_that_cannot_be_read_is_said_and_shown_and_changes_nothing(tmp_path: Path, phone: Browser) -> None:
    (tmp_path / "notes.jpg").write_text("a shopping list, not a photo")
    (tmp_path / "notes.txt").write_text("a shopping list")
    key = tmp_path / "given-key.txt"
    key.write_text("BBBBB\nBBBBR\nRRRRR\nRRNNN\nNNNNA\n")
    process, printed, urls = start(tmp_path, "setup", "--board-out", "board.txt", "--key", str(key))
    try:
        type_in(process, "row one: apple, bear, castle, Loch Ness, pilot", "yes")
        phone.open(urls["spymaster"])
        phone.wait_for("location.pathname.endsWith('/key') && document.readyState === 'complete'")
        phone.wait_for(f"{WORDS_SHOWN}[4] === 'PILOT'")
        phone.choose_file("#board-photo", tmp_path / "notes.jpg")
        phone.wait_for("document.getElementById('said').textContent.startsWith('The photo of the table could not be read')",
                       timeout=60)
        assert phone.evaluate("document.getElementById('said').textContent") == (
            "The photo of the table could not be read: not an image (a JPEG or PNG photo is expected). "
            "Photograph it again, or read the cards aloud.")
        assert phone.evaluate("document.getElementById('status').className") == "error"
        assert phone.evaluate(WORDS_SHOWN)[:6] == ["APPLE", "BEAR", "CASTLE", "LOCH NESS", "PILOT", "?"]
        assert public_board(urls)["message"].startswith("The photo of the table could not be read")
        phone.choose_file("#board-photo", tmp_path / "notes.txt")
        phone.wait_for("document.getElementById('status').textContent === 'Not an image: choose a photo'")
    finally:
        process.kill()
    assert "» The photo of the table could not be read: not an image" in printed.decode()
