"""`voicemaster play`: the real thing — microphone (or typed lines, or a WAV) in, referee out."""

from __future__ import annotations

import argparse

from voicemaster.commands.options import (
    add_deal_arguments, add_output_arguments, add_photo_arguments, add_rule_arguments,
    play_settings,
)
from voicemaster.setup.evening import play


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
    return play(play_settings(args))
