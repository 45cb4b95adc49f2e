"""Time from "setup" to a playable game at a physical table (issue 16): `voicemaster setup`
run whole (its own code, through `voicemaster.cli.main`), a scripted reader at its microphone.

Only the room is replaced: the microphone hears the reader (generated speech of the held-back
voices, split 'test', bench/speech's voices) in real time, over a room that is quiet or full
of table talk 20 dB below the reader, all the time; the loudspeaker takes each announcement
(synthesized by the app's own speech engine) its own duration, during which the app's
microphone is deaf as at a table. The reader reads a row, waits for the read-back to end,
pauses about a second, then reads the next row when it is right (the last row: "yes") or says
one correction for a wrong card ("card seven is pilot" / "third is pilot", alternately), and
so on; a row heard as four cards gets its missing card with its place ("third is castle");
when nothing comes back it says the same again, then a row two cards, then one card at a time. Meanwhile a spymaster taps the key on the key page and sends it over
real HTTP as the page does (its token, its origin), about half a minute after the page opens.
The time runs from the call to the moment the board and key files are both written.

    .venv/bin/python bench/setup_time.py [--grids 4] [--conditions clean "babble 20"] [--no-write]

Writes bench/results/setup_time.md; every run's dialogue goes to bench/.cache/setup_time.jsonl.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from contextlib import ExitStack, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest import mock

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("VOICEMASTER_TTS_CACHE", str(ROOT / "bench" / ".cache" / "tts"))

from bench.setup_grid import SEEDS, grid  # noqa: E402
from bench.speech.corpus import voices_of  # noqa: E402
from bench.speech.live_table import CONDITIONS, SPEECH_RMS, Room, background  # noqa: E402
from voicemaster import cli  # noqa: E402
from voicemaster.card_files import read_board  # noqa: E402
from voicemaster.game.cards import card_key  # noqa: E402
from voicemaster.game.dealing import deal_key  # noqa: E402
from voicemaster.setup.session import GO_ON  # noqa: E402
from voicemaster.speech.voices.speakers import say  # noqa: E402
from voicemaster.speech.voices.synthetic import active_power  # noqa: E402
from voicemaster.understand.setup_phrases import ORDINALS  # noqa: E402
from voicemaster.vocabulary import DIGIT_WORDS, number_words  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "setup_time.md"
LOG = ROOT / "bench" / ".cache" / "setup_time.jsonl"
PAUSE_S = 1.0
"""The reader's pause before answering what the app said."""
NO_ANSWER_S = 8.0
"""Silence after which the reader says the same again."""
KEY_TAPPING_S = 30.0
"""How long the spymaster takes to tap 25 cells once the key page is open."""
TRIES_PER_CARD = 2
"""Spoken corrections of one card before the reader gives up on it (and would type it)."""
RUN_LIMIT_S = 300.0
TARGET_S = 90.0
WORDS = {number_words(n): n for n in range(1, 26)} | {DIGIT_WORDS[n]: n for n in range(1, 6)}
READ_BACK = re.compile(r"Row (\w+): ([^.:;?]*)\. Right\?")
ONE_BACK = re.compile(r"(?:^|\. )(First|Second|Third|Fourth|Fifth|Card [\w-]+(?: [\w-]+)?) is ([^.:;?]*)\. Right\?$")
"""A correction read back alone: "Third is pilot. Right?", "Card seven is pilot. Right?"."""
MISSING = re.compile(r"Row (\w+): ([^.:;?]*): one card is missing\.")
PARTIAL = re.compile(r"Row (\w+): ([^.:;?]*); go on\.$")
READ_ROW = re.compile(r"(?:(?:read|at) row (\w+)|(?:^|\. )Row (\w+)\.$)", re.IGNORECASE)
"""The app asking for a row: "Read row one: its five cards ...", "We are at row two", "Row two."."""


@dataclass
class Reader:
    """One grid, read by one voice; what it said and heard, and how the table came out."""

    cards: list[str]
    voice: str
    rng: random.Random
    room: Room | None = None
    named: list[bool] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    first_wrong: dict[int, int] = field(default_factory=dict)
    """Row → its cards wrong at its first read-back."""
    tries: dict[int, int] = field(default_factory=dict)
    """Slot → spoken corrections said for it."""
    fixed_at: dict[int, int] = field(default_factory=dict)
    """Slot → the correction (1st, 2nd…) after which it was right."""
    repeats: int = 0
    utterances: int = 0
    speaking_s: float = 0.0
    reading: list[str] = field(default_factory=list)
    """The cards of the row being read in what the reader said last (none for a yes or a correction)."""
    heard: list[str] = field(default_factory=lambda: [""] * 25)
    """The table as the app last read it back."""
    row: int = 0
    """The row the app last read back."""
    reading_row: int = 0
    """The row the reader read last."""

    def __post_init__(self) -> None:
        self.named = [self.rng.random() < 0.5 for _ in range(5)]

    def row_text(self, row: int) -> str:
        self.reading, self.reading_row = self.cards[5 * row : 5 * row + 5], row
        said = ", ".join(self.reading)
        return f"row {DIGIT_WORDS[row + 1]}, {said}" if self.named[row] else said

    def again(self, text: str, times: int) -> str:
        """Said again after silence: the same, then cards of a row fewer at a time (5, 2, 1),
        as a reader would when the app does not answer."""
        if times < 2 or not self.reading:
            return text
        self.reading = self.reading[: max(1, len(self.reading) // 2 ** (times - 1))]
        return ", ".join(self.reading)

    def correction(self, slot: int) -> str:
        card = self.cards[slot]
        return f"card {number_words(slot + 1)} is {card}" if slot % 2 == 0 else f"{ORDINALS[slot % 5]} is {card}"

    def phrases(self) -> list[str]:
        """Everything this reader may say, rendered before the clock starts."""
        return [*(self.row_text(r) for r in range(5)), "yes", "again", *(self.correction(s) for s in range(25)),
                *(self.missing(s) for s in range(25))]

    def missing(self, slot: int) -> str:
        """The card a row heard as four lacked, said with its place in the row."""
        return f"{ORDINALS[slot % 5]} is {self.cards[slot]}"

    def clip(self, text: str) -> np.ndarray:
        speech = say(text, self.voice).astype(np.float64)
        return speech * SPEECH_RMS / np.sqrt(active_power(speech.astype(np.float32)) or 1.0)

    def answer(self, message: str) -> str | None:
        """What the reader says to what the app said or showed: "" for nothing (the app is
        waited for), None once all 25 cards are set."""
        if "All 25 cards are set" in message:
            return None
        if (back := READ_BACK.search(message)) is not None:
            self.row = WORDS[back[1].lower()] - 1
            self.heard[5 * self.row : 5 * self.row + 5] = back[2].split(", ")
            return self._read_back(self.row, self.heard[5 * self.row : 5 * self.row + 5])
        if (one := ONE_BACK.search(message)) is not None:
            place = one[1].lower().split(" ", 1)
            slot = WORDS[place[1]] - 1 if place[0] == "card" else 5 * self.row + ORDINALS.index(place[0])
            self.heard[slot] = one[2]
            return self._read_back(self.row, self.heard[5 * self.row : 5 * self.row + 5])
        if (short := MISSING.search(message)) is not None:
            row, have = WORDS[short[1].lower()] - 1, [card_key(c) for c in short[2].split(", ")]
            truth = [card_key(c) for c in self.cards[5 * row : 5 * row + 5]]
            gap = next((i for i in range(4) if have[i] != truth[i]), 4)
            return self.missing(5 * row + gap) if have == truth[:gap] + truth[gap + 1 :] else "again"
        if (partial := PARTIAL.search(message)) is not None:
            row, have = WORDS[partial[1].lower()] - 1, partial[2].split(", ")
            truth = self.cards[5 * row : 5 * row + 5]
            right = [card_key(c) for c in have] == [card_key(c) for c in truth[: len(have)]]
            self.reading = truth[len(have) :] if right else []
            return ", ".join(self.reading) if right else "again"
        if "read it again" in message:
            return self.row_text(self.reading_row)
        if (read := READ_ROW.search(message)) is not None:
            return self.row_text(WORDS[(read[1] or read[2]).lower()] - 1)
        return ""

    def _read_back(self, row: int, heard: list[str]) -> str:
        self.reading = []
        wrong = [5 * row + i for i, card in enumerate(heard) if card_key(card) != card_key(self.cards[5 * row + i])]
        self.first_wrong.setdefault(row, len(wrong))
        for slot in range(5 * row, 5 * row + 5):
            if slot not in wrong and self.tries.get(slot) and slot not in self.fixed_at:
                self.fixed_at[slot] = self.tries[slot]
        for slot in wrong:
            if self.tries.get(slot, 0) < TRIES_PER_CARD:
                self.tries[slot] = self.tries.get(slot, 0) + 1
                return self.correction(slot)
        return self.row_text(row + 1) if row < 4 else "yes"


def get_json(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return dict(json.loads(response.read()))


def post_key(spymaster: str, public: str, letters: str) -> tuple[int, str]:
    """What the key page's script sends: the key file's text, under the token, from the page's origin."""
    body = "".join(letters[i : i + 5] + "\n" for i in range(0, 25, 5)).encode()
    sent = urllib.request.Request(spymaster + "/key", data=body, method="POST",
                                  headers={"Origin": public.rstrip("/"), "Content-Type": "text/plain"})
    try:
        with urllib.request.urlopen(sent, timeout=10) as response:
            return response.status, response.read().decode().strip()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode().strip()


class Printed(io.StringIO):
    """The program's stdout and stderr, read by the bench for the web addresses."""

    def addresses(self) -> dict[str, str]:
        found = re.findall(r"(http://\S+)", self.getvalue())
        return {("spymaster" if "/spymaster/" in url else "public"): url for url in found}


def tap_key(urls: dict[str, str], key: str, clock: dict[str, Any]) -> None:
    """The spymaster: waits for the key page, taps for half a minute, sends the key."""
    while True:
        try:
            if get_json(urls["spymaster"] + "/key.json").get("state") == "open":
                break
        except OSError:
            pass
        time.sleep(0.1)
    time.sleep(KEY_TAPPING_S)
    clock["key_sent"] = time.monotonic()
    clock["key_reply"] = post_key(urls["spymaster"], urls["public"], key)


def converse(reader: Reader, room: Room, state_url: str, clock: dict[str, Any]) -> None:
    """The reader's side: what the board says (and the loudspeaker said) is answered after a
    pause; silence after what the reader said is answered by saying it again."""
    version, message, last, awaiting, since, unanswered = 0, "", "", False, time.monotonic(), 0
    while time.monotonic() - clock["start"] < RUN_LIMIT_S:
        got = get_json(state_url)
        waited = time.monotonic() - since
        if got["version"] != version or (awaiting and room.started_after(since)):
            version, message = got["version"], str((got.get("board") or {}).get("message", ""))
            if awaiting and message.startswith("Key card set") and waited < NO_ANSWER_S:
                time.sleep(0.05)
                continue
            awaiting, seen = False, time.monotonic()
            clock.setdefault("first_prompt", seen - clock["start"])
            while message and not message.endswith(GO_ON) and not room.spoken_since(since):
                if time.monotonic() - seen > 20:
                    break
                time.sleep(0.02)
        elif not awaiting or waited < NO_ANSWER_S:
            time.sleep(0.05)
            continue
        else:
            reader.repeats += 1
            unanswered += 1
        text = reader.again(last, unanswered) if awaiting else reader.answer(message)
        if text is None:
            return
        if not text and not awaiting:
            time.sleep(0.05)
            continue
        unanswered = unanswered if awaiting else 0
        last, thought = text or last, time.monotonic()
        speech = reader.clip(last)
        time.sleep(max(0.0, PAUSE_S - (time.monotonic() - thought)))
        heard = str((got.get("board") or {}).get("last_heard", ""))
        reader.log.append({"t": round(time.monotonic() - clock["start"], 2), "heard": heard, "app": message, "reader": last})
        reader.utterances += 1
        reader.speaking_s += len(speech) / 16000
        room.say(speech)
        awaiting, since = True, time.monotonic()


def addresses(printed: Printed) -> dict[str, str]:
    urls = printed.addresses()
    while len(urls) < 2:
        time.sleep(0.05)
        urls = printed.addresses()
    return urls


def table(printed: Printed, reader: Reader, room: Room, key: str, clock: dict[str, Any]) -> None:
    """The people at the table, once the program has printed its addresses."""
    urls = addresses(printed)
    threading.Thread(target=tap_key, args=(urls, key, clock), daemon=True).start()
    converse(reader, room, urls["public"].rstrip("/") + "/state.json", clock)


@dataclass
class Outcome:
    seconds: float
    first_prompt: float
    wrong_before: int
    corrections: int
    fixed_first: int
    corrected_slots: int
    still_wrong: int
    utterances: int
    repeats: int
    key_reply: str
    status: int
    app_speaking_s: float
    reader_speaking_s: float


def one_run(reader: Reader, split: str, condition: str, seed: int) -> Outcome:
    room = Room(background(split, condition, seed))
    reader.room = room
    for text in reader.phrases():
        reader.clip(text)
    key = "".join(k.letter for k in deal_key(random.Random(seed)))
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as patches:
        board, key_file = Path(tmp) / "board.txt", Path(tmp) / "key.txt"
        printed = Printed()
        patches.enter_context(mock.patch("voicemaster.setup.edges.Microphone", lambda on_fault=None: room))
        patches.enter_context(mock.patch("voicemaster.commands.options.list_devices", lambda: [SimpleNamespace(inputs=1)]))
        patches.enter_context(mock.patch("voicemaster.voice.tts.AplayPlayer", lambda: room))
        patches.enter_context(mock.patch.dict(os.environ, {"VOICEMASTER_HOME": tmp}))
        patches.enter_context(mock.patch("sys.stdin", io.StringIO("")))
        patches.enter_context(redirect_stdout(printed))
        patches.enter_context(redirect_stderr(printed))
        clock: dict[str, Any] = {"start": time.monotonic()}
        result: dict[str, int] = {}
        argv = ["setup", "--board-out", str(board), "--key-out", str(key_file), "--input", "mic",
                "--web", "127.0.0.1:0", "--audio-out", "speaker"]
        app = threading.Thread(target=lambda: result.setdefault("status", cli.main(argv)), daemon=True)
        app.start()
        threading.Thread(target=table, args=(printed, reader, room, key, clock), daemon=True).start()
        while not (board.exists() and key_file.exists()) and app.is_alive() and time.monotonic() - clock["start"] < RUN_LIMIT_S:
            time.sleep(0.02)
        done = time.monotonic()
        room.close()
        app.join(60)
        cards = read_board(board) if board.exists() else ()
        status = result.get("status", -1)
    truth = [card_key(c) for c in reader.cards]
    return Outcome(
        seconds=done - clock["start"] if status == 0 else math.inf,
        first_prompt=clock.get("first_prompt", float("nan")),
        wrong_before=sum(reader.first_wrong.values()),
        corrections=sum(reader.tries.values()),
        fixed_first=sum(1 for n in reader.fixed_at.values() if n == 1),
        corrected_slots=len(reader.tries),
        still_wrong=sum(1 for a, b in zip(cards, truth) if card_key(a) != b) if cards else 25,
        utterances=reader.utterances,
        repeats=reader.repeats,
        key_reply=" ".join(map(str, clock["key_reply"])) if "key_reply" in clock else "not sent",
        status=status,
        app_speaking_s=sum(e - s for s, e in room.plays if e and s < done),
        reader_speaking_s=reader.speaking_s,
    )


NOTES = """## What the dialogues show (bench/.cache/setup_time.jsonl)

- Since the dialogue was shortened (a right row is answered by reading the next one, a
  correction is read back alone, "Third is spade. Right?"), the app speaks 45-81 s of a run
  that finishes, against 76-115 s before. A row heard right costs about 10 s and a correction about 5.5 s: the
  opening takes 12 s, so a grid heard with no wrong card would take about 65 s, and each wrong
  card adds 5.5 s or more. With 9-12 wrong cards before correction (the held-back diphone
  voices) the runs that finish take 125-265 s; with 3 (festival slt_hts in talk), 93 s.
- Runs that never finish, and why:
  - flite slt, quiet: its first row is never answered. Whisper writes it "Row one desk, satyr
    and carnival paper-dling and some"; two "and"s inside cards read as table talk. The reader
    then reads one or two cards at a time, and the ear takes a row only as four or five cards.
  - festival slt_hts, quiet: row two is heard as four cards, one of them misheard ("egypt,
    venus, turk, china" for egypt, venus, wand, truck, china). The app asks where the missing
    card goes ("third is castle"); this reader answers only when the other four are right, so
    it says "again" each time and is heard the same way. A reader at a table would say
    "third is wand".
  - festival ked, talk: row two is heard shifted ("museum, m, amazon, sneaker, marble"). The
    reader corrects it card by card, and each correction names a card already in the row
    ("amazon is already on the table: card eight"). Here "again" is the way out.
- Corrections said again and again unheard: in talk Whisper writes "card twenty-three is
  reed" as "23." or "Card 17 this door". Those with a card word left are now read as
  corrections; those without one are lost. Homophones stay unfixable by voice ("reed" heard
  as "read"); they are typed.
"""


def median_wrong(runs: list[Outcome]) -> str:
    """Of the runs that set the table (the others did not read every row back)."""
    wrong = [o.wrong_before for o in runs if o.status == 0]
    return f"{statistics.median(wrong):.0f}" if wrong else "–"


def seconds(value: float) -> str:
    return f"{value:.1f}" if math.isfinite(value) else f"not set in {RUN_LIMIT_S:.0f}"


def report(runs: list[tuple[str, int, str, Outcome]], minutes: float, grids: int) -> str:
    lines = [
        "# Setup: from \"setup\" to a playable game (issue 16)", "",
        f"`bench/setup_time.py --grids {grids}` — {minutes:.0f} min on this 2-core machine (shared with other jobs).", "",
        " ".join(__doc__.split("\n\n")[0].split()), " ".join(__doc__.split("\n\n")[1].split()), "",
        "| condition | grid | reader | seconds to the files | first prompt s | cards wrong before correction "
        "| corrections said | fixed by one correction | cards wrong at the end | utterances (repeated) | app / reader speaking s | key |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for condition, g, voice, o in runs:
        lines.append(f"| {condition} | {g + 1} | {voice} | {seconds(o.seconds)} | {o.first_prompt:.1f} | {o.wrong_before} "
                     f"| {o.corrections} | {o.fixed_first} of {o.corrected_slots} | {o.still_wrong if o.status == 0 else '–'} "
                     f"| {o.utterances} ({o.repeats}) | {o.app_speaking_s:.0f} / {o.reader_speaking_s:.0f} | {o.key_reply} |")
    lines += ["", "| condition | runs (set in time) | median s | median s of the runs set | max s | target | wrong before correction, median of the runs set "
              "| fixed by one correction | wrong at the end of the runs set |", "|---|---|---|---|---|---|---|---|---|"]
    for condition in dict.fromkeys(c for c, *_ in runs):
        got = [o for c, _, _, o in runs if c == condition]
        times = [o.seconds for o in got]
        finished = sum(1 for o in got if o.status == 0)
        set_in_time = [t for t in times if math.isfinite(t)] or [math.inf]
        lines.append(f"| {condition} | {len(got)} ({finished}) | {seconds(statistics.median(times))} "
                     f"| {seconds(statistics.median(set_in_time))} | {seconds(max(times))} | ≤ {TARGET_S:.0f} "
                     f"| {median_wrong(got)} | {sum(o.fixed_first for o in got)} of "
                     f"{sum(o.corrected_slots for o in got)} | {sum(o.still_wrong for o in got if o.status == 0)} |")
    lines += ["", "Seconds run from the call of `voicemaster setup --input mic --web ... --key-out ...` (the grid ear's "
              "loading included) to both files written; *first prompt* is when the opening announcement appeared. A "
              "correction *fixed* its card when the next read-back had it right; a card is corrected at most "
              f"{TRIES_PER_CARD} times, then the reader says yes (it would type it). *Repeated*: said again after "
              f"{NO_ANSWER_S:.0f} s without an answer. Each run's dialogue: bench/.cache/setup_time.jsonl.", "", NOTES]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grids", type=int, default=4, help="grids of the test split, one held-back voice each")
    parser.add_argument("--conditions", nargs="+", default=list(CONDITIONS), choices=list(CONDITIONS))
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/results alone")
    parser.add_argument("--from-log", type=float, metavar="MINUTES",
                        help="no runs: the report of the runs in bench/.cache/setup_time.jsonl, which took MINUTES")
    args = parser.parse_args()
    if args.from_log is not None:
        write(report(from_log(), args.from_log, args.grids), args.no_write)
        return
    started = time.perf_counter()
    split, rng = "test", random.Random(SEEDS["test"] + 1)
    voices = voices_of(split)
    grids = [grid(rng, split) for _ in range(args.grids)]
    runs: list[tuple[str, int, str, Outcome]] = []
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with LOG.open("w", encoding="utf-8") as log:
        for g, cards in enumerate(grids):
            for c, condition in enumerate(args.conditions):
                reader = Reader(list(cards), voices[g % len(voices)], random.Random(100 * g + c))
                outcome = one_run(reader, split, condition, 100 * g + c)
                runs.append((condition, g, reader.voice, outcome))
                print(condition, g + 1, reader.voice, outcome, flush=True)
                print(json.dumps({"condition": condition, "grid": g, "voice": reader.voice, "cards": cards,
                                  "outcome": outcome.__dict__, "dialogue": reader.log}), file=log, flush=True)
    write(report(runs, (time.perf_counter() - started) / 60, args.grids), args.no_write)


def from_log() -> list[tuple[str, int, str, Outcome]]:
    runs = [json.loads(line) for line in LOG.read_text(encoding="utf-8").splitlines()]
    return [(r["condition"], r["grid"], r["voice"], Outcome(**r["outcome"])) for r in runs]


def write(text: str, no_write: bool) -> None:
    print(text)
    if not no_write:
        RESULTS.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
