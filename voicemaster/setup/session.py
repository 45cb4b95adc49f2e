"""Laying out a physical table as a dialogue: the key card typed (never said), then the
grid read row by row (rows in any order), each row read back for a yes; or the grid read
whole from a photo, its unread cards asked for, and one yes for the lot. Pure: intents (or
the key's typed letters) in, what to say out. Each request a setup hears has its handler in
`COMMANDS`; one without stops the import.

The progress is a small JSON value, so the caller can keep it on disk after every
step and a crashed setup goes on where it stopped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from voicemaster.card_files import letters_problem
from voicemaster.game.cards import KEY_LETTERS, Deal, Identity, Team, card_key, key_problem
from voicemaster.game.snapshot import GameSnapshot
from voicemaster.setup.layout import PER_ROW, ROWS, SLOTS, Layout, place
from voicemaster.setup.table_words import check_the_board, photo_summary, rows_aloud, still_to_read
from voicemaster.understand.intents import Command, Intent
from voicemaster.understand.requests import unhandled
from voicemaster.understand.setup_phrases import ORDINALS, Correct, RowCards, SetupIntent, parse_setup
from voicemaster.vocabulary import number_words

PROGRESS_FORMAT = "voicemaster-setup"
GO_ON = "; go on."
"""Ends a reply that is only shown, never said: the reader is still reading (or the
spymaster typing), and the microphone is deaf while the app speaks."""
UNSET = "?"
"""What an empty slot shows on the board."""
KEY_PROMPT = ("Spymasters: type the key card, 25 letters R, B, N, A, row by row (not shown), "
              "then Enter.")
TAP_OR_TYPE_KEY = ("Spymasters: tap the key card on the spymaster page, or type its 25 letters R, B, N, A, "
                   "row by row (not shown), then Enter.")
PHOTOGRAPH_BOTH = "Spymasters: photograph the table and the key card on the spymaster page, or read the cards aloud."
PHOTOGRAPH_TABLE = "Spymasters: photograph the table on the spymaster page, or read the cards aloud."


@dataclass
class SetupSession:
    pairs: frozenset[str] = frozenset()
    """Two-word cards known to the parser ("loch ness"), for text without commas."""
    key_wanted: bool = False
    """The key card is to be entered in this session (else it is given, or not needed)."""
    key_first: bool = True
    """The key is typed before the grid is read (typed lines are key letters until then).
    False while the key page may send it: the grid is read meanwhile, and the key is typed
    after it only if the page has not sent one by then."""
    key_page: bool = False
    """The spymaster page can send the key (--web): the prompts say so."""
    layout: Layout = field(default_factory=Layout)
    key: tuple[Identity, ...] | None = None
    typed_letters: str = ""
    """Key letters typed so far (the key may come in several lines)."""
    one_missing: bool = False
    """The row being laid out came as four cards at once: "third is castle" puts the missing
    one in its place instead of replacing the third (not kept in the progress: after a
    resume the row is read again or corrected card by card)."""
    whole: bool = False
    """The grid came whole (a photo): no row is read back; its unread cards are asked for,
    and one yes confirms the table."""

    @property
    def wants_key(self) -> bool:
        """Typed lines are the key's letters now."""
        return self.key_wanted and self.key is None and (self.key_first or self.layout.complete)

    @property
    def done(self) -> bool:
        return self.layout.complete and (self.key is not None or not self.key_wanted)

    def opening(self, resumed: bool = False) -> str:
        start = "Going on with the setup where it stopped. " if resumed else "Let's lay out the table. "
        if self.key_page and not self.wants_key:
            start += (PHOTOGRAPH_BOTH if self.key_wanted and self.key is None else PHOTOGRAPH_TABLE) + " "
        return start + self.next_step(opening=True)

    def next_step(self, opening: bool = False) -> str:
        """What to do now. A row is asked for in full ("Read row two: its five cards, left to
        right.") at the opening and for row one; later as "Row two.", which is a second
        instead of two and a half, each of four times (bench/setup_time.py: the app's own
        speech was half of a setup's time)."""
        if self.wants_key:
            return TAP_OR_TYPE_KEY if self.key_page else KEY_PROMPT
        if self.layout.complete:
            return "All 25 cards are set."
        if self.whole:
            missing = self.layout.missing()
            return still_to_read(missing) if missing else check_the_board()
        if self.layout.row_full:
            return self._read_back()
        row = f"row {number_words(self.layout.row + 1)}"
        have = self.layout.row_cards()
        if have and self.one_missing:
            return f"{row.capitalize()}: {', '.join(have)}: one card is missing. Say where, for example 'third is castle'."
        if have:
            return f"{row.capitalize()}: {', '.join(have)}{GO_ON}"
        return f"Read {row}: its five cards, left to right." if opening or self.layout.row == 0 else f"{row.capitalize()}."

    def typed(self, text: str) -> str | None:
        """The reply to one typed line: the key's letters while they are wanted, else read as
        a setup phrase (parse_setup); None for what is none."""
        if self.wants_key:
            return self.type_key(text)
        return self.hear(parse_setup(text, self.pairs))

    def hear(self, intent: SetupIntent | Intent | None) -> str | None:
        """The reply to one setup intent, typed or heard; None for nothing (a game's intent
        included), or when the table is set, or the key is still to be typed first (speech
        waits for it)."""
        if not isinstance(intent, (RowCards, Correct, Command)) or self.layout.complete or self.wants_key:
            return None
        if isinstance(intent, Command):
            return COMMANDS[intent.kind](self)
        if self.whole:
            return self._hear_whole(intent)
        if isinstance(intent, Correct):
            return self._correct(intent)
        return self._add(intent)

    def _yes(self) -> str:
        if self.whole:
            if not self.layout.missing():
                self.layout.confirm_all()
            return self.next_step()
        return self._confirm()

    def _again(self) -> str:
        if self.whole:
            return "Say which card is wrong, for example 'card seven is pilot'; or photograph the table again."
        self.layout.clear_row()
        self.one_missing = False
        return f"Read row {number_words(self.layout.row + 1)} again."

    def _repeat(self) -> str:
        return f"{rows_aloud(self.layout.slots)} {self.next_step()}"

    def type_key(self, text: str) -> str:
        """Letters of the key card, in one line or several; nothing of the key is repeated."""
        letters = "".join(text.split()).upper()
        problem = letters_problem(letters)
        if problem is not None:
            return f"{problem}: type that line again."
        self.typed_letters += letters
        if len(self.typed_letters) < SLOTS:
            return f"{len(self.typed_letters)} of 25 key letters{GO_ON}"
        typed, self.typed_letters = self.typed_letters, ""
        if len(typed) > SLOTS:
            return f"That is {len(typed)} letters; a key card has 25. Type the whole key again."
        key = tuple(KEY_LETTERS[letter] for letter in typed)
        problem = key_problem(key)
        if problem is not None:
            return f"Not a key card: {problem}. Type the whole key again."
        return self.give_key(key)

    def give_key(self, key: tuple[Identity, ...]) -> str:
        """A checked key card (typed here, or tapped on the spymaster page)."""
        self.key = key
        starts = Team.RED if key.count(Identity.RED) == 9 else Team.BLUE
        return f"Key card set: {starts.title} starts. " + self.next_step()

    def _confirm(self) -> str:
        if not self.layout.row_full:
            return self.next_step()
        self.layout.confirm()
        return self.next_step()

    def _add(self, said: RowCards) -> str:
        if said.row is not None and not 1 <= said.row <= ROWS:
            return f"There is no row {number_words(said.row)}: a table has five. {self.next_step()}"
        if self._next_row(said):
            self.layout.confirm()
            said = replace(said, row=self.layout.row + 1)
        target = self.layout.row if said.row is None else said.row - 1
        if len(said.cards) > PER_ROW:
            which = "it" if self.layout.row_full and target == self.layout.row else f"row {number_words(target + 1)}"
            return (f"I heard {len(said.cards)} cards: {', '.join(said.cards)}. A row has five; "
                    f"read {which} again, with a pause between cards.")
        if target != self.layout.row:
            return self._lay_row(target, said.cards)
        row = self.layout.row + 1
        if self.layout.row_full and len(said.cards) < PER_ROW:
            return f"Row {number_words(row)} is full: say yes, no, or which card to change. " + self._read_back()
        if said.row is not None or len(said.cards) == PER_ROW:
            return self._lay_row(target, said.cards)
        if len(said.cards) > self.layout.room():
            return f"Row {number_words(row)} has room for {number_words(self.layout.room())} more. {self.next_step()}"
        refusal = self.layout.refusal(said.cards)
        if refusal is not None:
            return f"{refusal} {self.next_step()}"
        self.layout.add(said.cards)
        self.one_missing = False
        return self.next_step()

    def _lay_row(self, row: int, cards: tuple[str, ...]) -> str:
        """`cards` are row `row` (0-based) from its first card, whichever row is being laid
        out: a row missed does not hold up the others, which are laid out meanwhile."""
        refusal = self.layout.refusal(cards, self.layout.row_slots(row))
        if refusal is not None:
            return f"{refusal} {self.next_step()}"
        self.layout.go_to(row)
        self.layout.clear_row()
        self.layout.add(cards)
        self.one_missing = len(cards) == PER_ROW - 1
        return self.next_step()

    def _next_row(self, said: RowCards) -> bool:
        """Five cards read while a row is read back are the next row down not yet confirmed,
        and the row read back is right, unless they share two cards with it (the same row
        read again). Reading on instead of saying yes spares a yes and a prompt per row
        (bench/setup_time.py). Fewer cards are no next row: a correction misheard in talk
        came as four ("heart, for, genus, born" for "card thirteen is thorn"), and neither
        confirms nor replaces the row. A row named further on is laid out meanwhile, and
        the row read back waits for its yes."""
        row, following = self.layout.row + 1, self.layout.following()
        if not self.layout.row_full or following is None or said.row not in (None, row, following + 1):
            return False
        if said.row == following + 1:
            return True
        shared = {card_key(c) for c in said.cards} & {card_key(c) for c in self.layout.row_cards()}
        return len(said.cards) == PER_ROW and len(shared) < 2

    def _correct(self, said: Correct) -> str:
        if said.in_row:
            if not self.layout.row_cards():
                return f"Row {number_words(self.layout.row + 1)} has no cards yet. {self.next_step()}"
            index = PER_ROW * self.layout.row + said.position - 1
        else:
            index = said.position - 1
        if self.one_missing and index in self.layout.row_slots():
            return self._insert(index, said.card)
        if not 0 <= index < SLOTS or self.layout.slots[index] is None:
            return f"There is no card {number_words(said.position)} yet. {self.next_step()}"
        refusal = self.layout.refusal((said.card,), range(index, index + 1))
        if refusal is not None:
            return f"{refusal} {self.next_step()}"
        self.layout.replace(index, said.card)
        if index // PER_ROW != self.layout.row:
            return f"{place(index).capitalize()} is now {said.card}. {self.next_step()}"
        if self.layout.row_full:
            named = ORDINALS[said.position - 1] if said.in_row else f"card {number_words(said.position)}"
            return f"{named.capitalize()} is {said.card}. Right?"
        return self.next_step()

    def _insert(self, index: int, card: str) -> str:
        """The card a row heard as four was missing, put in its place: the cards after it move on."""
        refusal = self.layout.refusal((card,))
        if refusal is not None:
            return f"{refusal} Say where the missing card goes, for example 'third is castle'."
        self.layout.insert(index, card)
        self.one_missing = False
        return self.next_step()

    def propose(self, cards: Sequence[str | None], keep: bool = False) -> str:
        """A grid read whole (a photo's 25 places, row by row; None: not read): its cards
        replace the layout's (with `keep`, fill only its places with no card yet), none
        confirmed until one yes for the lot. A card the board file would refuse, or one read
        twice, is left unread: asked for, never guessed."""
        layout = Layout(list(self.layout.slots) if keep else [None] * SLOTS)
        for index, card in enumerate(cards[:SLOTS]):
            if card and layout.slots[index] is None and layout.refusal((card,)) is None:
                layout.replace(index, card)
        self.layout, self.whole, self.one_missing = layout, True, False
        self._follow_missing()
        return photo_summary(layout.missing())

    def set_card(self, index: int, card: str) -> str:
        """A card typed into its place (0-24), as on the spymaster page."""
        if self.whole:
            return self._set_card(index, card)
        return self._correct(Correct(index + 1, card, in_row=False))

    def _hear_whole(self, intent: Correct | RowCards) -> str:
        if isinstance(intent, Correct):
            index = PER_ROW * self.layout.row + intent.position - 1 if intent.in_row else intent.position - 1
            return self._set_card(index, intent.card)
        return self._fill(intent)

    def _set_card(self, index: int, card: str) -> str:
        if not 0 <= index < SLOTS:
            return f"There is no card {number_words(index + 1)}: a table has 25. {self.next_step()}"
        refusal = self.layout.refusal((card,), range(index, index + 1))
        if refusal is not None:
            return f"{refusal} {self.next_step()}"
        self.layout.replace(index, card)
        self._follow_missing()
        return f"Card {number_words(index + 1)} is {self.layout.slots[index]}. {self.next_step()}"

    def _fill(self, said: RowCards) -> str:
        """Cards said alone go to the places not read yet, in order (of the row named, if
        one is); a whole row named replaces that row."""
        if said.row is not None and not 1 <= said.row <= ROWS:
            return f"There is no row {number_words(said.row)}: a table has five. {self.next_step()}"
        named = self.layout.row_slots(said.row - 1) if said.row is not None else range(SLOTS)
        whole_row = said.row is not None and len(said.cards) == PER_ROW
        places = list(named) if whole_row else [i for i in self.layout.missing() if i in named]
        if len(said.cards) > len(places):
            where = f"row {number_words(said.row)}" if said.row is not None else "the table"
            return (f"I heard {len(said.cards)} cards, and {where} has {number_words(len(places))} to read. Say where "
                    f"each goes, for example 'card seven is pilot'. {self.next_step()}")
        refusal = self.layout.refusal(said.cards, named if whole_row else range(0))
        if refusal is not None:
            return f"{refusal} {self.next_step()}"
        for index, card in zip(places, said.cards):
            self.layout.replace(index, card)
        self._follow_missing()
        if whole_row:
            return f"Row {number_words(said.row or 0)}: {', '.join(said.cards)}. {self.next_step()}"
        set_now = "; ".join(f"card {number_words(i + 1)} is {self.layout.slots[i]}" for i in places[: len(said.cards)])
        return f"{set_now[:1].upper()}{set_now[1:]}. {self.next_step()}"

    def _follow_missing(self) -> None:
        """In a grid read whole the row laid out (the one "third is pilot" names) is the
        first with a card still to read."""
        missing = self.layout.missing()
        self.layout.row = missing[0] // PER_ROW if missing else 0

    def _read_back(self) -> str:
        return f"Row {number_words(self.layout.row + 1)}: {', '.join(self.layout.row_cards())}. Right?"

    def deal(self) -> Deal:
        """The table as laid out, with its key card (both must be set)."""
        assert self.key is not None
        return Deal(self.layout.cards(), self.key)

    def snapshot(self) -> GameSnapshot:
        """The board as far as it is laid out, for the displays: no identity is shown."""
        return GameSnapshot.of_table(tuple(c or UNSET for c in self.layout.slots), self.key, self._stage())

    def _stage(self) -> str:
        if self.wants_key:
            return f"Setting up the table: {'tap or type' if self.key_page else 'type'} the key card"
        if self.layout.complete:
            return "Table set"
        if self.whole:
            missing = len(self.layout.missing())
            return f"Setting up the table: {missing} of 25 cards to read" if missing else "Setting up the table: is it right?"
        return f"Setting up the table: row {self.layout.row + 1} of {ROWS}"

    def progress(self) -> dict[str, Any]:
        return {
            "format": PROGRESS_FORMAT,
            "cards": list(self.layout.slots),
            "confirmed_rows": sorted(self.layout.confirmed),
            "row": self.layout.row,
            "whole": self.whole,
            "key": "".join(k.letter for k in self.key) if self.key is not None else None,
        }

    def resume(self, progress: dict[str, Any]) -> None:
        """Carry on from `progress()` of an earlier session; ValueError when it is not one."""
        cards, key = progress.get("cards"), progress.get("key")
        if progress.get("format") != PROGRESS_FORMAT or not isinstance(cards, list) or len(cards) != SLOTS:
            raise ValueError("not a setup in progress")
        confirmed, row = _rows_of(progress)
        if any(c is not None and not isinstance(c, str) for c in cards):
            raise ValueError("damaged setup progress")
        layout = Layout(list(cards), confirmed, row)
        if Layout().refusal(tuple(c for c in cards if c is not None)) is not None:
            raise ValueError("damaged setup progress")
        self.layout = layout
        self.whole = progress.get("whole") is True
        if isinstance(key, str) and self.key is None and self.key_wanted:
            identities = tuple(KEY_LETTERS.get(letter) for letter in key)
            if None in identities or key_problem(identities) is not None:  # type: ignore[arg-type]
                raise ValueError("damaged key in the setup progress")
            self.key = identities  # type: ignore[assignment]


COMMANDS: dict[str, Callable[[SetupSession], str]] = {
    "yes": SetupSession._yes,
    "no": SetupSession._again,
    "again": SetupSession._again,
    "repeat": SetupSession._repeat,
}
"""The handler of every request a setup hears."""
if missing := unhandled(COMMANDS, setup=True):
    raise ImportError(f"requests a setup may hear with no handler: {sorted(missing)}")


def _rows_of(progress: dict[str, Any]) -> tuple[set[int], int]:
    """The confirmed rows and the row being laid out; a progress kept before rows came in
    any order holds the number of rows confirmed from the first."""
    rows, row = progress.get("confirmed_rows"), progress.get("row")
    if isinstance(rows, int) and not isinstance(rows, bool) and 0 <= rows <= ROWS and row is None:
        return set(range(rows)), rows
    if not isinstance(rows, list) or not all(type(r) is int and 0 <= r < ROWS for r in rows) or len(set(rows)) != len(rows):
        raise ValueError("damaged setup progress")
    if type(row) is not int or not 0 <= row <= ROWS or (row == ROWS) != (len(rows) == ROWS) or row in rows:
        raise ValueError("damaged setup progress")
    return set(rows), row
