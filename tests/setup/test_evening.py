"""An evening typed at the table: game after game with "new game", each kept in a journal that
exists under the name the referee gives, each dealt key's way to the spymasters told, and
nothing said aloud that is meant to be read (a path, a command)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from voicemaster.game.cards import Identity
from voicemaster.journal import load_game
from voicemaster.referee import judge_clue_word

VM = [sys.executable, "-m", "voicemaster"]


def play(cwd: Path, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*VM, "play", "--input", "text", "--audio-out", "none", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120, cwd=cwd)


def spoken(out: str) -> list[str]:
    """What the referee said (the board prints each announcement after "» ")."""
    return [line[2:] for line in out.splitlines() if line.startswith("» ")]


def test_new_game_keeps_the_next_game_in_the_journal_it_names(tmp_path: Path) -> None:
    done = play(tmp_path, ["clue thing one", "touch yogurt", "new game"], "--deal", "--seed", "3", "--journal", "ny.jsonl")
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert last == "The game is kept in ny.2.jsonl: voicemaster play --resume --journal ny.2.jsonl goes on with it."
    assert (tmp_path / "ny.2.jsonl").exists() and not (tmp_path / "ny.3.jsonl").exists()
    assert "Spymasters: see the key with voicemaster key --journal ny.2.jsonl." in done.stdout
    said = spoken(done.stdout)
    assert "I dealt the next cards and their key card: spymasters, the screen says how to see the key." in said
    assert "Yogurt: the assassin. Red wins. Say new game to play again." in said
    assert not [s for s in said if "/" in s or ".jsonl" in s or "voicemaster " in s], said
    resumed = play(tmp_path, ["status"], "--resume", "--journal", "ny.2.jsonl")
    assert resumed.returncode == 0 and "Red has 9 agents left" in resumed.stdout, resumed.stderr


def test_a_resumed_game_keeps_its_house_rules_says_so_and_takes_the_timer(tmp_path: Path) -> None:
    assert play(tmp_path, ["clue thing one"], "--deal", "--seed", "3", "--journal", "r.jsonl").returncode == 0
    resumed = play(tmp_path, ["status"], "--resume", "--journal", "r.jsonl", "--coop", "--house-rules", "exact-guesses",
                   "--timer", "--guess-seconds", "90")
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stderr.splitlines() == [
        "voicemaster: warning: the resumed game keeps the house rules it began with (co-op off, exact-guesses off); "
        "only the timer follows the command line"]
    assert "Timer: 01:30 left for Blue's guesses" in resumed.stdout
    quiet = play(tmp_path, ["status"], "--resume", "--journal", "r.jsonl")
    assert quiet.returncode == 0 and quiet.stderr == "" and "Timer: off" in quiet.stdout, quiet.stderr


def test_new_game_after_resuming_an_evenings_later_game_takes_the_next_number(tmp_path: Path) -> None:
    """Resumed, ny.2.jsonl is the evening's second game: the one after it is ny.3.jsonl."""
    assert play(tmp_path, ["clue thing one", "touch yogurt", "new game"], "--deal", "--seed", "3",
                "--journal", "ny.jsonl").returncode == 0
    deal = load_game(tmp_path / "ny.2.jsonl", judge=judge_clue_word).game.deal
    assassin = next(card for card, who in zip(deal.cards, deal.key) if who is Identity.ASSASSIN)
    done = play(tmp_path, ["clue thing one", f"touch {assassin}", "new game"], "--resume", "--journal", "ny.2.jsonl")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "ny.3.jsonl").exists() and not list(tmp_path.glob("ny.2.*.jsonl"))
    assert "The game is kept in ny.3.jsonl" in done.stdout
