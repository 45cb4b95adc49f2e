"""Seeded random games: a deal written to board/key files and the lines a table would type.

The script is played in-process through the real parser, dialogue and journal while it
is written, so each line's effect is known: `records_after[i]` is how many journal
records exist once line i has been handled. That is what lets a crash test tell, from
the journal alone, which lines a killed process had consumed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from voicemaster.commands.state import state_json
from voicemaster.dialogue import Dialogue
from voicemaster.game.actions import Action
from voicemaster.game.cards import Deal, Identity
from voicemaster.game.core import Game
from voicemaster.game.phase import Phase
from voicemaster.setup.dealing import new_deal
from voicemaster.game.house_rules import HouseRules
from voicemaster.journal import Journal, load_game
from voicemaster.referee import judge_clue_word
from voicemaster.understand.parse import parse_utterance

CHATTER = (
    "um I think it is the animal one",
    "wait which team are we",
    "could you pass the crisps",
    "no way that is too risky",
    "hmm let me think about it",
    "he said two so there must be another",
    "are you sure about that",
    "I would have gone with the other card",
)
CLUE_WORDS = ("ocean", "planet", "music", "winter", "journey", "metal", "garden", "shadow", "spice", "thunder")
SPOKEN_CLUE_WORDS = ("music", "winter", "garden", "money", "window", "summer")
"""Clue words the speech path hears the same way whatever came before (measured)."""
CLUE_FORMS = ("clue {w} {n}", "my clue is {w} {n}", "{w} {n}", "the clue is {w} {n}")
GUESS_FORMS = ("guess {c}", "we guess {c}", "touch {c}", "pick the {c}", "choose {c}")
STOP_FORMS = ("stop", "stop guessing", "end turn", "pass", "we pass")
QUERIES = ("status", "repeat the clue", "how many left", "score")
NUMBERS = ("one", "two", "three", "1", "2", "zero", "unlimited")


@dataclass
class Script:
    seed: int
    deal: Deal
    lines: list[str] = field(default_factory=list)
    records_after: list[int] = field(default_factory=list)
    """Journal records (header excluded) once each line has been handled."""
    final_state: dict[str, object] = field(default_factory=dict)
    """`state --json` of the uninterrupted game, played in-process."""

    def write_deal(self, directory: Path) -> tuple[Path, Path]:
        board, key = directory / "board.txt", directory / "key.txt"
        board.write_text("\n".join(self.deal.cards) + "\n")
        letters = "".join(k.letter for k in self.deal.key)
        key.write_text("\n".join(letters[i : i + 5] for i in range(0, 25, 5)) + "\n")
        return board, key

    def resume_from(self, records: int) -> int:
        """Index of the first line to send again when the journal holds `records` records.

        Lines after the last recording one leave no record (chatter, queries, an "undo"
        still waiting for its "yes"); sending them again is what a player would do, and
        it reopens a question the crash forgot.
        """
        if records == 0:
            return 0
        return self.records_after.index(records) + 1


class _Player:
    """Chooses the next line from the game as it is, like a (slightly chaotic) table."""

    def __init__(self, rng: random.Random, game: Game, chatter: bool) -> None:
        self.rng, self.game, self.chatter = rng, game, chatter

    def next_lines(self) -> list[str]:
        r, s = self.rng, self.game.state
        roll = r.random() if self.chatter else 0.16 + 0.84 * r.random()
        if roll < 0.12:
            return [r.choice(CHATTER)]
        if roll < 0.16:
            return [r.choice(QUERIES)]
        if roll < 0.22 and self.game.history:
            return ["undo", r.choice(("yes", "yes", "confirm", "no"))]
        if s.phase is Phase.OVER:
            return [f"guess {r.choice(self.game.uncovered())}"]
        if s.ruling is not None:
            return [r.choice(("yes", "no"))]
        if s.phase is Phase.CLUE:
            return self._clue_or_cover()
        if s.guesses_made > 0 and roll < 0.35:
            return [r.choice(STOP_FORMS)]
        return [r.choice(GUESS_FORMS).format(c=self._card_to_guess())]

    def _clue_or_cover(self) -> list[str]:
        """Spoken clues are followed by a "yes": the speech path may read a clue back first
        (typed, and when it was sure, that "yes" answers nothing and is ignored)."""
        r, s = self.rng, self.game.state
        if s.cover is not None and r.random() < 0.7:
            own = [c for c in self.game.uncovered() if self.game.deal.identity(c) is Identity.of_team(s.cover.team)]
            return [f"cover {r.choice(own)}"]
        if not self.chatter:
            return [r.choice(CLUE_FORMS[:3]).format(w=r.choice(SPOKEN_CLUE_WORDS), n=r.choice(NUMBERS)), "yes"]
        word = r.choice(self.game.uncovered()) if r.random() < 0.06 else r.choice(CLUE_WORDS)
        return [r.choice(CLUE_FORMS).format(w=word, n=r.choice(NUMBERS))]

    def _card_to_guess(self) -> str:
        r, game = self.rng, self.game
        uncovered = game.uncovered()
        own = [c for c in uncovered if game.deal.identity(c) is Identity.of_team(game.state.turn)]
        safe = [c for c in uncovered if game.deal.identity(c) is not Identity.ASSASSIN]
        roll = r.random()
        if roll < 0.62 and own:
            return r.choice(own)
        if roll < 0.97:
            return r.choice(safe)
        return r.choice(uncovered)


def scripted_game(seed: int, workdir: Path, max_lines: int = 70, chatter: bool = True) -> Script:
    """A random game from `seed`, played through the real dialogue into a twin journal.

    Without `chatter` every line addresses the referee (for spoken scripts, where a
    misheard aside would make the twin differ for reasons other than the crash).
    """
    rng = random.Random(seed)
    deal = new_deal(seed=seed)
    script = Script(seed, deal)
    twin = workdir / f"twin-{seed}.jsonl"
    journal = Journal.create(twin, deal, HouseRules())
    game = Game(deal, HouseRules(), clock=lambda: 0.0, judge=judge_clue_word)
    count = 0

    def record(action: Action) -> None:
        nonlocal count
        journal.append(action)
        count += 1

    dialogue = Dialogue(game, record, clock=lambda: 0.0, rng=random.Random(seed))
    player = _Player(rng, game, chatter)
    tail = rng.randint(0, 2)
    while len(script.lines) < max_lines:
        if game.is_over():
            if tail == 0:
                break
            tail -= 1
        for line in player.next_lines():
            now = dialogue.listening()
            dialogue.hear(parse_utterance(line, now))
            script.lines.append(line)
            script.records_after.append(count)
    journal.close()
    script.final_state = state_json(load_game(twin, judge=judge_clue_word))
    return script
