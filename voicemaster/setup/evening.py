"""An evening of `play`: game after game on one loop, one inbox, one speaker and one set of ears.

Each game ends with the input, or with "new game" (said once it is over), which lays out the
next table on the same loop — or deals again when the game was dealt — with the same rules.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from voicemaster.dialogue import Dialogue
from voicemaster.errors import InputError
from voicemaster.game_stage import GameStage
from voicemaster.inbox import Notice
from voicemaster.journal import DealtFrom
from voicemaster.voice.answers import kept_phrase
from voicemaster.setup.edges import Edges, open_edges
from voicemaster.setup.open_game import (
    OpenGame, check_new_journal, deal_anew, dealt_again, evening_of, journal_for, next_deal, open_game, start_game, table_files,
    unfinished_setup,
)
from voicemaster.setup.photos import TablePhotos
from voicemaster.setup.session import SetupSession
from voicemaster.setup.settings import Settings
from voicemaster.setup.spymaster_token import keep_token, kept_token
from voicemaster.setup.table_setup import key_first, lay_out, two_word_cards


def play(settings: Settings) -> int:
    """`voicemaster play` once its settings are decided: the first table (from the command line,
    from photos, or laid out at the table), then the evening."""
    table = settings.table
    photos = TablePhotos()
    opened = None
    if table.lays_out:
        check_new_journal(table.journal)
        photos = TablePhotos.read(table.photo, table.key_photo)
    elif table.photo is not None or table.key_photo is not None:
        raise InputError("--photo and --key-photo lay out a table from the box: not with --board, --key, a deal or --resume")
    else:
        opened = open_game(table, settings.rules, web=settings.web is not None, named=settings.rules_named)
    try:
        token = spymaster_token(settings)
        with open_edges(settings, spymaster_token=token) as edges:
            return Evening(settings, edges, token).run(opened, photos)
    finally:
        if opened is not None:
            opened.close()


def spymaster_token(settings: Settings) -> str | None:
    """With the web pages and a journal, the spymaster page's token kept beside the journal:
    the one kept before when this run takes the game (--resume) or its table's unfinished setup
    up again, so the phones keep their link; None otherwise (the page draws a new one)."""
    table = settings.table
    if settings.web is None or table.journal is None:
        return None
    kept = kept_token(table.journal, reuse=table.resume or unfinished_setup(table.journal).exists())
    if kept.warning is not None:
        print(f"voicemaster: warning: {kept.warning}", file=sys.stderr)
    return kept.token


class Evening:
    """What stays while games come and go: the edges and the loop."""

    def __init__(self, settings: Settings, edges: Edges, spymaster_token: str | None = None) -> None:
        self.settings = settings
        self.edges = edges
        self.app = edges.app()
        self.spymaster_token = spymaster_token
        """The spymaster page's, kept beside every journal of the evening."""

    def run(self, opened: OpenGame | None, photos: TablePhotos) -> int:
        """Game after game; `photos` lay out the first table."""
        journal, number = evening_of(self.settings.table.journal)
        while True:
            if opened is None:
                opened = self._lay_out(journal_for(journal, number), photos if number == 1 else TablePhotos())
            try:
                stage = self._game(opened)
                self.app.run(stage)
            finally:
                opened.close()
            if not stage.dialogue.new_game_asked:
                print(kept_phrase(opened.game.is_over(), opened.journal_path))
                return 0
            opened = self._deal_again(journal_for(journal, number + 1), opened.dealt)
            number += 1

    def _game(self, opened: OpenGame) -> GameStage:
        """The game's stage; the inputs start now if no setup started them (a drawn key is said first)."""
        dialogue = Dialogue(opened.game, opened.record, time.monotonic, random.Random(self.settings.table.seed),
                            self.settings.confirm_clues)
        if opened.drawn_key is not None:
            self.edges.displays.board.note(opened.drawn_key.shown, for_players=True)
            self.app.inbox.put_first([Notice(opened.drawn_key.said)])
        ears = self.edges.ears
        stage = GameStage(dialogue, ears.game if ears is not None else None)
        if stage.ear is not None:
            self.edges.hear_with(stage.ear)
            self.edges.start_listening(self.app, stage.ear)
        else:
            self.edges.start_typing(self.app)
        return stage

    def _lay_out(self, journal: Path | None, photos: TablePhotos) -> OpenGame:
        """The next table laid out at the table (from `photos`, as far as they go); its files kept
        beside the journal. Speech starts once the key is typed (the first setup of an evening)."""
        self._keep_link(journal)
        edges, app = self.edges, self.app
        ear = edges.ears.grid() if edges.ears is not None else None
        if ear is not None:
            edges.hear_with(ear)
        key_page = edges.displays.key_page
        session = SetupSession(two_word_cards(), key_wanted=True, key=photos.key,
                               key_first=key_first(key_page, photos.cards is not None), key_page=key_page is not None)
        files = table_files(journal)
        again = "play again" + (f" with --journal {journal}" if journal is not None else "")
        listen = (lambda: edges.start_listening(app, ear)) if ear is not None else None
        lay_out(app, session, files, ear, again, listen, key_page, key_outlasts_input=ear is not None,
                photo=photos.cards, when_open=lambda: edges.start_typing(app, ends_input=ear is None))
        return start_game(session.deal(), self.settings.rules, journal)

    def _deal_again(self, journal: Path | None, before: DealtFrom | None) -> OpenGame | None:
        """After a dealt game (this session's, or the one a journal resumed), a new deal (the
        next seed, when it was seeded); after a game on a physical table, None: the next
        table is to be laid out."""
        if before is None:
            return None
        self._keep_link(journal)
        dealt = next_deal(before)
        deal = deal_anew(dealt)
        opened = start_game(deal, self.settings.rules, journal, dealt=dealt)
        opened.drawn_key = dealt_again(deal, journal, self.settings.web is not None)
        return opened

    def _keep_link(self, journal: Path | None) -> None:
        """The spymaster page's token beside this game's journal too (before its table is laid
        out): resuming it, or its unfinished setup, keeps the phones' link."""
        if self.spymaster_token is None or journal is None:
            return
        warning = keep_token(journal, self.spymaster_token)
        if warning is not None:
            self.edges.displays.board.note(f"Warning: {warning}")
