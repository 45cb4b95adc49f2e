"""A scripted game through the real rules core: what the table hears after each action."""

from __future__ import annotations

from voicemaster.game import actions as act
from voicemaster.game.cards import Deal
from voicemaster.game.core import Game
from voicemaster.referee import judge_clue_word
from voicemaster.game.events import ClueQuestioned, ClueRejected
from voicemaster.game.house_rules import HouseRules
from voicemaster.voice.phrases import announce_all
from voicemaster.voice.answers import status_phrase

# The fixed deal (tests/conftest.py): red starts with apple..crown, blue has dragon..honey,
# island..needle are bystanders, orbit is the assassin. {reason} is the referee's own words.
STANDARD_GAME = [
    (act.Clue("bears", 2),
     "{reason} Red's turn ends; blue spymaster, you may cover one of your words."),
    (act.Cover("dragon"), "Dragon covered. Blue has seven agents left. Blue spymaster, your clue."),
    (act.Clue("wing", 1), "Blue: wing, one. Up to two guesses."),
    (act.Guess("falcon"), "Falcon: blue agent. One guess left."),
    (act.Guess("engine"), "Engine: blue agent. That was the last guess. Red's turn."),
    (act.Undo(), "Undone: the guess engine. Blue's turn, guessing: clue wing, one; one guess left."),
    (act.Guess("island"), "Island: bystander. Red's turn."),
    (act.Clue("sea", "unlimited"), "Red: sea, unlimited. Unlimited guesses."),
    (act.Guess("apple"), "Apple: red agent. Guess again, or say stop."),
    (act.Stop(), "Red stops. Blue's turn."),
    (act.Clue("fruit", 1), "{reason} Red spymaster, do you accept fruit?"),
]


def test_a_standard_game_sounds_right(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    for action, said in STANDARD_GAME:
        events = game.apply(action)
        reason = next((e.reason for e in events if isinstance(e, (ClueRejected, ClueQuestioned))), "")
        assert announce_all(events, game.snapshot()) == said.format(reason=reason), action
    assert status_phrase(game.snapshot()) == (
        "Blue has 6 agents left, red 8. Blue's turn: waiting for the clue. "
        "Red spymaster: accept or reject the clue fruit."
    )


def test_the_assassin_ends_it(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    game.apply(act.Clue("space", 1))
    assert announce_all(game.apply(act.Guess("orbit")), game.snapshot()) == "Orbit: the assassin. Blue wins. Say new game to play again."


def test_a_coop_turn_and_the_opponents_cover(deal: Deal) -> None:
    game = Game(deal, HouseRules(coop=True), judge=judge_clue_word)
    game.apply(act.Clue("ocean", 1))
    assert announce_all(game.apply(act.Guess("island")), game.snapshot()) == (
        "Island: bystander. Turn over. Now one blue agent gets covered: spymaster, say cover and the card, or I pick one."
    )
    assert announce_all(game.apply(act.Cover("dragon")), game.snapshot()) == (
        "Dragon covered. Blue has seven agents left. Red spymaster, your clue."
    )
