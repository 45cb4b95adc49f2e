"""What the referee answers when asked: the state of the game, the clue again, the time, whose
turn it is, and the questions and confirmations of a request (a card to confirm, an undo, a clue
read back). Pure functions from snapshots and actions to sentences, like phrases.py's
announcements of what happened."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from voicemaster.game import actions as act
from voicemaster.game.cards import Team
from voicemaster.game.clue_number import ClueNumber
from voicemaster.game.phase import Phase
from voicemaster.game.snapshot import (
    Awaited,
    AwaitedOpponentCover,
    AwaitedOverrule,
    AwaitedPenaltyCover,
    AwaitedRuling,
    GameSnapshot,
)
from voicemaster.understand.intents import AmbiguousCard, Command, Intent
from voicemaster.voice.wording import as_sentence, cap, clue_number, duration, plural, said_card


def _clue_said(snapshot: GameSnapshot) -> str:
    clue = snapshot.clue
    return f"clue {clue.word}, {clue_number(clue.number)}" if clue is not None else "no clue"


def where_we_are(snapshot: GameSnapshot) -> str:
    """Whose turn and what they are doing, as one sentence."""
    if snapshot.phase is Phase.OVER and snapshot.coop:
        return f"Game over: you {'won' if snapshot.winner is snapshot.turn else 'lost'}."
    if snapshot.phase is Phase.OVER:
        return f"Game over: {snapshot.winner.value if snapshot.winner else 'nobody'} won."
    team = snapshot.turn.title
    if snapshot.phase is Phase.CLUE:
        return f"{team}'s turn: waiting for the clue."
    return f"{team}'s turn, guessing: {_clue_said(snapshot)}; {_left(snapshot)}."


def _left(snapshot: GameSnapshot) -> str:
    """ "three guesses left", "unlimited guesses" """
    if snapshot.guesses_left is None:
        return "unlimited guesses"
    return plural(snapshot.guesses_left, "guess", "guesses") + " left"


def status_phrase(snapshot: GameSnapshot) -> str:
    """ "Red has 5 agents left, blue 3. Red's turn, guessing: clue ocean, two; two guesses left." """
    first, second = snapshot.turn, snapshot.turn.other
    agents = "agent" if snapshot.remaining.get(first, 0) == 1 else "agents"
    counts = (
        f"{first.title} has {snapshot.remaining.get(first, 0)} {agents} left, "
        f"{second.value} {snapshot.remaining.get(second, 0)}."
    )
    parts = [counts, where_we_are(snapshot)]
    if snapshot.waiting_for:
        parts.append(as_sentence(awaited_phrase(snapshot.waiting_for)))
    return " ".join(parts)


def awaited_phrase(awaited: Awaited | None) -> str:
    """What the game waits for besides the normal flow, as the displays show it (no full
    stop): "Blue spymaster may cover one of their words"; "" when nothing is awaited."""
    if isinstance(awaited, AwaitedRuling):
        return f"{awaited.judge.title} spymaster: accept or reject the clue {awaited.word}"
    if isinstance(awaited, AwaitedPenaltyCover):
        cover = f"{awaited.team.title} spymaster may cover one of their words"
        return f"{cover}; or {_allow_it(awaited.may_allow)}" if awaited.may_allow else cover
    if isinstance(awaited, AwaitedOverrule):
        return cap(_allow_it(awaited.word))
    if isinstance(awaited, AwaitedOpponentCover):
        return "The opponent covers one of its agents"
    return ""


def _allow_it(word: str) -> str:
    return f"say allow it to let {word} stand"


def repeat_phrase(snapshot: GameSnapshot) -> str | None:
    """The current clue again with the guesses left, or the ruling the game waits for with its
    reason; None when there is neither."""
    awaited = snapshot.waiting_for
    if isinstance(awaited, AwaitedRuling):
        return " ".join(filter(None, [as_sentence(awaited.reason) if awaited.reason else "",
                                      ask_clue_phrase(awaited.judge, awaited.word)]))
    if snapshot.clue is None or snapshot.phase is not Phase.GUESS:
        return None
    return f"The {_clue_said(snapshot)}: {_left(snapshot)}."


def time_phrase(snapshot: GameSnapshot) -> str:
    """How long the current phase has left."""
    if snapshot.timer_left is None:
        return "The timer is off."
    if snapshot.timer_paused:
        return f"The timer is paused with {duration(snapshot.timer_left)} left."
    return cap(duration(snapshot.timer_left)) + " left."


def whose_turn_phrase(snapshot: GameSnapshot) -> str:
    """ "Red's turn, guessing: clue ocean, two; two guesses left." """
    return where_we_are(snapshot)


def confirm_card_phrase(candidates: Sequence[str]) -> str:
    """ "Apple?" for one card (yes takes it), "Did you say apple or chapel?" for two; never more."""
    names = [said_card(c) for c in candidates[:2]]
    if len(names) == 1:
        return f"{cap(names[0])}?"
    return f"Did you say {names[0]} or {names[1]}?"


def action_phrase(action: act.Action) -> str:
    """An action as undo names it: "the guess apple"."""
    if isinstance(action, act.Clue):
        return f"the clue {action.word}, {clue_number(action.number)}"
    if isinstance(action, act.Guess):
        return f"the guess {said_card(action.card)}"
    if isinstance(action, act.Cover):
        return f"covering {said_card(action.card)}"
    if isinstance(action, act.Ruling):
        return "the ruling on the clue"
    if isinstance(action, act.Overrule):
        return "the overrule"
    if isinstance(action, act.Challenge):
        return "the challenge"
    if isinstance(action, act.TimeOut):
        return "the time-out"
    return "the stop"


def confirm_undo_phrase(action: act.Action) -> str:
    """ "Undo the guess apple? Say yes or no." """
    return f"Undo {action_phrase(action)}? Say yes or no."


def ask_clue_phrase(judge_team: Team, word: str) -> str:
    """ "Blue spymaster, do you accept corner?" """
    return f"{judge_team.title} spymaster, do you accept {word}?"


def bare_card_phrase(card: str) -> str:
    """A card's name said alone while guessing: "To guess apple, say: guess apple." """
    return f"To guess {said_card(card)}, say: guess {said_card(card)}."


def clue_first_phrase(prompt: str) -> str:
    """A move said while a clue read back waits for its yes: the clue comes first."""
    return f"First the clue: {prompt} Say yes or no."


def clue_again_phrase(team: Team) -> str:
    """ "No" to a clue read back: the spymaster says it again."""
    return f"Cancelled. {team.title} spymaster, say your clue again."


def confirm_clue_phrase(word: str, number: ClueNumber) -> str:
    """ "Ocean, two — right?" """
    return f"{cap(word)}, {clue_number(number)} — right?"


def understood_phrase(intent: Intent | None) -> str:
    """What an utterance was taken for, shown beside what was heard: "guess orchid",
    "clue ocean two", "apple or chapel?", "stop"; "" for nothing."""
    match intent:
        case None:
            return ""
        case act.Clue(word=word, number=number):
            return f"clue {word} {clue_number(number)}"
        case act.Guess(card=card) | act.Cover(card=card):
            return f"{'guess' if isinstance(intent, act.Guess) else 'cover'} {said_card(card)}"
        case AmbiguousCard(candidates=cards):
            return " or ".join(said_card(c) for c in cards) + "?"
        case Command(kind=kind):
            return kind.replace("_", " ")
    return ""


def kept_phrase(over: bool, journal: Path | None) -> str:
    """Said when the input ends: where the game is kept and how to go on with it."""
    if journal is None:
        return "The game was not recorded (play with --journal FILE to keep one)." if not over else "Good game."
    if over:
        return f"The game is kept in {journal}: voicemaster state --journal {journal} shows it."
    return f"The game is kept in {journal}: voicemaster play --resume --journal {journal} goes on with it."


def unfinished_clue_phrase(word: str | None, number: str | None) -> str:
    """ "Ocean, how many?", "Ten is not a clue number: zero to nine, or unlimited.", "The clue?" """
    if number is not None:
        return f"{cap(number)} is not a clue number: zero to nine, or unlimited."
    if word is None:
        return "The clue?"
    return f"{cap(word)}, how many? Say the clue with its number."


def reminder_phrase(question: str) -> str:
    """Said when a question has gone unanswered for a while: the question again."""
    return f"I'm still waiting. {question}"


def no_answer_phrase(what: str) -> str:
    """Said when a question is given up: "No answer, so the undo is cancelled." """
    return f"No answer, so {said_card(what)} is cancelled."


def not_now_phrase(reason: str) -> str:
    """A reason an action is refused, spoken as a sentence (the rules core's via refusals.refusal_phrase)."""
    return as_sentence(reason)
