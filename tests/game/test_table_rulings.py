"""The table has the last word (issue 25): a refused clue can be allowed ("allow it"),
an allowed one challenged before the first guess, and both are moves like any other:
undone, journaled, replayed.

Red starts with 9 agents (apple … crown), blue has 8 (dragon … honey); "apples" is a
form of APPLE, which the referee refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import BLUE, RED
from voicemaster.game import errors
from voicemaster.game.actions import Challenge, Clue, Cover, Guess, Overrule, Ruling, Stop, Undo
from voicemaster.game.cards import Deal, Team
from voicemaster.game.core import Game
from voicemaster.game.events import (
    ActionUndone,
    ClueChallenged,
    ClueGiven,
    ClueOverruled,
    ClueQuestioned,
    ClueRejected,
    CoverOffered,
    TurnEnded,
)
from voicemaster.game.house_rules import HouseRules
from voicemaster.journal import Journal, load_game
from voicemaster.referee import judge_clue_word
from voicemaster.voice.phrases import announce_all
from voicemaster.voice.answers import awaited_phrase
from voicemaster.voice.refusals import refusal_phrase


def new_game(deal: Deal, **rules: bool) -> Game:
    return Game(deal, HouseRules(**rules), judge=judge_clue_word)


def play(game: Game, *actions: object) -> list[object]:
    events: list[object] = []
    for action in actions:
        events += game.apply(action)  # type: ignore[arg-type]
    return events


def test_allowing_a_refused_clue_withdraws_the_penalty_and_starts_the_guessing(deal: Deal) -> None:
    game = new_game(deal)
    refused = play(game, Clue("apples", 2))
    assert isinstance(refused[0], ClueRejected) and CoverOffered(Team.BLUE, "penalty") in refused
    assert "allow it" in awaited_phrase(game.snapshot().waiting_for)
    assert play(game, Overrule()) == [ClueOverruled(Team.RED, "apples", 2), ClueGiven(Team.RED, "apples", 2, 3)]
    snap = game.snapshot()
    assert (snap.turn, snap.phase, snap.guesses_left) == (Team.RED, "guess", 3)
    assert snap.clue is not None and snap.clue.word == "apples"
    with pytest.raises(errors.CoverNotAllowed):
        game.apply(Cover(BLUE[0]))
    play(game, Guess(RED[0]))
    assert game.snapshot().remaining[Team.RED] == 8


def test_with_lenient_clues_the_overruled_clue_stands_instead_of_a_retry(deal: Deal) -> None:
    game = new_game(deal, lenient_clues=True)
    assert play(game, Clue("apples", 1))[0] == ClueRejected(Team.RED, "apples", "form", "Apples is not allowed: it is a form of APPLE.", retry=True)
    assert isinstance(play(game, Overrule())[-1], ClueGiven)
    assert game.snapshot().phase == "guess"


def test_overruling_is_too_late_once_the_game_moved_on(deal: Deal) -> None:
    game = new_game(deal)
    play(game, Clue("apples", 2), Cover(BLUE[0]))
    with pytest.raises(errors.NothingToOverrule) as late:
        game.apply(Overrule())
    assert "Too late to overrule apples: covering dragon came after it" in refusal_phrase(late.value)
    play(game, Undo())
    assert isinstance(play(game, Overrule())[0], ClueOverruled)


def test_overruling_needs_a_refusal(deal: Deal) -> None:
    game = new_game(deal)
    with pytest.raises(errors.NothingToOverrule) as none:
        game.apply(Overrule())
    assert "no refused clue" in refusal_phrase(none.value)
    play(game, Clue("ocean", 1))
    with pytest.raises(errors.NothingToOverrule):
        game.apply(Overrule())


def test_an_overrule_is_undone_back_to_the_refusal(deal: Deal) -> None:
    game = new_game(deal)
    play(game, Clue("apples", 2))
    refused = game.snapshot()
    assert play(game, Overrule(), Undo())[-1] == ActionUndone(Overrule())
    assert game.snapshot() == refused
    assert isinstance(play(game, Overrule())[0], ClueOverruled)


def test_a_challenged_clue_ruled_out_is_an_illegal_clue_with_its_penalty(deal: Deal) -> None:
    game = new_game(deal)
    play(game, Clue("ocean", 2))
    assert play(game, Challenge()) == [ClueChallenged(Team.RED, "ocean", 2, judge=Team.BLUE)]
    with pytest.raises(errors.AwaitingRuling):
        game.apply(Guess(RED[0]))
    events = play(game, Ruling(False))
    assert events[0] == ClueRejected(Team.RED, "ocean", "challenge", "", retry=False, judge=Team.BLUE)
    assert announce_all(events[:1], game.snapshot()) == "Ocean is not allowed: the blue spymaster ruled it out."
    assert TurnEnded(Team.RED, "illegal-clue", Team.BLUE) in events and CoverOffered(Team.BLUE, "penalty") in events
    with pytest.raises(errors.NothingToOverrule):
        game.apply(Overrule())


def test_a_challenged_clue_ruled_in_stands(deal: Deal) -> None:
    game = new_game(deal)
    play(game, Clue("ocean", 2), Challenge())
    assert play(game, Ruling(True)) == [ClueGiven(Team.RED, "ocean", 2, 3)]
    with pytest.raises(errors.NothingToChallenge) as ruled:
        game.apply(Challenge())
    assert "already ruled" in refusal_phrase(ruled.value)


def test_with_lenient_clues_a_clue_ruled_out_asks_for_another(deal: Deal) -> None:
    game = new_game(deal, lenient_clues=True)
    events = play(game, Clue("ocean", 2), Challenge(), Ruling(False))
    assert isinstance(events[-1], ClueRejected) and events[-1].retry
    assert (game.snapshot().turn, game.snapshot().phase) == (Team.RED, "clue")


def test_a_challenge_comes_before_the_first_guess(deal: Deal) -> None:
    game = new_game(deal)
    with pytest.raises(errors.NothingToChallenge) as early:
        game.apply(Challenge())
    assert "no clue to challenge" in refusal_phrase(early.value)
    play(game, Clue("ocean", 2), Guess(RED[0]))
    with pytest.raises(errors.NothingToChallenge) as late:
        game.apply(Challenge())
    assert "Too late to challenge ocean: red has guessed" in refusal_phrase(late.value)


def test_a_clue_the_table_allowed_cannot_be_challenged(deal: Deal) -> None:
    game = new_game(deal)
    play(game, Clue("apples", 2), Overrule())
    with pytest.raises(errors.NothingToChallenge):
        game.apply(Challenge())
    asked = new_game(deal)
    play(asked, Clue("corner", 2), Ruling(True))
    with pytest.raises(errors.NothingToChallenge):
        asked.apply(Challenge())


def test_rulings_are_journaled_and_replayed(deal: Deal, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    game = new_game(deal)
    journal = Journal.create(path, deal, game.rules)
    for action in (Clue("apples", 2), Overrule(), Guess(RED[0]), Stop(), Clue("river", 1), Challenge(), Ruling(False)):
        game.apply(action)
        journal.append(action)
    journal.close()
    replayed = load_game(path, judge=judge_clue_word)
    assert replayed.game.snapshot() == game.snapshot()
    assert any(isinstance(e, ClueOverruled) for e in replayed.events)
    assert any(isinstance(e, ClueChallenged) for e in replayed.events)


def test_with_referee_asks_a_form_of_a_card_is_put_to_the_opposing_spymaster(deal: Deal) -> None:
    game = new_game(deal, referee_asks=True)
    events = play(game, Clue("apples", 2))
    assert events == [ClueQuestioned(Team.RED, "apples", 2, "Apples is a form of APPLE.", judge=Team.BLUE)]
    assert play(game, Ruling(True)) == [ClueGiven(Team.RED, "apples", 2, 3)]
    same = new_game(deal, referee_asks=True)
    assert isinstance(play(same, Clue("apple", 2))[0], ClueRejected)
