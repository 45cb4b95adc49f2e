"""Board, key and word-list files: every mistake gets one line naming the file and line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import BOARD, KEY_ROWS
from voicemaster.card_files import read_board, read_key, read_wordlist
from voicemaster.errors import InputError
from voicemaster.game.cards import Identity

GOOD_BOARD = "\n".join(BOARD) + "\n"
GOOD_KEY = "\n".join(KEY_ROWS) + "\n"


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return path


def test_good_files_read_as_written(tmp_path: Path) -> None:
    cards = read_board(write(tmp_path, "b.txt", GOOD_BOARD.replace("ghost", "Ice  Cream").replace("drum", "mother-in-law")))
    assert cards[14] == "Ice Cream" and cards[10] == "mother-in-law"
    key = read_key(write(tmp_path, "k.txt", GOOD_KEY.lower().replace("r", "R ")))
    assert key.count(Identity.RED) == 9 and key[24] is Identity.ASSASSIN


def test_a_board_may_carry_comment_lines_like_the_word_lists(tmp_path: Path) -> None:
    commented = "# tonight's table, row by row\n" + GOOD_BOARD.replace("bridge\n", "bridge\n# row two\n")
    assert read_board(write(tmp_path, "b.txt", commented)) == tuple(BOARD)
    with pytest.raises(InputError, match="b.txt line 4: 'apple' is already on line 2"):
        read_board(write(tmp_path, "b.txt", commented.replace("bear", "apple")))


@pytest.mark.parametrize(
    "content, message",
    [
        ("\n".join(BOARD[:24]) + "\n", "b.txt: a board has 25 cards, this file has 24"),
        (GOOD_BOARD + "extra\n", "this file has 26"),
        (GOOD_BOARD.replace("bear", "apple"), "b.txt line 3: 'apple' is already on line 1"),
        (GOOD_BOARD.replace("bear", "APPLE"), "line 3: 'APPLE' is already on line 1"),
        (GOOD_BOARD.replace("bear\n", "\n"), "b.txt line 3: empty line"),
        (GOOD_BOARD.replace("bear", "b3ar"), "line 3: 'b3ar' is not a card"),
        (GOOD_BOARD.replace("bear", "ice-cream").replace("ghost", "Ice Cream"),
         "b.txt line 15: 'Ice Cream' is already on line 3 as 'ice-cream'"),
        (GOOD_BOARD.replace("bear", "Théâtre").replace("ghost", "theatre"),
         "b.txt line 15: 'theatre' is already on line 3 as 'Théâtre'"),
        (b"\xff\xfe" + GOOD_BOARD.encode("utf-16-le"), "b.txt line 1: not UTF-8"),
    ],
)
def test_bad_boards(tmp_path: Path, content: str | bytes, message: str) -> None:
    with pytest.raises(InputError) as err:
        read_board(write(tmp_path, "b.txt", content))
    assert message in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize(
    "content, message",
    [
        ("RRRRR\nRRRRB\nBBBBB\nBBBNN\n", "5 lines of 5 letters, this file has 4 lines"),
        ("RRRRR\nRRRRB\n\nBBBBB\nBBBNN\nNNNNA\n", "k.txt line 3: empty line: a key card has 5 lines"),
        ("RRRRR\nRRRRB\n  \nBBBNN\nNNNNA\n", "k.txt line 3: empty line"),
        (GOOD_KEY.replace("NNNNA", "NNNA"), "k.txt line 5: 'NNNA' should be 5 letters"),
        (GOOD_KEY.replace("NNNNA", "NNNNX"), "k.txt line 5: 'X' is not a key letter"),
        (GOOD_KEY.replace("NNNNA", "NNNNN"), "1 assassin"),
        (GOOD_KEY.replace("RRRRB", "RRRRR"), "9 and 8 agents"),
    ],
)
def test_bad_keys(tmp_path: Path, content: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        read_key(write(tmp_path, "k.txt", content))
    assert message in str(err.value)


def test_a_key_on_one_line_is_counted_in_the_singular(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        read_key(write(tmp_path, "k.txt", "RRRRRRRRRBBBBBBBBNNNNNNNA\n"))
    assert str(err.value) == f"{tmp_path / 'k.txt'}: a key card has 5 lines of 5 letters, this file has 1 line"


def test_cards_with_accents_are_kept_as_written(tmp_path: Path) -> None:
    board = GOOD_BOARD.replace("bear", "Théâtre").replace("ghost", "Crème brûlée").replace("drum", "Straße")
    cards = read_board(write(tmp_path, "b.txt", board))
    assert cards[2] == "Théâtre" and cards[14] == "Crème brûlée" and cards[10] == "Straße"


def test_a_board_with_accents_is_played_by_typed_words_with_or_without_them(tmp_path: Path) -> None:
    board = write(tmp_path, "b.txt", GOOD_BOARD.replace("bear", "Théâtre").replace("bank", "Crème brûlée"))
    key = write(tmp_path, "k.txt", GOOD_KEY)
    journal = tmp_path / "j.jsonl"
    played = subprocess.run(
        [sys.executable, "-m", "voicemaster", "play", "--input", "text", "--board", str(board), "--key", str(key),
         "--journal", str(journal), "--audio-out", "none"],
        input="clue stage three\nguess theatre\nguess crème brûlée\n", capture_output=True, text=True, timeout=120,
    )
    assert played.returncode == 0, played.stderr
    state = subprocess.run([sys.executable, "-m", "voicemaster", "state", "--journal", str(journal), "--json"],
                           capture_output=True, text=True, timeout=60)
    assert json.loads(state.stdout)["revealed"] == {"Théâtre": "red", "Crème brûlée": "red"}


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="nope.txt: file not found"):
        read_board(tmp_path / "nope.txt")
    with pytest.raises(InputError, match="is a directory"):
        read_key(tmp_path)


def test_word_lists_skip_comments_and_refuse_duplicates(tmp_path: Path) -> None:
    words = "# animals\n" + "\n".join(BOARD) + "\n\nzebra\n"
    assert len(read_wordlist(write(tmp_path, "w.txt", words))) == 26
    with pytest.raises(InputError, match="w.txt line 29: 'apple' is already on line 2"):
        read_wordlist(write(tmp_path, "w.txt", words + "apple\n"))
    with pytest.raises(InputError, match="at least 25 cards"):
        read_wordlist(write(tmp_path, "w.txt", "apple\nbear\n"))


def test_the_command_line_reports_a_bad_board_in_one_line_with_status_2(tmp_path: Path) -> None:
    board = write(tmp_path, "b.txt", GOOD_BOARD.replace("bear", "apple"))
    result = subprocess.run(
        [sys.executable, "-m", "voicemaster", "play", "--input", "text", "--board", str(board), "--audio-out", "none"],
        input="", capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == f"voicemaster: {board} line 3: 'apple' is already on line 1"
