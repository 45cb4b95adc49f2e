"""What a player sees on the terminal board (rich) and the plain-text board."""

from __future__ import annotations

import io
import re
from dataclasses import replace

from rich.console import Console

from voicemaster.game.phase import Phase
from voicemaster.display.live import LiveBoard
from voicemaster.display.terminal import render_board
from voicemaster.display.text_board import render_text
from voicemaster.game.cards import Team
from voicemaster.game.snapshot import ClueView, GameSnapshot, TableStatus

from .conftest import WORDS, make_snapshot, mid_game, twin_deals

COVERED = {"apple": "R", "robot": "R", "bridge": "B"}


def screen(snapshot: GameSnapshot, status: TableStatus | None = None, width: int = 120) -> str:
    console = Console(record=True, width=width, file=io.StringIO())
    console.print(render_board(snapshot, status))
    return console.export_text()


def screen_with_colours(snapshot: GameSnapshot) -> str:
    console = Console(record=True, width=120, file=io.StringIO(), force_terminal=True, color_system="truecolor")
    console.print(render_board(snapshot))
    return console.export_text(styles=True)


def test_covered_cards_show_their_letter_and_uncovered_only_their_word(game) -> None:
    text = screen(*game)
    for word, letter in COVERED.items():
        assert f"[{letter}] {word.upper()}" in text
    for word in WORDS:
        assert word.upper() in text
        if word not in COVERED:
            for letter in "RBNA":
                assert f"[{letter}] {word.upper()}" not in text


def test_the_key_of_uncovered_cards_never_reaches_the_screen_even_in_colour() -> None:
    """Two deals that differ only under uncovered cards must look exactly the same."""
    one, other = twin_deals(("apple", "robot", "bridge"))
    assert screen_with_colours(one) == screen_with_colours(other)


def test_counts_turn_clue_guesses_and_timer(game) -> None:
    text = screen(*game)
    assert "Red 7 left" in text and "Blue 7 left" in text
    assert "Red's turn: team, guess" in text
    assert "Clue: OCEAN 2 (Red)" in text
    assert "Guesses left: 2" in text
    assert "Timer: 01:24" in text


def test_what_was_heard_the_microphone_and_the_announcement(game) -> None:
    text = screen(*game)
    assert 'Heard: "guess apple"' in text
    assert "Mic: ████░░░░░░" in text
    assert "» Apple: red agent. Two guesses left." in text
    assert "Mic: no microphone" in screen(game[0], TableStatus())


def test_unlimited_guesses_paused_timer_and_no_timer() -> None:
    unlimited = make_snapshot(
        phase=Phase.GUESS,
        clue=ClueView(team=Team.BLUE, word="ice cream", number="unlimited"),
        turn=Team.BLUE,
        timer_left=9.5,
        timer_paused=True,
    )
    text = screen(unlimited)
    assert "Clue: ICE CREAM unlimited (Blue)" in text
    assert "Guesses left: unlimited" in text
    assert "Timer: 00:10 (paused)" in text
    assert "Blue's turn: team, guess" in text
    clue_phase = screen(make_snapshot())
    assert "Timer: off" in clue_phase
    assert "Clue: no clue yet" in clue_phase
    assert "Red's turn: spymaster, give a clue" in clue_phase


def test_winner_banner_and_what_the_referee_waits_for() -> None:
    over = make_snapshot(covered=("parrot",), phase=Phase.OVER, winner=Team.BLUE)
    text = screen(over)
    assert "BLUE WINS" in text
    assert "[A] PARROT" in text
    waiting = TableStatus(waiting="Blue spymaster may cover one of their words")
    assert "Blue spymaster may cover one of their words" in screen(make_snapshot(), waiting)


def test_plain_text_board_shows_the_same_as_the_rich_one(game) -> None:
    text = render_text(*game)
    lines = text.splitlines()
    assert lines[0] == "Red 7 left   Blue 7 left   Red's turn: team, guess"
    assert lines[1].split(" | ")[0].strip() == "[R] APPLE"
    assert [cell.strip() for cell in lines[3].split(" | ")] == [
        "[B] BRIDGE", "CANDLE", "DRAGON", "ENGINE", "FALCON",
    ]
    assert "Clue: OCEAN 2 (Red)   Guesses left: 2   Timer: 01:24" in text
    assert "[A] PARROT" not in text and "[N] LEMON" not in text


def test_live_board_on_a_pipe_prints_the_board_when_the_game_changes_not_per_tick() -> None:
    out = io.StringIO()
    board = LiveBoard(Console(file=out, width=120))
    snapshot, status = mid_game()
    with board:
        board.update(snapshot, status)
        board.update(replace(snapshot, timer_left=snapshot.timer_left - 1), status)
        guessed = make_snapshot(
            covered=("apple", "robot", "bridge", "chapel"),
            phase=Phase.GUESS,
            clue=snapshot.clue,
            guesses_left=1,
        )
        board.update(guessed, replace(status, message="Chapel: red agent. One more guess."))
    boards = [b for b in out.getvalue().split("\n\n") if b.strip()]
    assert len(boards) == 2
    assert "CHAPEL" in boards[0] and "[R] CHAPEL" not in boards[0]
    assert "[R] CHAPEL" in boards[1] and "Red 6 left" in boards[1]


def test_live_board_on_a_terminal_redraws_only_what_changes_on_screen() -> None:
    out = io.StringIO()
    board = LiveBoard(Console(file=out, width=120, height=40, force_terminal=True))
    snapshot, status = mid_game()
    with board:
        board.update(snapshot, status)
        drawn = len(out.getvalue())
        board.update(replace(snapshot, timer_left=83.05), status)
        assert len(out.getvalue()) == drawn, "the same second must not redraw"
        board.update(replace(snapshot, timer_left=20.0), status)
        assert len(out.getvalue()) > drawn
    screen = out.getvalue()
    assert "01:24" in screen and "00:20" in screen
    final = screen.rsplit("\x1b[?1049l", 1)[1]
    assert "00:20" in final and "[R] APPLE" in final, "the last board stays on the terminal"


def test_printed_board_shows_the_same_answer_again_when_asked_again() -> None:
    """Off a terminal: "status" twice must print its answer twice."""
    out = io.StringIO()
    board = LiveBoard(Console(file=out, width=120))
    snapshot, status = mid_game()
    board.update(snapshot, replace(status, message="Red has 7 agents left, blue 7.", said=1))
    board.update(snapshot, replace(status, message="Red has 7 agents left, blue 7.", said=2))
    assert out.getvalue().count("» Red has 7 agents left, blue 7.") == 2


def test_printed_timer_says_which_phase_it_counts_for() -> None:
    """A printed board is never redrawn: after "Time's up" its timer is the next phase's."""
    snapshot = make_snapshot(turn=Team.BLUE, timer_left=30.0)
    text = render_text(snapshot, TableStatus(message="Time's up. Blue's turn."))
    assert "Timer: 00:30 left for Blue's clue" in text
    guessing, _ = mid_game()
    assert "Timer: 01:24 left for Red's guesses" in render_text(guessing)


def test_a_table_being_laid_out_shows_what_the_setup_waits_for_and_no_agents_left() -> None:
    waiting = GameSnapshot.of_table(tuple(WORDS[:10]) + ("?",) * 15, None, "Setting up the table: row 3 of 5")
    assert "Setting up the table: row 3 of 5" in screen(waiting)
    assert not re.search(r"(Red|Blue) \d+ left", screen(waiting)), screen(waiting)
    assert render_text(waiting).splitlines()[0] == "Setting up the table: row 3 of 5"
