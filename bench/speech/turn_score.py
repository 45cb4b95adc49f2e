"""What the referee made of one whole turn, read from its journal and from what it said.

The journal (`voicemaster state --journal J --json`) holds every action the table's speech
led to; the referee's own words (the lines `play` prints after "» ") hold the questions,
which change nothing in the game and so are not journaled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Iterable

from bench.speech.turns import Turn

SAID_PREFIX = "» "


@dataclass
class TurnScore:
    turns: int = 0
    clue_heard: int = 0
    """Turns whose clue was given with the spoken word and number: it is said once, so at its first saying."""
    clue_read_back: int = 0
    """Turns in which the referee read a clue back for a yes."""
    false_clue: int = 0
    """Turns in which a clue other than the spoken one was given."""
    guesses_after_clue: int = 0
    """Guesses said in turns whose clue was heard."""
    acted_after_clue: int = 0
    """Of those, the guessed card revealed."""
    guesses_all: int = 0
    acted_all: int = 0
    wrong_cards: int = 0
    """Revealed cards that no one guessed."""
    talk_lines: int = 0
    talk_acted: int = 0
    """Talk lines one of whose cards was revealed or asked about."""
    questions: int = 0
    """Card questions asked ("Apple?", "Did you say apple or chapel?")."""
    questions_right: int = 0
    """Of those, with a card just guessed among the candidates."""
    stops: int = 0
    """Turns whose real "stop" was said while it could end the turn (a clue given, a card guessed,
    the turn not over yet)."""
    stops_acted: int = 0
    """Of those, the turn ended by the stop (not still open, not ended otherwise before it)."""
    real_talk: int = 0
    """Talk lines said by real people."""
    answered_by_talk: int = 0
    """Turns with real talk said while the read-back waited for its yes, in which a read-back was
    answered "no" ("Cancelled."): the talk answered the referee's question."""

    def add(self, other: "TurnScore") -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


def referee_said(stdout: str) -> list[str]:
    """The referee's sentences, in order, from `play`'s output."""
    return [line.split(SAID_PREFIX, 1)[1].strip() for line in stdout.splitlines() if SAID_PREFIX in line]


def card_questions(said: Iterable[str], cards: Iterable[str]) -> list[tuple[str, ...]]:
    """The cards each card question named; a clue read-back ("Ocean, two — right?") is none."""
    names = [(c, re.compile(rf"\b{re.escape(c)}\b", re.IGNORECASE)) for c in cards]
    asked = []
    for sentence in said:
        if not sentence.endswith("?") or sentence.endswith("right?"):
            continue
        named = tuple(c for c, pattern in names if pattern.search(sentence))
        if named:
            asked.append(named)
    return asked


def score_turn(turn: Turn, state: dict[str, object], said: list[str]) -> TurnScore:
    """Real talk names no card of the board, so what it does shows as a read-back answered by
    it, a clue not heard, or a stop that found the turn already over."""
    events = [e for e in state["events"] if isinstance(e, dict)]  # type: ignore[union-attr]
    clues = [(e["word"], e["number"]) for e in events if e["type"] == "clue_given"]
    revealed = [str(e["card"]) for e in events if e["type"] == "card_revealed"]
    heard = (turn.clue, turn.number) in [(str(w).lower(), n) for w, n in clues]
    guessed = set(turn.guesses)
    acted = sum(1 for card in guessed if card in revealed)
    asked = card_questions(said, turn.cards)
    asked_cards = {c for named in asked for c in named}
    return TurnScore(
        turns=1,
        clue_heard=int(heard),
        clue_read_back=int(any(s.endswith("right?") for s in said)),
        false_clue=int(any((str(w).lower(), n) != (turn.clue, turn.number) for w, n in clues)),
        guesses_after_clue=len(guessed) if heard else 0,
        acted_after_clue=acted if heard else 0,
        guesses_all=len(guessed),
        acted_all=acted,
        wrong_cards=sum(1 for card in revealed if card not in guessed),
        talk_lines=len(turn.talk),
        talk_acted=sum(1 for line in turn.talk if set(line.cards) & (set(revealed) | asked_cards)),
        questions=len(asked),
        questions_right=sum(1 for named in asked if set(named) & guessed),
        stops=int(_stop_could_act(turn, events)),
        stops_acted=int(_stop_could_act(turn, events) and _ended_by_stop(events)),
        real_talk=len(turn.real_talk),
        answered_by_talk=int(_talk_before_yes(turn) and any(s.lower().startswith("cancelled") for s in said)),
    )


def _stop_could_act(turn: Turn, events: list[dict]) -> bool:
    """The turn's stop was said while it could end the turn: a clue given, a card guessed (the
    rules want one first), and the turn not ended otherwise before it (a miss, the last guess)."""
    ends = [e for e in events if e["type"] == "turn_ended"]
    return (turn.lines[-1].kind == "stop" and any(e["type"] == "clue_given" for e in events)
            and any(e["type"] == "card_revealed" for e in events) and all(e["reason"] == "stop" for e in ends))


def _ended_by_stop(events: list[dict]) -> bool:
    ends = [e for e in events if e["type"] == "turn_ended"]
    return bool(ends) and ends[-1]["reason"] == "stop"


def _talk_before_yes(turn: Turn) -> bool:
    kinds = [line.kind for line in turn.lines]
    return "yes" in kinds and kinds.index("yes") > 0 and kinds[kinds.index("yes") - 1] == "talk"

