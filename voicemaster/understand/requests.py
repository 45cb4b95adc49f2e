"""Everything the table may say to the referee, declared once (hassil's intents are the model).

A request has a name (what the referee is asked: "stop", "guess"), its sayings (the ways
people say it), when each may be said (as data: the game's phases, the one moment of the game
it waits for, and whether a table being laid out hears it too) and its wire form (SPEC §3).
Its handler lives with whoever handles it: the dialogue in a game, the setup session while a
table is laid out, each checked at import to handle every request it may hear (`unhandled`).

`FORMS` is every saying written out once (`expand`), in table order: the typed parser, Whisper's
phrase scoring, the grammar ears, the setup, the demo's players, the training script and the
benchmarks all read it, so a saying added here is heard everywhere.

A saying is a sequence of tokens:
  word          a literal word
  [a|b]         optional, one of the alternatives
  (a|b)         required, one of the alternatives
  <card>        an uncovered card (one or more words)
  <number>      zero..nine, unlimited, infinity (or a digit, when typed)
  <clue>        the clue: one or two words, or a hyphenated word (open vocabulary)
  <word>        a one-word clue (the bare "ocean two", where two words would make chatter
                like "lady automobile one" a clue)
Requests are tried in table order; the first saying that fits the whole utterance wins.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from voicemaster.game.phase import Phase
from voicemaster.understand.listening import Cue, Listening

CARD, NUMBER, CLUE, WORD = "<card>", "<number>", "<clue>", "<word>"
SLOTS = (CARD, NUMBER, CLUE, WORD)
SLOT_EXAMPLES = {CARD: "apple", NUMBER: "two", CLUE: "ocean", WORD: "ocean"}
"""What a slot is filled with in an example saying ("guess apple")."""
CARD_REQUESTS = ("guess", "cover")
"""The requests that name a card."""

CLUE_PHASE = frozenset({Phase.CLUE})
GUESS_PHASE = frozenset({Phase.GUESS})
BOTH_PHASES = frozenset({Phase.CLUE, Phase.GUESS})


@dataclass(frozen=True)
class When:
    """When a saying may be said: in one of `phases` of a game, at the moment `cue` if one is
    named; and while a table is laid out when `setup`."""

    phases: frozenset[Phase] = frozenset()
    cue: Cue | None = None
    setup: bool = False

    def fits(self, now: Listening) -> bool:
        return now.phase in self.phases and (self.cue is None or self.cue in now.cues)


@dataclass(frozen=True)
class Sayings:
    patterns: tuple[str, ...]
    when: When


@dataclass(frozen=True)
class Request:
    name: str
    sayings: tuple[Sayings, ...]
    wire: dict[str, str] | None = field(default=None, hash=False, compare=False)
    """Its SPEC §3 JSON form when it is not {"type": name} (a pause is a kind of "time")."""

    @property
    def in_game(self) -> bool:
        return any(s.when.phases for s in self.sayings)

    @property
    def in_setup(self) -> bool:
        return any(s.when.setup for s in self.sayings)

    def json(self) -> dict[str, str]:
        return dict(self.wire) if self.wire is not None else {"type": self.name}


def said(*patterns: str, phases: frozenset[Phase] = frozenset(), cue: Cue | None = None,
         setup: bool = False) -> Sayings:
    return Sayings(patterns, When(phases, cue, setup))


REQUESTS: tuple[Request, ...] = (
    Request("clue", (said("[my|the] clue [is] <clue> <number>", phases=CLUE_PHASE),
                     said("<word> <number>", phases=CLUE_PHASE, cue=Cue.CLUE_AWAITED))),
    Request("guess", (said("[we] (guess|touch|pick|choose) [the] <card>", phases=GUESS_PHASE),)),
    Request("cover", (said("cover [the] <card>", phases=CLUE_PHASE),)),
    Request("stop", (said("stop [guessing]", "end [our|the] turn", "[we] pass", "we're done", phases=GUESS_PHASE),)),
    Request("undo", (said("undo", phases=BOTH_PHASES),)),
    Request("yes", (said("(yes|yeah|yep|correct|confirm)", phases=BOTH_PHASES, cue=Cue.QUESTION, setup=True),
                    said("right", setup=True))),
    Request("no", (said("(no|nope|nah|cancel|wrong)", phases=BOTH_PHASES, cue=Cue.QUESTION, setup=True),)),
    Request("again", (said("[read] [it] again", "say again", "once again", setup=True),)),
    Request("repeat", (said("repeat [the clue]", "what was the clue", phases=BOTH_PHASES),
                       said("repeat [the] (rows|cards|board|table)", "repeat them [all]", "repeat", setup=True))),
    Request("status", (said("(status|score)", "how many left", phases=BOTH_PHASES),)),
    Request("whose_turn", (said("(whose|who's) turn [is it]", phases=BOTH_PHASES),)),
    Request("time", (said("how much time [is] [left]", phases=BOTH_PHASES),)),
    Request("pause_timer", (said("pause [the] timer", phases=BOTH_PHASES),), {"type": "time", "action": "pause"}),
    Request("resume_timer", (said("resume [the] timer", phases=BOTH_PHASES),), {"type": "time", "action": "resume"}),
    Request("new_game", (said("new game", phases=BOTH_PHASES, cue=Cue.OVER),)),
    Request("overrule", (said("(allow it|overrule)", phases=BOTH_PHASES, cue=Cue.REFUSED),)),
    Request("challenge", (said("challenge", phases=BOTH_PHASES, cue=Cue.ALLOWED),)),
)
"""In priority order. The everyday variants (yeah, yep; nope, nah; "we're done") are those
that real talk did not trigger: bench/real_voices.py and bench/false_accepts.py. "Right" is a
yes only to a row read back ("Row one: ... Right?"): in a game it is a teammate's direction."""

BY_NAME: dict[str, Request] = {r.name: r for r in REQUESTS}


@dataclass(frozen=True)
class Form:
    """One literal way of saying a request: words and slot markers ("we", "pick", "<card>")."""

    request: str
    words: tuple[str, ...]
    when: When

    @property
    def slot(self) -> str | None:
        return next((w for w in self.words if w in SLOTS), None)


_TOKEN = re.compile(r"\[[^\]]*\]|\([^)]*\)|<[a-z]+>|[a-z']+")


@functools.cache
def expand(pattern: str) -> tuple[tuple[str, ...], ...]:
    """Every literal way of saying `pattern`, slots kept as markers: each alternative of a group
    in order, an optional group's omission last, so the first form that fits is the one a
    reading from left to right would find."""
    choices: list[list[tuple[str, ...]]] = []
    for token in _TOKEN.findall(pattern):
        if token[0] in "[(":
            alternatives = [tuple(a.split()) for a in token[1:-1].split("|")]
            choices.append(alternatives + ([()] if token[0] == "[" else []))
        else:
            choices.append([(token,)])
    sayings = (tuple(w for part in combo for w in part) for combo in itertools.product(*choices))
    return tuple(dict.fromkeys(s for s in sayings if s))


def _forms(requests: Iterable[Request]) -> tuple[Form, ...]:
    return tuple(
        Form(request.name, words, sayings.when)
        for request in requests for sayings in request.sayings for pattern in sayings.patterns
        for words in expand(pattern)
    )


FORMS: tuple[Form, ...] = _forms(REQUESTS)
"""Every saying of every request, written out, in table order."""


@functools.lru_cache(maxsize=64)
def forms(now: Listening) -> tuple[Form, ...]:
    """The forms that may be said now, in table order."""
    return tuple(f for f in FORMS if f.when.fits(now))


def phase_forms(now: Listening) -> tuple[Form, ...]:
    """The forms allowed now whatever the cards (a cache keyed on what may be said, not on the board)."""
    return forms(Listening((), now.phase, now.cues))


def setup_forms() -> tuple[Form, ...]:
    """The forms heard while a table is laid out."""
    return tuple(f for f in FORMS if f.when.setup)


def sayings(name: str, *, setup: bool = False) -> tuple[tuple[str, ...], ...]:
    """Every way of saying request `name` in a game (or while a table is laid out), slots as markers."""
    return tuple(dict.fromkeys(
        f.words for f in FORMS if f.request == name and (f.when.setup if setup else bool(f.when.phases))))


def may_say(name: str, now: Listening) -> bool:
    """Request `name` may be said now."""
    return any(f.request == name for f in forms(now))


def plainest(pattern: str) -> tuple[str, ...]:
    """A pattern said the plainest way: optional words left out, each group's first choice."""
    words: list[str] = []
    for token in _TOKEN.findall(pattern):
        if token[0] == "(":
            words += token[1:-1].split("|")[0].split()
        elif token[0] != "[":
            words.append(token)
    return tuple(words)


def shortest_sayings(*, setup: bool = False) -> tuple[str, ...]:
    """The plainest saying with example words of each pattern of a game ("guess apple", "end
    turn"), or the shortest of each request of a setup ("yes", "again"), in table order: the
    typed help, which so offers exactly what is understood."""
    out: list[str] = []
    for request in REQUESTS:
        patterns = [p for b in request.sayings if (b.when.setup if setup else bool(b.when.phases)) for p in b.patterns]
        said = [plainest(p) for p in patterns]
        for words in ([min(said, key=len)] if setup and said else said):
            out.append(" ".join(SLOT_EXAMPLES.get(w, w) for w in words))
    return tuple(dict.fromkeys(out))


def vocabulary(phase: Phase) -> frozenset[str]:
    """Every literal word of the phase's sayings while a clue is awaited or a question open
    (slots excluded); not the words of a game's end or of the table's rulings, which may well
    be clues ("game", "challenge")."""
    now = Listening((), phase, frozenset({Cue.CLUE_AWAITED, Cue.QUESTION}))
    return frozenset(w for f in forms(now) for w in f.words if w not in SLOTS)


def unhandled(handled: Iterable[str], *, setup: bool = False) -> frozenset[str]:
    """The requests a game (or a setup) may hear that `handled` misses."""
    return frozenset(r.name for r in REQUESTS if (r.in_setup if setup else r.in_game)) - frozenset(handled)
