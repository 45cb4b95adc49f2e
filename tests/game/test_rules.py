"""Turn-by-turn tests of every rule of SPEC §1 and each house rule, on one fixed deal.

Red starts with 9 agents (apple … crown), blue has 8 (dragon … honey), bystanders
island … needle, the assassin is orbit.
"""

from __future__ import annotations

import pytest

from tests.conftest import ASSASSIN, BLUE, BYSTANDERS, RED
from voicemaster.game import errors
from voicemaster.game.actions import Clue, Cover, Guess, Ruling, Stop, TimeOut, Undo
from voicemaster.game.cards import Deal, Identity, Team
from voicemaster.game.core import Game
from voicemaster.referee import judge_clue_word
from voicemaster.game.events import (
    ActionUndone,
    CardRevealed,
    ClueGiven,
    ClueQuestioned,
    ClueRejected,
    CoverOffered,
    GameOver,
    TurnEnded,
)
from voicemaster.game.house_rules import HouseRules
from voicemaster.voice.answers import awaited_phrase
from voicemaster.voice.refusals import refusal_phrase


def play(game: Game, *actions: object) -> list[object]:
    events: list[object] = []
    for a in actions:
        events += game.apply(a)  # type: ignore[arg-type]
    return events


def test_starting_team_has_nine_and_begins_with_a_clue(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    snap = game.snapshot()
    assert snap.turn is Team.RED and snap.phase == "clue"
    assert snap.remaining == {Team.RED: 9, Team.BLUE: 8}


def test_number_plus_one_guesses_then_the_turn_passes(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    events = play(game, Clue("ocean", 2))
    assert events == [ClueGiven(Team.RED, "ocean", 2, 3)]
    first = play(game, Guess(RED[0]))
    assert first == [CardRevealed(Team.RED, RED[0], Identity.RED, "guess", 2)]
    play(game, Guess(RED[1]))
    last = play(game, Guess(RED[2]))
    assert last[-1] == TurnEnded(Team.RED, "limit", Team.BLUE)
    assert game.snapshot().turn is Team.BLUE and game.snapshot().phase == "clue"
    assert game.snapshot().remaining[Team.RED] == 6


def test_exact_guesses_allows_only_the_number(deal: Deal) -> None:
    game = Game(deal, HouseRules(exact_guesses=True), judge=judge_clue_word)
    play(game, Clue("ocean", 2), Guess(RED[0]))
    assert play(game, Guess(RED[1]))[-1] == TurnEnded(Team.RED, "limit", Team.BLUE)


def test_bystander_ends_the_turn(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    events = play(game, Clue("ocean", 2), Guess(BYSTANDERS[0]))
    assert events[-1] == TurnEnded(Team.RED, "miss", Team.BLUE)
    assert game.snapshot().remaining == {Team.RED: 9, Team.BLUE: 8}


def test_other_teams_agent_counts_for_them_and_ends_the_turn(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    events = play(game, Clue("ocean", 2), Guess(BLUE[0]))
    assert CardRevealed(Team.RED, BLUE[0], Identity.BLUE, "guess", None) in events
    assert events[-1] == TurnEnded(Team.RED, "miss", Team.BLUE)
    assert game.snapshot().remaining[Team.BLUE] == 7


def test_assassin_loses_at_once(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    events = play(game, Clue("ocean", 2), Guess(ASSASSIN))
    assert events[-1] == GameOver(Team.BLUE, "assassin")
    assert game.winner is Team.BLUE and game.snapshot().phase == "over"


def test_stop_needs_one_guess_first(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    play(game, Clue("ocean", 2))
    with pytest.raises(errors.MustGuessFirst):
        game.apply(Stop())
    play(game, Guess(RED[0]))
    assert play(game, Stop()) == [TurnEnded(Team.RED, "stop", Team.BLUE)]


@pytest.mark.parametrize("number", [0, "unlimited"])
def test_zero_and_unlimited_have_no_upper_limit(deal: Deal, number: object) -> None:
    game = Game(deal, judge=judge_clue_word)
    play(game, Clue("ocean", number))  # type: ignore[arg-type]
    for card in RED[:6]:
        play(game, Guess(card))
    snap = game.snapshot()
    assert snap.phase == "guess" and snap.guesses_left is None and snap.remaining[Team.RED] == 3


def test_a_team_wins_when_the_other_uncovers_its_last_agent(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    play(game, Clue("ocean", 1), Guess(BYSTANDERS[0]), Clue("river", "unlimited"))
    for card in BLUE[:7]:
        play(game, Guess(card))
    play(game, Stop())
    events = play(game, Clue("ocean", 1), Guess(BLUE[7]))
    assert events[-1] == GameOver(Team.BLUE, "agents")


def test_first_team_to_cover_all_its_agents_wins(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    play(game, Clue("ocean", "unlimited"))
    for card in RED[:8]:
        play(game, Guess(card))
    events = play(game, Guess(RED[8]))
    assert events[-1] == GameOver(Team.RED, "agents")


def test_nothing_happens_after_the_game_is_over_but_undo(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    play(game, Clue("ocean", 1), Guess(ASSASSIN))
    for action in (Clue("ocean", 1), Guess(RED[0]), Stop(), Cover(BLUE[0])):
        with pytest.raises(errors.GameIsOver):
            game.apply(action)
    assert play(game, Undo()) == [ActionUndone(Guess(ASSASSIN))]
    assert game.snapshot().phase == "guess" and game.winner is None


def test_undo_is_a_stack(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    with pytest.raises(errors.NothingToUndo):
        game.apply(Undo())
    play(game, Clue("ocean", 2), Guess(RED[0]), Guess(BYSTANDERS[0]))
    play(game, Undo())
    snap = game.snapshot()
    assert snap.turn is Team.RED and snap.phase == "guess" and snap.guesses_left == 2
    play(game, Undo(), Undo())
    assert game.snapshot() == Game(deal, judge=judge_clue_word).snapshot()


@pytest.mark.parametrize(
    "action, error",
    [
        (Guess("apple"), errors.NotYourTurn),
        (Stop(), errors.NotYourTurn),
        (Cover("dragon"), errors.CoverNotAllowed),
        (Ruling(True), errors.NotYourTurn),
    ],
)
def test_actions_out_of_phase_are_refused_with_a_reason(deal: Deal, action: object, error: type) -> None:
    game = Game(deal, judge=judge_clue_word)
    with pytest.raises(error) as raised:
        game.apply(action)  # type: ignore[arg-type]
    assert refusal_phrase(raised.value)
    assert game.snapshot() == Game(deal, judge=judge_clue_word).snapshot()


def test_unknown_and_covered_cards_are_refused(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    play(game, Clue("ocean", 3), Guess("Apple"))
    with pytest.raises(errors.CardAlreadyCovered):
        game.apply(Guess("APPLE"))
    with pytest.raises(errors.UnknownCard):
        game.apply(Guess("zebra"))


def test_illegal_clue_ends_the_turn_and_grants_the_penalty_cover(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    events = play(game, Clue("apples", 1))
    rejected = events[0]
    assert isinstance(rejected, ClueRejected) and not rejected.retry
    assert "apple" in rejected.reason.lower()
    assert events[1:] == [TurnEnded(Team.RED, "illegal-clue", Team.BLUE), CoverOffered(Team.BLUE, "penalty")]
    with pytest.raises(errors.CoverNotAllowed):
        game.apply(Cover(RED[0]))
    events = play(game, Cover(BLUE[0]))
    assert events == [CardRevealed(Team.BLUE, BLUE[0], Identity.BLUE, "cover", None)]
    assert game.snapshot().remaining[Team.BLUE] == 7
    with pytest.raises(errors.CoverNotAllowed):
        game.apply(Cover(BLUE[1]))


def test_penalty_cover_lapses_with_the_next_clue(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    play(game, Clue("apples", 1), Clue("river", 1))
    with pytest.raises(errors.CoverNotAllowed):
        game.apply(Cover(BLUE[0]))


def test_lenient_clues_lets_the_spymaster_try_again(deal: Deal) -> None:
    game = Game(deal, HouseRules(lenient_clues=True), judge=judge_clue_word)
    events = play(game, Clue("apples", 1))
    assert len(events) == 1 and isinstance(events[0], ClueRejected) and events[0].retry
    assert game.snapshot().turn is Team.RED and game.snapshot().phase == "clue"
    assert isinstance(play(game, Clue("ocean", 1))[0], ClueGiven)


def test_a_clue_left_to_the_opposing_spymaster_waits_for_the_ruling(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    events = play(game, Clue("corner", 2))
    assert isinstance(events[0], ClueQuestioned) and events[0].judge is Team.BLUE
    with pytest.raises(errors.AwaitingRuling):
        game.apply(Guess(RED[0]))
    assert "accept" in awaited_phrase(game.snapshot().waiting_for)
    assert isinstance(play(game, Ruling(True))[0], ClueGiven)
    assert game.snapshot().phase == "guess"


def test_a_rejected_ruling_asks_for_another_clue(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    play(game, Clue("corner", 2))
    events = play(game, Ruling(False))
    assert isinstance(events[0], ClueRejected) and events[0].retry
    assert game.snapshot().turn is Team.RED and game.snapshot().phase == "clue"


def test_timeout_passes_the_turn(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    assert play(game, TimeOut()) == [TurnEnded(Team.RED, "timeout", Team.BLUE)]
    play(game, Clue("ocean", 1))
    assert play(game, TimeOut()) == [TurnEnded(Team.BLUE, "timeout", Team.RED)]


def test_compound_clues_only_with_the_house_rule(deal: Deal) -> None:
    strict = Game(deal, judge=judge_clue_word)
    assert isinstance(play(strict, Clue("pack rat", 1))[0], ClueRejected)
    relaxed = Game(deal, HouseRules(allow_compound_clues=True), judge=judge_clue_word)
    assert isinstance(play(relaxed, Clue("pack rat", 1))[0], ClueGiven)


class TestCoop:
    """Red plays against a simulated blue opponent."""

    def test_after_each_turn_the_opponent_covers_one_agent(self, deal: Deal) -> None:
        game = Game(deal, HouseRules(coop=True), judge=judge_clue_word)
        events = play(game, Clue("ocean", 1), Guess(RED[0]), Stop())[-2:]
        assert events == [TurnEnded(Team.RED, "stop", Team.RED), CoverOffered(Team.BLUE, "coop")]
        with pytest.raises(errors.CoverNotAllowed):
            game.apply(Clue("river", 1))
        with pytest.raises(errors.CoverNotAllowed):
            game.apply(Cover(RED[1]))
        play(game, Cover(BLUE[0]))
        assert game.snapshot().turn is Team.RED
        assert isinstance(play(game, Clue("river", 1))[0], ClueGiven)

    def test_team_loses_when_all_opponent_agents_are_covered(self, deal: Deal) -> None:
        game = Game(deal, HouseRules(coop=True), judge=judge_clue_word)
        for own, theirs in zip(RED[:7], BLUE[:7]):
            play(game, Clue("ocean", 1), Guess(own), Stop(), Cover(theirs))
        events = play(game, Clue("ocean", 1), Guess(RED[7]), Stop(), Cover(BLUE[7]))
        assert events[-1] == GameOver(Team.BLUE, "coop-agents", 0)

    def test_score_is_opponent_agents_left(self, deal: Deal) -> None:
        game = Game(deal, HouseRules(coop=True), judge=judge_clue_word)
        play(game, Clue("ocean", "unlimited"))
        for card in RED[:8]:
            play(game, Guess(card))
        assert play(game, Guess(RED[8]))[-1] == GameOver(Team.RED, "agents", 8)
