"""`voicemaster play`: the real thing — microphone (or typed lines, or a WAV) in, referee out."""

from __future__ import annotations

import argparse
import itertools
import queue
import random
import sys
import time
from functools import partial
from pathlib import Path
from typing import Callable, Protocol

from voicemaster.app import App, Inbox, Item, Notice
from voicemaster.dialogue import Dialogue
from voicemaster.errors import InputError
from voicemaster.game.house_rules import HouseRules
from voicemaster.paths import data_home
from voicemaster.setup.dealing import RecentCards, new_deal
from voicemaster.setup.open_game import (
    OpenGame, add_deal_arguments, check_new_journal, configured_wordlist, deals, journal_for, lays_out_table,
    open_game, start_game, table_files,
)
from voicemaster.setup.runtime import (
    DisplayedConsole, Displays, Hearing, add_output_arguments, hearing, open_displays, open_speaker,
    start_typed_input, tell_warnings,
)
from voicemaster.setup.photos import TablePhotos, add_photo_arguments
from voicemaster.setup.session import SetupSession
from voicemaster.setup.settings import add_rule_arguments, house_rules_from, load_config
from voicemaster.setup.table_setup import (
    GRID_DENOISE, HearGrid, SetupScreen, key_first, open_grid, set_up_table, two_word_cards,
)
from voicemaster.voice.tts import Speaker
from voicemaster.setup.sources import fault_notices, feed_audio, start_thread
from voicemaster.speech.audio.sources import AudioSource, Microphone, NoMicrophone, list_devices, wav_source
from voicemaster.speech.audio.denoise import check_installed, make_denoiser
from voicemaster.speech.audio.front_end import FrontEnd, open_front_end


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="referee a game at the table", description=__doc__)
    p.add_argument("--input", default="mic", metavar="{mic,text,FILE.wav}",
                   help="where utterances come from (default: the microphone)")
    p.add_argument("--realtime", action="store_true", help="replay --input FILE.wav at its real pace")
    p.add_argument("--confirm-clues", action="store_true", help='confirm every clue ("Ocean, two — right?")')
    add_deal_arguments(p)
    add_photo_arguments(p.add_argument_group("a table laid out from photos"))
    add_rule_arguments(p)
    add_output_arguments(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    rules = house_rules_from(args, config)
    source = check_input(args.input)
    check_installed(args.denoise)
    if lays_out_table(args, config):
        check_new_journal(args.journal)
        return _play(args, config, rules, source, None, TablePhotos.read(args))
    if args.photo is not None or args.key_photo is not None:
        raise InputError("--photo and --key-photo lay out a table from the box: not with --board, --key, a deal or --resume")
    opened = open_game(args, rules, config)
    try:
        return _play(args, config, rules, source, opened)
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


class Evening:
    """What stays while games come and go in one `play`: the inbox the sources feed, the
    speaker, the ears; and the game (or setup) in progress, which the sources ask after."""

    def __init__(self, speaker: Speaker) -> None:
        self.inbox = Inbox()
        self.speaker = speaker
        self.app: App | None = None
        self.setup: SetupSession | None = None
        self.hear_grid: HearGrid | None = None
        self.front_end: FrontEnd | None = None
        """Its noise stage is the grid ear's during a setup (a live source is cut as it comes;
        a replay faster than real time is cut at once with the stage it starts with)."""
        self.game_denoise = GRID_DENOISE

    def brisk(self) -> bool:
        return self.app is not None and self.app.brisk()

    def set_mic_level(self, level: float) -> None:
        if self.app is not None:
            self.app.set_mic_level(level)

    def key_hidden(self) -> bool:
        return self.setup is not None and self.setup.wants_key


def _play(
    args: argparse.Namespace, config: dict[str, object], rules: HouseRules, source: str | Path, opened: OpenGame | None,
    photos: TablePhotos = TablePhotos(),
) -> int:
    """Game after game: each ends with the input, or with "new game" (said once it is over),
    which lays out the next table — or deals again when the game was dealt — same rules.
    `photos` lay out the first table."""
    console = DisplayedConsole()
    speaker = open_speaker(args, config, console)
    displays = open_displays(args, console)
    evening = Evening(speaker)
    ears: Hearing | None = None
    started = False
    try:
        if source != "text":
            ears = hearing(args, config)
        for number in itertools.count(1):
            if opened is None:
                begin = None
                if not started and ears is None:
                    _start_inputs(args, evening, source, displays, ears)
                elif not started:
                    begin = partial(_start_inputs, args, evening, source, displays, ears, GRID_DENOISE)
                started = True
                opened = _set_up(args, rules, evening, source, displays, journal_for(args.journal, number), begin,
                                 photos if number == 1 else TablePhotos())
            evening.app = _game(args, opened, evening, displays, ears)
            started = started or _start_inputs(args, evening, source, displays, ears)
            try:
                evening.app.run()
            finally:
                opened.close()
            if not evening.app.dialogue.new_game_asked:
                return 0
            opened = _deal_again(args, config, rules, journal_for(args.journal, number + 1), number)
    finally:
        speaker.wait_idle(timeout=30)
        speaker.close()
        displays.close()
        if ears is not None:
            ears.close()
    return 0


def _start_inputs(
    args: argparse.Namespace, evening: Evening, source: str | Path, displays: Displays, ears: Hearing | None,
    denoise: str | None = None,
) -> bool:
    """The sources start once: after what must be said before anything is heard (a drawn key),
    and audio after a key typed first. `denoise`: the noise stage to start with when it is
    not the game ear's (a setup first). Returns True: started."""
    if ears is None:
        start_typed_input(displays, evening.inbox, evening.key_hidden)
    else:
        tell_warnings(ears, evening.inbox, displays.board)
        evening.front_end = start_listening(args, evening, source, ears, denoise)
        evening.game_denoise = args.denoise or ears.denoise
    return True


def _game(args: argparse.Namespace, opened: OpenGame, evening: Evening, displays: Displays, ears: Hearing | None) -> App:
    dialogue = Dialogue(opened.game, opened.record, time.monotonic, random.Random(args.seed), args.confirm_clues)
    if opened.drawn_key is not None:
        print(f"voicemaster: {opened.drawn_key}", file=sys.stderr)
    app = App(opened.game, dialogue, evening.speaker, displays.all, ears.hear if ears else None, evening.inbox)
    _tell_drawn_key(opened, app)
    return app


def _tell_drawn_key(opened: OpenGame, app: App) -> None:
    """Said to the table (and shown on the board) before anything else is heard."""
    if opened.drawn_key is not None:
        app.inbox.put(Notice(opened.drawn_key))


def _set_up(
    args: argparse.Namespace, rules: HouseRules, evening: Evening, source: str | Path, displays: Displays,
    journal: Path | None, begin: Callable[[], object] | None, photos: TablePhotos,
) -> OpenGame:
    """The next table laid out at the table (from `photos`, as far as they go); its files
    kept beside the journal. `begin` starts the audio once the key is typed (the first
    setup of a `play` on speech)."""
    evening.app = None
    if source != "text" and evening.hear_grid is None:
        start_typed_input(displays, evening.inbox, evening.key_hidden, ends_input=False)
        evening.hear_grid = open_grid()
    key_page = displays.key_page
    session = evening.setup = SetupSession(two_word_cards(), key_wanted=True, key=photos.key,
                                           key_first=key_first(key_page, photos.cards is not None),
                                           key_page=key_page is not None)
    if evening.front_end is not None and args.denoise is None:
        evening.front_end.denoiser = make_denoiser(GRID_DENOISE)
    try:
        again = "play again" + (f" with --journal {journal}" if journal is not None else "")
        set_up_table(session, table_files(journal), evening.inbox, SetupScreen(evening.speaker.say, displays.all),
                     evening.hear_grid, again, begin, key_page, key_outlasts_input=source != "text", photo=photos.cards)
    finally:
        evening.setup = None
        if evening.front_end is not None and args.denoise is None:
            evening.front_end.denoiser = make_denoiser(evening.game_denoise)
    deal = session.deal()
    return start_game(deal, rules, journal)


def _deal_again(
    args: argparse.Namespace, config: dict[str, object], rules: HouseRules, journal: Path | None, played: int
) -> OpenGame | None:
    """After a dealt game, a new deal (the next seed, when the first was seeded); after a
    game on a physical table, None: the next table is to be laid out."""
    if not deals(args, config):
        return None
    seed = None if args.seed is None else args.seed + played
    recent = None if seed is not None else RecentCards(data_home() / "recent-cards.json")
    deal = new_deal(args.wordlist or configured_wordlist(config), seed, recent)
    return start_game(deal, rules, journal)


class Listened(Protocol):
    """What the audio is fed to: an app, or an evening of games."""

    inbox: "queue.Queue[Item]"
    speaker: Speaker

    def brisk(self) -> bool: ...

    def set_mic_level(self, level: float) -> None: ...


def start_listening(
    args: argparse.Namespace, app: Listened, source: str | Path, ears: Hearing, denoise: str | None = None
) -> FrontEnd:
    """The thread that feeds the app audio through the one front end (returned), with the
    noise stage asked for, else `denoise`, else the one the recognizer hears best with."""
    live = source == "mic" or args.realtime
    # Faster than real time the cut must not depend on how far the referee has got: a
    # replay then ends every utterance on the same fixed silence, and is repeatable.
    front_end = open_front_end(args.denoise or denoise or ears.denoise, app.speaker.speaking,
                               brisk=app.brisk if live else None)
    if source == "mic":
        audio: AudioSource = Microphone(on_fault=fault_notices(app.inbox))
    else:
        audio = wav_source(source, realtime=args.realtime)
    feed = partial(feed_audio, audio, front_end, app.inbox, app.set_mic_level, hear_ahead=live)
    start_thread(feed, "listening", app.inbox)
    return front_end
