"""`voicemaster devices`: the audio devices PortAudio sees."""

from __future__ import annotations

import argparse
import sys

from voicemaster.speech.audio.sources import Microphone, NoMicrophone, list_devices
from voicemaster.speech.audio.level_check import measure


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("devices", help="list audio input and output devices",
                            description="List the audio devices (microphones and speakers) PortAudio can see.")
    parser.add_argument("--level", nargs="?", type=float, const=10.0, metavar="SECONDS",
                        help="listen to the microphone (default 10 s) and advise where to put it")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.level is not None:
        return level_check(args.level)
    devices = list_devices()
    if not devices:
        print("No audio devices found: no microphone and no speaker.")
        print("Play with typed input (voicemaster play --input text), replay a recording "
              "(--input FILE.wav), write announcements to a file (--audio-out FILE.wav), "
              "or watch `voicemaster demo`.")
        return 0
    for d in devices:
        kinds = ", ".join(k for k, n in (("input", d.inputs), ("output", d.outputs)) if n)
        print(f"{d.index:>3}  {d.name}  ({kinds}; {d.default_rate:.0f} Hz)")
    if not any(d.inputs for d in devices):
        print("No microphone among them: use --input text or --input FILE.wav.")
    return 0


def level_check(seconds: float) -> int:
    """Talk at the table for a few seconds; the bar shows what the microphone hears."""
    if not any(d.inputs > 0 for d in list_devices()):
        raise NoMicrophone()
    print(f"Listening for {seconds:g} s: talk as you would at the table.")
    mic = Microphone()
    try:
        report = measure(mic.frames(), seconds, _show)
    finally:
        mic.close()
    print()
    print(f"Voices {report.speech_db:.0f} dBFS, room {report.floor_db:.0f} dBFS. {report.advice()}")
    return 0


def _show(db: float) -> None:
    cells = int(max(0.0, min(1.0, (db + 60) / 60)) * 40)
    sys.stdout.write("\r[" + "#" * cells + " " * (40 - cells) + f"] {db:6.1f} dBFS")
    sys.stdout.flush()
