"""What the announcer says: pure functions from game events and snapshots to sentences.

Short, and in the order players need it: the card, what it was, what happens now.
One action can produce several events (a card revealed, the turn ended, the game
over); `announce_all` renders them as one sequence that never says a thing twice.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Literal, Sequence

from voicemaster.game import actions as act
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
    GameEvent,
    GameOver,
    GameStarted,
    TimerPaused,
    TimerResumed,
    TimerWarning,
    TimeUp,
    TurnEnded,
)
from voicemaster.game.phase import Phase
from voicemaster.game.snapshot import (
    Awaited,
    AwaitedOpponentCover,
    AwaitedOverrule,
    AwaitedPenaltyCover,
    AwaitedRuling,
    GameSnapshot,
)
from voicemaster.game.clue_number import UNLIMITED, ClueNumber
from voicemaster.referee.table_hints import nearest_card
from voicemaster.understand.intents import AmbiguousCard, Command, Intent
from voicemaster.vocabulary import number_words


NEXT_GAME = "Say new game to play again."
"""Said when a game ends: what the table does next (undo still takes the last move back)."""


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card(word: str) -> str:
    """A card as said in a sentence: board files are often written in capitals."""
    return word.lower() if word.isupper() else word


def _sentence(text: str) -> str:
    text = _cap(text.strip())
    return text if text.endswith((".", "?", "!")) else text + "."


def _plural(n: int, one: str, many: str) -> str:
    return f"{number_words(n)} {one if n == 1 else many}"


def _clue_number(number: ClueNumber) -> str:
    return UNLIMITED if number == UNLIMITED else number_words(number)


_IDENTITY = {
    Identity.RED: "red agent",
    Identity.BLUE: "blue agent",
    Identity.BYSTANDER: "bystander",
    Identity.ASSASSIN: "the assassin",
}


def _guesses_left(n: int | None) -> str:
    if n is None:
        return "Guess again, or say stop."
    return _cap(_plural(n, "guess", "guesses")) + " left."


def _game_started(e: GameStarted) -> list[str]:
    if e.coop:
        return [f"New co-op game: {e.starting.value} plays.", f"{e.starting.title} spymaster, your clue."]
    return [f"New game. {e.starting.title} starts.", f"{e.starting.title} spymaster, your clue."]


def _clue_given(e: ClueGiven, before: Sequence[GameEvent]) -> list[str]:
    """The clue and the guesses it gives; after "Overruled: ... stands." only the guesses."""
    overruled = any(isinstance(b, ClueOverruled) for b in before)
    said = [] if overruled else [f"{e.team.title}: {e.word}, {_clue_number(e.number)}."]
    if e.guesses_left is None:
        return [*said, "Unlimited guesses."]
    if e.guesses_left == 1:
        return [*said, "One guess."]
    return [*said, f"Up to {number_words(e.guesses_left)} guesses."]


def _clue_overruled(e: ClueOverruled) -> list[str]:
    return [f"Overruled: {e.word}, {_clue_number(e.number)} stands."]


def _clue_challenged(e: ClueChallenged, snapshot: GameSnapshot) -> list[str]:
    """ "Blue spymaster: is hospitality allowed with HOSPITAL? Say yes or no." """
    card = nearest_card(e.word, [c.word for c in snapshot.cards if not c.covered])
    with_card = f" with {card.upper()}" if card else ""
    return [f"{e.judge.title} spymaster: is {e.word} allowed{with_card}? Say yes or no."]


def _clue_rejected(e: ClueRejected) -> list[str]:
    if e.retry:
        return [_rejected_because(e), f"{e.team.title} spymaster, another clue please."]
    return [_rejected_because(e)]


def _rejected_because(e: ClueRejected) -> str:
    """The table's ruling in words; the referee's own reason as it gave it."""
    if e.rule == "challenge" and e.judge is not None:
        return f"{_cap(e.word)} is not allowed: the {e.judge.value} spymaster ruled it out."
    if e.rule == "ruling":
        return "The clue was not accepted."
    return _sentence(e.reason)


def _clue_questioned(e: ClueQuestioned) -> list[str]:
    return [_sentence(e.reason), ask_clue_phrase(e.judge, e.word)]


def _card_revealed(e: CardRevealed, snapshot: GameSnapshot, after: Sequence[GameEvent]) -> list[str]:
    said = f"{_cap(_card(e.card))}: {_IDENTITY[e.identity]}."
    if e.by == "cover":
        owner = Team(e.identity.value) if e.identity in (Identity.RED, Identity.BLUE) else e.team
        left = snapshot.remaining.get(owner, 0)
        said_cover = [f"{_cap(_card(e.card))} covered.", f"{owner.title} has {_plural(left, 'agent', 'agents')} left."]
        clue_follows = any(isinstance(a, (ClueGiven, ClueRejected, ClueQuestioned, GameOver)) for a in after)
        if snapshot.phase is Phase.CLUE and not clue_follows:
            said_cover.append(f"{snapshot.turn.title} spymaster, your clue.")
        return said_cover
    if any(isinstance(a, (TurnEnded, GameOver)) for a in after):
        return [said]
    if e.identity is Identity.of_team(e.team):
        return [said, _guesses_left(e.guesses_left)]
    return [said]


def _cover_offered(e: CoverOffered) -> list[str]:
    if e.why == "coop":
        return [f"Now one {e.team.value} agent gets covered: spymaster, say cover and the card, or I pick one."]
    return [f"{e.team.title} spymaster, you may cover one of your words."]


def _turn_ended(e: TurnEnded, before: Sequence[GameEvent], after: Sequence[GameEvent]) -> list[str]:
    if any(isinstance(a, GameOver) for a in after):
        return []
    nxt = f"{e.next_team.title}'s turn." if e.next_team is not e.team else "Turn over."
    if e.reason == "illegal-clue":
        offer = next((a for a in after if isinstance(a, CoverOffered) and a.why == "penalty"), None)
        if offer is not None:
            return [f"{e.team.title}'s turn ends; {offer.team.value} spymaster, you may cover one of your words."]
        return [f"{e.team.title}'s turn ends.", nxt]
    if e.reason == "stop":
        return [f"{e.team.title} stops.", nxt]
    if e.reason == "limit":
        return ["That was the last guess.", nxt]
    if e.reason == "timeout" and not any(isinstance(b, TimeUp) for b in before):
        return ["Time's up.", nxt]
    return [nxt]


def _game_over(e: GameOver, before: Sequence[GameEvent], snapshot: GameSnapshot) -> list[str]:
    """Who won, and how to play again. In co-op the table plays one team (the one on turn)
    against the simulated opponent: it wins or loses, no colour "wins" over it."""
    return [*_who_won(e, before, snapshot), NEXT_GAME]


def _who_won(e: GameOver, before: Sequence[GameEvent], snapshot: GameSnapshot) -> list[str]:
    revealed = next((b for b in reversed(before) if isinstance(b, CardRevealed)), None)
    loser = e.winner.other
    table_lost = snapshot.coop and e.winner is not snapshot.turn
    result = "You lose." if table_lost else "You win." if snapshot.coop else f"{e.winner.title} wins."
    if e.reason == "assassin":
        if revealed is not None and revealed.identity is Identity.ASSASSIN:
            return [result]
        return ["You found the assassin." if table_lost else f"{loser.title} found the assassin.", result]
    if revealed is not None and revealed.identity is Identity.of_team(e.winner) and not table_lost:
        win = [f"That was {e.winner.value}'s last agent.", result]
    else:
        win = [f"All {e.winner.value} agents are covered.", result]
    if e.score is not None and not table_lost:
        win.append(f"Score: {_plural(e.score, loser.value + ' agent', loser.value + ' agents')} left.")
    return win


def _time_up(e: TimeUp, snapshot: GameSnapshot, after: Sequence[GameEvent]) -> list[str]:
    if not e.enforced:
        return [f"Time's up, {e.team.value}."]
    if any(isinstance(a, (TurnEnded, GameOver)) for a in after):
        return ["Time's up."]
    return ["Time's up.", f"{snapshot.turn.title}'s turn."]


def _render(
    event: GameEvent, snapshot: GameSnapshot, before: Sequence[GameEvent], after: Sequence[GameEvent]
) -> list[str]:
    if isinstance(event, GameStarted):
        return _game_started(event)
    if isinstance(event, ClueGiven):
        return _clue_given(event, before)
    if isinstance(event, ClueOverruled):
        return _clue_overruled(event)
    if isinstance(event, ClueChallenged):
        return _clue_challenged(event, snapshot)
    if isinstance(event, ClueRejected):
        return _clue_rejected(event)
    if isinstance(event, ClueQuestioned):
        return _clue_questioned(event)
    if isinstance(event, CardRevealed):
        return _card_revealed(event, snapshot, after)
    if isinstance(event, CoverOffered):
        penalty_said = any(isinstance(b, TurnEnded) and b.reason == "illegal-clue" for b in before)
        return [] if penalty_said and event.why == "penalty" else _cover_offered(event)
    if isinstance(event, TurnEnded):
        return _turn_ended(event, before, after)
    if isinstance(event, GameOver):
        return _game_over(event, before, snapshot)
    if isinstance(event, ActionUndone):
        awaited = awaited_phrase(snapshot.waiting_for)
        return [f"Undone: {action_phrase(event.action)}.", _where_we_are(snapshot), *([_sentence(awaited)] if awaited else [])]
    if isinstance(event, TimerWarning):
        return [_cap(_plural(event.seconds_left, "second", "seconds")) + "."]
    if isinstance(event, TimerPaused):
        return [_timer_phrase(event.seconds_left, "pause")]
    if isinstance(event, TimerResumed):
        return [_timer_phrase(event.seconds_left, "resume")]
    return _time_up(event, snapshot, after)


def announce_all(events: Sequence[GameEvent], snapshot: GameSnapshot) -> str:
    """The events of one action as one spoken sequence; `snapshot` is the game after them."""
    sentences: list[str] = []
    for i, event in enumerate(events):
        for sentence in _render(event, snapshot, events[:i], events[i + 1 :]):
            if sentence not in sentences:
                sentences.append(sentence)
    return " ".join(sentences)


def _clue_said(snapshot: GameSnapshot) -> str:
    clue = snapshot.clue
    return f"clue {clue.word}, {_clue_number(clue.number)}" if clue is not None else "no clue"


def _where_we_are(snapshot: GameSnapshot) -> str:
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
    return _plural(snapshot.guesses_left, "guess", "guesses") + " left"


def status_phrase(snapshot: GameSnapshot) -> str:
    """ "Red has 5 agents left, blue 3. Red's turn, guessing: clue ocean, two; two guesses left." """
    first, second = snapshot.turn, snapshot.turn.other
    agents = "agent" if snapshot.remaining.get(first, 0) == 1 else "agents"
    counts = (
        f"{first.title} has {snapshot.remaining.get(first, 0)} {agents} left, "
        f"{second.value} {snapshot.remaining.get(second, 0)}."
    )
    parts = [counts, _where_we_are(snapshot)]
    if snapshot.waiting_for:
        parts.append(_sentence(awaited_phrase(snapshot.waiting_for)))
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
        return _cap(_allow_it(awaited.word))
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
        return " ".join(filter(None, [_sentence(awaited.reason) if awaited.reason else "",
                                      ask_clue_phrase(awaited.judge, awaited.word)]))
    if snapshot.clue is None or snapshot.phase is not Phase.GUESS:
        return None
    return f"The {_clue_said(snapshot)}: {_left(snapshot)}."


def _duration(seconds: float) -> str:
    """Whole seconds rounded up, as the displays show them: "zero seconds" only when time is up."""
    total = max(0, math.ceil(seconds))
    minutes, secs = divmod(total, 60)
    parts = []
    if minutes:
        parts.append(_plural(minutes, "minute", "minutes"))
    if secs or not minutes:
        parts.append(_plural(secs, "second", "seconds"))
    return " ".join(parts)


def time_phrase(snapshot: GameSnapshot) -> str:
    """How long the current phase has left."""
    if snapshot.timer_left is None:
        return "The timer is off."
    if snapshot.timer_paused:
        return f"The timer is paused with {_duration(snapshot.timer_left)} left."
    return _cap(_duration(snapshot.timer_left)) + " left."


def _timer_phrase(seconds_left: float | None, action: Literal["pause", "resume"]) -> str:
    """After a pause or a resume."""
    if seconds_left is None:
        return "The timer is off."
    left = _duration(seconds_left)
    return f"Timer paused with {left} left." if action == "pause" else f"Timer running: {left} left."


def whose_turn_phrase(snapshot: GameSnapshot) -> str:
    """ "Red's turn, guessing: clue ocean, two; two guesses left." """
    return _where_we_are(snapshot)


def confirm_card_phrase(candidates: Sequence[str]) -> str:
    """ "Apple?" for one card (yes takes it), "Did you say apple or chapel?" for two; never more."""
    names = [_card(c) for c in candidates[:2]]
    if len(names) == 1:
        return f"{_cap(names[0])}?"
    return f"Did you say {names[0]} or {names[1]}?"


def action_phrase(action: act.Action) -> str:
    """An action as undo names it: "the guess apple"."""
    if isinstance(action, act.Clue):
        return f"the clue {action.word}, {_clue_number(action.number)}"
    if isinstance(action, act.Guess):
        return f"the guess {_card(action.card)}"
    if isinstance(action, act.Cover):
        return f"covering {_card(action.card)}"
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
    return f"To guess {_card(card)}, say: guess {_card(card)}."


def clue_first_phrase(prompt: str) -> str:
    """A move said while a clue read back waits for its yes: the clue comes first."""
    return f"First the clue: {prompt} Say yes or no."


def clue_again_phrase(team: Team) -> str:
    """ "No" to a clue read back: the spymaster says it again."""
    return f"Cancelled. {team.title} spymaster, say your clue again."


def confirm_clue_phrase(word: str, number: ClueNumber) -> str:
    """ "Ocean, two — right?" """
    return f"{_cap(word)}, {_clue_number(number)} — right?"


def understood_phrase(intent: Intent | None) -> str:
    """What an utterance was taken for, shown beside what was heard: "guess orchid",
    "clue ocean two", "apple or chapel?", "stop"; "" for nothing."""
    match intent:
        case None:
            return ""
        case act.Clue(word=word, number=number):
            return f"clue {word} {_clue_number(number)}"
        case act.Guess(card=card) | act.Cover(card=card):
            return f"{'guess' if isinstance(intent, act.Guess) else 'cover'} {_card(card)}"
        case AmbiguousCard(candidates=cards):
            return " or ".join(_card(c) for c in cards) + "?"
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
        return f"{_cap(number)} is not a clue number: zero to nine, or unlimited."
    if word is None:
        return "The clue?"
    return f"{_cap(word)}, how many? Say the clue with its number."


def reminder_phrase(question: str) -> str:
    """Said when a question has gone unanswered for a while: the question again."""
    return f"I'm still waiting. {question}"


def no_answer_phrase(what: str) -> str:
    """Said when a question is given up: "No answer, so the undo is cancelled." """
    return f"No answer, so {_card(what)} is cancelled."


def not_now_phrase(reason: str) -> str:
    """A reason an action is refused, spoken as a sentence (the rules core's via refusals.refusal_phrase)."""
    return _sentence(reason)
