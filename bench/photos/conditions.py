"""The photos the benchmark and the tests read: word pools, fonts and kinds of shot, split
into a calibration half (anything tuned is tuned on it) and a test half (only measured).

The split is by seed (calib photos are rendered from seeds "calib-…", test from "test-…"),
by word (calib deals from kids.txt and the even half of OUTSIDE, test from default.txt and
the odd half), by font (test adds two faces calibration never saw), and by condition (test
adds kinds of shot calibration never saw).
"""

from __future__ import annotations

import random
from pathlib import Path

from bench.photos.board import BoardShot
from bench.photos.cards import Font
from bench.photos.key import KeyShot
from bench.photos.scene import Light

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = tuple("""
zanzibar timbuktu kilimanjaro berlin tokyo cairo moscow beijing london paris rome sydney chicago
amazon sahara himalayas everest olympus bermuda hollywood atlantis canada mexico egypt india china
greece france germany england australia scotland ireland brazil japan africa europe antarctica
shakespeare einstein cleopatra napoleon mozart picasso houdini dracula frankenstein gandalf sherlock
merlin hercules medusa poseidon zeus thor kraken leprechaun centaur pharaoh samurai ninja viking
gladiator cowboy pirate millionaire smuggler undertaker skyscraper limousine parachute trampoline
saxophone accordion harmonica stethoscope microscope boomerang chameleon platypus mammoth dinosaur
mercury jupiter saturn neptune pluto laser roulette casino embassy satellite scuba
quokka narwhal axolotl
loch_ness ice_cream new_york hot_dog scuba_diver
""".split())
"""Words a real box holds that our decks do not (cities, people, myths, two-word cards;
the last three are not even in wordfreq's list at Zipf 2.5)."""

CALIB_FONTS = (Font("DejaVuSans-Bold.ttf"), Font("LiberationSans-Bold.ttf"))
TEST_FONTS = CALIB_FONTS + (Font("DejaVuSansCondensed-Bold.ttf"), Font("LiberationSansNarrow-Bold.ttf"))


def _deck(name: str) -> list[str]:
    lines = (ROOT / "wordlists" / name).read_text().splitlines()
    return [w.strip() for w in lines if w.strip() and not w.startswith("#")]


def words_for(split: str, seed: str, outside_share: float = 0.35) -> list[str]:
    """25 distinct cards: about a third from OUTSIDE, the rest from the split's deck."""
    rng = random.Random(f"words-{seed}")
    deck = _deck("kids.txt" if split == "calib" else "default.txt")
    outside = [w.replace("_", " ") for w in OUTSIDE[(0 if split == "calib" else 1)::2]]
    outside = [w for w in outside if w not in deck]
    n_out = sum(rng.random() < outside_share for _ in range(25))
    chosen = rng.sample(outside, n_out) + rng.sample(deck, 25 - n_out)
    rng.shuffle(chosen)
    return chosen


def fonts_for(split: str) -> tuple[Font, ...]:
    return tuple(f for f in (CALIB_FONTS if split == "calib" else TEST_FONTS) if f.installed())


BOARD: dict[str, BoardShot] = {
    "clean": BoardShot(),
    "steep": BoardShot(elevation=(32.0, 45.0), fill=(0.75, 0.95)),
    "turned": BoardShot(sides=(0.0, 90.0, 180.0, 270.0), azimuth_jitter=25.0, roll=15.0),
    "glare": BoardShot(glare=(1, 3), light=Light(gradient=0.5, glare_strength=0.9)),
    "dim blur": BoardShot(light=Light(gain=0.55, noise=6.0, blur=2.0, motion=10.0, jpeg=72)),
    "small": BoardShot(size=(1600, 1200), fill=(0.55, 0.8)),
    "hand cup": BoardShot(hands=1, cups=1),
    "clutter": BoardShot(clutter=True, turned=0.3, fill=(0.45, 0.65)),
    "sloppy": BoardShot(sloppy=7.0, turned=0.25, elevation=(45.0, 70.0)),
}
"""Calibration and test."""
BOARD_HELD_OUT: dict[str, BoardShot] = {
    "far": BoardShot(size=(3264, 2448), fill=(0.35, 0.5), elevation=(40.0, 60.0)),
    "portrait": BoardShot(size=(3024, 4032), sides=(0.0, 90.0, 180.0, 270.0), azimuth_jitter=20.0, fill=(0.75, 0.9)),
    "pi camera": BoardShot(size=(2592, 1944), hfov=62.0, fill=(0.6, 0.85), elevation=(60.0, 85.0),
                           light=Light(gain=0.8, noise=5.0, blur=1.5, jpeg=80, barrel=0.06, cast=0.1)),
    "everything": BoardShot(size=(2016, 1512), elevation=(38.0, 60.0), sides=(0.0, 180.0), azimuth_jitter=20.0,
                            roll=10.0, glare=(0, 2), hands=1, clutter=True, turned=0.3, fill=(0.55, 0.8),
                            light=Light(gain=0.75, gradient=0.4, noise=4.0, blur=1.2, jpeg=80)),
}
"""Test only: kinds of shot nothing was tuned on."""

KEY: dict[str, KeyShot] = {
    "plain": KeyShot(),
    "any turn": KeyShot(roll=180.0),
    "tilted": KeyShot(tilt=40.0),
    "glare": KeyShot(glare=(1, 2), light=Light(gradient=0.5, glare_strength=0.8)),
    "dim blur": KeyShot(light=Light(gain=0.55, noise=6.0, blur=2.5, motion=10.0, jpeg=70)),
    "small": KeyShot(size=(1280, 960), fill=(0.3, 0.5)),
    "printed close": KeyShot(printed=True, fill=(0.75, 0.9), stand=False,
                             light=Light(blur=18.0, cast=0.12, gain=0.8, jpeg=80)),
}
KEY_HELD_OUT: dict[str, KeyShot] = {
    "far": KeyShot(size=(3264, 2448), fill=(0.18, 0.28), roll=30.0),
    "everything": KeyShot(size=(2016, 1512), roll=180.0, tilt=35.0, glare=(0, 1),
                          light=Light(gain=0.7, gradient=0.4, noise=4.0, blur=1.5, jpeg=78)),
}


def board_conditions(split: str) -> dict[str, BoardShot]:
    return BOARD if split == "calib" else BOARD | BOARD_HELD_OUT


def key_conditions(split: str) -> dict[str, KeyShot]:
    return KEY if split == "calib" else KEY | KEY_HELD_OUT
