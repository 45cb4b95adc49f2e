"""The board as JSON for the web pages: public by default, the key only on request."""

from __future__ import annotations

import json

from voicemaster.display import labels
from voicemaster.game.snapshot import GameSnapshot, TableStatus


def board_state(
    snapshot: GameSnapshot, status: TableStatus, *, spymaster: bool = False
) -> dict[str, object]:
    """Everything the page shows. Unless `spymaster`, built from the public view, so an
    uncovered card carries no identity field at all."""
    view = snapshot if spymaster else snapshot.public()
    cards: list[dict[str, object]] = []
    for card in view.cards:
        item: dict[str, object] = {"word": card.word, "label": card.word.upper(), "covered": card.covered}
        if card.identity is not None:
            item["identity"] = card.identity.value
            item["letter"] = card.identity.letter
        cards.append(item)
    return {
        "spymaster": spymaster,
        "cards": cards,
        "turn": view.turn.value,
        "phase": view.phase,
        "winner": view.winner.value if view.winner else None,
        "headline": labels.headline(view),
        "remaining": {team.value: left for team, left in view.remaining.items()},
        "agents": list(labels.agents_texts(view)),
        "clue": labels.clue_text(view.clue),
        "guesses": labels.guesses_text(view),
        "timer": None
        if view.timer_left is None
        else {"left": view.timer_left, "paused": view.timer_paused},
        "waiting_for": status.waiting,
        "coop": view.coop,
        "last_heard": status.last_heard,
        "understood": status.understood,
        "mic_level": status.mic_level,
        "message": status.message,
    }


def state_document(version: int, board: dict[str, object] | None) -> bytes:
    """/state.json, safe to embed in a <script> data block too (no "<" survives)."""
    text = json.dumps({"version": version, "board": board}, ensure_ascii=True)
    return text.replace("<", "\\u003c").encode("ascii")
