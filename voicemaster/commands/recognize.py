"""`voicemaster recognize`: WAV files → one JSON line per utterance heard (SPEC §3).

Each file is heard as `play --input FILE.wav` hears it (speech/recordings.py): the same noise
stage and endpointer cut it into utterances, and the ear decides on each against the state a
game would be in (understand/listening.listening).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Iterator

from voicemaster.card_files import read_board, read_wordlist
from voicemaster.commands.options import add_denoise_argument, engine_argument
from voicemaster.errors import InputError
from voicemaster.game.phase import Phase
from voicemaster.setup.dealing import bundled_wordlist
from voicemaster.speech.audio.denoise import check_installed
from voicemaster.speech.audio.sources import wav_source
from voicemaster.speech.audio.wav import read_wav
from voicemaster.speech.ears.ear import GameEar
from voicemaster.speech.ears.engines import ENGINES, open_ear
from voicemaster.speech.recordings import hear_recording
from voicemaster.understand.heard import Heard
from voicemaster.understand.intents import to_json
from voicemaster.understand.listening import Listening, listening


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "recognize",
        help="recognize what is said in WAV files against a board",
        description="Hears each WAV as `play --input FILE.wav` would (the same noise stage and endpointer) "
        "and prints one JSON object per utterance, in order: file, transcript, intent, confidence, "
        "decode_ms (a file with none: one line with a null intent). A file that cannot be read gets "
        "a line with an error and null fields; the others are still heard (exit status 2 at the end).",
    )
    parser.add_argument("--board", help="board file (25 lines, one card each); default: any card "
                        "of the default word list, to check what a recording is heard as")
    parser.add_argument("--phase", default="guess", choices=("clue", "guess"),
                        help="the moment of a game: clue (a clue is awaited) or guess (a team guessing a clue "
                             "the other team may still challenge); default guess")
    parser.add_argument("--question", action="store_true",
                        help="a question of the referee's is open: yes and no may be said (and no bare clue)")
    parser.add_argument("--whole", action="store_true",
                        help="take each file as one utterance, as it is, instead of cutting it as play does")
    parser.add_argument("--engine", default="auto", type=engine_argument, metavar="{" + ",".join(ENGINES) + "}",
                        help="the recognizer; auto: the one that hears real people best that is installed "
                             "(Whisper base; `voicemaster models` says which)")
    parser.add_argument("--model", default=None, help="a vosk model or CTranslate2 Whisper model directory")
    add_denoise_argument(parser)
    parser.add_argument("wavs", nargs="+", metavar="WAV",
                        help="recordings: WAV files, any sample rate, mono or stereo")
    parser.set_defaults(run=run)


def moment(cards: tuple[str, ...], phase: Phase, question: bool) -> Listening:
    """What may be said at `--phase` (with `--question`), as the dialogue has it at a turn's
    clue, and right after it."""
    return listening(cards, phase, question=question, challengeable=phase is Phase.GUESS)


def run(args: argparse.Namespace) -> int:
    check_installed(args.denoise)
    cards = read_board(args.board) if args.board else read_wordlist(bundled_wordlist())
    now = moment(cards, Phase(args.phase), args.question)
    opened = open_ear(args.engine, args.model)
    for warning in opened.warnings:
        print(f"voicemaster: warning: {warning}", file=sys.stderr)
    try:
        bad = 0
        for path in args.wavs:
            try:
                for line in _heard_lines(opened.ear, path, now, args):
                    print(json.dumps(line), flush=True)
            except InputError as exc:
                print(f"voicemaster: {exc}", file=sys.stderr)
                line = {"file": path, "transcript": None, "intent": None, "confidence": None, "decode_ms": None,
                        "error": str(exc)}
                print(json.dumps(line), flush=True)
                bad += 1
        return 2 if bad else 0
    finally:
        opened.ear.close()


def _heard_lines(ear: GameEar, path: str, now: Listening, args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    """One line per utterance the file holds (read whole first: a bad file is one error line)."""
    if args.whole:
        heard = [ear.hear(read_wav(path), now)]
    else:
        heard = list(hear_recording(ear, wav_source(path), now, args.denoise))
    for one in heard or [Heard("")]:
        yield {
            "file": path,
            "transcript": one.transcript,
            "intent": to_json(one.intent),  # type: ignore[arg-type]
            "confidence": round(one.confidence, 3),
            "decode_ms": round(one.decode_ms, 1),
        }
