"""`voicemaster devices`: the audio devices PortAudio sees."""

from __future__ import annotations

import argparse

from voicemaster.speech.audio_sources import list_devices


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("devices", help="list audio input and output devices",
                            description="List the audio devices (microphones and speakers) PortAudio can see.")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
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
