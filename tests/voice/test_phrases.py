"""What the players hear: the announcer's sentences for every event and request."""

from __future__ import annotations

from dataclasses import replace

import pytest

from voicemaster.game import actions as act
from voicemaster.game.phase import Phase
from voicemaster.game.cards import Identity, Team
from voicemaster.game.events import (
    ActionUndone,
    CardRevealed,
    ClueChallenged,
    ClueGiven,
    ClueOverruled,
    ClueQuestioned,
    ClueRejected,
    CoverOffered,
    GameOver,
    GameStarted,
    TimerPaused,
    TimerResumed,
    TimerWarning,
    TimeUp,
    TurnEnded,
)
from voicemaster.game.snapshot import (
    Awaited,
    AwaitedOpponentCover,
    AwaitedOverrule,
    AwaitedPenaltyCover,
    AwaitedRuling,
    CardView,
    ClueView,
    GameSnapshot,
)
from voicemaster.voice import answers, phrases

RED, BLUE = Team.RED, Team.BLUE
HORSE = "Horse is not allowed: it is part of HORSESHOE."


def snap(**changes: object) -> GameSnapshot:
    """Red guessing on "ocean, two" with two guesses left; 5 red and 3 blue agents to find."""
    base = GameSnapshot(
        cards=tuple(CardView(f"card{i}", Identity.BYSTANDER, covered=i < 3) for i in range(25)),
        turn=RED,
        phase=Phase.GUESS,
        winner=None,
        remaining={RED: 5, BLUE: 3},
        clue=ClueView(RED, "ocean", 2),
        guesses_left=2,
        timer_left=None,
        timer_paused=False,
        waiting_for=None,
        coop=False,
    )
    return replace(base, **changes)


BETWEEN_TURNS = snap(turn=BLUE, phase=Phase.CLUE, clue=None, guesses_left=None)

SINGLE_EVENTS = [
    (GameStarted(RED, coop=False), snap(phase=Phase.CLUE), "New game. Red starts. Red spymaster, your clue."),
    (GameStarted(BLUE, coop=True), snap(phase=Phase.CLUE), "New co-op game: blue plays. Blue spymaster, your clue."),
    (ClueGiven(RED, "ocean", 2, 3), snap(), "Red: ocean, two. Up to three guesses."),
    (ClueGiven(BLUE, "fruit", 1, 1), snap(), "Blue: fruit, one. One guess."),
    (ClueGiven(RED, "sea", "unlimited", None), snap(), "Red: sea, unlimited. Unlimited guesses."),
    (ClueGiven(RED, "sea", 0, None), snap(), "Red: sea, zero. Unlimited guesses."),
    (ClueRejected(RED, "horse", "part-of-card", HORSE, retry=True), snap(phase=Phase.CLUE),
     HORSE + " Red spymaster, another clue please."),
    (ClueRejected(RED, "horse", "part-of-card", HORSE, retry=False), snap(phase=Phase.CLUE), HORSE),
    (ClueRejected(RED, "corner", "ruling", "", retry=True, judge=BLUE), snap(phase=Phase.CLUE),
     "The clue was not accepted. Red spymaster, another clue please."),
    (ClueQuestioned(RED, "corner", 1, "Corner sounds like the card CORONER.", judge=BLUE), snap(phase=Phase.CLUE),
     "Corner sounds like the card CORONER. Blue spymaster, do you accept corner?"),
    (ClueOverruled(RED, "dentist", 2), snap(), "Overruled: dentist, two stands."),
    (ClueChallenged(RED, "snowfall", 2, judge=BLUE),
     snap(phase=Phase.CLUE, clue=None, cards=(CardView("apple", Identity.RED, False), CardView("Waterfall", Identity.BLUE, False))),
     "Blue spymaster: is snowfall allowed with WATERFALL? Say yes or no."),
    (ClueChallenged(BLUE, "ocean", 1, judge=RED), snap(phase=Phase.CLUE, clue=None),
     "Red spymaster: is ocean allowed? Say yes or no."),
    (CardRevealed(RED, "Apple", Identity.RED, "guess", 2), snap(), "Apple: red agent. Two guesses left."),
    (CardRevealed(RED, "APPLE", Identity.RED, "guess", 1), snap(), "Apple: red agent. One guess left."),
    (CardRevealed(RED, "apple", Identity.RED, "guess", None), snap(guesses_left=None),
     "Apple: red agent. Guess again, or say stop."),
    (CardRevealed(RED, "ship", Identity.BYSTANDER, "guess", None), snap(), "Ship: bystander."),
    (CardRevealed(RED, "cat", Identity.ASSASSIN, "guess", None), snap(), "Cat: the assassin."),
    (CardRevealed(BLUE, "ice cream", Identity.BLUE, "cover", None), snap(turn=BLUE, phase=Phase.CLUE, remaining={RED: 5, BLUE: 2}),
     "Ice cream covered. Blue has two agents left. Blue spymaster, your clue."),
    (CoverOffered(BLUE, "penalty"), snap(turn=BLUE, phase=Phase.CLUE), "Blue spymaster, you may cover one of your words."),
    (CoverOffered(BLUE, "coop"), snap(phase=Phase.CLUE),
     "Now one blue agent gets covered: spymaster, say cover and the card, or I pick one."),
    (TurnEnded(RED, "miss", BLUE), BETWEEN_TURNS, "Blue's turn."),
    (TurnEnded(RED, "stop", BLUE), BETWEEN_TURNS, "Red stops. Blue's turn."),
    (TurnEnded(RED, "limit", BLUE), BETWEEN_TURNS, "That was the last guess. Blue's turn."),
    (TurnEnded(RED, "timeout", BLUE), BETWEEN_TURNS, "Time's up. Blue's turn."),
    (TurnEnded(RED, "illegal-clue", BLUE), BETWEEN_TURNS, "Red's turn ends. Blue's turn."),
    (TurnEnded(RED, "stop", RED), snap(phase=Phase.CLUE), "Red stops. Turn over."),
    (GameOver(BLUE, "assassin"), snap(phase=Phase.OVER, winner=BLUE),
     "Red found the assassin. Blue wins. Say new game to play again."),
    (GameOver(RED, "agents"), snap(phase=Phase.OVER, winner=RED),
     "All red agents are covered. Red wins. Say new game to play again."),
    (GameOver(RED, "agents", score=3), snap(phase=Phase.OVER, winner=RED, coop=True),
     "All red agents are covered. You win. Score: three blue agents left. Say new game to play again."),
    (GameOver(BLUE, "coop-agents", score=0), snap(phase=Phase.OVER, winner=BLUE, coop=True),
     "All blue agents are covered. You lose. Say new game to play again."),
    (GameOver(BLUE, "assassin"), snap(phase=Phase.OVER, winner=BLUE, coop=True),
     "You found the assassin. You lose. Say new game to play again."),
    (ActionUndone(act.Guess("apple")), snap(guesses_left=1),
     "Undone: the guess apple. Red's turn, guessing: clue ocean, two; one guess left."),
    (TimerWarning(30, Phase.GUESS, RED), snap(), "Thirty seconds."),
    (TimerWarning(10, Phase.CLUE, BLUE), snap(), "Ten seconds."),
    (TimeUp(Phase.GUESS, RED, enforced=True), BETWEEN_TURNS, "Time's up. Blue's turn."),
    (TimeUp(Phase.CLUE, RED, enforced=False), snap(phase=Phase.CLUE), "Time's up, red."),
    (TimerPaused(74.0), snap(timer_left=74.0, timer_paused=True), "Timer paused with one minute fourteen seconds left."),
    (TimerPaused(None), snap(), "The timer is off."),
    (TimerResumed(9.0), snap(timer_left=9.0), "Timer running: nine seconds left."),
]


@pytest.mark.parametrize(("event", "snapshot", "said"), SINGLE_EVENTS, ids=lambda v: type(v).__name__)
def test_each_event_on_its_own(event: object, snapshot: GameSnapshot, said: str) -> None:
    assert phrases.announce_all([event], snapshot) == said  # type: ignore[arg-type]


def test_every_event_type_has_a_phrase() -> None:
    covered = {type(event) for event, _, _ in SINGLE_EVENTS}
    from typing import get_args

    from voicemaster.game.events import GameEvent

    assert covered == set(get_args(GameEvent))


ONE_ACTION = [
    ("bystander ends the turn",
     [CardRevealed(RED, "Ship", Identity.BYSTANDER, "guess", None), TurnEnded(RED, "miss", BLUE)],
     BETWEEN_TURNS, "Ship: bystander. Blue's turn."),
    ("other team's agent",
     [CardRevealed(RED, "Whale", Identity.BLUE, "guess", None), TurnEnded(RED, "miss", BLUE)],
     BETWEEN_TURNS, "Whale: blue agent. Blue's turn."),
    ("assassin",
     [CardRevealed(RED, "Cat", Identity.ASSASSIN, "guess", None), GameOver(BLUE, "assassin")],
     snap(phase=Phase.OVER, winner=BLUE), "Cat: the assassin. Blue wins. Say new game to play again."),
    ("last own agent wins",
     [CardRevealed(RED, "Apple", Identity.RED, "guess", 1), GameOver(RED, "agents")],
     snap(phase=Phase.OVER, winner=RED),
     "Apple: red agent. That was red's last agent. Red wins. Say new game to play again."),
    ("opponent's last agent hands them the game",
     [CardRevealed(RED, "Whale", Identity.BLUE, "guess", None), GameOver(BLUE, "agents")],
     snap(phase=Phase.OVER, winner=BLUE),
     "Whale: blue agent. That was blue's last agent. Blue wins. Say new game to play again."),
    ("last guess used on an own agent",
     [CardRevealed(RED, "Apple", Identity.RED, "guess", None), TurnEnded(RED, "limit", BLUE)],
     BETWEEN_TURNS, "Apple: red agent. That was the last guess. Blue's turn."),
    ("illegal clue with penalty",
     [ClueRejected(RED, "horse", "part-of-card", HORSE, retry=False), TurnEnded(RED, "illegal-clue", BLUE),
      CoverOffered(BLUE, "penalty")],
     BETWEEN_TURNS,
     "Horse is not allowed: it is part of HORSESHOE. Red's turn ends; blue spymaster, you may cover one of your words."),
    ("a refused clue allowed by the table",
     [ClueOverruled(RED, "dentist", 2), ClueGiven(RED, "dentist", 2, 3)], snap(),
     "Overruled: dentist, two stands. Up to three guesses."),
    ("a challenged clue ruled out",
     [ClueRejected(RED, "snowfall", "challenge", "", retry=False, judge=BLUE),
      TurnEnded(RED, "illegal-clue", BLUE), CoverOffered(BLUE, "penalty")],
     BETWEEN_TURNS,
     "Snowfall is not allowed: the blue spymaster ruled it out. Red's turn ends; blue spymaster, you may cover one of your words."),
    ("enforced timer",
     [TimeUp(Phase.GUESS, RED, enforced=True), TurnEnded(RED, "timeout", BLUE)],
     BETWEEN_TURNS, "Time's up. Blue's turn."),
    ("co-op turn end",
     [CardRevealed(RED, "Ship", Identity.BYSTANDER, "guess", None), TurnEnded(RED, "miss", RED),
      CoverOffered(BLUE, "coop")],
     snap(phase=Phase.CLUE, clue=None, guesses_left=None, coop=True),
     "Ship: bystander. Turn over. Now one blue agent gets covered: spymaster, say cover and the card, or I pick one."),
    ("co-op random cover, then the clue",
     [CardRevealed(BLUE, "Whale", Identity.BLUE, "cover", None), ClueGiven(RED, "ocean", 2, 3)],
     snap(remaining={RED: 5, BLUE: 6}, coop=True),
     "Whale covered. Blue has six agents left. Red: ocean, two. Up to three guesses."),
    ("co-op cover of the opponent's last agent",
     [CardRevealed(BLUE, "Whale", Identity.BLUE, "cover", None), GameOver(BLUE, "coop-agents", score=0)],
     snap(phase=Phase.OVER, winner=BLUE, remaining={RED: 2, BLUE: 0}, coop=True),
     "Whale covered. Blue has zero agents left. All blue agents are covered. You lose. Say new game to play again."),
]


@pytest.mark.parametrize(("events", "snapshot", "said"), [c[1:] for c in ONE_ACTION], ids=[c[0] for c in ONE_ACTION])
def test_one_action_reads_as_one_sequence(events: list, snapshot: GameSnapshot, said: str) -> None:
    assert phrases.announce_all(events, snapshot) == said


def test_announce_all_never_repeats_a_sentence() -> None:
    events = [TimerWarning(10, Phase.GUESS, RED), TimerWarning(10, Phase.GUESS, RED)]
    assert phrases.announce_all(events, snap()) == "Ten seconds."


REQUESTS = [
    (answers.status_phrase, snap(),
     "Red has 5 agents left, blue 3. Red's turn, guessing: clue ocean, two; two guesses left."),
    (answers.status_phrase, snap(turn=BLUE, phase=Phase.CLUE, clue=None, guesses_left=None, remaining={RED: 5, BLUE: 1},
                                 waiting_for=AwaitedPenaltyCover(BLUE)),
     "Blue has 1 agent left, red 5. Blue's turn: waiting for the clue. Blue spymaster may cover one of their words."),
    (answers.status_phrase, snap(phase=Phase.OVER, winner=BLUE, remaining={RED: 2, BLUE: 0}),
     "Red has 2 agents left, blue 0. Game over: blue won."),
    (answers.repeat_phrase, snap(guesses_left=None, clue=ClueView(RED, "sea", "unlimited")),
     "The clue sea, unlimited: unlimited guesses."),
    (answers.repeat_phrase, snap(guesses_left=3, clue=ClueView(RED, "roof", 2)), "The clue roof, two: three guesses left."),
    (answers.repeat_phrase, snap(phase=Phase.CLUE, clue=None, guesses_left=None,
                                 waiting_for=AwaitedRuling(BLUE, "metal", "Metal rhymes with KETTLE.")),
     "Metal rhymes with KETTLE. Blue spymaster, do you accept metal?"),
    (answers.time_phrase, snap(timer_left=80.4), "One minute twenty-one seconds left."),
    (answers.time_phrase, snap(timer_left=45.0, timer_paused=True), "The timer is paused with forty-five seconds left."),
    (answers.time_phrase, snap(timer_left=120.0), "Two minutes left."),
    (answers.time_phrase, snap(), "The timer is off."),
]


@pytest.mark.parametrize(("phrase", "snapshot", "said"), REQUESTS)
def test_requests(phrase, snapshot: GameSnapshot, said: str) -> None:  # type: ignore[no-untyped-def]
    assert phrase(snapshot) == said


def test_repeat_without_a_clue_leaves_it_to_the_caller() -> None:
    assert answers.repeat_phrase(BETWEEN_TURNS) is None


def test_dialogue_prompts() -> None:
    assert answers.confirm_card_phrase(["apple", "chapel"]) == "Did you say apple or chapel?"
    assert answers.confirm_card_phrase(["APPLE", "CHAPEL", "MAPLE"]) == "Did you say apple or chapel?"
    assert answers.confirm_card_phrase(["apple"]) == "Apple?"
    assert answers.confirm_undo_phrase(act.Guess("apple")) == "Undo the guess apple? Say yes or no."
    assert answers.ask_clue_phrase(BLUE, "corner") == "Blue spymaster, do you accept corner?"
    assert answers.confirm_clue_phrase("ocean", 2) == "Ocean, two — right?"
    assert answers.confirm_clue_phrase("ice cream", "unlimited") == "Ice cream, unlimited — right?"
    assert answers.reminder_phrase("Did you say apple or chapel?") == "I'm still waiting. Did you say apple or chapel?"
    assert answers.no_answer_phrase("the undo") == "No answer, so the undo is cancelled."


@pytest.mark.parametrize(
    ("awaited", "shown"),
    [
        (AwaitedRuling(BLUE, "corner"), "Blue spymaster: accept or reject the clue corner"),
        (AwaitedPenaltyCover(RED), "Red spymaster may cover one of their words"),
        (AwaitedPenaltyCover(BLUE, may_allow="apples"),
         "Blue spymaster may cover one of their words; or say allow it to let apples stand"),
        (AwaitedOverrule("ice cream"), "Say allow it to let ice cream stand"),
        (AwaitedOpponentCover(), "The opponent covers one of its agents"),
        (None, ""),
    ],
)
def test_what_the_game_waits_for_in_words(awaited: Awaited | None, shown: str) -> None:
    assert answers.awaited_phrase(awaited) == shown


@pytest.mark.parametrize(
    ("action", "named"),
    [
        (act.Clue("ocean", 2), "the clue ocean, two"),
        (act.Guess("APPLE"), "the guess apple"),
        (act.Cover("dragon"), "covering dragon"),
        (act.Ruling(accept=False), "the ruling on the clue"),
        (act.Overrule(), "the overrule"),
        (act.Challenge(), "the challenge"),
        (act.TimeOut(), "the time-out"),
        (act.Stop(), "the stop"),
    ],
)
def test_an_action_as_undo_names_it(action: act.Action, named: str) -> None:
    assert answers.action_phrase(action) == named
    assert phrases.announce_all([ActionUndone(action)], BETWEEN_TURNS) == f"Undone: {named}. Blue's turn: waiting for the clue."


def test_refusals_are_spoken_as_sentences() -> None:
    assert answers.not_now_phrase("Waiting for Red's clue before any guess.") == "Waiting for Red's clue before any guess."
    assert answers.not_now_phrase("there is nothing to undo") == "There is nothing to undo."


@pytest.mark.parametrize(("n", "words"), [(0, "zero"), (7, "seven"), (13, "thirteen"), (20, "twenty"), (45, "forty-five"), (120, "120")])
def test_number_words(n: int, words: str) -> None:
    assert phrases.number_words(n) == words


@pytest.mark.parametrize("left", [83.4, 83.6, 59.2, 0.4])
def test_paused_time_said_is_the_time_shown(left: float) -> None:
    from voicemaster.display.labels import timer_text

    shown = timer_text(left, paused=True)
    minutes, seconds = int(shown[:2]), int(shown[3:5])
    said = answers.time_phrase(snap(timer_left=left, timer_paused=True))
    expected = " ".join(
        part
        for part in (
            f"{phrases.number_words(minutes)} minute{'s' if minutes > 1 else ''}" if minutes else "",
            f"{phrases.number_words(seconds)} second{'' if seconds == 1 else 's'}" if seconds or not minutes else "",
        )
        if part
    )
    assert said == f"The timer is paused with {expected} left.", (shown, said)
