"""`voicemaster play`: the real thing — microphone (or typed lines, or a WAV) in, referee out."""

from __future__ import annotations

import argparse
import random
import sys
import time
from functools import partial
from pathlib import Path

from voicemaster.app import App, Notice
from voicemaster.dialogue import Dialogue
from voicemaster.errors import InputError
from voicemaster.setup.open_game import OpenGame, add_deal_arguments, open_game
from voicemaster.setup.runtime import (
    DisplayedConsole, Hearing, add_output_arguments, hearing, open_displays, open_speaker,
    start_typed_input, tell_warnings,
)
from voicemaster.setup.settings import add_rule_arguments, house_rules_from, load_config
from voicemaster.setup.sources import fault_notices, feed_audio, start_thread
from voicemaster.speech.audio.sources import AudioSource, Microphone, NoMicrophone, list_devices, wav_source
from voicemaster.speech.audio.denoise import check_installed
from voicemaster.speech.audio.front_end import open_front_end


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="referee a game at the table", description=__doc__)
    p.add_argument("--input", default="mic", metavar="{mic,text,FILE.wav}",
                   help="where utterances come from (default: the microphone)")
    p.add_argument("--realtime", action="store_true", help="replay --input FILE.wav at its real pace")
    p.add_argument("--confirm-clues", action="store_true", help='confirm every clue ("Ocean, two — right?")')
    add_deal_arguments(p)
    add_rule_arguments(p)
    add_output_arguments(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    rules = house_rules_from(args, config)
    source = check_input(args.input)
    check_installed(args.denoise)
    opened = open_game(args, rules, config)
    try:
        return _play(args, config, opened, source)
    finally:
        opened.close()


def check_input(value: str) -> str | Path:
    """Fail before anything starts: no microphone, or a WAV that is not there."""
    if value == "text":
        return value
    if value == "mic":
        if not any(d.inputs > 0 for d in list_devices()):
            raise NoMicrophone()
        return value
    path = Path(value)
    if not path.is_file():
        raise InputError("no such WAV file (use --input mic, --input text or --input FILE.wav)", value)
    return path


def _play(args: argparse.Namespace, config: dict[str, object], opened: OpenGame, source: str | Path) -> int:
    game = opened.game
    dialogue = Dialogue(game, opened.record, time.monotonic, random.Random(args.seed), args.confirm_clues)
    if opened.drawn_key is not None:
        print(f"voicemaster: {opened.drawn_key}", file=sys.stderr)
    console = DisplayedConsole()
    speaker = open_speaker(args, config, console)
    displays = open_displays(args, console)
    ears: Hearing | None = None
    try:
        if source == "text":
            app = App(game, dialogue, speaker, displays.all)
            _tell_drawn_key(opened, app)
            start_typed_input(displays, app.inbox)
        else:
            ears = hearing(args, config)
            app = App(game, dialogue, speaker, displays.all, ears.hear)
            _tell_drawn_key(opened, app)
            tell_warnings(ears, app.inbox, displays.board)
            start_listening(args, app, source, ears)
        app.run()
    finally:
        speaker.wait_idle(timeout=30)
        speaker.close()
        displays.close()
        if ears is not None:
            ears.close()
    return 0


def _tell_drawn_key(opened: OpenGame, app: App) -> None:
    """Said to the table (and shown on the board) before anything else is heard."""
    if opened.drawn_key is not None:
        app.inbox.put(Notice(opened.drawn_key))


def start_listening(args: argparse.Namespace, app: App, source: str | Path, ears: Hearing) -> None:
    """The thread that feeds the app audio through the one front end, with the noise stage
    asked for, else the one the recognizer hears best with."""
    live = source == "mic" or args.realtime
    # Faster than real time the cut must not depend on how far the referee has got: a
    # replay then ends every utterance on the same fixed silence, and is repeatable.
    front_end = open_front_end(args.denoise or ears.denoise, app.speaker.speaking,
                               brisk=app.dialogue.brisk if live else None)
    if source == "mic":
        audio: AudioSource = Microphone(on_fault=fault_notices(app.inbox))
    else:
        audio = wav_source(source, realtime=args.realtime)
    feed = partial(feed_audio, audio, front_end, app.inbox, app.set_mic_level, hear_ahead=live)
    start_thread(feed, "listening", app.inbox)
