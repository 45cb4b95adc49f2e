"""The dialogue between table and referee: questions, confirmations, reminders, co-op moves."""

from __future__ import annotations

import random

from tests.conftest import BLUE, RED, fixed_deal
from voicemaster.dialogue import QUESTION_GIVE_UP_S, QUESTION_REMINDER_S, COOP_COVER_WAIT_S, Dialogue
from voicemaster.game import actions as act
from voicemaster.game.actions import Clue, Cover, Guess
from voicemaster.game.cards import Team
from voicemaster.game.core import Game
from voicemaster.referee import judge_clue_word
from voicemaster.game.house_rules import HouseRules, TimerSettings
from voicemaster.understand.intents import AmbiguousCard, Command
from voicemaster.understand.listening import Cue


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def table(rules: HouseRules | None = None, **kw: object) -> tuple[Dialogue, list[act.Action], Clock]:
    clock = Clock()
    recorded: list[act.Action] = []
    game = Game(fixed_deal(), rules, clock, judge=judge_clue_word)
    return Dialogue(game, recorded.append, clock, random.Random(1), **kw), recorded, clock  # type: ignore[arg-type]


def say(d: Dialogue, intent: object) -> str:
    reply = d.hear(intent)  # type: ignore[arg-type]
    assert reply is not None
    return reply


def test_chatter_gets_no_answer() -> None:
    d, recorded, _ = table()
    assert d.hear(None) is None and recorded == []


def test_a_guess_is_announced_and_recorded() -> None:
    d, recorded, _ = table()
    say(d, Clue("ocean", 2))
    assert say(d, Guess(RED[0])) == "Apple: red agent. Two guesses left."
    assert recorded == [act.Clue("ocean", 2), act.Guess(RED[0])]


def test_whose_turn_says_the_team_the_clue_and_the_guesses_left_and_keeps_a_question_open() -> None:
    d, recorded, _ = table()
    assert say(d, Command("whose_turn")) == "Red's turn: waiting for the clue."
    say(d, Clue("ocean", 2))
    say(d, Guess(RED[0]))
    assert say(d, Command("whose_turn")) == "Red's turn, guessing: clue ocean, two; two guesses left."
    say(d, Command("undo"))
    assert say(d, Command("whose_turn")).startswith("Red's turn") and d.question is not None
    assert recorded == [act.Clue("ocean", 2), act.Guess(RED[0])]


def test_undo_asks_first_and_no_keeps_the_card_covered() -> None:
    d, recorded, _ = table()
    say(d, Clue("ocean", 2))
    say(d, Guess(RED[0]))
    assert "Undo the guess apple?" in say(d, Command("undo"))
    say(d, Command("no"))
    assert d.game.snapshot().remaining[Team.RED] == 8
    say(d, Command("undo"))
    say(d, Command("yes"))
    assert d.game.snapshot().remaining[Team.RED] == 9 and recorded[-1] == act.Undo()


def test_ambiguous_card_is_asked_and_the_choice_acts() -> None:
    d, _, _ = table()
    say(d, Clue("ocean", 2))
    assert say(d, AmbiguousCard("guess", (RED[0], BLUE[0]))) == "Did you say apple or dragon?"
    assert d.game.snapshot().remaining[Team.RED] == 9
    assert say(d, Guess(RED[0])).startswith("Apple: red agent")


def test_one_likely_card_is_asked_by_name_and_yes_reveals_it() -> None:
    d, recorded, _ = table()
    say(d, Clue("ocean", 2))
    assert say(d, AmbiguousCard("guess", (RED[0],))) == "Apple?"
    assert d.game.snapshot().remaining[Team.RED] == 9
    assert say(d, Command("yes")).startswith("Apple: red agent")
    assert recorded[-1] == act.Guess(RED[0]) and d.question is None


def test_yes_to_a_two_card_question_asks_again() -> None:
    d, recorded, _ = table()
    say(d, Clue("ocean", 2))
    prompt = say(d, AmbiguousCard("guess", (RED[0], BLUE[0])))
    assert say(d, Command("yes")) == prompt and recorded == [act.Clue("ocean", 2)]


def test_never_a_question_of_three_cards() -> None:
    d, _, _ = table()
    say(d, Clue("ocean", 2))
    assert say(d, AmbiguousCard("guess", (RED[0], BLUE[0], RED[1]))) == "Did you say apple or dragon?"
    assert d.question is not None and d.question.candidates == (RED[0], BLUE[0])


def test_a_card_question_the_table_moved_past_is_dropped() -> None:
    d, _, _ = table()
    say(d, Clue("ocean", 2))
    say(d, AmbiguousCard("guess", (BLUE[0], BLUE[1])))
    assert say(d, Command("time")) and d.question is not None
    assert say(d, Guess(RED[0])).startswith("Apple: red agent")
    assert d.question is None
    say(d, Command("stop"))
    assert d.listening().awaiting_clue
    assert "no question" in say(d, Command("yes"))


def test_an_unanswered_question_is_repeated_then_dropped() -> None:
    d, _, clock = table()
    say(d, Clue("ocean", 2))
    say(d, Guess(RED[0]))
    prompt = say(d, Command("undo"))
    clock.now += QUESTION_REMINDER_S
    reminder = d.tick()
    assert reminder is not None and prompt in reminder
    clock.now += QUESTION_GIVE_UP_S
    dropped = d.tick()
    assert dropped is not None and "cancelled" in dropped and d.question is None
    assert d.game.snapshot().remaining[Team.RED] == 8


def test_a_questioned_clue_waits_for_the_opposing_spymaster() -> None:
    d, _, _ = table()
    assert "Blue spymaster" in say(d, Clue("corner", 2))
    assert say(d, Command("yes")).startswith("Red: corner, two")
    assert d.game.snapshot().phase == "guess"


def test_a_question_the_referee_asks_during_a_ruling_is_answered_first() -> None:
    d, recorded, _ = table()
    say(d, Clue("corner", 2))
    assert d.question is not None and d.question.kind == "ruling"
    assert say(d, Command("undo")) == "Undo the clue corner, two? Say yes or no."
    assert say(d, Command("no")) == "Cancelled."
    assert d.question is not None and d.question.kind == "ruling" and Cue.QUESTION in d.listening().cues
    assert say(d, Command("yes")).startswith("Red: corner, two")
    assert d.question is None and recorded == [act.Clue("corner", 2), act.Ruling(accept=True)]


def test_clues_can_be_confirmed_before_they_count() -> None:
    d, recorded, _ = table(confirm_clues=True)
    assert say(d, Clue("ocean", 2)) == "Ocean, two — right?"
    assert recorded == [] and d.read_back == Clue("ocean", 2)
    say(d, Command("yes"))
    assert recorded == [act.Clue("ocean", 2)] and d.read_back is None


def test_coop_opponent_covers_at_random_when_nobody_picks() -> None:
    d, recorded, clock = table(HouseRules(coop=True))
    say(d, Clue("ocean", 1))
    say(d, Guess(RED[0]))
    say(d, Command("stop"))
    clock.now += COOP_COVER_WAIT_S
    reply = d.tick()
    assert reply is not None and isinstance(recorded[-1], act.Cover)
    assert recorded[-1].card in BLUE and d.game.snapshot().remaining[Team.BLUE] == 7


def test_coop_spymaster_may_pick_the_opponents_cover() -> None:
    d, recorded, _ = table(HouseRules(coop=True))
    say(d, Clue("ocean", 1))
    say(d, Guess(RED[0]))
    say(d, Command("stop"))
    say(d, Cover(BLUE[3]))
    assert recorded[-1] == act.Cover(BLUE[3])


def test_enforced_timer_ends_the_turn_and_is_recorded() -> None:
    d, recorded, clock = table(HouseRules(timer=TimerSettings(enabled=True, clue_seconds=60, enforced=True)))
    clock.now += 61
    reply = d.tick()
    assert reply is not None and "Time's up" in reply
    assert recorded == [act.TimeOut()] and d.game.snapshot().turn is Team.BLUE


def test_refusals_are_spoken() -> None:
    d, recorded, _ = table()
    assert "clue" in say(d, Guess(RED[0])).lower()
    assert recorded == []


def test_a_move_said_while_a_clue_is_read_back_asks_for_the_yes_first() -> None:
    """The read-back waits for its yes or no: a guess meanwhile does not drop it."""
    d, recorded, _ = table()
    assert d.hear(Clue("fruit", 2), read_back=True) == "Fruit, two — right?"
    assert say(d, Guess(RED[0])) == "First the clue: Fruit, two — right? Say yes or no."
    assert say(d, Command("stop")) == "First the clue: Fruit, two — right? Say yes or no."
    assert d.read_back == Clue("fruit", 2) and recorded == []
    assert say(d, Command("status")).startswith("Red has 9 agents left") and d.read_back is not None
    assert say(d, Command("no")) == "Cancelled. Red spymaster, say your clue again."
    assert d.read_back is None and d.listening().awaiting_clue
    assert d.hear(Clue("fruit", 2), read_back=True) == "Fruit, two — right?"
    assert say(d, Clue("ocean", 2)) == "Red: ocean, two. Up to three guesses."
    assert recorded == [act.Clue("ocean", 2)]


def test_undoing_an_overrule_says_the_penalty_cover_is_offered_again() -> None:
    d, _, _ = table()
    assert "not allowed" in say(d, Clue("apples", 2))
    assert say(d, Command("overrule")).startswith("Overruled: apples, two stands.")
    say(d, Command("undo"))
    undone = say(d, Command("yes"))
    assert undone.startswith("Undone: the overrule.")
    assert "Blue spymaster may cover one of their words; or say allow it to let apples stand." in undone
