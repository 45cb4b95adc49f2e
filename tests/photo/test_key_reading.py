"""A photo of the key card gives its 25 colours as the photo shows the card, and who
starts; a card that does not add up to 9-8-7-1, or whose lights disagree, is refused."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bench.photos import cards
from bench.photos.conditions import KEY
from bench.photos.key import KeyShot, RenderedKey, render_key
from voicemaster.game.cards import Team
from voicemaster.photo import KeyPhoto, PhotoError, read_key_photo, read_photo


def test_a_key_card_in_its_stand_any_way_round_reads_exactly(key_photo: RenderedKey) -> None:
    read = read_key_photo(key_photo.data)
    assert read.key == key_photo.truth.key
    assert read.starts is Team(key_photo.truth.starts)


def test_a_key_card_photographed_from_afar_is_told_from_a_board_photo() -> None:
    rendered = render_key(KeyShot(size=(3264, 2448), fill=(0.2, 0.25)), "tests-far-key")
    read = read_photo(rendered.data)
    assert isinstance(read, KeyPhoto) and read.key == rendered.truth.key


def test_several_key_photos_read_exactly() -> None:
    rendered = [render_key(KeyShot(tilt=35.0, roll=30.0), f"tests-keys-{n}") for n in range(4)]
    assert [read_key_photo(r.data).key for r in rendered] == [r.truth.key for r in rendered]


def test_a_key_card_that_does_not_add_up_is_refused_with_what_was_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    real = cards.key_card

    def ten_red(key: str, starts: str, scale: float, rng: random.Random, printed: bool = False):  # type: ignore[no-untyped-def]
        bad = key.replace("N", "R", 1) if starts == "R" else key.replace("N", "B", 1)
        return real(bad, starts, scale, rng, printed)

    monkeypatch.setattr("bench.photos.key.key_card", ten_red)
    rendered = render_key(KeyShot(), "tests-bad-key")
    with pytest.raises(PhotoError, match=r"6 bystanders .* not 9-8-7-1"):
        read_key_photo(rendered.data)


def test_lights_of_the_team_with_eight_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    real = cards.key_card

    def other_lights(key: str, starts: str, scale: float, rng: random.Random, printed: bool = False):  # type: ignore[no-untyped-def]
        return real(key, "B" if starts == "R" else "R", scale, rng, printed)

    monkeypatch.setattr("bench.photos.key.key_card", other_lights)
    rendered = render_key(KeyShot(), "tests-bad-lights")
    with pytest.raises(PhotoError, match="lights are .* but .* has 9 agents"):
        read_key_photo(rendered.data)


def test_a_printed_key_card_close_and_out_of_focus_reads_exactly() -> None:
    """The printed card held close to the phone, out of focus, in warm light: its blue squares
    come out greyish and break up in a colour mask, its brown border turns reddish (a phone's
    smaller photo: the same blur for its size, four times quicker to render)."""
    shot = dataclasses.replace(KEY["printed close"], size=(2016, 1512))
    rendered = [render_key(shot, f"printed-close defocused-{n}") for n in range(6)]
    verdicts = []
    for r in rendered:
        try:
            read = read_key_photo(r.data)
        except PhotoError:
            verdicts.append("refused")
            continue
        verdicts.append("right" if (read.key, read.starts.value) == (r.truth.key, r.truth.starts) else "wrong")
    assert "wrong" not in verdicts
    assert verdicts.count("right") >= 5, verdicts


def test_glare_that_turns_two_blue_squares_beige_is_refused_never_read_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine squares look beige where seven are: which two are blue cannot be told."""
    real = cards.key_card
    monkeypatch.setitem(cards.PRINTED_COLOURS, "W", cards.PRINTED_COLOURS["N"])

    def washed(key: str, starts: str, scale: float, rng: random.Random, printed: bool = False):  # type: ignore[no-untyped-def]
        return real(key.replace("B", "W", 2), starts, scale, rng, printed)

    monkeypatch.setattr("bench.photos.key.key_card", washed)
    refusals = []
    for n in range(3):
        rendered = render_key(KeyShot(printed=True), f"tests-washed-{n}")
        with pytest.raises(PhotoError) as refused:
            read_key_photo(rendered.data)
        refusals.append(str(refused.value))
    assert all("photograph it again" in r and "glare" in r for r in refusals), refusals
