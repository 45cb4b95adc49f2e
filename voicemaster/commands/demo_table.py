"""The demo's scripted table: spymasters and guessers who know the key, make a few
mistakes and chat a little. Pure: a snapshot in, the next line to say out."""

from __future__ import annotations

import random
from dataclasses import dataclass

from voicemaster.game.cards import Identity, Team
from voicemaster.game.phase import Phase
from voicemaster.game.snapshot import GameSnapshot
from voicemaster.referee import judge_clue_word
from voicemaster.referee.spelling import american
from voicemaster.understand.intents import Command, GiveClue, GuessCard, Intent
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
STOPS = ("stop", "end turn", "we pass", "stop guessing")
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
    if isinstance(a, GiveClue) and isinstance(b, GiveClue):
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
    _said_clue: GiveClue | None = None

    def heard(self, understood: bool) -> None:
        """After a line; a table whose words keep getting lost lets someone else say them."""
        self._misses = 0 if understood else self._misses + 1
        if self._misses >= RETRIES_BEFORE_SWITCH:
            self._misses = 0
            self._speaker = 1 - self._speaker

    def _voice(self, team: Team, role: str) -> str:
        return VOICES[(team, role)][self._speaker]

    def next_line(self, snap: GameSnapshot, awaiting_clue: bool, read_back: GiveClue | None = None) -> Line:
        """`read_back`: the clue the referee repeated and asks a yes for, if it did."""
        team = snap.turn
        if snap.phase is Phase.CLUE:
            if read_back is not None:
                right = same_meaning(read_back, self._said_clue)
                return Line("yes" if right else "no", self._voice(team, "spymaster"), Command("yes" if right else "no"))
            if not awaiting_clue:
                return Line("yes", self._voice(team.other, "spymaster"), Command("yes"))
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
        template = self.rng.choice(("clue {w} {n}", "my clue is {w} {n}", "clue {w} {n}"))
        text = template.format(w=word, n=DIGIT_WORDS[number])
        self._said_clue = GiveClue(word, number)
        return Line(text, self._voice(team, "spymaster"), self._said_clue)

    def _guess_or_stop(self, snap: GameSnapshot, team: Team) -> Line:
        voice = self._voice(team, "guesser")
        clue = snap.clue
        made_enough = (
            clue is not None and isinstance(clue.number, int) and snap.guesses_left is not None
            and snap.guesses_left <= 1 and clue.number > 0
        )
        if made_enough and self.rng.random() < 0.7:
            return Line(self.rng.choice(STOPS), voice, Command("stop"))
        own = [c.word for c in snap.cards if not c.covered and c.identity is Identity.of_team(team)]
        others = [
            c.word for c in snap.cards
            if not c.covered and c.identity not in (Identity.of_team(team), Identity.ASSASSIN)
        ]
        pool = others if others and self.rng.random() < self.mistake_rate else own
        card = self.rng.choice(pool)
        verb = self.rng.choice(("guess", "we guess", "touch", "we touch", "pick", "choose"))
        return Line(f"{verb} {card}", voice, GuessCard(card))
