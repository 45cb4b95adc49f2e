"""`play` lays out the table when it has neither a board nor a deal, and "new game" at the
end of a game starts the next one — set up again, or dealt again — with the same house
rules, each game in its own journal."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.setup.test_setup_command import CARDS, KEY_LINES, ROWS, _read_all, _type, _wait_for, confirmed
from voicemaster.card_files import read_board

VM = [sys.executable, "-m", "voicemaster"]
SECOND = ["alpha, bravo, charlie, delta, echo", "foxtrot, golf, hotel, india, juliet",
          "kilo, lima, mike, november, oscar", "papa, quebec, romeo, sierra, tango",
          "uniform, victor, whiskey, x-ray, yankee"]
BLUE_KEY = ["BBBBB BBBBR RRRRR RRNNN NNNNA"]


def play(tmp_path: Path, typed: list[str], *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*VM, "play", "--input", "text", "--audio-out", "none", *options],
        input="".join(line + "\n" for line in typed), capture_output=True, text=True, timeout=180, cwd=tmp_path,
        env={**os.environ, "VOICEMASTER_HOME": str(tmp_path / "home")},
    )


def state(tmp_path: Path, journal: str) -> dict[str, object]:
    done = subprocess.run([*VM, "state", "--journal", journal, "--json"], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def said(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line[2:] for line in done.stdout.splitlines() if line.startswith("» ")]


def header(journal: Path) -> dict[str, object]:
    return dict(json.loads(journal.read_text().splitlines()[0]))


def test_play_without_a_board_or_a_deal_lays_out_the_table_and_new_game_lays_out_the_next(tmp_path: Path) -> None:
    typed = [*KEY_LINES, *confirmed(ROWS), "clue water two", "guess island", "new game",
             *BLUE_KEY, *confirmed(SECOND), "clue music two", "guess alpha"]
    done = play(tmp_path, typed, "--journal", "tonight.jsonl", "--house-rules", "exact-guesses")
    assert done.returncode == 0, done.stderr
    lines = said(done)
    assert lines[0].startswith("Let's lay out the table. Spymasters: type the key card")
    assert "Island: the assassin. Blue wins. Say new game to play again." in lines
    assert lines[lines.index("New game.") + 1].startswith("Let's lay out the table.")
    assert list(read_board(tmp_path / "tonight.board.txt")) == CARDS
    assert (tmp_path / "tonight.key.txt").read_text() == "RRRRR\nRRRRB\nBBBBB\nBBNNN\nNNNNA\n"
    first, second = state(tmp_path, "tonight.jsonl"), state(tmp_path, "tonight.2.jsonl")
    assert first["winner"] == "blue" and first["revealed"] == {"island": "assassin"}
    assert second["revealed"] == {"alpha": "blue"} and second["turn"] == "blue"
    assert header(tmp_path / "tonight.2.jsonl")["rules"] == header(tmp_path / "tonight.jsonl")["rules"]
    assert header(tmp_path / "tonight.2.jsonl")["rules"]["exact_guesses"] is True  # type: ignore[index]
    assert list(read_board(tmp_path / "tonight.2.board.txt"))[0] == "alpha"
    assert not list(tmp_path.glob("*.partial"))


def test_new_game_after_a_dealt_game_deals_again(tmp_path: Path) -> None:
    first = play(tmp_path, ["status"], "--seed", "3", "--journal", "probe.jsonl")
    assert first.returncode == 0, first.stderr
    assassin = next(card for card, identity in _identities(tmp_path / "probe.jsonl") if identity == "A")
    done = play(tmp_path, ["clue water two", f"guess {assassin}", "new game", "status"],
                "--seed", "3", "--journal", "game.jsonl")
    assert done.returncode == 0, done.stderr
    assert "New game." in said(done)
    one, two = header(tmp_path / "game.jsonl"), header(tmp_path / "game.2.jsonl")
    assert one["cards"] != two["cards"] and one["rules"] == two["rules"]
    assert state(tmp_path, "game.2.jsonl")["phase"] == "clue"


def _identities(journal: Path) -> list[tuple[str, str]]:
    head = header(journal)
    return list(zip(head["cards"], head["key"]))  # type: ignore[arg-type]


def test_new_game_is_only_understood_once_the_game_is_over(tmp_path: Path) -> None:
    done = play(tmp_path, ["new game", "status"], "--seed", "5")
    assert done.returncode == 0, done.stderr
    assert "New game." not in said(done)
    assert "'new game'" in play(tmp_path, ["help"], "--seed", "5").stdout


def test_a_setup_cut_short_in_play_goes_on_in_the_next_play(tmp_path: Path) -> None:
    done = play(tmp_path, [*KEY_LINES, *confirmed(ROWS[:3])], "--journal", "tonight.jsonl")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "voicemaster: the input ended with 15 of 25 cards set; they are kept in tonight.board.txt.partial: "
        "play again with --journal tonight.jsonl to go on")
    resumed = play(tmp_path, [], "--journal", "tonight.jsonl", "--resume")
    assert resumed.returncode == 2 and resumed.stderr == (
        "voicemaster: tonight.jsonl: nothing to resume: the journal does not exist; the setup of its table is "
        "unfinished (tonight.board.txt.partial): play without --resume goes on with it\n")
    again = play(tmp_path, [*confirmed(ROWS[3:]), "status"], "--journal", "tonight.jsonl")
    assert again.returncode == 0, again.stderr
    assert said(again)[0] == "Going on with the setup where it stopped. Read row four: its five cards, left to right."
    assert state(tmp_path, "tonight.jsonl")["remaining"] == {"red": 9, "blue": 8}


def test_deal_asks_for_a_deal_from_the_default_word_list(tmp_path: Path) -> None:
    done = play(tmp_path, ["status"], "--deal", "--journal", "dealt.jsonl")
    assert done.returncode == 0, done.stderr
    assert said(done)[0].startswith("VoiceMaster is listening.")
    assert len(header(tmp_path / "dealt.jsonl")["cards"]) == 25  # type: ignore[arg-type]


def test_play_does_not_echo_a_key_typed_on_a_terminal_read_line_by_line(tmp_path: Path) -> None:
    """Keys from a terminal, output to a pipe: the key of each table laid out is not echoed,
    though the typed input starts before the first setup does."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([*VM, "play", "--input", "text", "--audio-out", "none", "--journal", "tonight.jsonl"],
                            stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=tmp_path,
                            env={**os.environ, "VOICEMASTER_HOME": str(tmp_path / "home")})
    os.close(slave)
    echoed, printed = bytearray(), bytearray()
    assert proc.stdout is not None
    for fd, into in ((master, echoed), (proc.stdout.fileno(), printed)):
        threading.Thread(target=_read_all, args=(fd, into), daemon=True).start()
    try:
        _wait_for(printed, b"type the key card")
        time.sleep(0.3)
        for line in KEY_LINES:
            _type(master, line)
        _wait_for(printed, b"Red starts")
        for line in [*confirmed(ROWS), "status", "quit"]:
            _type(master, line)
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
        os.close(master)
    shown = echoed.decode(errors="replace")
    assert "pilot" in shown and "RRRRR" not in shown and "NNNNA" not in shown
