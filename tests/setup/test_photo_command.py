"""`voicemaster setup --photo` and `play --photo` end to end on rendered photos and the real
reader: what was read is said in one sentence, the unread cards are asked for by place and
typed in, "repeat" reads the rows, one yes writes the board; a bad photo is one line and
exit 2, and an unfinished setup is kept."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.setup.laid_out import lay_out_in_loop
from tests.setup.rendered_photos import TablePhoto, key_photo, table_photo
from tests.setup.test_play_setup import state
from tests.setup.test_setup_command import _read_all, _wait_for, write_key
from voicemaster.inbox import EndOfInput, Inbox, Spoken
from voicemaster.card_files import read_board, read_key
from voicemaster.setup.photos import board_from_file
from voicemaster.setup.session import SetupSession
from voicemaster.setup.table_setup import SetupProgress, two_word_cards
from voicemaster.speech.voices.speakers import say
from voicemaster.vocabulary import number_words, spoken_number

VM = [sys.executable, "-m", "voicemaster"]
UNREAD = re.compile(r"» [A-Z][a-z-]+ cards? read; (.+) could not be read: say or type (?:it|them)\.")


def unread_places(printed: bytearray) -> list[int]:
    """The places (0-24) the app said it could not read."""
    found = UNREAD.search(printed.decode())
    assert found is not None, printed.decode()[-2000:]
    return [spoken_number(word.removeprefix("card ").replace(" ", "-")) - 1
            for word in re.split(r", | and ", found[1])]  # type: ignore[operator]


def start(tmp_path: Path, *command: str) -> tuple[subprocess.Popen[str], bytearray]:
    process = subprocess.Popen([*VM, *command, "--input", "text", "--audio-out", "none"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    printed = bytearray()
    assert process.stdout is not None
    threading.Thread(target=_read_all, args=(process.stdout.fileno(), printed), daemon=True).start()
    return process, printed


def type_in(process: subprocess.Popen[str], *lines: str) -> None:
    assert process.stdin is not None
    process.stdin.write("".join(line + "\n" for line in lines))
    process.stdin.flush()


def fill_in(process: subprocess.Popen[str], printed: bytearray, photo: TablePhoto) -> list[int]:
    """Each card the app asks for, typed as 'card N is WORD'; the places asked for."""
    _wait_for(printed, b"could not be read", timeout=180)
    places = unread_places(printed)
    type_in(process, *(f"card {place + 1} is {photo.words[place]}" for place in places))
    return places


def test_a_table_and_its_key_photographed_are_set_by_typing_the_cards_asked_for(tmp_path: Path) -> None:
    """`setup --photo --key-photo`: a hand over the table; the key never said nor printed."""
    photo, key = table_photo("cli", hands=1), key_photo("cli")
    process, printed = start(tmp_path, "setup", "--board-out", "board.txt", "--photo", str(photo.path),
                             "--key-photo", str(key.path), "--key-out", "key.txt")
    try:
        places = fill_in(process, printed, photo)
        type_in(process, "repeat", "yes")
        assert process.stdin is not None
        process.stdin.close()
        assert process.wait(timeout=120) == 0, process.stderr.read() if process.stderr else ""
    finally:
        process.kill()
    assert set(photo.hidden) <= set(places) and len(places) <= 6, "the cards under the hand are asked for"
    assert list(read_board(tmp_path / "board.txt")) == list(photo.words)
    assert "".join(identity.letter for identity in read_key(tmp_path / "key.txt")) == key.key
    assert key.key[:5] not in printed.decode() and key.key[5:10] not in printed.decode()
    said = [line[2:] for line in printed.decode().splitlines() if line.startswith("» ")]
    assert said[-1] == "All 25 cards are set."
    rows = next(s for s in said if s.startswith("Row one: "))
    assert f"Row five: {', '.join(photo.words[20:])}." in rows, "'repeat' reads the rows as set"
    assert not any(s.startswith("Row one: ") for s in said[: said.index(rows)]), "the rows are read only when asked"


def png(width: int, height: int) -> bytes:
    data = io.BytesIO()
    Image.fromarray((np.random.default_rng(7).random((height, width, 3)) * 80 + 60).astype(np.uint8)).save(data, "PNG")
    return data.getvalue()


def test_a_bad_photo_is_one_line_and_status_2_and_the_unfinished_setup_stays(tmp_path: Path) -> None:
    (tmp_path / "notes.jpg").write_text("not a photo at all")
    (tmp_path / "small.png").write_bytes(png(320, 240))
    (tmp_path / "no-cards.png").write_bytes(png(1600, 1200))
    typed = subprocess.run([*VM, "setup", "--board-out", "board.txt", "--input", "text", "--audio-out", "none",
                            "--key", str(write_key(tmp_path))], input="row one: apple, bear, castle, Loch Ness, pilot\nyes\n",
                           capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert typed.returncode == 2
    kept = (tmp_path / "board.txt.partial").read_bytes()
    cases = {
        "notes.jpg": "voicemaster: notes.jpg: not an image (a JPEG or PNG photo is expected)",
        "small.png": "voicemaster: small.png: too small (320×240; at least 640×480)",
        "no-cards.png": "voicemaster: no-cards.png: no grid of cards found",
        "missing.jpg": "voicemaster: missing.jpg: no such photo",
        ".": "voicemaster: .: is a directory, not a photo",
    }
    commands = [["setup", "--board-out", "board.txt"]] * len(cases)
    commands[0] = ["play", "--journal", "tonight.jsonl"]
    for (name, line), command in zip(cases.items(), commands):
        done = subprocess.run([*VM, *command, "--photo", name, "--input", "text", "--audio-out", "none"],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert (done.returncode, done.stderr.splitlines()[-1:]) == (2, [line]), (command, done.stderr)
        assert "Traceback" not in done.stderr
    key = subprocess.run([*VM, "setup", "--board-out", "board.txt", "--key-out", "key.txt", "--key-photo", "small.png",
                          "--input", "text", "--audio-out", "none"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert (key.returncode, key.stderr.splitlines()[-1]) == (2, "voicemaster: small.png: too small (320×240; at least 640×480)")
    assert (tmp_path / "board.txt.partial").read_bytes() == kept and not (tmp_path / "board.txt").exists()


def test_play_lays_out_its_table_from_photos_and_plays_on_it(tmp_path: Path) -> None:
    photo, key = table_photo("cli", hands=1), key_photo("cli")
    process, printed = start(tmp_path, "play", "--journal", "tonight.jsonl", "--photo", str(photo.path),
                             "--key-photo", str(key.path))
    try:
        fill_in(process, printed, photo)
        type_in(process, "yes", "clue water two", f"guess {photo.words[0]}")
        assert process.stdin is not None
        process.stdin.close()
        assert process.wait(timeout=120) == 0, process.stderr.read() if process.stderr else ""
    finally:
        process.kill()
    assert list(read_board(tmp_path / "tonight.board.txt")) == list(photo.words)
    identity = {"R": "red", "B": "blue", "N": "bystander", "A": "assassin"}[key.key[0]]
    assert state(tmp_path, "tonight.jsonl")["revealed"] == {photo.words[0]: identity}


def test_the_cards_a_photo_could_not_read_may_be_said(tmp_path: Path) -> None:
    """Each card the app asks for said ("card fourteen is brush"), heard by the real grid ear
    through the setup's own loop. A synthetic voice's correction is sometimes misheard ("Car
    D18 is gentle"), piper's audio differs run to run and int8 scores between CPUs, so each
    of five voices lays out the table on its own: two in five sayings of each card must land
    on average (six of ten here), and every card by some voice."""
    grid_ear = pytest.importorskip("voicemaster.setup.grid_ear")
    photo = table_photo("cli", hands=1)
    cards = board_from_file(photo.path)
    unread = [i for i, card in enumerate(cards) if card is None]
    assert unread
    ear = grid_ear.open_grid_ear()
    quiet = np.zeros(4000, dtype=np.int16)
    landed: set[tuple[int, str]] = set()
    try:
        for voice in ("piper:joe", "flite:rms", "flite:slt", "flite:awb", "flite:kal16"):
            inbox = Inbox()
            for i in unread:
                inbox.put(Spoken(np.concatenate([quiet, say(f"card {number_words(i + 1)} is {photo.words[i]}", voice), quiet])))
            inbox.put(EndOfInput())
            said: list[str] = []
            session = SetupSession(two_word_cards())
            assert not lay_out_in_loop(session, inbox, SetupProgress.beside(tmp_path / f"{voice}.board.txt"),
                                       said.append, ear=ear, photo=cards)
            assert said[0].endswith("could not be read: say or type them.")
            for i in unread:
                if session.layout.slots[i] == photo.words[i]:
                    landed.add((i, voice))
                    assert any(line.startswith(f"Card {number_words(i + 1)} is {photo.words[i]}.") for line in said), said
    finally:
        ear.close()
    assert len(landed) >= 2 * len(unread), landed
    assert {i for i, _ in landed} == set(unread), landed
