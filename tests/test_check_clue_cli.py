"""`voicemaster check-clue` run as a real command on a real board file (SPEC §3)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BOARD = """BREAK
HORSESHOE
ENGLAND
ROW
THEATER
NIGHT
CHILD
MOUSE
BUG
BED
BOW
RAY
BALL
FIGURE
OCTOPUS
SEAL
CAR
SNOW
ICE CREAM
HAT
AMERICA
TOOTH
Loch Ness
mother-in-law
PIANO
"""


def check_clue(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    board = tmp_path / "board.txt"
    if not board.exists():
        board.write_text(BOARD, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "voicemaster", "check-clue", "--board", str(board), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def verdicts(result: subprocess.CompletedProcess[str]) -> list[dict[str, str]]:
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_one_json_line_per_clue_in_order(tmp_path: Path) -> None:
    clues = ["ocean two", "broken 2", "horse", "land", "sparrow 1", "theatre", "knight", "b", "cat", "corner"]
    lines = verdicts(check_clue(tmp_path, "--json", *clues))
    assert [line["clue"] for line in lines] == clues
    assert [line["verdict"] for line in lines] == [
        "legal", "illegal", "illegal", "legal", "legal", "illegal", "legal", "illegal", "ask", "ask",
    ]
    assert all(set(line) == {"clue", "verdict", "rule", "reason"} for line in lines)
    assert lines[2]["reason"] == "Horse is not allowed: it is part of HORSESHOE."
    assert lines[2]["rule"] == "compound"


def test_covered_cards_are_free_to_use(tmp_path: Path) -> None:
    before = verdicts(check_clue(tmp_path, "--json", "break", "snowman"))
    after = verdicts(check_clue(tmp_path, "--covered", "break,Snow", "--json", "break", "snowman"))
    assert [v["verdict"] for v in before] == ["illegal", "illegal"]
    assert [v["verdict"] for v in after] == ["legal", "legal"]


@pytest.mark.parametrize(
    "covered",
    [
        ["--covered", "break", "--covered", "snow"],
        ["--covered", "Break, SNOW"],
    ],
)
def test_covered_cards_given_several_ways(tmp_path: Path, covered: list[str]) -> None:
    lines = verdicts(check_clue(tmp_path, *covered, "--json", "broken", "snowy", "mice"))
    assert [v["verdict"] for v in lines] == ["legal", "legal", "illegal"]


def test_clues_right_after_covered_cards_are_still_judged(tmp_path: Path) -> None:
    lines = verdicts(check_clue(tmp_path, "--json", "--covered", "break", "broken", "mice"))
    assert [(v["clue"], v["verdict"]) for v in lines] == [("broken", "legal"), ("mice", "illegal")]


def test_covered_takes_one_list_so_a_clue_named_like_a_card_is_judged(tmp_path: Path) -> None:
    lines = verdicts(check_clue(tmp_path, "--json", "--covered", "break,snow", "row", "snow"))
    assert [v["clue"] for v in lines] == ["row", "snow"]
    assert lines[0]["rule"] == "same-word" and lines[1]["rule"] != "same-word"


def test_the_usage_line_is_the_contract(tmp_path: Path) -> None:
    usage = " ".join(check_clue(tmp_path, "--help").stdout.split("\n\n")[0].split())
    assert usage == (
        "usage: voicemaster check-clue [-h] --board FILE [--covered W1,W2] [--house-rules RULE ...] [--json] CLUE [CLUE ...]"
    )


def test_house_rules_allow_rhymes_and_compound_clues(tmp_path: Path) -> None:
    plain = verdicts(check_clue(tmp_path, "--json", "cat", "pack rat 3"))
    ruled = verdicts(
        check_clue(
            tmp_path, "--house-rules", "allow-rhymes,allow-compound-clues", "--json", "cat", "pack rat 3"
        )
    )
    assert [v["verdict"] for v in plain] == ["ask", "illegal"]
    assert [v["verdict"] for v in ruled] == ["legal", "legal"]


def test_house_rules_given_as_separate_words_before_the_clues(tmp_path: Path) -> None:
    args = ["--json", "--house-rules", "allow-rhymes", "allow-compound-clues", "cat", "ice cream"]
    lines = verdicts(check_clue(tmp_path, *args))
    assert [(v["clue"], v["verdict"]) for v in lines] == [("cat", "legal"), ("ice cream", "illegal")]


def test_readable_output_without_json(tmp_path: Path) -> None:
    result = check_clue(tmp_path, "ocean two", "mice")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "ocean two: legal",
        "mice: illegal (form) - Mice is not allowed: it is a form of MOUSE.",
    ]


def test_an_empty_clue_is_named_and_typed_words_are_given_not_heard(tmp_path: Path) -> None:
    result = check_clue(tmp_path, "")
    assert result.stdout.splitlines() == ['"": illegal (shape) - No clue word was given.']


def test_the_help_examples_are_clues_it_allows(tmp_path: Path) -> None:
    """Each clue the help shows is legal, with the house rule the help names for it."""
    shown = subprocess.run([sys.executable, "-m", "voicemaster", "check-clue", "--help"],
                           capture_output=True, text=True, timeout=60).stdout
    assert '"ocean two", "pack rat 3" (two words only with allow-compound-clues)' in " ".join(shown.split())
    result = check_clue(tmp_path, "--house-rules", "allow-compound-clues", "ocean two", "pack rat 3")
    assert result.stdout.splitlines() == ["ocean two: legal", "pack rat 3: legal"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--covered", "dragon", "--json", "ocean"], "'dragon' is not a card on the board"),
        (["--house-rules", "no-rhymes", "--json", "ocean"], "unknown house rule 'no-rhymes'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    result = check_clue(tmp_path, *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_bad_board_file_names_file_and_line(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text(BOARD.replace("ROW\n", "R0W\n"), encoding="utf-8")
    result = check_clue(tmp_path, "--json", "ocean")
    assert result.returncode == 2
    assert f"{board} line 4" in result.stderr
    assert "Traceback" not in result.stderr


ISSUE_11_BOARD = """MAN
BAN
PORT
ANT
FISH
ICE
HAND
APPLE
BANK
BEAR
CASTLE
DRAGON
FOREST
GHOST
LEMON
OCEAN
PIANO
QUEEN
ROBOT
SALT
TRAIN
VIOLIN
WHALE
YARD
ZEBRA
"""


def test_words_split_by_what_they_are_made_of(tmp_path: Path) -> None:
    """Issue 11: accidental strings pass, true compounds and derivations do not."""
    (tmp_path / "board.txt").write_text(ISSUE_11_BOARD, encoding="utf-8")
    clues = ["manner", "banner", "portion", "antelope", "fisherman", "iceberg", "handful"]
    lines = verdicts(check_clue(tmp_path, "--json", *clues))
    assert [(v["clue"], v["verdict"], v["rule"], v["reason"]) for v in lines] == [
        ("manner", "legal", "ok", ""),
        ("banner", "legal", "ok", ""),
        ("portion", "legal", "ok", ""),
        ("antelope", "legal", "ok", ""),
        ("fisherman", "illegal", "compound", "Fisherman is not allowed: it is built on FISH."),
        ("iceberg", "illegal", "compound", "Iceberg is not allowed: it is built on ICE."),
        ("handful", "illegal", "form", "Handful is not allowed: it is a form of HAND."),
    ]


def test_a_homograph_card_is_left_to_the_opposing_spymaster(tmp_path: Path) -> None:
    (tmp_path / "board.txt").write_text(ISSUE_11_BOARD.replace("YARD", "ROSE"), encoding="utf-8")
    [line] = verdicts(check_clue(tmp_path, "--json", "rising 2"))
    assert (line["verdict"], line["reason"]) == ("ask", "Rising is a form of ROSE only if ROSE is read as rise.")


def test_refusals_name_the_part_the_clue_shares_with_the_card(tmp_path: Path) -> None:
    """With SNOWMAN on the table, snowy is refused for sharing snow with it (not "snowy")."""
    (tmp_path / "board.txt").write_text(BOARD.replace("SNOW\n", "SNOWMAN\n"), encoding="utf-8")
    lines = verdicts(check_clue(tmp_path, "--json", "snowfall", "snowy"))
    assert [line["reason"] for line in lines] == [
        "Snowfall is not allowed: it shares snow with SNOWMAN.",
        "Snowy is not allowed: it shares snow with SNOWMAN.",
    ]
