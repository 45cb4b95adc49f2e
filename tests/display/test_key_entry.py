"""The key entry between the key page and the setup flow: one key per board, handed over once."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from voicemaster.card_files import key_file_text, read_key
from voicemaster.display.key_entry import KeyEntry, KeyNotTaken, PageRefusal, starting_team
from voicemaster.errors import InputError
from voicemaster.game.cards import Identity, Team

from .conftest import IDENTITIES, KEY

BLUE_STARTS = "RNBRB" "BRNAR" "NBRRB" "NBRBN" "RBNBN"
LETTERS = "\n".join(BLUE_STARTS[row : row + 5] for row in range(0, 25, 5)) + "\n"


def identities(letters: str) -> tuple[Identity, ...]:
    return tuple(IDENTITIES[letter] for letter in letters)


def test_the_flow_waiting_in_its_thread_gets_the_key_the_page_sends() -> None:
    entry = KeyEntry()
    got: list[object] = []
    waiter = threading.Thread(target=lambda: got.append(entry.wait(10)))
    waiter.start()
    time.sleep(0.1)
    assert entry.submit(LETTERS) == identities(BLUE_STARTS)
    waiter.join(5)
    assert got == [identities(BLUE_STARTS)]
    assert entry.key == identities(BLUE_STARTS) and not entry.taking
    assert starting_team(identities(BLUE_STARTS)) is Team.BLUE


def test_the_callback_hears_the_key_once_and_a_second_key_is_refused() -> None:
    heard: list[tuple[Identity, ...]] = []
    entry = KeyEntry(on_key=heard.append)
    entry.submit(LETTERS)
    with pytest.raises(KeyNotTaken, match="a key was already received: Blue starts"):
        entry.submit(key_file_text(identities(KEY)))
    assert heard == [identities(BLUE_STARTS)]
    assert entry.key == identities(BLUE_STARTS)


def test_wait_gives_up_after_its_timeout_and_when_the_entry_closes() -> None:
    entry = KeyEntry()
    started = time.monotonic()
    assert entry.wait(0.2) is None
    assert time.monotonic() - started >= 0.2
    threading.Timer(0.1, entry.close).start()
    assert entry.wait(10) is None
    with pytest.raises(KeyNotTaken, match="takes no key now"):
        entry.submit(LETTERS)
    assert b'"state": "closed"' in entry.document()


def test_an_impossible_key_is_refused_with_the_key_files_message(tmp_path: Path) -> None:
    ten_red = "RRRRR\nRRRRR\nBBBBB\nBBBNN\nNNNNA\n"
    key_file = tmp_path / "key.txt"
    key_file.write_text(ten_red)
    with pytest.raises(InputError) as from_file:
        read_key(key_file)
    entry = KeyEntry()
    with pytest.raises(InputError) as from_page:
        entry.submit(ten_red)
    assert "this one has 10 R, 8 B, 6 N, 1 A" in str(from_page.value)
    assert str(from_page.value) == str(from_file.value).replace(str(key_file), "key page")
    assert entry.taking and entry.key is None


def test_the_page_shows_the_cards_known_so_far_and_the_key_once_received() -> None:
    entry = KeyEntry(["apple", None, "ice cream"])
    assert entry.document().startswith(b'{"cards": ["APPLE", "?", "ICE CREAM", "?", ')
    entry.show_cards(["apple", "Loch Ness"] + ["x"] * 23)
    assert b'"LOCH NESS"' in entry.document()
    entry.submit(LETTERS)
    assert f'"key": "{BLUE_STARTS}"'.encode() in entry.document()
    assert b"Key received: Blue starts." in entry.document()


def test_key_file_text_is_read_back_as_the_same_key(tmp_path: Path) -> None:
    path = tmp_path / "key.txt"
    path.write_text(key_file_text(identities(BLUE_STARTS)))
    assert read_key(path) == identities(BLUE_STARTS)


def test_a_key_read_from_a_photo_is_shown_to_the_page_only_until_a_key_is_sent() -> None:
    """The page shows it to be turned or tapped right; the flow gets the key the page sends."""
    heard: list[tuple[Identity, ...]] = []
    entry = KeyEntry(on_key=heard.append)
    entry.propose_key(BLUE_STARTS, "The key card, read in 2.0 s.")
    shown = json.loads(entry.document())
    assert shown["proposal"]["key"] == BLUE_STARTS and shown["state"] == "open" and heard == []
    entry.propose_key(BLUE_STARTS[::-1], "again")
    assert json.loads(entry.document())["proposal"]["number"] > shown["proposal"]["number"]
    entry.submit(LETTERS)
    assert json.loads(entry.document())["proposal"] is None and heard == [identities(BLUE_STARTS)]


def test_a_key_typed_elsewhere_stops_the_key_but_not_the_photos_of_the_table() -> None:
    photos: list[str] = []
    entry = KeyEntry(on_photo=lambda kind, data: photos.append(kind))
    entry.stop_key()
    with pytest.raises(KeyNotTaken):
        entry.submit(LETTERS)
    with pytest.raises(PageRefusal, match="takes no key now"):
        entry.send_photo("key", b"jpeg")
    entry.send_photo("board", b"jpeg")
    shown = json.loads(entry.document())
    assert (shown["state"], shown["setup"], shown["photos"]["board"]["state"], photos) == ("closed", True, "reading", ["board"])
    entry.photo_failed("board", "no grid found")
    assert json.loads(entry.document())["photos"]["board"] == {"state": "failed", "message": "The photo could not be read: no grid found."}
    entry.close()
    with pytest.raises(PageRefusal, match="no table is being set up now"):
        entry.send_photo("board", b"jpeg")
