"""`voicemaster setup`: lay out a physical table — from a photo of the cards (unread ones
asked for), or the cards read aloud (or typed) row by row and read back; the key card from a
photo, tapped on the spymaster page (--web) or typed without echo — and write the board (and
key) files."""

from __future__ import annotations

import argparse
import queue
import sys
from functools import partial
from pathlib import Path
from typing import Callable

from voicemaster.app import Inbox, Item
from voicemaster.card_files import read_key
from voicemaster.errors import InputError
from voicemaster.setup.photos import TablePhotos, add_photo_arguments
from voicemaster.setup.runtime import (
    DisplayedConsole, Displays, add_output_arguments, open_displays, open_speaker, start_typed_input,
)
from voicemaster.setup.session import SetupSession
from voicemaster.setup.settings import config_file, load_config
from voicemaster.setup.sources import fault_notices, feed_audio, start_thread
from voicemaster.setup.table_setup import (
    GRID_DENOISE, HearGrid, SetupScreen, TableFiles, key_first, open_grid, set_up_table, two_word_cards,
)
from voicemaster.speech.audio.front_end import open_front_end
from voicemaster.speech.audio.sources import AudioSource, Microphone, wav_source
from voicemaster.voice.tts import Speaker

def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("setup", help="lay out a physical table: photograph or read the cards, the key card",
                       description=__doc__)
    p.add_argument("--board-out", type=Path, required=True, metavar="FILE",
                   help="write the 25 cards here (an unfinished setup is kept in FILE.partial and taken up again)")
    keys = p.add_mutually_exclusive_group()
    keys.add_argument("--key", type=Path, metavar="FILE", help="the key card's file (5 lines of R/B/N/A), checked")
    keys.add_argument("--key-out", type=Path, metavar="FILE",
                      help="type the key card in the terminal (not shown) and write it here")
    add_photo_arguments(p)
    p.add_argument("--input", default="mic", metavar="{mic,text,FILE.wav}",
                   help="where the cards come from (default: the microphone; typed lines always work)")
    p.add_argument("--config", type=Path, help=f"config file (default {config_file()})")
    add_output_arguments(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from voicemaster.commands.play import check_input

    config = load_config(args.config)
    source = check_input(args.input)
    for path in (args.board_out, args.key_out):
        if path is not None and path.is_dir():
            raise InputError("is a directory; give a file to write, e.g. DIR/board.txt", str(path))
    if args.key_photo is not None and args.key is not None:
        raise InputError("--key and --key-photo: give the key card as a file or as a photo, not both")
    if args.key_photo is not None and args.key_out is None:
        raise InputError("--key-photo needs --key-out FILE: where to write the key card read from it")
    photos = TablePhotos.read(args)
    key = read_key(args.key) if args.key is not None else photos.key
    console = DisplayedConsole()
    speaker = open_speaker(args, config, console)
    displays = open_displays(args, console)
    session = SetupSession(two_word_cards(), key_wanted=args.key_out is not None, key=key,
                           key_first=key_first(displays.key_page, photos.cards is not None),
                           key_page=displays.key_page is not None)
    inbox = Inbox()
    try:
        hear_grid, listen = start_setup_inputs(args, source, displays, inbox, speaker, lambda: session.wants_key)
        set_up_table(session, TableFiles(args.board_out, args.key_out), inbox,
                     SetupScreen(speaker.say, displays.all), hear_grid, when_keyed=listen, key_page=displays.key_page,
                     key_outlasts_input=source != "text", photo=photos.cards)
    finally:
        speaker.wait_idle(timeout=30)
        speaker.close()
        displays.close()
    written = f" and {args.key_out}" if args.key_out is not None else ""
    print(f"voicemaster: the table is set: wrote {args.board_out}{written}", file=sys.stderr)
    return 0


def start_setup_inputs(
    args: argparse.Namespace, source: str | Path, displays: Displays, inbox: "queue.Queue[Item]",
    speaker: Speaker, hidden: Callable[[], bool],
) -> tuple[HearGrid | None, Callable[[], None] | None]:
    """Typed lines always (the key, a typed card); with a microphone or a WAV also speech,
    heard by the grid ear. Returns how speech is heard and what starts the audio (both None
    for typed input only)."""
    if source == "text":
        start_typed_input(displays, inbox, hidden)
        return None, None
    start_typed_input(displays, inbox, hidden, ends_input=False)
    hear = open_grid()
    front_end = open_front_end(args.denoise or GRID_DENOISE, speaker.speaking)
    audio: AudioSource = Microphone(on_fault=fault_notices(inbox)) if source == "mic" else wav_source(source)
    return hear, partial(start_thread, partial(feed_audio, audio, front_end, inbox), "listening", inbox)
