"""The rules of Codenames as a pure state machine: actions in, events out, no I/O.

Like python-chess's Board it keeps a stack of positions, so `undo` is exact, and the
end of the game is a value (`winner`). Every refusal is a GameError subclass with its
reason as data, and what the game waits for is a value too: voice/ words them.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Callable

from voicemaster.game import actions as act
from voicemaster.game import errors
from voicemaster.game.cards import Deal, Identity, Team
from voicemaster.game.clue_judge import ClueJudge
from voicemaster.game.events import (
    ActionUndone,
    CardRevealed,
    ClueChallenged,
    ClueGiven,
    ClueOverruled,
    ClueQuestioned,
    ClueRejected,
    CoverOffered,
    GameEvent,
    GameOver,
    TimerPaused,
    TimerResumed,
    TurnEnded,
    TurnEndReason,
)
from voicemaster.game.house_rules import HouseRules, TimerSettings
from voicemaster.game.phase import Phase
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
from voicemaster.game.state import GameState, PendingCover, PendingRuling, RefusedClue
from voicemaster.game.timer import TurnTimer
from voicemaster.game.clue_number import ClueNumber


class Game:
    def __init__(
        self,
        deal: Deal,
        rules: HouseRules | None = None,
        clock: Callable[[], float] = time.monotonic,
        *,
        judge: ClueJudge,
    ) -> None:
        """`judge` rules on every clue: the referee's, handed in by whoever builds the game."""
        self.deal = deal
        self.judge = judge
        self.rules = rules or HouseRules()
        self.state = GameState(turn=deal.starting_team)
        self.history: list[tuple[act.Action, GameState]] = []
        self.timer = TurnTimer(self.rules.timer, clock)
        self.timer.restart(Phase.CLUE)

    def retime(self, timer: TimerSettings) -> None:
        """The table sets the timer anew mid-evening (a resumed game): the phase now running
        starts over with the new length; the other house rules stay as the game began."""
        self.rules = replace(self.rules, timer=timer)
        self.timer.settings = timer
        self.timer.restart(self.state.phase)

    @property
    def team(self) -> Team:
        """The team that plays; in co-op the other team is simulated."""
        return self.deal.starting_team

    @property
    def winner(self) -> Team | None:
        return self.state.winner

    def is_over(self) -> bool:
        return self.state.phase is Phase.OVER

    def apply(self, action: act.Action) -> list[GameEvent]:
        """Carry out one action; raises a GameError (state unchanged) when not allowed."""
        if isinstance(action, act.Undo):
            return self._undo()
        if isinstance(action, act.TIMER_ACTIONS):
            return self._pause_or_resume(action)
        if self.is_over():
            raise errors.GameIsOver(self.state.winner)  # type: ignore[arg-type]
        before = self.state
        events = self._handler(action)(action)
        self._close_refusal(before)
        self.history.append((action, before))
        if self.state.phase != before.phase or self.state.turn != before.turn:
            self.timer.restart(self.state.phase)
        return events

    def refusal(self, action: act.Move) -> errors.GameError | None:
        """Why `action` would be refused now, without taking it; None when it would be taken.
        The handlers change nothing but `state` (a frozen value) until they succeed."""
        before = self.state
        try:
            if self.is_over():
                raise errors.GameIsOver(self.state.winner)  # type: ignore[arg-type]
            self._handler(action)(action)
        except errors.GameError as err:
            return err
        finally:
            self.state = before
        return None

    def _handler(self, action: act.Action) -> Callable[[act.Action], list[GameEvent]]:
        handlers: dict[type, Callable[..., list[GameEvent]]] = {
            act.Clue: self._clue,
            act.Guess: self._guess,
            act.Cover: self._cover,
            act.Stop: self._stop,
            act.Ruling: self._ruling,
            act.Overrule: self._overrule,
            act.Challenge: self._challenge,
            act.TimeOut: self._timeout,
        }
        return handlers[type(action)]

    # -- clue -----------------------------------------------------------------

    def _clue(self, action: act.Clue) -> list[GameEvent]:
        s = self.state
        if s.phase is not Phase.CLUE:
            raise errors.ClueWhileGuessing(s.turn)
        if s.ruling is not None:
            raise self._awaiting_ruling()
        if s.cover is not None and s.cover.why == "coop":
            raise errors.OpponentCoversFirst()
        verdict = self.judge(
            action.word,
            action.number,
            self.state.uncovered_cards(self.deal),
            allow_rhymes=self.rules.allow_rhymes,
            allow_compound=self.rules.allow_compound_clues,
            referee_asks=self.rules.referee_asks,
        )
        self.state = replace(s, cover=None)
        if verdict.verdict == "ask":
            self.state = replace(self.state, ruling=PendingRuling(action.word, action.number, reason=verdict.reason))
            return [ClueQuestioned(s.turn, action.word, action.number, verdict.reason, judge=s.turn.other)]
        if verdict.verdict == "illegal":
            self.state = replace(self.state, refused=RefusedClue(action.word, action.number))
            return self._illegal_clue(action.word, verdict.rule, verdict.reason)
        return self._start_guessing(action.word, action.number, challengeable=True)

    def _illegal_clue(self, word: str, rule: str, reason: str, judge: Team | None = None) -> list[GameEvent]:
        """The turn ends with the penalty cover (a retry with lenient-clues)."""
        team = self.state.turn
        if self.rules.lenient_clues:
            return [ClueRejected(team, word, rule, reason, retry=True, judge=judge)]
        events: list[GameEvent] = [ClueRejected(team, word, rule, reason, retry=False, judge=judge)]
        events += self._end_turn("illegal-clue")
        if not self.rules.coop:
            self.state = replace(self.state, cover=PendingCover(team.other, "penalty"))
            events.append(CoverOffered(team.other, "penalty"))
        return events

    def _start_guessing(self, word: str, number: ClueNumber, challengeable: bool = False) -> list[GameEvent]:
        if number == "unlimited" or number == 0:
            limit = None
        else:
            limit = int(number) + (0 if self.rules.exact_guesses else 1)
        s = self.state
        self.state = replace(
            s, phase=Phase.GUESS, clue=ClueView(s.turn, word, number), guesses_left=limit, guesses_made=0,
            challengeable=challengeable,
        )
        return [ClueGiven(s.turn, word, number, limit)]

    def _ruling(self, action: act.Ruling) -> list[GameEvent]:
        pending = self.state.ruling
        if pending is None:
            raise errors.NoRulingAwaited()
        self.state = replace(self.state, ruling=None)
        if action.accept:
            return self._start_guessing(pending.word, pending.number)
        judge = self.state.turn.other
        if pending.challenged:
            return self._illegal_clue(pending.word, "challenge", "", judge)
        return [ClueRejected(self.state.turn, pending.word, "ruling", "", retry=True, judge=judge)]

    def _awaiting_ruling(self) -> errors.AwaitingRuling:
        return errors.AwaitingRuling(self.state.turn.other, self.state.ruling.word)  # type: ignore[union-attr]

    # -- the table overrules the referee, or challenges it ----------------------

    def _overrule(self, _: act.Overrule) -> list[GameEvent]:
        """The refused clue stands: the game goes back to just before it, and guessing starts."""
        refused = self.state.refused
        if refused is None:
            raise errors.NoRefusedClue()
        if not refused.open:
            raise errors.TooLateToOverrule(refused.word, self.history[-1][0])
        _, before = self.history[-1]
        self.state = replace(before, cover=None, refused=None)
        clue = ClueOverruled(self.state.turn, refused.word, refused.number)
        return [clue, *self._start_guessing(refused.word, refused.number)]

    def _challenge(self, _: act.Challenge) -> list[GameEvent]:
        """The clue waits for the opposing spymaster's yes or no, as one the referee asked about."""
        s = self.state
        if s.phase is not Phase.GUESS or s.clue is None:
            raise errors.NoClueToChallenge()
        if s.guesses_made > 0:
            raise errors.TooLateToChallenge(s.clue.word, s.turn)
        if not s.challengeable:
            raise errors.AlreadyRuled(s.clue.word)
        ruling = PendingRuling(s.clue.word, s.clue.number, challenged=True)
        self.state = replace(
            s, phase=Phase.CLUE, clue=None, guesses_left=None, ruling=ruling, challengeable=False
        )
        return [ClueChallenged(s.turn, s.clue.word, s.clue.number, judge=s.turn.other)]

    def _close_refusal(self, before: GameState) -> None:
        """Anything done after a refusal, but allowing the clue, leaves it to stand."""
        refused = self.state.refused
        if refused is not None and refused is before.refused and refused.open:
            self.state = replace(self.state, refused=replace(refused, open=False))

    # -- guesses, covers, stop ------------------------------------------------

    def _index_of(self, card: str) -> int:
        try:
            index = self.deal.index(card)
        except KeyError:
            raise errors.UnknownCard(card) from None
        if index in self.state.covered:
            raise errors.CardAlreadyCovered(self.deal.cards[index])
        return index

    def _guess(self, action: act.Guess) -> list[GameEvent]:
        s = self.state
        if s.phase is not Phase.GUESS:
            if s.ruling is not None:
                raise self._awaiting_ruling()
            raise errors.GuessBeforeClue(s.turn)
        index = self._index_of(action.card)
        identity = self.deal.key[index]
        left = None if s.guesses_left is None else s.guesses_left - 1
        self.state = replace(s, covered=s.covered | {index}, guesses_made=s.guesses_made + 1, guesses_left=left)
        own = identity is Identity.of_team(s.turn)
        shown_left = left if own and (left is None or left > 0) else None
        events: list[GameEvent] = [CardRevealed(s.turn, self.deal.cards[index], identity, "guess", shown_left)]
        if identity is Identity.ASSASSIN:
            return events + self._game_over(s.turn.other, "assassin")
        over = self._check_winner()
        if over:
            return events + over
        if not own:
            return events + self._end_turn("miss")
        if left == 0:
            return events + self._end_turn("limit")
        return events

    def _cover(self, action: act.Cover) -> list[GameEvent]:
        pending = self.state.cover
        if pending is None:
            raise errors.NoCoverNow()
        index = self._index_of(action.card)
        identity = self.deal.key[index]
        if identity is not Identity.of_team(pending.team):
            raise errors.NotTheirAgent(self.deal.cards[index], pending.team, pending.why)
        self.state = replace(self.state, covered=self.state.covered | {index}, cover=None)
        events: list[GameEvent] = [CardRevealed(pending.team, self.deal.cards[index], identity, "cover", None)]
        return events + self._check_winner()

    def _stop(self, _: act.Stop) -> list[GameEvent]:
        s = self.state
        if s.phase is not Phase.GUESS:
            raise errors.NothingToStop()
        if s.guesses_made == 0:
            raise errors.MustGuessFirst(s.turn)
        return self._end_turn("stop")

    def _timeout(self, _: act.TimeOut) -> list[GameEvent]:
        """Time's up in either phase: the turn passes, as when a team stops."""
        return self._end_turn("timeout")

    # -- turn and game end ----------------------------------------------------

    def _end_turn(self, reason: TurnEndReason) -> list[GameEvent]:
        s = self.state
        if self.rules.coop:
            self.state = replace(
                s, phase=Phase.CLUE, clue=None, guesses_left=None, guesses_made=0, ruling=None,
                cover=PendingCover(s.turn.other, "coop"), challengeable=False,
            )
            return [TurnEnded(s.turn, reason, s.turn), CoverOffered(s.turn.other, "coop")]
        self.state = replace(
            s, turn=s.turn.other, phase=Phase.CLUE, clue=None, guesses_left=None, guesses_made=0,
            ruling=None, cover=None, challengeable=False,
        )
        return [TurnEnded(s.turn, reason, s.turn.other)]

    def _check_winner(self) -> list[GameEvent]:
        """All of a team's agents covered ends the game, whoever covered the last one."""
        for team in (self.state.turn, self.state.turn.other):
            if self.state.remaining(self.deal, team) == 0:
                if self.rules.coop and team is not self.team:
                    return self._game_over(team, "coop-agents")
                return self._game_over(team, "agents")
        return []

    def _game_over(self, winner: Team, reason: str) -> list[GameEvent]:
        self.state = replace(self.state, phase=Phase.OVER, winner=winner, ruling=None, cover=None)
        score = self.state.remaining(self.deal, self.team.other) if self.rules.coop else None
        return [GameOver(winner, reason, score)]  # type: ignore[arg-type]

    # -- undo and views -------------------------------------------------------

    def _undo(self) -> list[GameEvent]:
        if not self.history:
            raise errors.NothingToUndo()
        action, before = self.history.pop()
        self.state = before
        self.timer.restart(before.phase)
        return [ActionUndone(action)]

    def _pause_or_resume(self, action: act.PauseTimer | act.ResumeTimer) -> list[GameEvent]:
        """The clock is the table's, not a move: journaled, but never on the undo stack."""
        if isinstance(action, act.PauseTimer):
            self.timer.pause()
            return [TimerPaused(self.timer.remaining())]
        self.timer.resume()
        return [TimerResumed(self.timer.remaining())]

    def start_clock(self) -> None:
        """The table starts playing now: the phase's time counts from here, not from when the
        game was built (before the ears and the speaker were loaded). A pause is kept."""
        self.timer.restart(self.state.phase)

    def poll_timer(self) -> list[GameEvent]:
        """Timer warnings and time's up; an enforced TimeUp is followed by the caller applying TimeOut."""
        if self.is_over():
            return []
        return self.timer.poll(self.state.turn)

    def last_action(self) -> act.Action | None:
        """What undo would take back; None when there is nothing to undo."""
        return self.history[-1][0] if self.history else None

    def snapshot(self) -> GameSnapshot:
        s = self.state
        cards = tuple(
            CardView(word, self.deal.key[i], i in s.covered) for i, word in enumerate(self.deal.cards)
        )
        return GameSnapshot(
            cards=cards,
            turn=s.turn,
            phase=s.phase,
            winner=s.winner,
            remaining={t: s.remaining(self.deal, t) for t in Team},
            clue=s.clue,
            guesses_left=s.guesses_left if s.phase is Phase.GUESS else None,
            timer_left=None if self.is_over() else self.timer.remaining(),
            timer_paused=self.timer.paused,
            waiting_for=self._waiting_for(),
            coop=self.rules.coop,
        )

    def _waiting_for(self) -> Awaited | None:
        """A ruling first; a penalty cover with the overrule beside it; the co-op cover last."""
        s = self.state
        if s.ruling is not None:
            return AwaitedRuling(s.turn.other, s.ruling.word, s.ruling.reason)
        may_allow = s.refused.word if s.refused is not None and s.refused.open else None
        if s.cover is not None and s.cover.why == "penalty":
            return AwaitedPenaltyCover(s.cover.team, may_allow)
        if may_allow is not None:
            return AwaitedOverrule(may_allow)
        if s.cover is not None:
            return AwaitedOpponentCover()
        return None

    def uncovered(self) -> list[str]:
        return self.state.uncovered_cards(self.deal)

    def opponent_agents(self) -> list[str]:
        """Co-op: the simulated opponent's uncovered agents, for its cover."""
        ident = Identity.of_team(self.team.other)
        return [c for i, c in enumerate(self.deal.cards) if self.deal.key[i] is ident and i not in self.state.covered]

