"""Clashes that WordNet attests: the clue and a card are kin (fisherman ~ FISH).

Each reading of the clue is tried against each reading of the card. The
relation is named from the spelling: when one word holds the other and what is
left is affixes (hand + -ful, teach + -er), it is a form; when more is left
(fish + -erman, ice + berg), a compound built on the card, or part of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from voicemaster.referee import kinship
from voicemaster.referee.affixes import affixal, remainder
from voicemaster.referee.readings import readings


@dataclass(frozen=True)
class Tie:
    """How a clue word relates to a card, before it is put into words."""

    rule: str
    """"form" or "compound"."""
    phrase: str
    """"is a form of FISH", "is built on ICE", "is part of HORSESHOE", "shares fish with FISHERY"."""
    doubtful: bool
    """Only a synonym ties them (a clipping, or an accident: capital, cap), or
    the tie holds through a homograph's other reading (ROSE, rise)."""


def _tie(clue: str, card: str, middle: str, display: str) -> tuple[str, str]:
    """(rule, phrase) for kin clue and card words linked through `middle`."""
    if middle in (clue, card):
        for longer, shorter, phrase in ((clue, card, "is built on"), (card, clue, "is part of")):
            rest = remainder(longer, shorter)
            if rest is not None and not affixal(rest):
                return "compound", f"{phrase} {display}"
        return "form", f"is a form of {display}"
    rests = [remainder(word, middle) for word in (clue, card)]
    if all(rest is not None and not affixal(rest) for rest in rests):
        return "compound", f"shares {middle} with {display}"
    return "form", f"is a form of {display}"


def kin_clash(clue: str, card: str, display: str) -> Tie | None:
    """The closest WordNet kinship between a reading of the clue and one of the card."""
    best: Tie | None = None
    for said in readings(clue):
        for shown in readings(card):
            if said.word == shown.word:
                continue
            found = kinship.related(said.word, shown.word)
            if found is None:
                continue
            rule, phrase = _tie(said.word, shown.word, found.word, display)
            if shown.doubtful:
                tie = Tie(rule, f"{phrase} only if {display} is read as {shown.word}", True)
            elif said.doubtful:
                tie = Tie(rule, f"{phrase} only if it is read as {said.word}", True)
            elif found.minor:
                tie = Tie(rule, f"shares a meaning with {display} but may not be made from it", True)
            else:
                return Tie(rule, phrase, False)
            best = best or tie
    return best
