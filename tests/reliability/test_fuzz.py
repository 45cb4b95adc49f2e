"""Property-based fuzzing: whatever is said or whatever a file holds, nothing but InputError escapes.

The said-text path runs parse_utterance -> Dialogue.hear -> rules core -> journal on
random utterances built from card names, template words, numbers and junk; the game's
invariants hold after every one, and replaying the journal gives the live game.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import BOARD, fixed_deal
from tests.game.test_properties import check_invariants, rules
from tests.reliability.bad_files import journal_header
from voicemaster.card_files import read_board, read_key, read_wordlist
from voicemaster.dialogue import Dialogue
from voicemaster.errors import InputError
from voicemaster.game.core import Game
from voicemaster.game.house_rules import HouseRules
from voicemaster.journal import Journal, load_game
from voicemaster.referee import judge_clue_word
from voicemaster.commands.options import rules_of, voice_of
from voicemaster.setup.settings import CONFIG_KEYS, load_config
from voicemaster.understand.intents import AmbiguousCard
from voicemaster.understand.parse import parse_utterance
from voicemaster.understand.requests import vocabulary
from voicemaster.vocabulary import CLUE_NUMBER_WORDS, FILLERS

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

card_words = st.sampled_from([*BOARD, "ice cream", "zebra", "apples", "Apple", "BANK"])
template_words = st.sampled_from(sorted(vocabulary("clue") | vocabulary("guess") | {"my", "clue", "is", "what"}))
numbers = st.one_of(st.sampled_from(sorted(CLUE_NUMBER_WORDS)), st.integers(-20, 120).map(str))
junk = st.one_of(st.sampled_from(sorted(FILLERS)), st.text(max_size=12), st.sampled_from(["...", "?!", "-", "'", "—", "ü", "\t"]))
token = st.one_of(card_words, template_words, template_words, numbers, junk)
utterance = st.lists(token, min_size=0, max_size=7).flatmap(
    lambda words: st.sampled_from([" ", ", ", "  ", "-", " . "]).map(lambda sep: sep.join(words))
)


@FUZZ
@given(game_rules=rules, said=st.lists(st.tuples(utterance, st.floats(0, 30)), max_size=40))
def test_random_speech_never_breaks_the_game(game_rules: HouseRules, said: list[tuple[str, float]]) -> None:
    now = [0.0]
    game = Game(fixed_deal(), game_rules, clock=lambda: now[0], judge=judge_clue_word)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "j.jsonl"
        journal = Journal.create(path, game.deal, game_rules)
        dialogue = Dialogue(game, journal.append, clock=lambda: now[0])
        dialogue.opening()
        for text, pause in said:
            listening = dialogue.listening()
            intent = parse_utterance(text, listening)
            if isinstance(intent, AmbiguousCard):
                assert set(intent.candidates) <= set(game.uncovered())
            reply = dialogue.hear(intent)
            assert (reply is None) == (intent is None)
            assert reply is None or reply.strip()
            now[0] += pause
            dialogue.tick()
            check_invariants(game)
        journal.close()
        assert load_game(path, judge=judge_clue_word).game.snapshot() == game.snapshot()


def only_input_errors(parse: object, path: Path) -> None:
    try:
        parse(path)  # type: ignore[operator]
    except InputError as exc:
        assert str(exc).startswith(str(path)), exc


@FUZZ
@given(data=st.binary(max_size=600))
def test_file_parsers_on_random_bytes_raise_only_input_errors(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "input"
        path.write_bytes(data)
        for parse in (read_board, read_key, read_wordlist, load_config, replay):
            only_input_errors(parse, path)


def replay(path: Path) -> object:
    return load_game(path, judge=judge_clue_word)


line_of_cards = st.lists(st.one_of(card_words, st.text(max_size=10)), min_size=20, max_size=30)


@FUZZ
@given(lines=line_of_cards, sep=st.sampled_from(["\n", "\r\n", "\n\n", " \n"]))
def test_near_boards_and_word_lists_raise_only_input_errors(lines: list[str], sep: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.txt"
        path.write_bytes(sep.join(lines).encode("utf-8", errors="replace"))
        for parse in (read_board, read_key, read_wordlist):
            only_input_errors(parse, path)


json_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 30), st.floats(allow_nan=True), st.text(max_size=8),
              st.sampled_from([*BOARD[:5], "ocean", "unlimited"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6,
)
record = st.one_of(
    st.fixed_dictionaries({"action": st.sampled_from(["clue", "guess", "cover", "stop", "ruling", "timeout", "undo", "x"])},
                          optional={"word": json_value, "number": json_value, "card": json_value,
                                    "accept": json_value, "t": json_value, "extra": json_value}),
    json_value,
)


@FUZZ
@given(records=st.lists(record, max_size=12), header=st.one_of(st.just(None), json_value))
def test_journals_with_random_records_load_or_raise_input_error(records: list[object], header: object) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "j.jsonl"
        first = journal_header() if header is None else json.dumps(header)
        path.write_text("\n".join([first, *map(json.dumps, records)]) + "\n")
        only_input_errors(replay, path)


toml_value = st.one_of(
    st.booleans(), st.integers(-1000, 1000), st.floats(-1e6, 1e6), st.text(max_size=8).map(json.dumps),
    st.lists(st.sampled_from(['"exact-guesses"', '"allow-rhymes"', '"nope"', "3", "true"]), max_size=3).map(
        lambda items: "[" + ", ".join(items) + "]"),
)
TABLE_KEYS = {"timer": ["enabled", "clue_seconds", "guess_seconds", "enforced"], "voice": ["rate", "volume", "voice"]}


@st.composite
def config_text(draw: st.DrawFn) -> str:
    lines = [f"{key} = {draw(toml_value)}" for key in draw(st.sets(st.sampled_from(sorted(CONFIG_KEYS - set(TABLE_KEYS)))))]
    for table, keys in TABLE_KEYS.items():
        if draw(st.booleans()):
            lines.append(f"[{table}]")
            lines += [f"{key} = {draw(toml_value)}" for key in draw(st.sets(st.sampled_from(keys)))]
    return "\n".join(lines) + "\n"


NO_FLAGS = argparse.Namespace(
    house_rules=[], coop=None, timer=None, clue_seconds=None, guess_seconds=None, timer_enforced=None,
    audio_out=None, rate=None, volume=None, voice=None,
)


@FUZZ
@given(text=config_text())
def test_configs_with_random_values_give_settings_or_one_input_error(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "config.toml"
        path.write_text(text)
        try:
            config = load_config(path)
            rules_of(NO_FLAGS, config)
            voice_of(NO_FLAGS, config)
        except InputError:
            pass
