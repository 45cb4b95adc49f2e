"""Every refusal of the rules core as the table hears it: the core raises the reason as
data (the card, the team, the clue), the announcer words it."""

from __future__ import annotations

import pytest

from voicemaster.game import actions as act
from voicemaster.game import errors
from voicemaster.game.cards import Team
from voicemaster.voice.refusals import refusal_phrase

RED, BLUE = Team.RED, Team.BLUE

REFUSALS = [
    (errors.GameIsOver(RED), "The game is over: Red won. Say new game to play again, or undo to take back the last move."),
    (errors.ClueWhileGuessing(BLUE), "Blue is guessing now; a clue comes after the turn."),
    (errors.GuessBeforeClue(RED), "Waiting for Red's clue before any guess."),
    (errors.NothingToStop(), "There is nothing to stop: no clue has been given yet."),
    (errors.NoRulingAwaited(), "There is no clue waiting for a ruling."),
    (errors.AwaitingRuling(BLUE, "corner"), "Blue spymaster, first accept or reject the clue corner."),
    (errors.UnknownCard("zebra"), "Zebra is not on the table."),
    (errors.CardAlreadyCovered("APPLE"), "APPLE is already covered."),
    (errors.MustGuessFirst(RED), "Red must make at least one guess first."),
    (errors.NoCoverNow(), "Nobody may cover a card now."),
    (errors.NotTheirAgent("apple", BLUE, "penalty"), "Apple is not one of Blue's agents."),
    (errors.NotTheirAgent("crown", BLUE, "coop"), "Crown is not one of the opponent's agents."),
    (errors.OpponentCoversFirst(), "First the opponent covers one of its agents."),
    (errors.NoRefusedClue(), "There is no refused clue to overrule."),
    (errors.TooLateToOverrule("apples", act.Cover("dragon")), "Too late to overrule apples: covering dragon came after it."),
    (errors.NoClueToChallenge(), "There is no clue to challenge."),
    (errors.TooLateToChallenge("ocean", RED), "Too late to challenge ocean: red has guessed since."),
    (errors.AlreadyRuled("ocean"), "The table has already ruled on ocean."),
    (errors.NothingToUndo(), "There is nothing to undo."),
]


@pytest.mark.parametrize(("error", "said"), REFUSALS, ids=lambda v: type(v).__name__)
def test_each_refusal_in_words(error: errors.GameError, said: str) -> None:
    assert refusal_phrase(error) == said


def _causes(family: type[errors.GameError]) -> set[type[errors.GameError]]:
    below = family.__subclasses__()
    return set().union(*(_causes(c) for c in below)) if below else {family}


def test_every_cause_the_core_raises_has_words() -> None:
    assert {type(error) for error, _ in REFUSALS} == _causes(errors.GameError)


def test_the_reason_stays_data_a_log_can_read() -> None:
    error = errors.TooLateToOverrule("apples", act.Cover("dragon"))
    assert (error.word, error.since) == ("apples", act.Cover("dragon"))
    assert str(error) == "TooLateToOverrule: word=apples, since=Cover(card='dragon')"
    assert str(errors.MustGuessFirst(RED)) == "MustGuessFirst: team=red"
