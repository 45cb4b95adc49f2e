"""Between what the table says and the rules core: confirmations, questions, requests.

Pure of I/O: it takes intents (from typed lines or speech) and the clock's time, applies
actions to the game, hands each applied action to the journal sink, and returns what
the referee should say. Every refusal comes back as a sentence, never silently.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Literal, Union

from voicemaster.game import actions as act
from voicemaster.game.core import Game
from voicemaster.game.errors import GameError, NothingToUndo
from voicemaster.game.events import CoverOffered, GameEvent, TimeUp
from voicemaster.game.phase import Phase
from voicemaster.understand.intents import (
    MAX_CANDIDATES,
    AmbiguousCard,
    Command,
    CoverCard,
    GiveClue,
    GuessCard,
    Intent,
)
from voicemaster.understand.listening import Listening
from voicemaster.understand.not_now import NotNow, UnfinishedClue
from voicemaster.voice import phrases
from voicemaster.voice.refusals import refusal_phrase

QUESTION_REMINDER_S = 8.0
QUESTION_GIVE_UP_S = 20.0
COOP_COVER_WAIT_S = 10.0


@dataclass
class Question:
    """Something the referee itself asked and waits a yes/no or a choice for: it lapses
    when the table moves on, and is given up when nobody answers."""

    kind: Literal["undo", "card", "clue"]
    prompt: str
    asked_at: float
    candidates: tuple[str, ...] = ()
    action: Literal["guess", "cover"] = "guess"
    clue: GiveClue | None = None
    reminded: bool = False


@dataclass(frozen=True)
class RulingQuestion:
    """The opposing spymaster's yes or no to the clue `word`. The game's own question: it
    lives in the game's state (undo and a replayed journal bring it back), never lapses."""

    word: str
    kind: Literal["ruling"] = "ruling"


OpenQuestion = Union[Question, RulingQuestion]


@dataclass
class Reply:
    say: str


class Dialogue:
    def __init__(
        self,
        game: Game,
        record: Callable[[act.Action], None],
        clock: Callable[[], float],
        rng: random.Random | None = None,
        confirm_clues: bool = False,
    ) -> None:
        self.game = game
        self.confirm_clues = confirm_clues
        self.record = record
        self.clock = clock
        self.rng = rng or random.Random()
        self._asked: Question | None = None
        self.coop_cover_since: float | None = None
        self.last_said = ""
        self.new_game_asked = False
        """ "New game" was said after the game ended: the next game is to be set up."""

    # -- entry points -----------------------------------------------------------

    @property
    def question(self) -> OpenQuestion | None:
        """The one question open now: the referee's own when it asked one, else the ruling
        the game waits for. A yes or a no always answers it; with none open, they are refused."""
        if self._asked is not None:
            return self._asked
        ruling = self.game.state.ruling
        return RulingQuestion(ruling.word) if ruling is not None else None

    @property
    def read_back(self) -> GiveClue | None:
        """The clue read back for a yes before it counts, if one is."""
        return self._asked.clue if self._asked is not None and self._asked.kind == "clue" else None

    def hear(self, intent: Intent | None, read_back: bool = False) -> Reply | None:
        """React to one utterance; None when nothing should be said (chatter).

        `read_back`: the speech path asks for this clue to be confirmed before it counts."""
        if intent is None:
            return None
        question = self.question
        if question is not None:
            answered = self._answer(question, intent)
            if answered is not None:
                return self._said(answered)
            if _moves_on(intent):
                self._asked = None
        return self._said(self._handle(intent, read_back))

    def why_not(self, what: NotNow | None) -> Reply | None:
        """Why a line understood only out of turn (not_now.understood_anyway) cannot be done
        now, without doing anything; None when nothing stands in its way here."""
        if isinstance(what, UnfinishedClue):
            return self._said(self._unfinished(what))
        if isinstance(what, Command) and what.kind in ("yes", "no"):
            return self._said(Reply(phrases.not_now_phrase("There is no question to answer.")))
        if isinstance(what, Command) and what.kind == "new_game" and not self.game.is_over():
            return self._said(Reply(phrases.not_now_phrase("A new game comes when this one is over")))
        move = _move(what)
        refused = self.game.refusal(move) if move is not None else None
        return self._said(Reply(refusal_phrase(refused))) if refused is not None else None

    def _unfinished(self, clue: UnfinishedClue) -> Reply:
        refused = self.game.refusal(act.Clue(clue.word or "", 1)) if self.game.state.phase is not Phase.CLUE else None
        if refused is not None:
            return Reply(refusal_phrase(refused))
        return Reply(phrases.unfinished_clue_phrase(clue.word, clue.number))

    def tick(self) -> Reply | None:
        """Timer announcements, reminders of the referee's own question, the co-op opponent's move."""
        now = self.clock()
        if self._asked is not None:
            q = self._asked
            waited = now - q.asked_at
            if waited >= QUESTION_GIVE_UP_S:
                self._asked = None
                return self._said(Reply(phrases.no_answer_phrase(self._question_subject(q))))
            if waited >= QUESTION_REMINDER_S and not q.reminded:
                q.reminded = True
                return self._said(Reply(phrases.reminder_phrase(q.prompt)))
        if self.coop_cover_since is not None and now - self.coop_cover_since >= COOP_COVER_WAIT_S:
            return self._said(self._announced(self._coop_random_cover()))
        events = self.game.poll_timer()
        if not events:
            return None
        if any(isinstance(e, TimeUp) and e.enforced for e in events):
            events += self._apply(act.TimeOut())
        return self._said(self._announced(events))

    def listening(self) -> Listening:
        s = self.game.state
        asked = self.question is not None
        return Listening(
            cards=tuple(self.game.uncovered()),
            phase=Phase.GUESS if s.phase is Phase.GUESS else Phase.CLUE,
            awaiting_clue=s.phase is Phase.CLUE and not asked,
            question_open=asked,
            game_over=s.phase is Phase.OVER,
            may_overrule=s.refused is not None and s.refused.open and not asked,
            may_challenge=s.challengeable and s.guesses_made == 0 and not asked,
        )

    def brisk(self) -> bool:
        """Only short requests are expected now: guesses and commands, or an answer.

        Asked by the endpointer on every frame of an utterance: reads state, builds nothing heavy."""
        return self.game.state.phase is Phase.GUESS or self.question is not None

    def opening(self) -> str:
        return self._said(Reply("VoiceMaster is listening. " + phrases.status_phrase(self.game.snapshot()))).say

    @staticmethod
    def _question_subject(question: Question) -> str:
        return {"undo": "the undo", "card": "the guess", "clue": "the clue"}[question.kind]

    # -- intents ----------------------------------------------------------------

    def _handle(self, intent: Intent, read_back: bool = False) -> Reply:
        try:
            if isinstance(intent, GiveClue):
                return self._clue(intent, confirmed=not (self.confirm_clues or read_back))
            if isinstance(intent, GuessCard):
                return self._act(act.Guess(intent.word))
            if isinstance(intent, CoverCard):
                return self._act(act.Cover(intent.word))
            if isinstance(intent, AmbiguousCard):
                return self._ask_card(intent)
            return self._command(intent)
        except GameError as err:
            return Reply(refusal_phrase(err))

    def _clue(self, intent: GiveClue, confirmed: bool) -> Reply:
        if not confirmed and self.game.state.phase is Phase.CLUE:
            prompt = phrases.confirm_clue_phrase(intent.word, intent.number)
            return self._ask(Question("clue", prompt, self.clock(), clue=intent))
        pre: list[GameEvent] = []
        if self.coop_cover_since is not None:
            pre = self._coop_random_cover()
        return self._announced(pre + self._apply(act.Clue(intent.word, intent.number)))

    def _handle_clue_safely(self, intent: GiveClue) -> Reply:
        try:
            return self._clue(intent, confirmed=True)
        except GameError as err:
            return Reply(refusal_phrase(err))

    def _command(self, intent: Command) -> Reply:
        snap = self.game.snapshot()
        if intent.kind == "stop":
            return self._act(act.Stop())
        if intent.kind == "undo":
            last = self.game.last_action()
            if last is None:
                return Reply(refusal_phrase(NothingToUndo()))
            return self._ask(Question("undo", phrases.confirm_undo_phrase(last), self.clock()))
        if intent.kind in ("yes", "no"):
            return Reply(phrases.not_now_phrase("There is no question to answer."))
        if intent.kind == "repeat":
            return Reply(phrases.repeat_phrase(snap) or self.last_said)
        if intent.kind == "status":
            return Reply(phrases.status_phrase(snap))
        if intent.kind == "new_game":
            self.new_game_asked = True
            return Reply("New game.")
        if intent.kind == "overrule":
            return self._act(act.Overrule())
        if intent.kind == "challenge":
            return self._act(act.Challenge())
        if intent.time_action == "pause":
            return self._act(act.PauseTimer())
        if intent.time_action == "resume":
            return self._act(act.ResumeTimer())
        return Reply(phrases.time_phrase(snap))

    def _ask_card(self, intent: AmbiguousCard) -> Reply:
        """ "Apple?" or "Did you say apple or chapel?": a question of three cards goes unanswered."""
        cards = intent.candidates[:MAX_CANDIDATES]
        return self._ask(Question("card", phrases.confirm_card_phrase(cards), self.clock(), cards, intent.action))

    def _ask(self, question: Question) -> Reply:
        self._asked = question
        return Reply(question.prompt)

    def _answer(self, q: OpenQuestion, intent: Intent) -> Reply | None:
        """A reply to the open question, or None when the utterance is about something else."""
        is_yes = isinstance(intent, Command) and intent.kind == "yes"
        is_no = isinstance(intent, Command) and intent.kind == "no"
        if isinstance(q, RulingQuestion):
            return self._act(act.Ruling(accept=is_yes)) if is_yes or is_no else None
        if is_no:
            self._asked = None
            return Reply(phrases.not_now_phrase("Cancelled"))
        if q.kind == "undo" and is_yes:
            self._asked = None
            return self._act(act.Undo())
        if q.kind == "clue" and is_yes and q.clue is not None:
            self._asked = None
            return self._handle_clue_safely(q.clue)
        if q.kind == "card":
            chosen = q.candidates[0] if is_yes and len(q.candidates) == 1 else _chosen_card(intent, q.candidates)
            if chosen is not None:
                self._asked = None
                action = act.Guess(chosen) if q.action == "guess" else act.Cover(chosen)
                return self._act(action)
            if is_yes:
                return Reply(q.prompt)
        return None

    # -- applying actions ---------------------------------------------------------

    def _act(self, action: act.Action) -> Reply:
        try:
            events = self._apply(action)
        except GameError as err:
            return Reply(refusal_phrase(err))
        return self._announced(events)

    def _announced(self, events: list[GameEvent]) -> Reply:
        return Reply(phrases.announce_all(events, self.game.snapshot()))

    def _apply(self, action: act.Action) -> list[GameEvent]:
        events = self.game.apply(action)
        self.record(action)
        self._follow_up(events)
        return events

    def _follow_up(self, events: list[GameEvent]) -> None:
        if any(isinstance(e, CoverOffered) and e.why == "coop" for e in events):
            self.coop_cover_since = self.clock()
        elif self.game.state.cover is None:
            self.coop_cover_since = None

    def _coop_random_cover(self) -> list[GameEvent]:
        """The simulated opponent covers one of its agents, chosen at random."""
        self.coop_cover_since = None
        card = self.rng.choice(self.game.opponent_agents())
        return self._apply(act.Cover(card))

    def _said(self, reply: Reply) -> Reply:
        if reply.say:
            self.last_said = reply.say
        return reply


def _move(what: NotNow | None) -> act.Move | None:
    """The move a line asks for, to be tried against the rules."""
    if isinstance(what, GiveClue):
        return act.Clue(what.word, what.number)
    if isinstance(what, GuessCard):
        return act.Guess(what.word)
    if isinstance(what, CoverCard):
        return act.Cover(what.word)
    if isinstance(what, Command):
        moves: dict[str, act.Move] = {"stop": act.Stop(), "overrule": act.Overrule(), "challenge": act.Challenge()}
        return moves.get(what.kind)
    return None


def _moves_on(intent: Intent) -> bool:
    """The table went on to another move: a question about an earlier one is moot.

    Asking the time or for a repeat leaves the question open."""
    return not (isinstance(intent, Command) and intent.kind in ("repeat", "status", "time"))


def _chosen_card(intent: Intent, candidates: tuple[str, ...]) -> str | None:
    if isinstance(intent, (GuessCard, CoverCard)) and intent.word in candidates:
        return intent.word
    return None
