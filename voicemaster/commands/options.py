"""The command line's options, and the one place they meet the config file.

Each command declares its options with the `add_*` groups here; `play_settings` and
`output_settings` (and the smaller builders they are made of) turn what was parsed into a
frozen `Settings`: a flag over the config file over the default, decided once. Below commands/ nothing sees the
command line.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from voicemaster.errors import InputError
from voicemaster.game.house_rules import HouseRules, TimerSettings, UnknownHouseRule
from voicemaster.paths import config_file
from voicemaster.setup.settings import EarSettings, Settings, TableChoice, load_config
from voicemaster.speech.audio.denoise import DEFAULT_DENOISER, DENOISERS, OPTIONAL_PACKAGES, check_installed, offered
from voicemaster.speech.audio.sources import NoMicrophone, list_devices
from voicemaster.speech.ears.engines import AUTO_ORDER, ENGINES, check_engine
from voicemaster.voice.settings import VoiceSettings
from voicemaster.voice.synth import check_voice


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("speech and displays")
    g.add_argument("--audio-out", metavar="{speaker,none,FILE.wav}",
                   help="where announcements go (default speaker; text when there is no audio device)")
    g.add_argument("--voice", help="espeak-ng voice for announcements (e.g. en-gb+f3)")
    g.add_argument("--rate", type=int, help="speech rate, words per minute")
    g.add_argument("--volume", type=float, help="speech volume 0..1")
    g.add_argument("--web", nargs="?", const="", metavar="HOST:PORT",
                   help="also show the board as a web page (default 127.0.0.1:8765, this machine only; "
                        "--web 0.0.0.0:8765 serves the TV, tablets and phones on the local network)")
    g.add_argument("--engine", type=engine_argument, metavar="{" + ",".join(ENGINES) + "}",
                   help=f"speech recognizer (default auto: {AUTO_ORDER})")
    g.add_argument("--model", type=Path, help="a vosk model or CTranslate2 Whisper model directory")
    add_denoise_argument(g)


def add_denoise_argument(parser: argparse.ArgumentParser | Any) -> None:
    missing = sorted(set(OPTIONAL_PACKAGES) - set(offered()))
    parser.add_argument("--denoise", choices=sorted(DENOISERS), metavar="{" + ",".join(offered()) + "}",
                        help=f"noise suppression before the endpointer (default: the recognizer's own choice, "
                             f"none for Whisper, {DEFAULT_DENOISER} for pocketsphinx and vosk)"
                             + (f"; {', '.join(missing)} need a package installed first" if missing else ""))


def engine_argument(value: str) -> str:
    """--engine's value, refused at parse time with its reason (a retired engine says why)."""
    try:
        return check_engine(value)
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_config_argument(parser: argparse.ArgumentParser | Any) -> None:
    parser.add_argument("--config", type=Path, help=f"config file (default {config_file()})")


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("house rules (also settable in the config file)")
    g.add_argument("--house-rules", action="append", default=[], metavar="R1,R2",
                   help="exact-guesses, lenient-clues, allow-rhymes, allow-compound-clues, referee-asks")
    g.add_argument("--coop", action="store_true", default=None, help="co-op variant against a simulated opponent")
    g.add_argument("--timer", action="store_true", default=None, help="turn timer on")
    g.add_argument("--clue-seconds", type=float,
                   help=f"timer length for the clue (default {TimerSettings().clue_seconds:g})")
    g.add_argument("--guess-seconds", type=float,
                   help=f"timer length for the guesses (default {TimerSettings().guess_seconds:g})")
    g.add_argument("--timer-enforced", action="store_true", default=None,
                   help="time's up ends the turn (default: only announced)")
    add_config_argument(g)


def add_deal_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("the deal")
    g.add_argument("--board", type=Path, help="25 lines, one card each (a physical deal)")
    g.add_argument("--key", type=Path, help="5 lines of 5 letters R/B/N/A (the physical key card)")
    g.add_argument("--random-key", action="store_true",
                   help="with --board and no key card: draw the key at random (the spymasters see it with `voicemaster key`)")
    g.add_argument("--deal", action="store_true",
                   help="deal from the word list (without --board or a deal, the table is laid out by voice first)")
    g.add_argument("--wordlist", type=Path, help="deal from this word list instead of the default")
    g.add_argument("--seed", type=int, help="deal (and key) from this seed, for a repeatable game")
    g.add_argument("--journal", type=Path, help="record the game in this file")
    g.add_argument("--resume", action="store_true", help="continue the game recorded in --journal")


def add_photo_arguments(parser: argparse.ArgumentParser | Any) -> None:
    parser.add_argument("--photo", type=Path, metavar="IMAGE",
                        help="lay out the table from a photo of its 25 cards (unread cards are asked for)")
    parser.add_argument("--key-photo", type=Path, metavar="IMAGE",
                        help="the key card from a photo of it, the way the spymasters see it")


def play_settings(args: argparse.Namespace) -> Settings:
    """Everything `play` was asked for, checked before anything starts: the config file, the
    rules, the input (a microphone there, a WAV that exists), the noise stage installed."""
    config = load_config(args.config)
    rules = rules_of(args, config)
    source = input_of(args.input)
    check_installed(args.denoise)
    return Settings(
        voice=voice_of(args, config), web=args.web, ears=ears_of(args, config), input=source,
        realtime=args.realtime, rules=rules, rules_named=rules_named(args, config), confirm_clues=args.confirm_clues,
        table=table_of(args, config),
    )


def output_settings(args: argparse.Namespace, config: dict[str, Any], source: str | Path = "text") -> Settings:
    """What a command that speaks, shows and may listen was asked for (setup, demo)."""
    check_installed(args.denoise)
    return Settings(voice=voice_of(args, config), web=args.web, ears=ears_of(args, config), input=source)


def input_of(value: str) -> str | Path:
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


def voice_of(args: argparse.Namespace, config: dict[str, Any]) -> VoiceSettings:
    voice = config.get("voice", {})
    if not isinstance(voice, dict):
        raise InputError("[voice] must be a table with rate, volume, voice", str(config.get("_path")))
    default = VoiceSettings()
    return VoiceSettings(
        output=str(args.audio_out or config.get("audio_out") or default.output),
        rate=int(args.rate or voice.get("rate", default.rate)),
        volume=float(_pick(args.volume, voice.get("volume"), default.volume)),
        voice=checked_voice(args.voice, voice.get("voice", default.voice), config),
    )


def checked_voice(flag: str | None, configured: str | None, config: dict[str, Any]) -> str | None:
    """--voice, else the config file's; one espeak-ng does not have is refused now, before any
    game starts, even when nothing is going to be said aloud."""
    if flag is not None:
        check_voice(flag)
        return flag
    if configured is not None:
        try:
            check_voice(configured)
        except InputError as exc:
            raise InputError(f'[voice] voice = "{configured}": {exc}', str(config.get("_path"))) from None
    return configured


def ears_of(args: argparse.Namespace, config: dict[str, Any]) -> EarSettings:
    return EarSettings(args.engine or str(config.get("engine", EarSettings().engine)), args.model, args.denoise)


def rules_of(args: argparse.Namespace, config: dict[str, Any]) -> HouseRules:
    """Flags over the config file (already checked by load_config) over the defaults."""
    config_rules = config.get("house_rules", [])
    if isinstance(config_rules, str):
        config_rules = [config_rules]
    ctimer, default = config.get("timer", {}), TimerSettings()
    timer = TimerSettings(
        enabled=bool(_pick(args.timer, ctimer.get("enabled"), default.enabled)),
        clue_seconds=float(_pick(args.clue_seconds, ctimer.get("clue_seconds"), default.clue_seconds)),
        guess_seconds=float(_pick(args.guess_seconds, ctimer.get("guess_seconds"), default.guess_seconds)),
        enforced=bool(_pick(args.timer_enforced, ctimer.get("enforced"), default.enforced)),
    )
    if not (math.isfinite(timer.clue_seconds) and math.isfinite(timer.guess_seconds)) or min(
        timer.clue_seconds, timer.guess_seconds
    ) <= 0:
        raise InputError("--clue-seconds and --guess-seconds must be a number of seconds above 0")
    try:
        return HouseRules.from_names(
            [*config_rules, *args.house_rules],
            coop=bool(_pick(args.coop, config.get("coop"), HouseRules().coop)),
            timer=timer,
        )
    except UnknownHouseRule as exc:
        raise InputError(f"--house-rules: {exc}") from None


def rules_named(args: argparse.Namespace, config: dict[str, Any]) -> frozenset[str]:
    """The house rules this run names, by a flag or in the config file (HouseRules' field
    names): a resumed game may have begun with others."""
    listed = [config["house_rules"]] if isinstance(config.get("house_rules"), str) else config.get("house_rules", [])
    named = {n.strip().replace("-", "_") for item in [*listed, *args.house_rules] for n in item.split(",") if n.strip()}
    if args.coop is not None or "coop" in config:
        named.add("coop")
    if "timer" in config or any(v is not None for v in (args.timer, args.clue_seconds, args.guess_seconds,
                                                        args.timer_enforced)):
        named.add("timer")
    return frozenset(named)


def table_of(args: argparse.Namespace, config: dict[str, Any]) -> TableChoice:
    """The table the command line names; InputError for a choice it would silently drop (a word
    list on the command line beside a board file, a deal beside a game to resume). The config
    file's word list stays a default, beside a board or not."""
    if args.board is not None and args.wordlist is not None:
        raise InputError("--board and --wordlist: play the cards of the board file, or deal from the word list, "
                         "not both")
    if args.resume and (args.deal or args.wordlist is not None or args.seed is not None):
        raise InputError("--resume goes on with the recorded game, whose cards are dealt already: "
                         "not with --deal, --wordlist or --seed")
    return TableChoice(
        board=args.board, key=args.key, random_key=args.random_key, deal=args.deal,
        wordlist=args.wordlist or configured_wordlist(config), seed=args.seed, journal=args.journal,
        resume=args.resume, photo=args.photo, key_photo=args.key_photo,
    )


def configured_wordlist(config: dict[str, Any]) -> Path | None:
    """`wordlist = "..."` in the config file (checked by load_config); a relative path is
    relative to that file."""
    value = config.get("wordlist")
    if value is None:
        return None
    source = str(config.get("_path", "config"))
    path = Path(str(value)).expanduser()
    return path if path.is_absolute() else Path(source).parent / path


def _pick(flag: Any, configured: Any, default: Any) -> Any:
    return flag if flag is not None else configured if configured is not None else default
