"""Between what the table says and the rules core: confirmations, questions, requests.

Pure of I/O: it takes intents (from typed lines or speech) and the clock's time, applies
actions to the game, hands each applied action to the journal sink, and returns what
the referee should say. Every refusal comes back as a sentence, never silently. Each request
of the table (understand/requests.py) has its handler in `COMMANDS` (or, for a clue, a guess
and a cover, in `_handle`); one the game may hear without a handler stops the import.
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
from voicemaster.understand.intents import MAX_CANDIDATES, AmbiguousCard, Command, Intent
from voicemaster.understand.listening import Listening, listening
from voicemaster.understand.not_now import NotNow, UnfinishedClue
from voicemaster.understand.parse import card_words
from voicemaster.understand.requests import unhandled
from voicemaster.voice import answers, phrases
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
    clue: act.Clue | None = None
    reminded: bool = False


@dataclass(frozen=True)
class RulingQuestion:
    """The opposing spymaster's yes or no to the clue `word`. The game's own question: it
    lives in the game's state (undo and a replayed journal bring it back), never lapses."""

    word: str
    kind: Literal["ruling"] = "ruling"


OpenQuestion = Union[Question, RulingQuestion]


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
    def read_back(self) -> act.Clue | None:
        """The clue read back for a yes before it counts, if one is."""
        return self._asked.clue if self._asked is not None and self._asked.kind == "clue" else None

    def hear(self, intent: Intent | None, read_back: bool = False) -> str | None:
        """What to say to one utterance; None when nothing should be said (chatter).

        `read_back`: the speech path asks for this clue to be confirmed before it counts."""
        if intent is None:
            return None
        question = self.question
        if question is not None:
            answered = self._answer(question, intent)
            if answered is not None:
                return self._said(answered)
            if isinstance(question, Question) and question.kind == "clue" and _moves_on(intent) and not isinstance(
                    intent, act.Clue):
                return self._said(answers.clue_first_phrase(question.prompt))
            if _moves_on(intent):
                self._asked = None
        return self._said(self._handle(intent, read_back))

    def why_not(self, what: NotNow | None) -> str | None:
        """Why a line understood only out of turn (not_now.understood_anyway) cannot be done
        now, without doing anything; None when nothing stands in its way here."""
        if isinstance(what, UnfinishedClue):
            return self._said(self._unfinished(what))
        if isinstance(what, Command) and what.kind in ("yes", "no"):
            return self._said(answers.not_now_phrase("There is no question to answer."))
        if isinstance(what, Command) and what.kind == "new_game" and not self.game.is_over():
            return self._said(answers.not_now_phrase("A new game comes when this one is over"))
        move = _move(what)
        refused = self.game.refusal(move) if move is not None else None
        if isinstance(move, (act.Guess, act.Cover)) and refused is not None and (meant := self._card_meant(move)):
            return self._said(self._ask_card(AmbiguousCard("guess" if isinstance(move, act.Guess) else "cover", (meant,))))
        return self._said(refusal_phrase(refused)) if refused is not None else None

    def bare_card(self, text: str) -> str | None:
        """A card's name typed alone while a team guesses: how to guess it."""
        said = card_words(text)
        card = next((c for c in self.game.uncovered() if card_words(c) == said), None)
        if card is None or self.game.state.phase is not Phase.GUESS:
            return None
        return self._said(answers.bare_card_phrase(card))

    def _card_meant(self, move: act.Guess | act.Cover) -> str | None:
        """The one uncovered card a part of whose name was said ("ice" for ICE CREAM), when the
        rules would take the move on it."""
        said = set(card_words(move.card))
        fits = [c for c in self.game.uncovered() if said < set(card_words(c))]
        meant = type(move)(fits[0]) if len(fits) == 1 else None
        return meant.card if meant is not None and self.game.refusal(meant) is None else None

    def _unfinished(self, clue: UnfinishedClue) -> str:
        refused = self.game.refusal(act.Clue(clue.word or "", 1)) if self.game.state.phase is not Phase.CLUE else None
        if refused is not None:
            return refusal_phrase(refused)
        return answers.unfinished_clue_phrase(clue.word, clue.number)

    def tick(self) -> str | None:
        """Timer announcements, reminders of the referee's own question, the co-op opponent's move."""
        now = self.clock()
        if self._asked is not None:
            q = self._asked
            waited = now - q.asked_at
            if waited >= QUESTION_GIVE_UP_S:
                self._asked = None
                return self._said(answers.no_answer_phrase(self._question_subject(q)))
            if waited >= QUESTION_REMINDER_S and not q.reminded:
                q.reminded = True
                return self._said(answers.reminder_phrase(q.prompt))
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
        return listening(
            tuple(self.game.uncovered()), s.phase, question=self.question is not None,
            refused=s.refused is not None and s.refused.open,
            challengeable=s.challengeable and s.guesses_made == 0,
        )

    def brisk(self) -> bool:
        """Only short requests are expected now: guesses and commands, or an answer."""
        return self.game.state.phase is Phase.GUESS or self.question is not None

    def opening(self) -> str:
        return self._said("VoiceMaster is listening. " + answers.status_phrase(self.game.snapshot()))

    @staticmethod
    def _question_subject(question: Question) -> str:
        return {"undo": "the undo", "card": "the guess", "clue": "the clue"}[question.kind]

    # -- intents ----------------------------------------------------------------

    def _handle(self, intent: Intent, read_back: bool = False) -> str:
        try:
            if isinstance(intent, act.Clue):
                return self._clue(intent, confirmed=not (self.confirm_clues or read_back))
            if isinstance(intent, (act.Guess, act.Cover)):
                return self._act(intent)
            if isinstance(intent, AmbiguousCard):
                return self._ask_card(intent)
            return COMMANDS[intent.kind](self)
        except GameError as err:
            return refusal_phrase(err)

    def _clue(self, intent: act.Clue, confirmed: bool) -> str:
        if not confirmed and self.game.state.phase is Phase.CLUE:
            prompt = answers.confirm_clue_phrase(intent.word, intent.number)
            return self._ask(Question("clue", prompt, self.clock(), clue=intent))
        pre: list[GameEvent] = []
        if self.coop_cover_since is not None:
            pre = self._coop_random_cover()
        return self._announced(pre + self._apply(intent))

    def _handle_clue_safely(self, intent: act.Clue) -> str:
        try:
            return self._clue(intent, confirmed=True)
        except GameError as err:
            return refusal_phrase(err)

    def _undo(self) -> str:
        last = self.game.last_action()
        if last is None:
            return refusal_phrase(NothingToUndo())
        return self._ask(Question("undo", answers.confirm_undo_phrase(last), self.clock()))

    def _no_question(self) -> str:
        return answers.not_now_phrase("There is no question to answer.")

    def _repeat(self) -> str:
        return answers.repeat_phrase(self.game.snapshot()) or self.last_said

    def _new_game(self) -> str:
        self.new_game_asked = True
        return "New game."

    def _ask_card(self, intent: AmbiguousCard) -> str:
        """ "Apple?" or "Did you say apple or chapel?": a question of three cards goes unanswered."""
        cards = intent.candidates[:MAX_CANDIDATES]
        return self._ask(Question("card", answers.confirm_card_phrase(cards), self.clock(), cards, intent.action))

    def _ask(self, question: Question) -> str:
        self._asked = question
        return question.prompt

    def _answer(self, q: OpenQuestion, intent: Intent) -> str | None:
        """A reply to the open question, or None when the utterance is about something else."""
        is_yes = isinstance(intent, Command) and intent.kind == "yes"
        is_no = isinstance(intent, Command) and intent.kind == "no"
        if isinstance(q, RulingQuestion):
            return self._act(act.Ruling(accept=is_yes)) if is_yes or is_no else None
        if is_no:
            self._asked = None
            return answers.clue_again_phrase(self.game.state.turn) if q.kind == "clue" else answers.not_now_phrase("Cancelled")
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
                return q.prompt
        return None

    # -- applying actions ---------------------------------------------------------

    def _act(self, action: act.Action) -> str:
        try:
            events = self._apply(action)
        except GameError as err:
            return refusal_phrase(err)
        return self._announced(events)

    def _announced(self, events: list[GameEvent]) -> str:
        return phrases.announce_all(events, self.game.snapshot())

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

    def _said(self, reply: str) -> str:
        if reply:
            self.last_said = reply
        return reply


MOVES: dict[str, Callable[[], act.Move]] = {"stop": act.Stop, "overrule": act.Overrule, "challenge": act.Challenge}
"""The requests that are moves of the game as they are said: the rules may refuse them."""
CLOCK: dict[str, Callable[[], act.Action]] = {"pause_timer": act.PauseTimer, "resume_timer": act.ResumeTimer}
ASIDES = frozenset({"repeat", "status", "whose_turn", "time"})
"""Requests that ask about the game and leave a question open: the table has not moved on."""

def _doing(move: Callable[[], act.Action]) -> Callable[[Dialogue], str]:
    """The handler of a request that is an action of the game as it is said."""
    return lambda dialogue: dialogue._act(move())


COMMANDS: dict[str, Callable[[Dialogue], str]] = {
    **{name: _doing(move) for name, move in {**MOVES, **CLOCK}.items()},
    "undo": Dialogue._undo,
    "yes": Dialogue._no_question,
    "no": Dialogue._no_question,
    "repeat": Dialogue._repeat,
    "status": lambda d: answers.status_phrase(d.game.snapshot()),
    "whose_turn": lambda d: answers.whose_turn_phrase(d.game.snapshot()),
    "time": lambda d: answers.time_phrase(d.game.snapshot()),
    "new_game": Dialogue._new_game,
}
"""The handler of every request without a slot that a game hears (a question's yes and no are
taken by `_answer` first; these are theirs with no question open)."""
if missing := unhandled([*COMMANDS, "clue", "guess", "cover"]):
    raise ImportError(f"requests a game may hear with no handler in the dialogue: {sorted(missing)}")


def _move(what: NotNow | None) -> act.Move | None:
    """The move a line asks for, to be tried against the rules."""
    if isinstance(what, (act.Clue, act.Guess, act.Cover)):
        return what
    if isinstance(what, Command) and what.kind in MOVES:
        return MOVES[what.kind]()
    return None


def _moves_on(intent: Intent) -> bool:
    """The table went on to another move: a question about an earlier one is moot."""
    return not (isinstance(intent, Command) and intent.kind in ASIDES)


def _chosen_card(intent: Intent, candidates: tuple[str, ...]) -> str | None:
    if isinstance(intent, (act.Guess, act.Cover)) and intent.card in candidates:
        return intent.card
    return None
