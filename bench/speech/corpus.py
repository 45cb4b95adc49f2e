"""The speech benchmark's corpus: what is said, by which voice, on which board.

Everything is drawn from seeded generators, so a run is reproducible and a
held-out run only needs other seeds, voices and word lists.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from voicemaster.game.dealing import deal_cards
from voicemaster.setup.files import read_wordlist
from voicemaster.speech.grammar import clue_vocabulary
from voicemaster.understand.intents import Command, GiveClue, GuessCard, Intent
from voicemaster.understand.parse import CLUE_STOPWORDS
from voicemaster.understand.templates import TEMPLATES, Template, elements
from voicemaster.vocabulary import CLUE_NUMBER_WORDS

VOICES = ("en-us", "en-gb", "en-us+m3", "en-gb-scotland+f2", "en-us+f4", "en-029+m5", "en-gb-x-rp+f3")
WORDLIST = Path(__file__).resolve().parents[2] / "wordlists" / "default.txt"

CHATTER = (
    "I think {a} is ours",
    "maybe not the {a} one",
    "what about {a} and {b}",
    "no wait, {a} could be the assassin",
    "don't touch {a} yet",
    "is {a} connected to {b}",
    "the {a} one is risky",
    "he said two so {a} and {b}",
    "I would go for {a} but I am not sure",
    "{a} sounds right to me",
    "could it be {a} or {b}",
    "we already have {a} I think",
)


@dataclass(frozen=True)
class Item:
    kind: str
    """guess, command, clue or chatter"""
    phase: str
    text: str
    voice: str
    speed: int
    board: tuple[str, ...]
    expected: Intent | None


def _say(template: Template, rng: random.Random, card: str = "", clue: str = "") -> str:
    """One phrase of a template, optional words taken or left at random."""
    words: list[str] = []
    for element in elements(template.pattern):
        if element.slot == "card":
            words.append(card)
        elif element.slot in ("clue", "word"):
            words.append(clue)
        elif element.slot == "number":
            words.append(rng.choice([w for w in CLUE_NUMBER_WORDS if w != "infinity"]))
        elif not element.optional or rng.random() < 0.5:
            words.append(rng.choice(element.words))
    return " ".join(words)


def boards(n: int, seed: int) -> list[tuple[str, ...]]:
    words = read_wordlist(WORDLIST)
    rng = random.Random(seed)
    return [deal_cards(words, rng) for _ in range(n)]


def build(per_kind: int, seed: int = 1) -> list[Item]:
    rng = random.Random(seed)
    deals = boards(max(2, per_kind // 10), seed)
    clue_words = [w for w in clue_vocabulary()[300:6000] if w not in CLUE_STOPWORDS and len(w) > 2]
    items: list[Item] = []
    card_templates = [t for t in TEMPLATES if t.intent == "guess"]
    command_templates = [t for t in TEMPLATES if t.intent not in ("guess", "cover", "clue")]
    clue_templates = [t for t in TEMPLATES if t.intent == "clue"]
    for i in range(per_kind):
        board = deals[i % len(deals)]

        def voice() -> tuple[str, int]:
            return rng.choice(VOICES), rng.randint(140, 190)

        card = rng.choice(board)
        items.append(Item("guess", "guess", _say(rng.choice(card_templates), rng, card=card.lower()), *voice(), board, GuessCard(card)))
        template = rng.choice(command_templates)
        items.append(Item("command", "guess", _say(template, rng), *voice(), board, Command(template.intent, template.time_action)))  # type: ignore[arg-type]
        template = rng.choice(clue_templates)
        text = _say(template, rng, clue=rng.choice(clue_words))
        word, number = text.split()[-2], CLUE_NUMBER_WORDS[text.split()[-1]]
        items.append(Item("clue", "clue", text, *voice(), board, GiveClue(word, number)))
        a, b = rng.sample(board, 2)
        phase = rng.choice(("guess", "clue"))
        items.append(Item("chatter", phase, rng.choice(CHATTER).format(a=a.lower(), b=b.lower()), *voice(), board, None))
    return items
