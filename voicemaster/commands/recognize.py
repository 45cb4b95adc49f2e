"""`voicemaster recognize`: WAV files → one JSON line each (SPEC §3)."""

from __future__ import annotations

import argparse
import json
import sys

from voicemaster.game.phase import Phase
from voicemaster.setup.files import read_board
from voicemaster.speech.engines import ENGINES, open_ear
from voicemaster.speech.wav import read_wav
from voicemaster.understand.intents import to_json
from voicemaster.understand.listening import Listening


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "recognize",
        help="recognize utterances in WAV files against a board",
        description="Prints one JSON object per WAV, in order: file, transcript, intent, "
        "confidence, decode_ms.",
    )
    parser.add_argument("--board", required=True, help="board file (25 lines, one card each)")
    parser.add_argument("--phase", required=True, choices=("clue", "guess"))
    parser.add_argument("--engine", default="auto", choices=ENGINES)
    parser.add_argument("--model", default=None, help="a vosk model or CTranslate2 Whisper model directory")
    parser.add_argument("wavs", nargs="+", metavar="WAV")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    phase = Phase(args.phase)
    now = Listening(read_board(args.board), phase, awaiting_clue=phase is Phase.CLUE, question_open=True)
    opened = open_ear(args.engine, args.model)
    for warning in opened.warnings:
        print(f"voicemaster: warning: {warning}", file=sys.stderr)
    for path in args.wavs:
        heard = opened.ear.hear(read_wav(path), now)
        print(
            json.dumps(
                {
                    "file": path,
                    "transcript": heard.transcript.text,
                    "intent": to_json(heard.intent),
                    "confidence": round(heard.confidence, 3),
                    "decode_ms": round(heard.decode_ms, 1),
                }
            ),
            flush=True,
        )
    return 0
