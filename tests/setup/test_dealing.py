"""Dealing: seeded deals repeat, consecutive games get fresh cards, keys are valid."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from voicemaster.card_files import read_key, read_wordlist
from voicemaster.game.cards import Identity, Team
from voicemaster.game.dealing import deal_key
from voicemaster.setup.dealing import RecentCards, bundled_wordlist, new_deal


def test_the_same_seed_deals_the_same_game() -> None:
    assert new_deal(seed=7) == new_deal(seed=7)
    assert new_deal(seed=7).cards != new_deal(seed=8).cards


def test_default_list_is_big_enough_for_many_fresh_games() -> None:
    assert len(read_wordlist(bundled_wordlist())) >= 400


def test_consecutive_games_do_not_repeat_cards(tmp_path: Path) -> None:
    recent = RecentCards(tmp_path / "recent.json", games_kept=3)
    games = [set(new_deal(recent=recent).cards) for _ in range(4)]
    for earlier, later in zip(games, games[1:]):
        assert not earlier & later
    assert not games[0] & games[2]


def test_keys_have_nine_eight_seven_one_and_the_nine_start() -> None:
    starters = set()
    for seed in range(40):
        key = deal_key(random.Random(seed))
        counts = {i: key.count(i) for i in Identity}
        assert counts[Identity.BYSTANDER] == 7 and counts[Identity.ASSASSIN] == 1
        assert sorted((counts[Identity.RED], counts[Identity.BLUE])) == [8, 9]
        starters.add(Team.RED if counts[Identity.RED] == 9 else Team.BLUE)
    assert starters == {Team.RED, Team.BLUE}


def play_typed(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "voicemaster", "play", "--input", "text", "--audio-out", "none", *args],
        input="status\n", capture_output=True, text=True, timeout=120, cwd=cwd,
    )


def test_a_board_from_the_table_without_its_key_is_refused(board_files: tuple[Path, Path]) -> None:
    board, _ = board_files
    done = play_typed("--board", str(board), cwd=board.parent)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"voicemaster: {board} is a deal from the table, so its key card is there too: "
        "pass --key FILE (5 lines of R/B/N/A), or --random-key to have one drawn"
    ]


def test_a_drawn_key_is_announced_with_how_the_spymasters_see_it(board_files: tuple[Path, Path]) -> None:
    board, _ = board_files
    done = play_typed("--board", "board.txt", "--random-key", "--journal", "game.jsonl", cwd=board.parent)
    assert done.returncode == 0, done.stderr
    said = "I drew the key card at random: spymasters, the screen says how to see the key."
    shown = "Spymasters: see the key with voicemaster key --journal game.jsonl."
    assert done.stderr.splitlines()[0] == shown
    assert f"» {said}" in done.stdout and shown in done.stdout
    shown = subprocess.run([sys.executable, "-m", "voicemaster", "key", "--journal", "game.jsonl"],
                           capture_output=True, text=True, timeout=60, cwd=board.parent)
    assert shown.returncode == 0 and shown.stdout.count("[A] ") == 1, shown.stderr


def test_without_a_journal_the_drawn_key_is_written_beside_the_board(board_files: tuple[Path, Path]) -> None:
    board, _ = board_files
    done = play_typed("--board", "board.txt", "--random-key", "--seed", "4", cwd=board.parent)
    assert done.returncode == 0, done.stderr
    key_file = board.parent / "board.drawn-key.txt"
    told = "see the key with voicemaster key --board board.txt --key board.drawn-key.txt."
    assert told in done.stderr and told in done.stdout
    assert read_key(key_file) == deal_key(random.Random(4))


def test_a_dealt_game_says_how_the_spymasters_see_its_key(tmp_path: Path) -> None:
    """`--deal` draws the key too: the spymasters are told where to see it, with a journal
    and without one (then board and key are written to the data folder)."""
    env = {**os.environ, "VOICEMASTER_HOME": str(tmp_path / "data")}

    def dealt(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "voicemaster", "play", "--input", "text", "--audio-out", "none",
                               "--deal", "--seed", "3", *args], input="status\n", capture_output=True, text=True,
                              timeout=120, cwd=tmp_path, env=env)

    journaled = dealt("--journal", "game.jsonl")
    assert journaled.returncode == 0, journaled.stderr
    said = "I dealt the cards and the key card: spymasters, the screen says how to see the key."
    assert f"» {said}" in journaled.stdout
    assert "Spymasters: see the key with voicemaster key --journal game.jsonl." in journaled.stdout
    bare = dealt()
    assert bare.returncode == 0, bare.stderr
    line = next(x for x in bare.stdout.splitlines() if "Spymasters: see the key with" in x)
    command = line.split("see the key with ", 1)[1].rstrip(".").split()
    shown = subprocess.run([sys.executable, "-m", *command], capture_output=True, text=True, timeout=60, env=env)
    assert shown.returncode == 0 and shown.stdout.count("[A] ") == 1, shown.stderr


def test_new_game_after_a_bare_resume_deals_the_next_seed(tmp_path: Path) -> None:
    """The journal keeps how its game was dealt: "new game" after `--resume` (no --deal given
    again) deals as the first session would have, the next seed's cards, not a table to lay out."""
    from voicemaster.journal import load_game
    from voicemaster.referee import judge_clue_word
    from voicemaster.setup.dealing import new_deal

    env = {**os.environ, "VOICEMASTER_HOME": str(tmp_path / "data")}

    def play(lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "voicemaster", "play", "--input", "text", "--audio-out", "none",
                               "--journal", "g.jsonl", *args], input="\n".join(lines) + "\n", capture_output=True,
                              text=True, timeout=120, cwd=tmp_path, env=env)

    assert play(["status"], "--deal", "--seed", "3").returncode == 0
    game = load_game(tmp_path / "g.jsonl", judge=judge_clue_word).game
    assassin = game.deal.cards[[k.letter for k in game.deal.key].index("A")]
    resumed = play(["clue ocean two", f"guess {assassin}", "new game", "quit"], "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert "lay out" not in resumed.stdout.lower()
    following = load_game(tmp_path / "g.2.jsonl", judge=judge_clue_word).game
    assert following.deal == new_deal(seed=4)
