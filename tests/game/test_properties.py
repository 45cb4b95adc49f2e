"""Random action sequences: the invariants a table relies on hold whatever is said."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import BOARD, fixed_deal
from voicemaster.game import actions as act
from voicemaster.game.cards import Identity, Team
from voicemaster.game.core import Game
from voicemaster.game.errors import GameError, GameIsOver
from voicemaster.game.house_rules import HouseRules
from voicemaster.journal import Journal, load_game
from voicemaster.referee import judge_clue_word

CLUE_WORDS = ["ocean", "river", "apples", "corner", "pack rat", "b", "bridges", "music"]
cards = st.sampled_from([*BOARD, "zebra"])
actions = st.one_of(
    st.builds(act.Clue, st.sampled_from(CLUE_WORDS), st.one_of(st.integers(0, 9), st.just("unlimited"))),
    st.builds(act.Guess, cards),
    st.builds(act.Guess, cards),
    st.builds(act.Guess, cards),
    st.builds(act.Cover, cards),
    st.just(act.Stop()),
    st.just(act.Undo()),
    st.builds(act.Ruling, st.booleans()),
    st.just(act.TimeOut()),
)
rules = st.builds(
    HouseRules,
    exact_guesses=st.booleans(),
    lenient_clues=st.booleans(),
    allow_rhymes=st.booleans(),
    allow_compound_clues=st.booleans(),
    coop=st.booleans(),
)


def check_invariants(game: Game) -> None:
    snap = game.snapshot()
    deal = game.deal
    covered = [c for c in snap.cards if c.covered]
    for team in Team:
        agents = [c for c in snap.cards if c.identity is Identity.of_team(team)]
        assert snap.remaining[team] == sum(1 for c in agents if not c.covered)
        assert len(agents) == deal.agents(team)
    assert len(covered) == len(game.state.covered)
    zero = [t for t in Team if snap.remaining[t] == 0]
    if snap.winner is not None:
        assert snap.phase == "over"
        assert len(zero) <= 1
    else:
        assert snap.phase != "over" and not zero
    if snap.guesses_left is not None:
        assert snap.guesses_left >= 1 and snap.phase == "guess"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules, st.lists(actions, max_size=60))
def test_random_play_keeps_the_invariants_and_replays_from_the_journal(house: HouseRules, script: list[act.Action]) -> None:
    deal = fixed_deal()
    game = Game(deal, house, judge=judge_clue_word)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "j.jsonl"
        journal = Journal.create(path, deal, house)
        for action in script:
            before = game.snapshot()
            was_over = game.state.phase == "over"
            try:
                game.apply(action)
            except GameIsOver:
                assert was_over and not isinstance(action, act.Undo)
                assert game.snapshot() == before
                continue
            except GameError:
                assert game.snapshot() == before
                continue
            assert not was_over or isinstance(action, act.Undo)
            journal.append(action)
            check_invariants(game)
        journal.close()
        replayed = load_game(path, judge=judge_clue_word).game
    assert replace(replayed.snapshot(), timer_left=None) == replace(game.snapshot(), timer_left=None)
    assert replayed.state == game.state
