"""The demo's scripted table: spymasters and guessers who know the key, make a few
mistakes and chat a little. Pure: a snapshot in, the next line to say out."""

from __future__ import annotations

import random
from dataclasses import dataclass

from voicemaster.game.actions import Clue, Guess
from voicemaster.game.cards import Identity, Team
from voicemaster.game.phase import Phase
from voicemaster.game.snapshot import GameSnapshot
from voicemaster.referee import judge_clue_word
from voicemaster.referee.spelling import american
from voicemaster.understand.intents import Command, Intent
from voicemaster.understand.requests import CARD, CLUE, NUMBER, WORD, sayings
from voicemaster.vocabulary import DIGIT_WORDS

CLUE_POOL = (
    "ocean", "music", "travel", "winter", "history", "metal", "kitchen", "garden", "space",
    "sport", "money", "light", "water", "school", "forest", "fire", "science", "movie",
    "color", "weather", "family", "machine", "paper", "island", "circus",
)
CHATTER = (
    "hmm I think it might be the {card} one",
    "wait what about {card}",
    "no no not {card} that is too risky",
    "okay let me think about this for a second",
    "I really like {card} for that",
)
VOICES = {
    (Team.RED, "spymaster"): ("piper:joe", "flite:kal16"),
    (Team.RED, "guesser"): ("flite:slt", "flite:awb"),
    (Team.BLUE, "spymaster"): ("flite:rms", "piper:joe"),
    (Team.BLUE, "guesser"): ("flite:awb", "flite:slt"),
}
"""Two players per role (voices.py names): when the referee did not get one of them, the other
speaks up. Natural voices: Whisper, trained on people, hears formant synthesis poorly."""
RETRIES_BEFORE_SWITCH = 2


@dataclass(frozen=True)
class Line:
    """One thing a player says, and what the referee should make of it."""

    text: str
    voice: str
    expected: Intent | None

    def understood_by(self, intent: Intent | None) -> bool:
        return same_meaning(intent, self.expected)


def same_meaning(a: Intent | None, b: Intent | None) -> bool:
    """Speech has no spelling: a clue heard as "colour" was said as "color"."""
    if isinstance(a, Clue) and isinstance(b, Clue):
        return a.number == b.number and american(a.word) == american(b.word)
    return a == b


@dataclass
class ScriptedTable:
    rng: random.Random
    mistake_rate: float = 0.12
    chatter_rate: float = 0.12
    _chatted: bool = False
    _misses: int = 0
    _speaker: int = 0
    _said_clue: Clue | None = None

    def heard(self, understood: bool) -> None:
        """After a line; a table whose words keep getting lost lets someone else say them."""
        self._misses = 0 if understood else self._misses + 1
        if self._misses >= RETRIES_BEFORE_SWITCH:
            self._misses = 0
            self._speaker = 1 - self._speaker

    def _voice(self, team: Team, role: str) -> str:
        return VOICES[(team, role)][self._speaker]

    def next_line(self, snap: GameSnapshot, awaiting_clue: bool, read_back: Clue | None = None) -> Line:
        """`read_back`: the clue the referee repeated and asks a yes for, if it did."""
        team = snap.turn
        if snap.phase is Phase.CLUE:
            if read_back is not None:
                answer = "yes" if same_meaning(read_back, self._said_clue) else "no"
                return Line(self._say(answer), self._voice(team, "spymaster"), Command(answer))
            if not awaiting_clue:
                return Line(self._say("yes"), self._voice(team.other, "spymaster"), Command("yes"))
            return self._clue(snap, team)
        if not self._chatted and self.rng.random() < self.chatter_rate:
            self._chatted = True
            card = self.rng.choice([c.word for c in snap.cards if not c.covered])
            return Line(self.rng.choice(CHATTER).format(card=card), self._voice(team, "guesser"), None)
        self._chatted = False
        return self._guess_or_stop(snap, team)

    def _clue(self, snap: GameSnapshot, team: Team) -> Line:
        visible = [c.word for c in snap.cards if not c.covered]
        number = min(snap.remaining[team], self.rng.choice((1, 2, 2, 3)))
        legal = [w for w in CLUE_POOL if judge_clue_word(w, number, visible).verdict == "legal"]
        word = self.rng.choice(legal)
        self._said_clue = Clue(word, number)
        return Line(self._say("clue", word=word, number=number), self._voice(team, "spymaster"), self._said_clue)

    def _guess_or_stop(self, snap: GameSnapshot, team: Team) -> Line:
        voice = self._voice(team, "guesser")
        clue = snap.clue
        made_enough = (
            clue is not None and isinstance(clue.number, int) and snap.guesses_left is not None
            and snap.guesses_left <= 1 and clue.number > 0
        )
        if made_enough and self.rng.random() < 0.7:
            return Line(self._say("stop"), voice, Command("stop"))
        own = [c.word for c in snap.cards if not c.covered and c.identity is Identity.of_team(team)]
        others = [
            c.word for c in snap.cards
            if not c.covered and c.identity not in (Identity.of_team(team), Identity.ASSASSIN)
        ]
        pool = others if others and self.rng.random() < self.mistake_rate else own
        card = self.rng.choice(pool)
        return Line(self._say("guess", card=card), voice, Guess(card))

    def _say(self, request: str, card: str = "", word: str = "", number: int = 0) -> str:
        """One of the request's sayings (understand/requests.py), slots filled: how a player
        at this table says it this time."""
        fill = {CARD: card, CLUE: word, WORD: word, NUMBER: DIGIT_WORDS[number]}
        return " ".join(fill.get(w, w) for w in self.rng.choice(sayings(request)))
