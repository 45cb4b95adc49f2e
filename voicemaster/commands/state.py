"""`voicemaster state --journal FILE [--json]`: the recorded game, replayed: the board as the
table sees it, or JSON (turn, phase, agents left, revealed cards, events)."""

from __future__ import annotations

import argparse
import json
from dataclasses import fields
from enum import Enum
from pathlib import Path

from voicemaster.display.text_board import render_text
from voicemaster.game.actions import ACTION_TYPES, action_to_json
from voicemaster.game.events import GameEvent
from voicemaster.game.snapshot import TableStatus
from voicemaster.journal import LoadedGame
from voicemaster.setup.open_game import load_recorded
from voicemaster.voice.answers import awaited_phrase


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("state", help="show a recorded game", description=__doc__)
    p.add_argument("--journal", type=Path, required=True, help="the game's journal file")
    p.add_argument("--json", action="store_true", help="print the game as one JSON object (turn, phase, remaining, revealed, events) instead of the board")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    loaded = load_recorded(args.journal)
    if args.json:
        print(json.dumps(state_json(loaded)))
    else:
        snapshot = loaded.game.snapshot()
        print(render_text(snapshot, TableStatus(waiting=awaited_phrase(snapshot.waiting_for))))
    return 0


def state_json(loaded: LoadedGame) -> dict[str, object]:
    snap = loaded.game.snapshot()
    clue = None
    if snap.clue is not None:
        clue = {"team": snap.clue.team.value, "word": snap.clue.word, "number": snap.clue.number}
    return {
        "turn": snap.turn.value,
        "phase": snap.phase,
        "winner": snap.winner.value if snap.winner else None,
        "revealed": {c.word: c.identity.value for c in snap.cards if c.covered and c.identity},
        "remaining": {t.value: n for t, n in snap.remaining.items()},
        "clue": clue,
        "guesses_left": snap.guesses_left,
        "events": [event_json(e) for e in loaded.events],
    }


def event_json(event: GameEvent) -> dict[str, object]:
    """{"type": "card_revealed", ...fields}: names in snake case, enums as their values,
    an action as the journal writes it."""
    name = "".join("_" + ch.lower() if ch.isupper() else ch for ch in type(event).__name__).lstrip("_")
    out: dict[str, object] = {"type": name}
    for f in fields(event):
        value = getattr(event, f.name)
        if isinstance(value, Enum):
            value = value.value
        elif type(value) in ACTION_TYPES.values():
            value = action_to_json(value)  # type: ignore[arg-type]
        out[f.name] = value
    return out
