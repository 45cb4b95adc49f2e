"""A grid read aloud (espeak-ng), every read-back answered by the recording's own "yes":
`setup --input FILE.wav --key FILE` writes the board, and `play` with no deal lays out the
same table from it. Runs once the grid ear (voicemaster/setup/grid_ear.py) is there."""

from __future__ import annotations

import subprocess
import sys
import time
import wave
from pathlib import Path

import pytest

from voicemaster.card_files import read_board

pytest.importorskip("voicemaster.setup.grid_ear")

VM = [sys.executable, "-m", "voicemaster"]
ROWS = ["apple, bear, castle, loch ness, pilot", "river, garden, rocket, silver, window",
        "robot, snow, tower, wave, yard", "zebra, anchor, bottle, cloud, dragon",
        "engine, forest, ghost, hammer, island"]
KEY = "RRRRR\nRRRRB\nBBBBB\nBBNNN\nNNNNA\n"
PAUSE_S = 2.5


def read_aloud(folder: Path) -> Path:
    """Each row, a pause, "yes", a pause: one WAV."""
    frames: list[bytes] = []
    params = None
    for number, text in enumerate(line for row in ROWS for line in (row, "yes")):
        clip = folder / f"said-{number}.wav"
        subprocess.run(["espeak-ng", "-s", "150", "-w", str(clip), text], check=True)
        with wave.open(str(clip)) as w:
            params = w.getparams()
            frames += [w.readframes(w.getnframes()), b"\0" * int(PAUSE_S * w.getframerate()) * w.getsampwidth()]
    recording = folder / "grid.wav"
    assert params is not None
    with wave.open(str(recording), "wb") as out:
        out.setparams(params)
        out.writeframes(b"".join(frames))
    return recording


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return read_aloud(tmp_path_factory.mktemp("grid"))


def test_setup_reads_the_grid_from_a_recording(tmp_path: Path, recording: Path) -> None:
    (tmp_path / "key.txt").write_text(KEY)
    done = subprocess.run([*VM, "setup", "--board-out", "board.txt", "--key", "key.txt", "--input", str(recording),
                           "--audio-out", "none"], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    board = read_board(tmp_path / "board.txt")
    assert "» Row three: robot, snow, tower, wave, yard. Right?" in done.stdout
    assert sum(card.lower() in " ".join(ROWS) for card in board) >= 20


def test_play_without_a_deal_lays_out_the_table_from_speech_with_the_key_typed(tmp_path: Path, recording: Path) -> None:
    done = subprocess.run([*VM, "play", "--journal", "game.jsonl", "--input", str(recording), "--audio-out", "none"],
                          input=KEY, capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "» All 25 cards are set." in done.stdout
    assert len(read_board(tmp_path / "game.board.txt")) == 25 and (tmp_path / "game.jsonl").exists()


def test_the_recording_waits_for_a_key_typed_late(tmp_path: Path, recording: Path) -> None:
    """The audio starts once the key is typed: a replay faster than real time would
    otherwise have ended (and the setup with it) before the spymaster finished typing."""
    proc = subprocess.Popen([*VM, "setup", "--board-out", "board.txt", "--key-out", "key.txt", "--input",
                             str(recording), "--audio-out", "none"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    time.sleep(15)
    out, err = proc.communicate(KEY, timeout=600)
    assert proc.returncode == 0, err
    assert "» Key card set: Red starts." in out and len(read_board(tmp_path / "board.txt")) == 25


def test_with_the_key_page_a_recording_is_heard_while_the_key_is_awaited(tmp_path: Path, recording: Path) -> None:
    """As at a real table: the grid fills the key page before anyone taps the key, and the
    end of the recording then waits for the key rather than ending the setup."""
    from tests.display.test_play_web import read_urls
    from tests.setup.test_setup_key_page import finish, post_key, start, wait_page

    process, printed = start(tmp_path, "setup", "--board-out", "board.txt", "--key-out", "key.txt",
                             "--input", str(recording))
    try:
        urls = read_urls(process)
        shown = wait_page(urls, lambda p: "?" not in p.get("cards", ["?"]), timeout=180)
        assert shown["state"] == "open"
        assert post_key(urls, KEY.replace("\n", "")) == (200, "Key received: Red starts.")
        status = finish(process)
    finally:
        process.kill()
    assert status == 0
    assert len(read_board(tmp_path / "board.txt")) == 25 and (tmp_path / "key.txt").read_text() == KEY
    assert "» Key card set: Red starts. All 25 cards are set." in printed.decode()


def test_play_replaying_a_grid_with_the_key_page_starts_the_game_once_the_key_is_tapped(
    tmp_path: Path, recording: Path
) -> None:
    """What the recording held after the grid (here its end) reaches the game, which then ends."""
    from tests.display.test_play_web import read_urls
    from tests.setup.test_setup_key_page import finish, post_key, start, wait_page

    process, printed = start(tmp_path, "play", "--journal", "game.jsonl", "--input", str(recording))
    try:
        urls = read_urls(process)
        wait_page(urls, lambda p: "?" not in p.get("cards", ["?"]), timeout=180)
        assert post_key(urls, KEY.replace("\n", "")) == (200, "Key received: Red starts.")
        status = finish(process)
    finally:
        process.kill()
    assert status == 0
    assert len(read_board(tmp_path / "game.board.txt")) == 25 and (tmp_path / "game.jsonl").exists()
