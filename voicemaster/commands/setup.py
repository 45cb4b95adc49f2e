"""`voicemaster setup`: lay out a physical table — from a photo of the cards (unread ones
asked for), or the cards read aloud (or typed) row by row and read back; the key card from a
photo, tapped on the spymaster page (--web) or typed without echo — and write the board (and
key) files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from voicemaster.card_files import read_key
from voicemaster.commands.options import (
    add_config_argument, add_output_arguments, add_photo_arguments, input_of, output_settings,
)
from voicemaster.errors import InputError
from voicemaster.setup.edges import open_edges
from voicemaster.setup.photos import TablePhotos
from voicemaster.setup.session import SetupSession
from voicemaster.setup.settings import load_config
from voicemaster.setup.table_setup import TableFiles, key_first, lay_out, two_word_cards


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
    add_config_argument(p)
    add_output_arguments(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    source = input_of(args.input)
    for path in (args.board_out, args.key_out):
        if path is not None and path.is_dir():
            raise InputError("is a directory; give a file to write, e.g. DIR/board.txt", str(path))
    if args.key_photo is not None and args.key is not None:
        raise InputError("--key and --key-photo: give the key card as a file or as a photo, not both")
    if args.key_photo is not None and args.key_out is None:
        raise InputError("--key-photo needs --key-out FILE: where to write the key card read from it")
    photos = TablePhotos.read(args.photo, args.key_photo)
    key = read_key(args.key) if args.key is not None else photos.key
    settings = output_settings(args, config, source)
    with open_edges(settings, game_ear=False) as edges:
        app = edges.app()
        key_page = edges.displays.key_page
        session = SetupSession(two_word_cards(), key_wanted=args.key_out is not None, key=key,
                               key_first=key_first(key_page, photos.cards is not None), key_page=key_page is not None)
        ear = edges.ears.grid() if edges.ears is not None else None
        listen = (lambda: edges.start_listening(app, ear)) if ear is not None else None
        lay_out(app, session, TableFiles(args.board_out, args.key_out), ear, when_keyed=listen, key_page=key_page,
                key_outlasts_input=ear is not None, photo=photos.cards,
                when_open=lambda: edges.start_typing(app, ends_input=ear is None))
    written = f" and {args.key_out}" if args.key_out is not None else ""
    print(f"voicemaster: the table is set: wrote {args.board_out}{written}", file=sys.stderr)
    return 0
