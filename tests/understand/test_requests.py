"""The request table: every request declared once, heard only in its moment, and handled by
whoever may hear it (a request without a handler stops the import, never a silent default)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from voicemaster import dialogue
from voicemaster.game.phase import Phase
from voicemaster.setup import session
from voicemaster.understand.listening import Cue, Listening, listening
from voicemaster.understand.requests import BY_NAME, FORMS, REQUESTS, expand, may_say, sayings, unhandled

CARDS = ("apple", "bank")


def test_each_request_is_declared_once_and_every_saying_is_written_out_once() -> None:
    assert len(BY_NAME) == len(REQUESTS)
    assert len({(f.request, f.words, f.when) for f in FORMS}) == len(FORMS)
    assert expand("[we] (guess|touch) [the] <card>")[:2] == (("we", "guess", "the", "<card>"), ("we", "guess", "<card>"))
    assert ("whose", "turn", "is", "it") in sayings("whose_turn")


@pytest.mark.parametrize(("name", "now", "allowed"), [
    ("yes", listening(CARDS, Phase.GUESS), False),
    ("yes", listening(CARDS, Phase.GUESS, question=True), True),
    ("stop", listening(CARDS, Phase.CLUE), False),
    ("stop", listening(CARDS, Phase.GUESS), True),
    ("new_game", listening(CARDS, Phase.CLUE), False),
    ("new_game", listening(CARDS, Phase.OVER), True),
    ("overrule", listening(CARDS, Phase.CLUE, refused=True), True),
    ("overrule", listening(CARDS, Phase.CLUE, refused=True, question=True), False),
    ("again", listening(CARDS, Phase.CLUE).anything(), False),
    ("whose_turn", listening(CARDS, Phase.GUESS), True),
])
def test_a_request_is_heard_only_in_its_moment(name: str, now: Listening, allowed: bool) -> None:
    assert may_say(name, now) is allowed


def test_a_question_holds_back_the_bare_clue() -> None:
    assert Cue.CLUE_AWAITED in listening(CARDS, Phase.CLUE).cues
    assert Cue.CLUE_AWAITED not in listening(CARDS, Phase.CLUE, question=True).cues


def test_the_dialogue_and_the_setup_handle_every_request_they_may_hear() -> None:
    assert unhandled([*dialogue.COMMANDS, "clue", "guess", "cover"]) == frozenset()
    assert unhandled(session.COMMANDS, setup=True) == frozenset()
    assert unhandled([name for name in dialogue.COMMANDS if name != "whose_turn"] + ["clue", "guess", "cover"]) == {
        "whose_turn"}


def test_a_request_with_no_handler_stops_the_import() -> None:
    """A request added to the table and not to the dialogue: the program does not start."""
    probe = (
        "import voicemaster.understand.requests as r\n"
        "r.REQUESTS = (*r.REQUESTS, r.Request('shuffle', (r.said('shuffle', phases=r.BOTH_PHASES),)))\n"
        "import voicemaster.dialogue\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "no handler in the dialogue: ['shuffle']" in done.stderr
