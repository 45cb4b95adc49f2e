"""`voicemaster play --web`: the URLs it prints serve the game as it is played."""

from __future__ import annotations

import json
import re
import queue
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .test_key_view import write_deal


def read_urls(process: subprocess.Popen[str], timeout: float = 30.0) -> dict[str, str]:
    """The public and spymaster URLs from the app's start-up lines on stderr (read in a
    thread that keeps draining stderr, so the app never blocks on a full pipe)."""
    assert process.stderr is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stderr], daemon=True).start()
    urls: dict[str, str] = {}
    deadline = time.monotonic() + timeout
    while len(urls) < 2 and time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            continue
        found = re.search(r"(http://\S+)", line)
        if found:
            urls["spymaster" if "/spymaster/" in found[1] else "public"] = found[1]
    return urls


def board(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())["board"]


def wait_for(url: str, check: Callable[[Any], bool], timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        state = board(url)
        if check(state) or time.monotonic() > deadline:
            return state
        time.sleep(0.1)


def test_play_serves_the_live_board_and_the_key_at_the_printed_urls(tmp_path: Path) -> None:
    board_file, key_file = write_deal(tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-m", "voicemaster", "play", "--input", "text", "--board", str(board_file),
         "--key", str(key_file), "--audio-out", "none", "--web", "127.0.0.1:0"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdin is not None
    try:
        urls = read_urls(process)
        assert urls["public"].startswith("http://127.0.0.1:")
        assert urls["spymaster"].startswith(urls["public"] + "spymaster/")

        process.stdin.write("clue fruit two\nguess apple\n")
        process.stdin.flush()
        public = wait_for(urls["public"] + "state.json", lambda b: b and b["remaining"]["red"] == 8)
        cards = {c["word"]: c for c in public["cards"]}
        assert cards["apple"]["letter"] == "R" and "letter" not in cards["chapel"]
        assert public["clue"] == "FRUIT 2 (Red)" and public["guesses"] == "2"
        assert public["last_heard"] == "guess apple"

        key = board(urls["spymaster"] + "/state.json")
        assert {c["word"]: c["letter"] for c in key["cards"]}["parrot"] == "A"
    finally:
        process.stdin.close()
        process.wait(timeout=30)
    assert process.returncode == 0


def test_the_addresses_and_the_local_network_hint_keep_the_port_given(tmp_path: Path) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    board_file, key_file = write_deal(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "voicemaster", "play", "--input", "text", "--board", str(board_file),
         "--key", str(key_file), "--audio-out", "none", "--web", f"127.0.0.1:{port}"],
        input="status\n", capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert f"--web 0.0.0.0:{port} serves phones and TVs" in done.stderr, done.stderr
    assert f"Board for everyone: http://127.0.0.1:{port}/" in done.stdout, "the public address is beside the game's text"
    assert f"Spymasters only:    http://127.0.0.1:{port}/spymaster/" in done.stderr
    assert "/spymaster/" not in done.stdout, "the spymasters' address is never beside the game's text"


def test_piped_on_to_the_terminal_the_addresses_are_printed_once(tmp_path: Path) -> None:
    """`voicemaster play --web ... | cat`: stderr on the terminal, stdout piped on to it; the
    addresses were printed on both, so read twice."""
    import os
    import pty

    board_file, key_file = write_deal(tmp_path)
    terminal, stderr = pty.openpty()
    done = subprocess.run(
        [sys.executable, "-m", "voicemaster", "play", "--input", "text", "--board", str(board_file),
         "--key", str(key_file), "--audio-out", "none", "--web", "127.0.0.1:0"],
        input="status\n", stdout=subprocess.PIPE, stderr=stderr, text=True, timeout=60,
    )
    os.close(stderr)
    shown = b""
    while chunk := _read_some(terminal):
        shown += chunk
    os.close(terminal)
    assert done.returncode == 0, shown
    read = done.stdout + shown.decode()
    assert read.count("Board for everyone: http://127.0.0.1:") == 1, read
    assert read.count("Spymasters only:    http://127.0.0.1:") == 1, read
    assert "serves phones and TVs on the local network" in shown.decode()


def _read_some(fd: int) -> bytes:
    """What a pty holds now; b"" once it is drained (Linux: EIO when the other side is closed)."""
    import os
    import select

    if not select.select([fd], [], [], 1.0)[0]:
        return b""
    try:
        return os.read(fd, 65536)
    except OSError:
        return b""


def test_into_one_file_the_addresses_are_printed_once(tmp_path: Path) -> None:
    """`voicemaster play --web ... > game.log 2>&1`."""
    board_file, key_file = write_deal(tmp_path)
    log = tmp_path / "game.log"
    with log.open("w") as out:
        done = subprocess.run(
            [sys.executable, "-m", "voicemaster", "play", "--input", "text", "--board", str(board_file),
             "--key", str(key_file), "--audio-out", "none", "--web", "127.0.0.1:0"],
            input="status\n", stdout=out, stderr=subprocess.STDOUT, text=True, timeout=60,
        )
    read = log.read_text()
    assert done.returncode == 0, read
    assert read.count("Board for everyone: http://127.0.0.1:") == 1, read
