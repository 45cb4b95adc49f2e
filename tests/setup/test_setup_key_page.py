"""With --web, the key card of a table being laid out may be tapped on the spymaster page
(over real HTTP, under the token the program prints) or typed at the terminal once the
cards are read: whichever comes first is the key, and the page then takes no other."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from functools import partial
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.display.test_play_web import read_urls
from tests.setup.laid_out import lay_out_in_loop
from tests.setup.test_play_setup import BLUE_KEY, SECOND, state
from tests.setup.test_setup_command import CARDS, KEY_LINES, ROWS, _read_all, _type, _wait_for, confirmed
from voicemaster.inbox import Inbox, Typed
from voicemaster.card_files import read_board, read_key
from voicemaster.display.key_entry import KeyEntry, KeyNotTaken
from voicemaster.game.cards import KEY_LETTERS
from voicemaster.setup.session import SetupSession
from voicemaster.setup.table_setup import KeyEntered, SetupProgress, two_word_cards

VM = [sys.executable, "-m", "voicemaster"]
KEY = "".join("".join(KEY_LINES).split())
BLUE = "".join(BLUE_KEY).replace(" ", "\n")
WEB = ("--web", "127.0.0.1:0", "--audio-out", "none")
PHOTOGRAPH_BOTH = "Spymasters: photograph the table and the key card on the spymaster page, or read the cards aloud."
TAP_OR_TYPE_KEY = ("Spymasters: tap the key card on the spymaster page, or type its 25 letters R, B, N, A, "
                   "row by row (not shown), then Enter.")
WHERE = ("Key card: the spymasters photograph or tap it on their page (the address given to them alone), "
         "where they may photograph the table too, or type it here when asked.")


def start(tmp_path: Path, *command: str, stdin: Any = subprocess.PIPE) -> tuple[subprocess.Popen[str], bytearray]:
    """The program, and what it prints (read in a thread, so that it never blocks on a full pipe)."""
    process = subprocess.Popen([*VM, *command, *WEB], stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, cwd=tmp_path, env={**os.environ, "VOICEMASTER_HOME": str(tmp_path / "home")})
    printed = bytearray()
    assert process.stdout is not None
    threading.Thread(target=_read_all, args=(process.stdout.fileno(), printed), daemon=True).start()
    return process, printed


def page(urls: dict[str, str]) -> dict[str, Any]:
    with urllib.request.urlopen(urls["spymaster"] + "/key.json", timeout=10) as response:
        return dict(json.loads(response.read()))


def wait_page(urls: dict[str, str], check: Callable[[dict[str, Any]], bool], timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        try:
            shown = page(urls)
        except urllib.error.HTTPError:
            shown = {}
        if check(shown):
            return shown
        assert time.monotonic() < deadline, f"the key page never came to that: {shown}"
        time.sleep(0.1)


def post_key(urls: dict[str, str], letters: str) -> tuple[int, str]:
    """What the key page's own script sends: the key file's text, from the page's origin."""
    body = "".join(letters[i:i + 5] + "\n" for i in range(0, 25, 5)).encode()
    sent = urllib.request.Request(urls["spymaster"] + "/key", data=body, method="POST",
                                  headers={"Origin": urls["public"].rstrip("/"), "Content-Type": "text/plain"})
    try:
        with urllib.request.urlopen(sent, timeout=10) as response:
            return response.status, response.read().decode().strip()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode().strip()


def type_lines(process: subprocess.Popen[str], lines: list[str]) -> None:
    assert process.stdin is not None
    process.stdin.write("".join(line + "\n" for line in lines))
    process.stdin.flush()


def finish(process: subprocess.Popen[str]) -> int:
    assert process.stdin is not None
    process.stdin.close()
    return process.wait(timeout=60)


def test_the_key_tapped_on_the_spymaster_page_sets_up_the_table(tmp_path: Path) -> None:
    process, printed = start(tmp_path, "setup", "--board-out", "board.txt", "--key-out", "key.txt", "--input", "text")
    try:
        urls = read_urls(process)
        assert set(urls) == {"public", "spymaster"}
        type_lines(process, confirmed(ROWS))
        shown = wait_page(urls, lambda p: p.get("cards") == [c.upper() for c in CARDS])
        assert shown["state"] == "open"
        assert post_key(urls, KEY) == (200, "Key received: Red starts.")
        status = finish(process)
    finally:
        process.kill()
    assert status == 0
    out = printed.decode()
    assert list(read_board(tmp_path / "board.txt")) == CARDS
    assert "".join(k.letter for k in read_key(tmp_path / "key.txt")) == KEY
    said = [line[2:] for line in out.splitlines() if line.startswith("» ")]
    assert said[0] == f"Let's lay out the table. {PHOTOGRAPH_BOTH} Read row one: its five cards, left to right."
    assert said[-2:] == [TAP_OR_TYPE_KEY, "Key card set: Red starts. All 25 cards are set."]
    assert "RRRRR" not in out and not list(tmp_path.glob("board.txt.*"))


def test_with_the_page_open_the_key_may_still_be_typed_after_the_cards_unechoed(tmp_path: Path) -> None:
    """A terminal read line by line: the cards echo as typed, the key (typed once they are
    set, as the page sent none) does not; the program's own output goes to a pipe."""
    master, slave = pty.openpty()
    process, printed = start(tmp_path, "setup", "--board-out", "board.txt", "--key-out", "key.txt", "--input", "text",
                             stdin=slave)
    os.close(slave)
    echoed = bytearray()
    threading.Thread(target=_read_all, args=(master, echoed), daemon=True).start()
    try:
        assert "spymaster" in read_urls(process)
        for line in confirmed(ROWS):
            _type(master, line)
        _wait_for(printed, TAP_OR_TYPE_KEY.encode())
        time.sleep(0.3)
        for line in KEY_LINES:
            _type(master, line)
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()
        os.close(master)
    assert list(read_board(tmp_path / "board.txt")) == CARDS
    assert "".join(k.letter for k in read_key(tmp_path / "key.txt")) == KEY
    shown = echoed.decode(errors="replace")
    assert "pilot" in shown and "RRRRR" not in shown and "NNNNA" not in shown
    assert "RRRRR" not in printed.decode(errors="replace")


def test_play_takes_each_tables_key_from_a_fresh_page_or_the_terminal(tmp_path: Path) -> None:
    """The first table's key is tapped; after "new game" the page takes the next table's key
    afresh, and once the spymasters typed it instead the page takes none."""
    process, _ = start(tmp_path, "play", "--input", "text", "--journal", "tonight.jsonl")
    try:
        urls = read_urls(process)
        type_lines(process, confirmed(ROWS))
        wait_page(urls, lambda p: p.get("cards", [""])[-1] == "ISLAND")
        assert post_key(urls, KEY) == (200, "Key received: Red starts.")
        wait_page(urls, lambda p: p.get("state") == "received")
        type_lines(process, ["clue water two", "guess island", "new game"])
        fresh = wait_page(urls, lambda p: p.get("state") == "open")
        assert fresh["cards"] == ["?"] * 25
        type_lines(process, [*confirmed(SECOND), *BLUE_KEY])
        assert wait_page(urls, lambda p: p.get("state") == "closed")["cards"][0] == "ALPHA"
        assert post_key(urls, KEY) == (409, "409 this key page takes no key now")
        type_lines(process, ["clue music two", "guess alpha"])
        status = finish(process)
    finally:
        process.kill()
    assert status == 0
    assert state(tmp_path, "tonight.jsonl")["revealed"] == {"island": "assassin"}
    second = state(tmp_path, "tonight.2.jsonl")
    assert second["revealed"] == {"alpha": "blue"} and second["turn"] == "blue"
    assert (tmp_path / "tonight.key.txt").read_text() == "RRRRR\nRRRRB\nBBBBB\nBBNNN\nNNNNA\n"


def test_the_table_is_told_once_where_to_tap_the_key(tmp_path: Path) -> None:
    """Printed beside the addresses (the full-screen board keeps it under the board)."""
    done = subprocess.run([*VM, "setup", "--board-out", "board.txt", "--key-out", "key.txt", "--input", "text", *WEB],
                          input="".join(line + "\n" for line in [*confirmed(ROWS), *KEY_LINES]),
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines.count(WHERE) == 1 and lines.index(WHERE) > next(i for i, s in enumerate(lines) if "spymaster/" in s)


def test_a_key_typed_before_the_cards_leaves_the_page_taking_none(tmp_path: Path) -> None:
    """A key typed before the cards are read: once it is typed, the page refuses one, and a
    key it had already taken as it was typed changes nothing."""
    session = SetupSession(two_word_cards(), key_wanted=True, key_first=True, key_page=True)
    entry = KeyEntry()
    inbox = Inbox()
    progress = SetupProgress.beside(tmp_path / "board.txt")
    laying_out = threading.Thread(target=partial(lay_out_in_loop, session, inbox, progress, key_entry=entry), daemon=True)
    laying_out.start()
    for line in KEY_LINES:
        inbox.put(Typed(line))
    deadline = time.monotonic() + 10
    while session.key is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not entry.taking and entry.key is None
    with pytest.raises(KeyNotTaken, match="this key page takes no key now"):
        entry.submit(BLUE)
    inbox.put(KeyEntered(tuple(KEY_LETTERS[letter] for letter in "".join(BLUE.split()))))
    for line in confirmed(ROWS):
        inbox.put(Typed(line))
    laying_out.join(timeout=30)
    assert session.done and "".join(k.letter for k in session.key or ()) == KEY


def test_a_key_tapped_while_the_cards_are_read_is_shown_not_said_over_the_reader(tmp_path: Path) -> None:
    """The microphone is deaf while the app speaks: "Key card set" said in the middle of a
    row would lose what the reader says meanwhile. Once the cards are set, it is said."""
    said: list[str] = []
    session = SetupSession(two_word_cards(), key_wanted=True, key_first=False, key_page=True)
    inbox = Inbox()
    lines = confirmed(ROWS)
    for line in lines[:3]:
        inbox.put(Typed(line))
    inbox.put(KeyEntered(tuple(KEY_LETTERS[letter] for letter in KEY)))
    for line in lines[3:]:
        inbox.put(Typed(line))
    assert lay_out_in_loop(session, inbox, SetupProgress.beside(tmp_path / "board.txt"), said.append)
    assert session.done and "".join(k.letter for k in session.key or ()) == KEY
    assert not any(text.startswith("Key card set") for text in said)
    assert said[-1] == "All 25 cards are set."
