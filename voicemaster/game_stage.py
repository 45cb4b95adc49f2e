"""Playing a game: the stage of the loop that hears the table against the game as it is *now*.

Each typed line or utterance is understood against what may be said at that moment (the
dialogue's `Listening`), handed to the dialogue, and its reply is the stage's answer. An
utterance may be heard ahead, on the endpointer's pause, by the same ear on the same worker.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from voicemaster.app import Answer
from voicemaster.dialogue import Dialogue
from voicemaster.game.actions import Clue
from voicemaster.game.core import Game
from voicemaster.game.snapshot import GameSnapshot
from voicemaster.hear_ahead import HearAhead
from voicemaster.inbox import Item, Spoken, Typed
from voicemaster.referee import warm_up
from voicemaster.speech.ears.ear import GameEar
from voicemaster.understand.heard import Heard, typed
from voicemaster.understand.listening import Listening
from voicemaster.understand.not_now import UnfinishedClue, opens_a_clue, understood_anyway
from voicemaster.understand.parse import parse_utterance
from voicemaster.voice.answers import understood_phrase

TYPED_HINT = "Not understood: say or type e.g. 'clue ocean two', 'guess apple'; 'help' lists more, 'quit' ends."


@dataclass(frozen=True)
class Handled:
    """One item the stage acted on: what was heard in it and the reply, for logs and the demo's score."""

    item: Item
    heard: Heard
    reply: str | None


class GameStage:
    """A game, from its opening until its input ends or "new game" is said (or it is over,
    when `stop_when_over`: the demo)."""

    def __init__(self, dialogue: Dialogue, ear: GameEar | None = None, stop_when_over: bool = False) -> None:
        """`ear`: how utterances are heard; None for typed lines only."""
        self.dialogue = dialogue
        self.ear = ear
        self.hear_ahead = HearAhead(ear.hear) if ear is not None else None
        self.stop_when_over = stop_when_over
        self.log: list[Handled] = []
        self.on_heard: Callable[[Handled], None] | None = None
        """Told of every item acted on, on the loop's thread (the demo's players wait on it)."""

    @property
    def game(self) -> Game:
        return self.dialogue.game

    @property
    def finished(self) -> bool:
        return self.dialogue.new_game_asked or (self.stop_when_over and self.game.is_over())

    def opening(self) -> Answer:
        """Said as the game starts listening: its clock starts now too."""
        warm_up()
        self.game.start_clock()
        return Answer(self.dialogue.opening())

    def take(self, item: Item) -> Answer | None:
        if not isinstance(item, (Typed, Spoken)):
            return None
        heard = self._understand(item)
        reply = self.dialogue.hear(heard.intent, read_back=heard.read_back)
        if heard.intent is None:
            reply = self._not_now(item, heard)
        handled = Handled(item, heard, reply)
        self.log.append(handled)
        if self.on_heard is not None:
            self.on_heard(handled)
        if isinstance(item, Typed) and reply is None:
            return Answer(TYPED_HINT, spoken=False, heard=heard.transcript)
        return Answer(reply or "", heard=heard.transcript, understood=understood_phrase(heard.intent))

    def _not_now(self, item: Typed | Spoken, heard: Heard) -> str | None:
        """Why a line that asks for something not possible now cannot be done (not_now.py). Of
        speech only what opens like a clue while one is awaited is answered ("clue ocean" →
        "Ocean, how many?", a clue the ear was unsure of read back for a yes): the table's
        talk is never answered."""
        if isinstance(item, Typed):
            why = self.dialogue.why_not(understood_anyway(heard.transcript, self.game.deal.cards))
            return why if why is not None else self.dialogue.bare_card(heard.transcript)
        if not (self.dialogue.listening().awaiting_clue and opens_a_clue(heard.transcript)):
            return None
        what = understood_anyway(heard.transcript, self.game.deal.cards)
        if isinstance(what, Clue):
            return self.dialogue.hear(what, read_back=True)
        return self.dialogue.why_not(what) if isinstance(what, UnfinishedClue) else None

    def _understand(self, item: Typed | Spoken) -> Heard:
        now = self.dialogue.listening()
        if isinstance(item, Typed):
            return typed(item.text, parse_utterance(item.text, now.typed()))
        assert self.hear_ahead is not None, "speech comes only from a source that has an ear"
        return self.hear_ahead(item.audio, now)

    def tick(self) -> Answer | None:
        reply = self.dialogue.tick()
        return Answer(reply) if reply is not None else None

    def holds(self, item: Item) -> bool:
        return False

    def help(self, text: str) -> str:
        return text

    def ahead(self, audio: np.ndarray) -> None:
        if self.hear_ahead is not None:
            self.hear_ahead.start(audio, self.dialogue.listening())

    def view(self) -> GameSnapshot:
        return self.game.snapshot()

    def brisk(self) -> bool:
        return self.dialogue.brisk()

    def hides_typing(self) -> bool:
        return False
