"""What the speech benchmark says: boards, every saying of the request table, and table talk.

Every kind the referee must handle or ignore:
- guess          every saying of the guess request with an uncovered card  (guess phase)
- cover          "cover [the] <card>"                                      (clue phase)
- command        every command form of the phase; yes/no with a question open
- clue           every clue saying, clue words from a frequency list, all twelve numbers
- chatter        sentences that mention cards without addressing the referee
- numtalk        table talk with numbers ("we need two more")
- guess_in_clue  guesses said while the spymaster thinks: must not become clues
- silence, noise nothing but the room, or knocks and rustles

Speakers are split before any measurement: thresholds are calibrated on `calib`, the
report is on `test` (other people), espeak-ng voices are reported on their own. The
chatter and number-talk sentences and the clue words are split in disjoint halves too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from wordfreq import top_n_list

from voicemaster.game.actions import Clue, Cover, Guess
from voicemaster.card_files import read_wordlist
from voicemaster.game.phase import Phase
from voicemaster.setup.dealing import bundled_wordlist
from voicemaster.understand.intents import Command, Intent
from voicemaster.understand.listening import Cue, Listening
from voicemaster.understand.parse import CLUE_STOPWORDS
from voicemaster.understand.requests import FORMS, REQUESTS, sayings, vocabulary
from voicemaster.vocabulary import CLUE_NUMBER_WORDS
from voicemaster.speech.voices.speakers import VOICES

SPLITS: dict[str, tuple[str, ...]] = {
    "calib": ("joe", "kal", "awb"),
    "test": ("slt", "rms", "ked"),
    "espeak": ("espeak-a", "espeak-b", "espeak-c", "espeak-d", "espeak-e", "espeak-f"),
}
"""Speakers per split, fixed before measuring: each side has neural, diphone and clustergen voices."""
SPLIT_INDEX = {"calib": 0, "test": 1, "espeak": 1}
SEEDS = {"calib": 11, "test": 22, "espeak": 33}
COUNTS = {
    "guess": 160, "command": 132, "cover": 20, "clue": 120, "chatter": 90, "numtalk": 72,
    "guess_in_clue": 60, "silence": 12, "noise": 12,
}

CHATTER = (
    "I think {a} is ours", "maybe not the {a} one", "what about {a} and {b}",
    "no wait, {a} could be the assassin", "don't touch {a} yet", "is {a} connected to {b}",
    "the {a} one is risky", "I would go for {a} but I am not sure", "{a} sounds right to me",
    "could it be {a} or {b}", "we already have {a} I think", "why would he say that if it was {a}",
    "{a} is definitely not it", "let's leave {a} for later", "I really like {a} for this one",
    "hang on, what about {a}", "{a} and {b} go together somehow", "she looked at {a} when she said it",
    "if it's {a} we're in trouble", "I was thinking {a} actually", "no, {b} is more likely than {a}",
    "pick {a}? I don't know about that", "is {a} even on the board", "you always want to touch {a}",
    "wait, {a} or {b}, which one", "I'd avoid {a}, it feels like a trap", "{a} makes me think of summer",
    "they took {a} last round", "so {a} is out, right", "remember when {a} was the assassin",
)
NUMTALK = (
    "we need two more", "only one left for them", "they have three to go", "that makes four for us",
    "is it two or three", "we're down to three", "five minutes, then we eat", "we got two last round",
    "give me one second", "hold on one minute", "two of those are theirs", "it's eight to seven now",
    "he said two so {a} and {b}", "one more and we win", "three of them are ours", "I count six for them",
    "we still need four", "she said three last time", "maybe {a} two", "zero chance it's {a}",
    "nine is way too many", "we have two guesses left", "{a} could be one of them", "seven left on the board",
)
RULINGS = ("overrule", "challenge")
"""Said only right after a ruling, which no item here is: left out, so the corpus stays the one
the figures before them were measured on."""
PROFANE = frozenset("shit fuck fucking damn sex porn ass bitch dick crap hell".split())


@dataclass(frozen=True)
class Item:
    id: str
    split: str
    kind: str
    phase: Phase
    awaiting_clue: bool
    question_open: bool
    text: str
    voice: str
    rate: float
    pitch: float
    uncovered: tuple[str, ...]
    expected: Intent | None
    game_over: bool = False
    """Said once the game is over ("new game" may be said only then)."""

    def now(self) -> Listening:
        """What may be said when the item is said."""
        cues = {Cue.CLUE_AWAITED: self.awaiting_clue, Cue.QUESTION: self.question_open, Cue.OVER: self.game_over}
        return Listening(self.uncovered, self.phase, frozenset(c for c, on in cues.items() if on))


def fill(form: tuple[str, ...], card: str = "", clue: str = "", number: str = "") -> str:
    slots = {"<card>": card, "<clue>": clue, "<word>": clue, "<number>": number}
    return " ".join(slots.get(w, w) for w in form)


def voices_of(split: str) -> list[str]:
    return [v.name for v in VOICES if v.speaker in SPLITS[split]]


def clue_words(split: str, cards: set[str]) -> list[str]:
    """Frequent words that make plausible clues, alternately assigned to the splits."""
    template_words = vocabulary(Phase.CLUE) | vocabulary(Phase.GUESS)
    words = [
        w for w in top_n_list("en", 8000)[200:]
        if w.isalpha() and w.isascii() and len(w) >= 3 and w not in CLUE_STOPWORDS and w not in PROFANE
        and w not in template_words and w not in CLUE_NUMBER_WORDS and w not in cards
    ]
    return words[SPLIT_INDEX[split] :: 2]


class _Builder:
    """Items of one split: voices cycled, boards dealt as a game would leave them."""

    def __init__(self, split: str) -> None:
        self.split = split
        self.rng = random.Random(SEEDS[split])
        self.cards = list(read_wordlist(bundled_wordlist()))
        self.voices = voices_of(split)
        self.items: list[Item] = []
        self.board: list[str] = []

    def uncovered(self) -> tuple[str, ...]:
        if not self.board or self.rng.random() < 0.05:
            self.board = self.rng.sample(self.cards, 25)
        return tuple(self.rng.sample(self.board, self.rng.randint(8, 25)))

    def add(self, kind: str, phase: Phase, text: str, board: tuple[str, ...], expected: Intent | None,
            awaiting: bool = True, question: bool = False, over: bool = False) -> None:
        n = len(self.items)
        self.items.append(Item(
            f"{self.split}-{n:04d}", self.split, kind, phase, awaiting, question, text,
            self.voices[n % len(self.voices)], round(self.rng.uniform(0.85, 1.2), 3),
            round(self.rng.uniform(-2, 2), 2), board, expected, over,
        ))


def build(split: str, every: int = 1) -> list[Item]:
    """The utterances of one split (one in `every` of them, for a quicker run).

    The subset is drawn at random (seeded), not by stride: voices, forms and clue numbers
    are assigned in cycles, and a stride sharing a factor with a cycle would keep only some
    of them (every 6th clue had the number zero or six)."""
    b = _Builder(split)
    counts = COUNTS if split != "espeak" else {k: max(2, v // 2) for k, v in COUNTS.items()}
    by_intent = {r.name: list(sayings(r.name)) for r in REQUESTS if r.in_game}
    _requests(b, counts, by_intent)
    _talk(b, counts, by_intent["guess"])
    if every <= 1:
        return b.items
    kept = random.Random(SEEDS[split]).sample(range(len(b.items)), len(b.items) // every)
    return [b.items[i] for i in sorted(kept)]


def _requests(b: _Builder, counts: dict[str, int], by_intent: dict[str, list[tuple[str, ...]]]) -> None:
    rng = b.rng
    for i in range(counts["guess"]):
        board = b.uncovered()
        card = rng.choice(board)
        b.add("guess", Phase.GUESS, fill(by_intent["guess"][i % len(by_intent["guess"])], card=card.lower()),
              board, Guess(card), question=rng.random() < 0.2)
    for i in range(counts["cover"]):
        board = b.uncovered()
        card = rng.choice(board)
        b.add("cover", Phase.CLUE, fill(by_intent["cover"][i % len(by_intent["cover"])], card=card.lower()),
              board, Cover(card))
    commands = [f for f in FORMS if f.when.phases and f.request not in ("guess", "cover", "clue", *RULINGS)]
    for i in range(counts["command"]):
        form = commands[i % len(commands)]
        phases = form.when.phases
        phase = Phase.GUESS if Phase.GUESS in phases and (i % 3 or Phase.CLUE not in phases) else Phase.CLUE
        question = form.when.cue is Cue.QUESTION or rng.random() < 0.3
        b.add("command", phase, fill(form.words), b.uncovered(), Command(form.request),
              awaiting=rng.random() < 0.8, question=question, over=form.when.cue is Cue.OVER)
    pool = clue_words(b.split, {c.lower() for c in b.cards})
    numbers = list(CLUE_NUMBER_WORDS)
    for i in range(counts["clue"]):
        form = by_intent["clue"][i % len(by_intent["clue"])]
        word, number = rng.choice(pool), numbers[i % len(numbers)]
        b.add("clue", Phase.CLUE, fill(form, clue=word, number=number), b.uncovered(),
              Clue(word, CLUE_NUMBER_WORDS[number]))


def _talk(b: _Builder, counts: dict[str, int], guess_forms: list[tuple[str, ...]]) -> None:
    rng, half = b.rng, SPLIT_INDEX[b.split]
    chatter, numtalk = CHATTER[half::2], NUMTALK[half::2]
    for i in range(counts["chatter"]):
        board = b.uncovered()
        a, c = rng.sample(board, 2)
        b.add("chatter", Phase.GUESS if i % 2 else Phase.CLUE, chatter[i % len(chatter)].format(a=a.lower(), b=c.lower()),
              board, None, question=rng.random() < 0.3)
    for i in range(counts["numtalk"]):
        board = b.uncovered()
        a, c = rng.sample(board, 2)
        b.add("numtalk", Phase.CLUE if i % 3 else Phase.GUESS, numtalk[i % len(numtalk)].format(a=a.lower(), b=c.lower()),
              board, None, question=rng.random() < 0.3)
    for i in range(counts["guess_in_clue"]):
        board = b.uncovered()
        b.add("guess_in_clue", Phase.CLUE, fill(guess_forms[(i * 7) % len(guess_forms)], card=rng.choice(board).lower()),
              board, None)
    for kind in ("silence", "noise"):
        for i in range(counts[kind]):
            b.add(kind, Phase.GUESS if i % 2 else Phase.CLUE, "", b.uncovered(), None, question=rng.random() < 0.3)
