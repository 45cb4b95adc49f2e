"""Dealing: seeded deals repeat, consecutive games get fresh cards, keys are valid."""

from __future__ import annotations

import random
from pathlib import Path

from voicemaster.game.cards import Identity, Team
from voicemaster.game.dealing import deal_key
from voicemaster.setup.dealing import RecentCards, bundled_wordlist, new_deal
from voicemaster.setup.files import read_wordlist


def test_the_same_seed_deals_the_same_game() -> None:
    assert new_deal(seed=7) == new_deal(seed=7)
    assert new_deal(seed=7).cards != new_deal(seed=8).cards


def test_default_list_is_big_enough_for_many_fresh_games() -> None:
    assert len(read_wordlist(bundled_wordlist())) >= 400


def test_consecutive_games_do_not_repeat_cards(tmp_path: Path) -> None:
    recent = RecentCards(tmp_path / "recent.json", games_kept=3)
    games = [set(new_deal(recent=recent).cards) for _ in range(4)]
    for earlier, later in zip(games, games[1:]):
        assert not earlier & later
    assert not games[0] & games[2]


def test_keys_have_nine_eight_seven_one_and_the_nine_start() -> None:
    starters = set()
    for seed in range(40):
        key = deal_key(random.Random(seed))
        counts = {i: key.count(i) for i in Identity}
        assert counts[Identity.BYSTANDER] == 7 and counts[Identity.ASSASSIN] == 1
        assert sorted((counts[Identity.RED], counts[Identity.BLUE])) == [8, 9]
        starters.add(Team.RED if counts[Identity.RED] == 9 else Team.BLUE)
    assert starters == {Team.RED, Team.BLUE}
