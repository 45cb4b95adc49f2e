"""Whole games typed into `voicemaster play --input text`, checked with `voicemaster state --json`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ASSASSIN, BLUE, BYSTANDERS, RED

VM = [sys.executable, "-m", "voicemaster"]

RED_WINS = [
    "clue ocean two",
    "um I think apple is ours",  # chatter: ignored
    "we guess apple",
    "touch Bank",
    "pick island",  # bystander: blue's turn
    "my clue is river three",
    "guess dragon",
    "guess drum",
    "choose engine",
    "guess falcon",  # fourth guess: the limit, red's turn
    "clue ocean unlimited",
    *[f"guess {card}" for card in RED[2:9]],
]


def run_play(board: Path, key: Path, journal: Path, lines: list[str], *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*VM, "play", "--input", "text", "--board", str(board), "--key", str(key),
         "--journal", str(journal), "--audio-out", "none", *extra],
        input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120,
    )


def state(journal: Path) -> dict[str, object]:
    out = subprocess.run([*VM, "state", "--journal", str(journal), "--json"],
                         capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)


def test_a_whole_typed_game_is_refereed_and_recorded(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    result = run_play(board, key, journal, RED_WINS)
    assert result.returncode == 0, result.stderr
    assert "red agent" in result.stdout.lower()
    assert "red wins" in result.stdout.lower()
    s = state(journal)
    assert s["phase"] == "over" and s["winner"] == "red" and s["guesses_left"] is None
    assert s["remaining"] == {"red": 0, "blue": 4}
    revealed = s["revealed"]
    assert isinstance(revealed, dict)
    assert revealed["bank"] == "red" and revealed["island"] == "bystander" and revealed["falcon"] == "blue"
    assert len(revealed) == 14
    types = [e["type"] for e in s["events"]]  # type: ignore[index, union-attr]
    assert types[0] == "game_started" and types[-1] == "game_over"


def test_state_mid_game_reports_clue_and_guesses_left(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    run_play(board, key, journal, ["clue ocean two", "guess apple"])
    s = state(journal)
    assert s["turn"] == "red" and s["phase"] == "guess" and s["winner"] is None
    assert s["clue"] == {"team": "red", "word": "ocean", "number": 2}
    assert s["guesses_left"] == 2
    assert s["revealed"] == {"apple": "red"}


def test_resume_continues_the_recorded_game(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    run_play(board, key, journal, RED_WINS[:6])
    again = run_play(board, key, journal, ["status"])
    assert again.returncode == 2 and "--resume" in again.stderr and "Traceback" not in again.stderr
    result = run_play(board, key, journal, RED_WINS[6:], "--resume")
    assert result.returncode == 0, result.stderr
    assert state(journal)["winner"] == "red"


def test_refused_actions_are_explained_and_change_nothing(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    result = run_play(board, key, journal, ["guess apple", "stop", "clue ocean one", "stop"])
    text = result.stdout.lower()
    assert "clue" in text and "at least one guess" in text
    s = state(journal)
    assert s["phase"] == "guess" and s["revealed"] == {}


def test_undo_is_confirmed_before_it_acts(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    run_play(board, key, journal, ["clue ocean two", f"guess {BLUE[0]}", "undo", "no", "undo", "yes"])
    s = state(journal)
    assert s["turn"] == "red" and s["phase"] == "guess" and s["revealed"] == {}


@pytest.mark.parametrize(
    "args, message",
    [
        (["--house-rules", "double-points"], "unknown house rule 'double-points'"),
        (["--resume"], "nothing to resume"),
    ],
)
def test_bad_options_get_one_clear_line(board_files: tuple[Path, Path], tmp_path: Path, args: list[str], message: str) -> None:
    board, key = board_files
    result = run_play(board, key, tmp_path / "new.jsonl", ["status"], *args)
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_the_table_overrules_a_refusal_and_challenges_a_clue(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    lines = [
        "clue apples two",  # a form of APPLE: refused, blue may cover
        "cover dragon",
        "allow it",  # too late: blue has covered since
        "undo",
        "yes",
        "allow it",  # the table allows it: red guesses after all
        "guess bank",
        "stop",
        "clue river one",
        "challenge",  # red's spymaster rules on blue's clue
        "no",  # an illegal clue: blue's turn ends, red may cover
    ]
    result = run_play(board, key, journal, lines)
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert "Overruled: apples, two stands. Up to three guesses." in said
    assert "Too late to overrule apples: covering dragon came after it." in said
    assert "Red spymaster: is river allowed? Say yes or no." in said
    assert "River is not allowed: the red spymaster ruled it out." in said
    assert "Blue spymaster may cover one of their words; or say allow it to let apples stand" in said
    board_now = subprocess.run([*VM, "state", "--journal", str(journal)], capture_output=True, text=True, timeout=60)
    assert board_now.stdout.splitlines()[-1] == "Red spymaster may cover one of their words"
    s = state(journal)
    assert (s["turn"], s["phase"], s["revealed"]) == ("red", "clue", {"bank": "red"})
    types = [e["type"] for e in s["events"]]  # type: ignore[index, union-attr]
    assert types.count("clue_overruled") == 1 and types.count("clue_challenged") == 1
    records = [json.loads(line)["action"] for line in journal.read_text().splitlines()[1:]]
    assert records == ["clue", "cover", "undo", "overrule", "guess", "stop", "clue", "challenge", "ruling"]


def test_an_overrule_is_undone_and_resumed_like_any_move(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    run_play(board, key, journal, ["clue apples two", "allow it", "undo", "yes"])
    s = state(journal)
    assert (s["turn"], s["phase"]) == ("blue", "clue")
    resumed = run_play(board, key, journal, ["overrule", "guess bank"], "--resume")
    assert "Overruled: apples, two stands." in resumed.stdout
    s = state(journal)
    assert (s["turn"], s["phase"], s["revealed"]) == ("red", "guess", {"bank": "red"})


def test_with_referee_asks_the_table_rules_on_a_form_of_a_card(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    result = run_play(board, key, journal, ["clue apples two", "yes", "guess bank"], "--house-rules", "referee-asks")
    assert "Apples is a form of APPLE. Blue spymaster, do you accept apples?" in result.stdout
    s = state(journal)
    assert (s["turn"], s["phase"], s["revealed"]) == ("red", "guess", {"bank": "red"})


def test_the_end_of_the_input_says_where_the_game_is_kept(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    ended = run_play(board, key, journal, ["clue ocean two", "quit"])
    assert ended.returncode == 0, ended.stderr
    assert ended.stdout.strip().splitlines()[-1] == (
        f"The game is kept in {journal}: voicemaster play --resume --journal {journal} goes on with it.")
    resumed = run_play(board, key, journal, ["status"], "--resume")
    assert resumed.returncode == 0 and "ocean" in resumed.stdout.lower(), resumed.stderr


def test_repeat_after_a_resume_asks_the_open_ruling_with_its_reason(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    journal = tmp_path / "game.jsonl"
    asked = run_play(board, key, journal, ["clue metal two"])
    assert "» Metal rhymes with KETTLE. Blue spymaster, do you accept metal?" in asked.stdout, asked.stdout
    resumed = run_play(board, key, journal, ["repeat"], "--resume")
    assert resumed.stdout.count("» Metal rhymes with KETTLE. Blue spymaster, do you accept metal?") == 1, resumed.stdout
    guessing = run_play(board, key, tmp_path / "other.jsonl", ["clue roof two", "repeat"])
    assert "» The clue roof, two: three guesses left." in guessing.stdout, guessing.stdout


def test_what_was_heard_is_shown_with_what_it_was_taken_for(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    """The demo's and the table's "Heard:" line says what was acted on beside what was written."""
    board, key = board_files
    shown = run_play(board, key, tmp_path / "g.jsonl", ["clue ocean two", "we touch the bank", "um I think apple"]).stdout
    assert 'Heard: "clue ocean two" → clue ocean two' in shown
    assert 'Heard: "we touch the bank" → guess bank' in shown
    assert 'Heard: "um I think apple"\n' in shown


def test_a_card_typed_alone_or_by_part_of_its_name_is_helped_not_refused(tmp_path: Path) -> None:
    """ "apple" alone while guessing says how to guess it; "touch ice" with ICE CREAM on the
    table asks "Ice cream?" (yes guesses it) instead of "Ice is not on the table"."""
    board, key = tmp_path / "board.txt", tmp_path / "key.txt"
    board.write_text("\n".join(["apple", "bank", "bear", "boot", "bridge", "ice cream", *RED[6:], *BLUE, *BYSTANDERS,
                                ASSASSIN]) + "\n")
    key.write_text("RRRRR\nRRRRB\nBBBBB\nBBNNN\nNNNNA\n")
    result = run_play(board, key, tmp_path / "game.jsonl", ["clue ocean two", "apple", "touch ice", "yes"])
    said = [line[2:] for line in result.stdout.splitlines() if line.startswith("» ")]
    assert said[2:] == ["To guess apple, say: guess apple.", "Ice cream?", "Ice cream: red agent. Two guesses left."]
