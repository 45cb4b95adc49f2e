"""`voicemaster recognize`: WAV files → one JSON line each (SPEC §3)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from voicemaster.card_files import read_board, read_wordlist
from voicemaster.errors import InputError
from voicemaster.game.phase import Phase
from voicemaster.setup.dealing import bundled_wordlist
from voicemaster.commands.options import engine_argument
from voicemaster.speech.ears.engines import ENGINES, open_ear
from voicemaster.speech.ears.ear import Ear
from voicemaster.speech.audio.wav import read_wav
from voicemaster.understand.intents import to_json
from voicemaster.understand.listening import Listening


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "recognize",
        help="recognize utterances in WAV files against a board",
        description="Prints one JSON object per WAV, in order: file, transcript, intent, "
        "confidence, decode_ms. A file that cannot be read gets a line with an error and null "
        "fields; the others are still heard (exit status 2 at the end).",
    )
    parser.add_argument("--board", help="board file (25 lines, one card each); default: any card "
                        "of the default word list, to check what a recording is heard as")
    parser.add_argument("--phase", default="guess", choices=("clue", "guess"),
                        help="what may be said: clue (a clue is awaited, covers too) or guess (guesses, stop; "
                             "yes and no as if a question were open); default guess")
    parser.add_argument("--engine", default="auto", type=engine_argument, metavar="{" + ",".join(ENGINES) + "}",
                        help="the recognizer; auto: the one that hears real people best that is installed "
                             "(Whisper base; `voicemaster models` says which)")
    parser.add_argument("--model", default=None, help="a vosk model or CTranslate2 Whisper model directory")
    parser.add_argument("wavs", nargs="+", metavar="WAV",
                        help="recordings of one utterance each: WAV files, any sample rate, mono or stereo")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    phase = Phase(args.phase)
    cards = read_board(args.board) if args.board else read_wordlist(bundled_wordlist())
    now = Listening(cards, phase, awaiting_clue=phase is Phase.CLUE, question_open=True,
                    may_overrule=phase is Phase.CLUE, may_challenge=phase is Phase.GUESS)
    opened = open_ear(args.engine, args.model)
    for warning in opened.warnings:
        print(f"voicemaster: warning: {warning}", file=sys.stderr)
    try:
        bad = 0
        for path in args.wavs:
            try:
                line = _heard_line(opened.ear, path, now)
            except InputError as exc:
                print(f"voicemaster: {exc}", file=sys.stderr)
                line = {"file": path, "transcript": None, "intent": None, "confidence": None, "decode_ms": None,
                        "error": str(exc)}
                bad += 1
            print(json.dumps(line), flush=True)
        return 2 if bad else 0
    finally:
        opened.ear.close()


def _heard_line(ear: Ear[Listening], path: str, now: Listening) -> dict[str, Any]:
    heard = ear.hear(read_wav(path), now)
    return {
        "file": path,
        "transcript": heard.transcript,
        "intent": to_json(heard.intent),
        "confidence": round(heard.confidence, 3),
        "decode_ms": round(heard.decode_ms, 1),
    }
