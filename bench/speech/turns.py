"""Whole turns at a table: what is said, by whom, with which pauses, and the recording of it.

A turn is one team's go on a fresh board: maybe some talk while the spymaster thinks,
the clue ("clue ocean two", "my clue is ocean two" or a bare "ocean two"), "yes" for the
read-back, then each guess with teammates' talk before it, and "stop". The "yes" and the
"stop" are recordings of real people (../shared/realspeech, the split's own half of its
speakers), and so is half of the talk: single words ("go", "left", "off"), numbers, wake
words and telephone sentences, one of them sometimes said while the read-back waits for its
yes. The clue and the guesses are synthetic: no real recording says them. The pauses are a
table's: the referee's read-back and announcements are not in a replayed recording, so
the silence after the clue and after each guess is as long as the referee would speak.

Talk names cards that this turn never guesses, so a revealed or asked-about talk card can
only come from talk (or a misheard guess): the journal alone then tells what was acted on.
The same turns are rendered in every condition, over continuous babble of natural talkers
from outside the split, so the conditions are compared on the same speech.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

import numpy as np

from bench.speech import realspeech, rooms
from bench.speech.corpus import CHATTER, SEEDS, SPLIT_INDEX, clue_words, voices_of
from bench.speech.render import BABBLE_SECONDS, BABBLE_TRACKS, ROOM_BASE, TALKERS, babble_voices
from voicemaster.card_files import read_wordlist
from voicemaster.game.cards import Identity, Team
from voicemaster.game.dealing import deal_cards, deal_key
from voicemaster.setup.dealing import bundled_wordlist
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.voices.speakers import BY_NAME, say
from voicemaster.speech.voices.synthetic import active_power
from voicemaster.understand.requests import sayings

CONDITIONS: dict[str, tuple[float | None, bool]] = {
    # name: (background talk in dB below the speakers, reverberant room)
    "quiet": (None, False),
    "talk 20": (20.0, False),
    "talk 15": (15.0, False),
    "talk 10": (10.0, False),
    "room + talk 15": (15.0, True),
}
CLUE_FORMS = ("clue {w} {n}", "my clue is {w} {n}", "{w} {n}")
REAL_TALK_SHARE = 0.5
"""Of the talk lines, the share said by real people."""
TALK_BEFORE_YES = 1 / 3
"""Turns in which a teammate says something (real) while the read-back waits for its yes."""
REAL_TALK_KINDS = ("single word", "number", "card name", "wake word", "sentence", "sentence naming a card")
NUMBERS = (("one", 1), ("two", 2), ("two", 2), ("three", 3))
READ_BACK_PAUSE = (3.5, 5.0)
"""After the clue: the referee reads it back ("Ocean, two — right?") or announces it."""
ANNOUNCE_PAUSE = (3.0, 4.5)
"""After "yes" and each guess: "Apple: red agent. Two guesses left." and a breath."""
TALK_PAUSE = (1.5, 4.0)


@dataclass(frozen=True)
class Line:
    """One utterance of a turn and the silence after it."""

    kind: str
    """talk, clue, yes, guess or stop"""
    text: str
    voice: str
    rate: float
    pitch: float
    gain_db: float
    """How loud this talker reaches the microphone, against the others."""
    pause: float
    cards: tuple[str, ...] = ()
    """Cards the line names: the guessed card, or the cards talked about."""
    recording: str = ""
    """A real person's recording said instead of `text` (its realspeech id), or "" for synthetic speech."""


@dataclass(frozen=True)
class Turn:
    id: str
    split: str
    cards: tuple[str, ...]
    key: str
    """25 key letters (R, B, N, A), row by row."""
    clue: str
    number: int
    lines: tuple[Line, ...]

    @property
    def guesses(self) -> tuple[str, ...]:
        return tuple(line.cards[0] for line in self.lines if line.kind == "guess")

    @property
    def talk(self) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.kind == "talk")

    @property
    def real_talk(self) -> tuple[Line, ...]:
        return tuple(line for line in self.talk if line.recording)


def build_turns(split: str, count: int) -> list[Turn]:
    """`count` turns of one split, the same on every machine; a shorter run is a prefix."""
    rng = random.Random(SEEDS[split] * 1000 + 15)
    words = tuple(read_wordlist(bundled_wordlist()))
    pool = clue_words(split, {w.lower() for w in words})
    voices = voices_of(split)
    chatter = CHATTER[SPLIT_INDEX[split] :: 2]
    real = {kind: [c for c in realspeech.clips() if c.split == split and c.kind == kind]
            for kind in ("yes", "stop", *REAL_TALK_KINDS)}
    return [_turn(f"{split}-turn-{i:03d}", split, i, rng, words, pool, voices, chatter, real) for i in range(count)]


def _turn(turn_id: str, split: str, i: int, rng: random.Random, words: tuple[str, ...], pool: list[str],
          voices: list[str], chatter: tuple[str, ...], real: dict[str, list[realspeech.Clip]]) -> Turn:
    cards = deal_cards(words, rng)
    key = deal_key(rng, Team.RED)
    ours = [c for c, k in zip(cards, key) if k is Identity.RED]
    word, (number_word, number) = rng.choice(pool), rng.choice(NUMBERS)
    guesses = rng.sample(ours, number)
    others = [c for c in cards if c not in guesses]
    spymaster, *team = rng.sample(voices, len(voices))
    team = [v for v in team if BY_NAME[v].speaker != BY_NAME[spymaster].speaker]
    levels = {v: rng.uniform(-3, 3) for v in voices}

    def line(kind: str, text: str, voice: str, pause: tuple[float, float], named: tuple[str, ...] = ()) -> Line:
        return Line(kind, text, voice, round(rng.uniform(0.85, 1.2), 3), round(rng.uniform(-2, 2), 2),
                    levels[voice], round(rng.uniform(*pause), 2), named)

    def said_by_someone(kind: str, pause: tuple[float, float]) -> Line:
        clip = rng.choice(real[kind])
        return Line("talk" if kind in REAL_TALK_KINDS else kind, clip.text, f"real:{clip.speaker}", 1.0, 0.0,
                    round(rng.uniform(-3, 3), 2), round(rng.uniform(*pause), 2), recording=clip.id)

    def talk() -> Line:
        if rng.random() < REAL_TALK_SHARE:
            return said_by_someone(rng.choice(REAL_TALK_KINDS), TALK_PAUSE)
        a, b = rng.sample(others, 2)
        text = chatter[rng.randrange(len(chatter))]
        named = (a, b) if "{b}" in text else (a,)
        return line("talk", text.format(a=a.lower(), b=b.lower()), rng.choice(team), TALK_PAUSE, named)

    lines = [talk()] if rng.random() < 0.5 else []
    clue_text = CLUE_FORMS[i % len(CLUE_FORMS)].format(w=word, n=number_word)
    lines.append(line("clue", clue_text, spymaster, READ_BACK_PAUSE))
    if rng.random() < TALK_BEFORE_YES:
        lines.append(said_by_someone(rng.choice(("single word", "number", "card name")), TALK_PAUSE))
    lines.append(said_by_someone("yes", ANNOUNCE_PAUSE))
    guess_forms = sayings("guess")
    for card in guesses:
        lines += [talk() for _ in range(rng.choice((0, 1, 1, 2)))]
        form = rng.choice(guess_forms)
        text = " ".join(card.lower() if w == "<card>" else w for w in form)
        lines.append(line("guess", text, rng.choice(team), ANNOUNCE_PAUSE, (card,)))
    lines.append(said_by_someone("stop", (2.0, 2.5)))
    return Turn(turn_id, split, cards, "".join(k.letter for k in key), word, number, tuple(lines))


def render_turn(turn: Turn, condition: str, index: int) -> np.ndarray:
    """The recording of a turn at the table: 16 kHz mono int16, seeded by turn and condition."""
    snr, reverberant = CONDITIONS[condition]
    rng = np.random.default_rng(_seed(turn.id, condition))
    speech = _speech(turn, reverberant, index)
    x = rooms.mix(speech, rooms.room_tone(len(speech), _seed(turn.id, "tone")), 45.0)
    if snr is not None:
        track = int(rng.integers(BABBLE_TRACKS))
        base = ROOM_BASE[turn.split]
        babble = rooms.babble_track(babble_voices(turn.split), BABBLE_SECONDS, TALKERS, seed=base + track,
                                    room_seed=base + 50 + track if reverberant else None)
        babble = np.roll(babble, -int(rng.integers(len(babble))))
        x = rooms.mix(x, babble, snr, speech)
    return rooms.at_peak(x, peak_dbfs=float(rng.uniform(-15, -3)))


def _speech(turn: Turn, reverberant: bool, index: int) -> np.ndarray:
    """Every line at its talker's level, one after the other with the turn's pauses."""
    parts: list[np.ndarray] = [np.zeros(int(1.5 * SAMPLE_RATE))]
    responses: dict[str, np.ndarray] = {}
    by_id = {c.id: c for c in realspeech.clips()}
    for line in turn.lines:
        if line.recording:
            said = realspeech.read(by_id[line.recording].path)
        else:
            said = say(line.text, line.voice, rate=line.rate, pitch=line.pitch).astype(np.float64)
        said *= 10 ** (line.gain_db / 20) / (np.sqrt(active_power(said)) or 1.0)
        if reverberant:
            if line.voice not in responses:
                seed = ROOM_BASE[turn.split] + 400 + (index * 5 + len(responses)) % 40
                responses[line.voice] = rooms.rir(seed)
            said = rooms.reverberate(np.concatenate([said, np.zeros(SAMPLE_RATE // 2)]), responses[line.voice])
        parts += [said, np.zeros(int(line.pause * SAMPLE_RATE))]
    return np.concatenate(parts) * 3000.0


def _seed(*parts: object) -> int:
    return int(hashlib.sha256(repr(parts).encode()).hexdigest()[:8], 16)
