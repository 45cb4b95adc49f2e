"""What the announcer says: pure functions from game events and snapshots to sentences.

Short, and in the order players need it: the card, what it was, what happens now.
One action can produce several events (a card revealed, the turn ended, the game
over); `announce_all` renders them as one sequence that never says a thing twice.
"""

from __future__ import annotations

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
from voicemaster.game.snapshot import GameSnapshot
from voicemaster.referee.table_hints import nearest_card
from voicemaster.vocabulary import number_words
from voicemaster.voice.answers import action_phrase, ask_clue_phrase, awaited_phrase, where_we_are
from voicemaster.voice.wording import as_sentence, cap, clue_number, duration, plural, said_card


NEXT_GAME = "Say new game to play again."
"""Said when a game ends: what the table does next (undo still takes the last move back)."""


_IDENTITY = {
    Identity.RED: "red agent",
    Identity.BLUE: "blue agent",
    Identity.BYSTANDER: "bystander",
    Identity.ASSASSIN: "the assassin",
}


def _guesses_left(n: int | None) -> str:
    if n is None:
        return "Guess again, or say stop."
    return cap(plural(n, "guess", "guesses")) + " left."


def _game_started(e: GameStarted) -> list[str]:
    if e.coop:
        return [f"New co-op game: {e.starting.value} plays.", f"{e.starting.title} spymaster, your clue."]
    return [f"New game. {e.starting.title} starts.", f"{e.starting.title} spymaster, your clue."]


def _clue_given(e: ClueGiven, before: Sequence[GameEvent]) -> list[str]:
    """The clue and the guesses it gives; after "Overruled: ... stands." only the guesses."""
    overruled = any(isinstance(b, ClueOverruled) for b in before)
    said = [] if overruled else [f"{e.team.title}: {e.word}, {clue_number(e.number)}."]
    if e.guesses_left is None:
        return [*said, "Unlimited guesses."]
    if e.guesses_left == 1:
        return [*said, "One guess."]
    return [*said, f"Up to {number_words(e.guesses_left)} guesses."]


def _clue_overruled(e: ClueOverruled) -> list[str]:
    return [f"Overruled: {e.word}, {clue_number(e.number)} stands."]


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
        return f"{cap(e.word)} is not allowed: the {e.judge.value} spymaster ruled it out."
    if e.rule == "ruling":
        return "The clue was not accepted."
    return as_sentence(e.reason)


def _clue_questioned(e: ClueQuestioned) -> list[str]:
    return [as_sentence(e.reason), ask_clue_phrase(e.judge, e.word)]


def _card_revealed(e: CardRevealed, snapshot: GameSnapshot, after: Sequence[GameEvent]) -> list[str]:
    said = f"{cap(said_card(e.card))}: {_IDENTITY[e.identity]}."
    if e.by == "cover":
        owner = Team(e.identity.value) if e.identity in (Identity.RED, Identity.BLUE) else e.team
        left = snapshot.remaining.get(owner, 0)
        said_cover = [f"{cap(said_card(e.card))} covered.", f"{owner.title} has {plural(left, 'agent', 'agents')} left."]
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
        win.append(f"Score: {plural(e.score, loser.value + ' agent', loser.value + ' agents')} left.")
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
        return [f"Undone: {action_phrase(event.action)}.", where_we_are(snapshot), *([as_sentence(awaited)] if awaited else [])]
    if isinstance(event, TimerWarning):
        return [cap(plural(event.seconds_left, "second", "seconds")) + "."]
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


def _timer_phrase(seconds_left: float | None, action: Literal["pause", "resume"]) -> str:
    """After a pause or a resume."""
    if seconds_left is None:
        return "The timer is off."
    left = duration(seconds_left)
    return f"Timer paused with {left} left." if action == "pause" else f"Timer running: {left} left."
