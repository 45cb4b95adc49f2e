"""The SPEC §2 phrase templates: written once, used to parse text and to build grammars.

A pattern is a sequence of tokens in JSGF-like notation:
  word          a literal word
  [a|b]         optional, one of the alternatives
  (a|b)         required, one of the alternatives
  <card>        an uncovered card (one or more words)
  <number>      zero..nine, unlimited, infinity (or a digit, when typed)
  <clue>        the clue: one or two words, or a hyphenated word (open vocabulary)
  <word>        a one-word clue (the bare "ocean two", where two words would
                make chatter like "lady automobile one" a clue)
Templates are tried in table order; the first one that fits the whole utterance wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from voicemaster.game.phase import Phase
from voicemaster.understand.listening import Listening

Slot = Literal["card", "number", "clue", "word"]

IntentKind = Literal[
    "clue", "guess", "cover", "stop", "undo", "yes", "no", "repeat", "status", "time", "new_game", "overrule",
    "challenge",
]


@dataclass(frozen=True)
class Template:
    intent: IntentKind
    pattern: str
    phases: frozenset[Phase]
    time_action: Literal["query", "pause", "resume"] = "query"
    needs_awaited_clue: bool = False
    """Only fits while a clue is awaited (the bare "ocean two")."""
    needs_question: bool = False
    """Only fits while a question is open (yes, no)."""
    needs_over: bool = False
    """Only fits once the game is over ("new game")."""
    needs_refusal: bool = False
    """Only fits right after the referee refused a clue ("allow it")."""
    needs_allowed_clue: bool = False
    """Only fits after a clue the referee allowed, before the first guess ("challenge")."""


BOTH = frozenset({Phase.CLUE, Phase.GUESS})
CLUE = frozenset({Phase.CLUE})
GUESS = frozenset({Phase.GUESS})

TEMPLATES: tuple[Template, ...] = (
    Template("clue", "[my|the] clue [is] <clue> <number>", CLUE),
    Template("clue", "<word> <number>", CLUE, needs_awaited_clue=True),
    Template("guess", "[we] (guess|touch|pick|choose) [the] <card>", GUESS),
    Template("cover", "cover [the] <card>", CLUE),
    Template("stop", "stop [guessing]", GUESS),
    Template("stop", "end [our|the] turn", GUESS),
    Template("stop", "[we] pass", GUESS),
    Template("undo", "undo", BOTH),
    Template("yes", "(yes|correct|confirm)", BOTH, needs_question=True),
    Template("no", "(no|cancel|wrong)", BOTH, needs_question=True),
    Template("repeat", "repeat [the clue]", BOTH),
    Template("repeat", "what was the clue", BOTH),
    Template("status", "(status|score)", BOTH),
    Template("status", "how many left", BOTH),
    Template("time", "how much time [is] [left]", BOTH),
    Template("time", "pause [the] timer", BOTH, time_action="pause"),
    Template("time", "resume [the] timer", BOTH, time_action="resume"),
    Template("new_game", "new game", BOTH, needs_over=True),
    Template("overrule", "(allow it|overrule)", BOTH, needs_refusal=True),
    Template("challenge", "challenge", BOTH, needs_allowed_clue=True),
)


@dataclass(frozen=True)
class Element:
    """One position of a pattern: a set of words, or a slot."""

    words: tuple[str, ...] = ()
    optional: bool = False
    slot: Slot | None = None


_TOKEN = re.compile(r"\[[^\]]*\]|\([^)]*\)|<[a-z]+>|[a-z']+")


@lru_cache(maxsize=None)
def elements(pattern: str) -> tuple[Element, ...]:
    """A pattern split into its elements (an optional group of several words is
    kept as one element whose single alternative has spaces, e.g. "the clue")."""
    out: list[Element] = []
    for token in _TOKEN.findall(pattern):
        if token.startswith("<"):
            out.append(Element(slot=token[1:-1]))  # type: ignore[arg-type]
        elif token[0] in "[(":
            out.append(Element(tuple(token[1:-1].split("|")), optional=token[0] == "["))
        else:
            out.append(Element((token,)))
    return tuple(out)


SLOT_EXAMPLES: dict[str, str] = {"card": "apple", "number": "two", "clue": "ocean", "word": "ocean"}


def example(template: Template) -> str:
    """The template's shortest saying, slots filled with example words ("guess apple")."""
    words = []
    for element in elements(template.pattern):
        if element.slot is not None:
            words.append(SLOT_EXAMPLES[element.slot])
        elif not element.optional:
            words.append(element.words[0])
    return " ".join(words)


def templates_for(now: Listening) -> tuple[Template, ...]:
    """The templates that can fit now, in priority order. "allow it" and "challenge" only when
    they can apply, yes and no only while a question is open, so the table's talk is never
    taken for them."""
    return tuple(
        t
        for t in TEMPLATES
        if now.phase in t.phases
        and (now.awaiting_clue or not t.needs_awaited_clue)
        and (now.question_open or not t.needs_question)
        and (now.game_over or not t.needs_over)
        and (now.may_overrule or not t.needs_refusal)
        and (now.may_challenge or not t.needs_allowed_clue)
    )


def phase_templates(phase: Phase) -> tuple[Template, ...]:
    """The phase's templates while a clue is awaited and a question is open (the others are
    those of a game's end and of the table's rulings)."""
    return templates_for(Listening((), phase, awaiting_clue=True, question_open=True))


def vocabulary(phase: Phase) -> frozenset[str]:
    """Every literal word of the phase's templates (slots excluded)."""
    words: set[str] = set()
    for template in phase_templates(phase):
        for element in elements(template.pattern):
            for alternative in element.words:
                words.update(alternative.split())
    return frozenset(words)
