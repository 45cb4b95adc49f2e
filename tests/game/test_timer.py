"""The turn timer with an injected clock: warnings, time's up, pause and resume."""

from __future__ import annotations

from voicemaster.game.phase import Phase
from voicemaster.game.actions import Clue, Guess
from voicemaster.game.cards import Deal, Team
from voicemaster.game.core import Game
from voicemaster.referee import judge_clue_word
from voicemaster.game.events import TimerWarning, TimeUp
from voicemaster.game.house_rules import HouseRules, TimerSettings


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def timed_game(deal: Deal, **timer: object) -> tuple[Game, Clock]:
    clock = Clock()
    settings = TimerSettings(enabled=True, clue_seconds=60, guess_seconds=90, **timer)  # type: ignore[arg-type]
    return Game(deal, HouseRules(timer=settings), clock, judge=judge_clue_word), clock


def test_timer_is_off_by_default(deal: Deal) -> None:
    game = Game(deal, judge=judge_clue_word)
    assert game.snapshot().timer_left is None and game.poll_timer() == []


def test_warnings_at_thirty_and_ten_seconds_then_times_up_once(deal: Deal) -> None:
    game, clock = timed_game(deal)
    clock.now += 29
    assert game.poll_timer() == []
    clock.now += 2
    assert game.poll_timer() == [TimerWarning(30, Phase.CLUE, Team.RED)]
    assert game.poll_timer() == []
    clock.now += 21
    assert game.poll_timer() == [TimerWarning(10, Phase.CLUE, Team.RED)]
    clock.now += 10
    assert game.poll_timer() == [TimeUp(Phase.CLUE, Team.RED, enforced=False)]
    assert game.poll_timer() == []


def test_a_late_poll_gives_only_the_latest_warning(deal: Deal) -> None:
    game, clock = timed_game(deal)
    clock.now += 55
    assert game.poll_timer() == [TimerWarning(10, Phase.CLUE, Team.RED)]


def test_each_phase_has_its_own_length(deal: Deal) -> None:
    game, clock = timed_game(deal, enforced=True)
    clock.now += 50
    game.apply(Clue("ocean", 2))
    assert game.snapshot().timer_left == 90
    clock.now += 90
    assert game.poll_timer() == [TimeUp(Phase.GUESS, Team.RED, enforced=True)]


def test_a_guess_does_not_restart_the_guess_phase(deal: Deal) -> None:
    game, clock = timed_game(deal)
    game.apply(Clue("ocean", 2))
    clock.now += 40
    game.apply(Guess("apple"))
    assert game.snapshot().timer_left == 50


def test_pause_and_resume(deal: Deal) -> None:
    game, clock = timed_game(deal)
    clock.now += 20
    game.timer.pause()
    clock.now += 500
    snap = game.snapshot()
    assert snap.timer_left == 40 and snap.timer_paused
    assert game.poll_timer() == []
    game.timer.resume()
    clock.now += 15
    assert game.snapshot().timer_left == 25
