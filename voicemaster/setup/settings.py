"""Settings: what a run was asked for, decided once and passed down; and the config file.

commands/options.py builds a `Settings` from the command line over the config file over
the defaults (the only place the two meet); below commands/ nothing sees the command line.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from voicemaster.errors import InputError
from voicemaster.game.house_rules import RULE_NAMES, HouseRules
from voicemaster.paths import config_file
from voicemaster.speech.ears.engines import ENGINES, RETIRED
from voicemaster.voice.settings import RATES, VoiceSettings

Check = Callable[[Any], bool]


@dataclass(frozen=True)
class EarSettings:
    """How the table is heard."""

    engine: str = "auto"
    model: Path | None = None
    """A vosk or CTranslate2 Whisper model directory; None: the engine's own."""
    denoise: str | None = None
    """The noise stage before the endpointer; None: the listening ear's own choice."""


@dataclass(frozen=True)
class TableChoice:
    """Which table a game is played on: a board file and its key card, a deal from a word list,
    a journal to resume; or none of these, and the table is laid out first (from photos, when
    given)."""

    board: Path | None = None
    key: Path | None = None
    random_key: bool = False
    deal: bool = False
    wordlist: Path | None = None
    """--wordlist, else the config file's word list."""
    seed: int | None = None
    journal: Path | None = None
    resume: bool = False
    photo: Path | None = None
    key_photo: Path | None = None

    @property
    def deals(self) -> bool:
        """Dealt from a word list (--deal, --wordlist, --seed, or a word list in the config)."""
        return self.deal or self.wordlist is not None or self.seed is not None

    @property
    def lays_out(self) -> bool:
        """Neither a board nor a deal nor a game to resume: the table is laid out first. A key
        card without its board is refused by the deal, as before."""
        return not (self.resume or self.board is not None or self.key is not None or self.deals)


@dataclass(frozen=True)
class Settings:
    """What a run was asked for."""

    voice: VoiceSettings = field(default_factory=VoiceSettings)
    web: str | None = None
    """HOST:PORT of the web display ("" for the default); None: no web display."""
    ears: EarSettings = field(default_factory=EarSettings)
    input: str | Path = "text"
    """"mic", "text", or a WAV file to replay."""
    realtime: bool = False
    """A WAV replayed at its real pace."""
    rules: HouseRules = field(default_factory=HouseRules)
    rules_named: frozenset[str] = frozenset()
    """The house rules the command line or the config file named (HouseRules' field names): a
    resumed game keeps those it began with, but for the timer, which follows this run."""
    confirm_clues: bool = False
    table: TableChoice = field(default_factory=TableChoice)

    @property
    def hears(self) -> bool:
        """Speech comes in (a microphone or a recording), not only typed lines."""
        return self.input != "text"

    @property
    def live(self) -> bool:
        """The audio comes as it is said (the microphone, or a replay at its real pace)."""
        return self.input == "mic" or self.realtime


@dataclass(frozen=True)
class Setting:
    """One key of the config file: what its value must be, in words, and the test."""

    expected: str
    fits: Check
    refused: dict[str, str] = field(default_factory=dict)
    """Values refused with a reason of their own (a retired engine says why)."""


def _number(low: float, high: float = math.inf, *, whole: bool = False, above: bool = False) -> Check:
    def fits(value: Any) -> bool:
        kinds = (int,) if whole else (int, float)
        if isinstance(value, bool) or not isinstance(value, kinds) or not math.isfinite(value):
            return False
        return (value > low if above else value >= low) and value <= high
    return fits


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _one_of(names: tuple[str, ...]) -> Check:
    return lambda value: isinstance(value, str) and value in names


def _rules(value: Any) -> bool:
    items = [value] if isinstance(value, str) else value
    return isinstance(items, list) and all(
        isinstance(item, str) and all(n.strip() in RULE_NAMES for n in item.split(",") if n.strip()) for item in items
    )


def _audio_out(value: Any) -> bool:
    return isinstance(value, str) and (value in ("speaker", "none") or value.lower().endswith(".wav"))


def _text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


SETTINGS: dict[str, Setting] = {
    "house_rules": Setting(f"a list of house rules ({', '.join(RULE_NAMES)})", _rules),
    "coop": Setting("true or false", _is_bool),
    "audio_out": Setting('"speaker", "none" or the path of a .wav file', _audio_out),
    "engine": Setting(f"one of {', '.join(ENGINES)}", _one_of(ENGINES), RETIRED),
    "wordlist": Setting("the path of a word-list file", _text),
}
TABLES: dict[str, dict[str, Setting]] = {
    "timer": {
        "enabled": Setting("true or false", _is_bool),
        "clue_seconds": Setting("a number of seconds above 0", _number(0, above=True)),
        "guess_seconds": Setting("a number of seconds above 0", _number(0, above=True)),
        "enforced": Setting("true or false", _is_bool),
    },
    "voice": {
        "rate": Setting(f"a whole number of words per minute, {RATES[0]} to {RATES[1]}", _number(*RATES, whole=True)),
        "volume": Setting("a number from 0 to 1", _number(0, 1)),
        "voice": Setting('an espeak-ng voice name, e.g. "en-gb"', _text),
    },
}
CONFIG_KEYS = set(SETTINGS) | set(TABLES)


def load_config(path: Path | None) -> dict[str, Any]:
    """The config file as a dict, every key and value checked now (not when first used);
    a missing default file is an empty config."""
    target = path or config_file()
    if path is None and not target.exists():
        return {}
    try:
        data = tomllib.loads(target.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("config file not found", str(target)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a config file", str(target)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the config file ({exc})", str(target)) from None
    except tomllib.TOMLDecodeError as exc:
        where = re.search(r"at line (\d+)", exc.args[0])
        line = getattr(exc, "lineno", None) or (int(where.group(1)) if where else None)
        raise InputError(f"not valid TOML: {exc.args[0].split(' (at')[0]}", str(target), line) from None
    _check(data, SETTINGS, TABLES, "", str(target))
    data["_path"] = str(target)
    return data


def _check(data: dict[str, Any], keys: dict[str, Setting], tables: dict[str, dict[str, Setting]], table: str, source: str) -> None:
    """The first unknown key or misfit value, named with the file, its table and key."""
    known = sorted([*keys, *tables])
    for key, value in data.items():
        name = f"[{table}] {key}" if table else key
        if key in tables:
            if not isinstance(value, dict):
                raise InputError(f"{name} should be a table: a [{key}] section", source)
            _check(value, tables[key], {}, key, source)
        elif key not in keys:
            where = f" in [{table}]" if table else ""
            raise InputError(f"unknown setting '{key}'{where} (known: {', '.join(known)})", source)
        elif isinstance(value, str) and value in keys[key].refused:
            raise InputError(f"{name} = {_toml(value)}: {keys[key].refused[value]}", source)
        elif not keys[key].fits(value):
            raise InputError(f"{name} = {_toml(value)}: should be {keys[key].expected}", source)


def _toml(value: Any) -> str:
    """A value as it looks in the file."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)
