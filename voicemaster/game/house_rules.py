"""House rules and timer settings: chosen once per game, frozen."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

RULE_NAMES = ("exact-guesses", "lenient-clues", "allow-rhymes", "allow-compound-clues", "referee-asks")


class UnknownHouseRule(ValueError):
    """A house-rule name that VoiceMaster does not offer."""


@dataclass(frozen=True)
class TimerSettings:
    enabled: bool = False
    clue_seconds: float = 120.0
    guess_seconds: float = 120.0
    enforced: bool = False
    """Enforced: time's up ends the phase. Advisory: it is only announced."""


@dataclass(frozen=True)
class HouseRules:
    exact_guesses: bool = False
    lenient_clues: bool = False
    allow_rhymes: bool = False
    allow_compound_clues: bool = False
    referee_asks: bool = False
    """Every clue the referee would refuse for what it shares with a card (a form, a
    compound, letters) goes to the opposing spymaster as a question; it refuses on its
    own only a clue that is not one word and a number, or that is a card's own word."""
    coop: bool = False
    """Co-op variant: one team against a simulated opponent."""
    timer: TimerSettings = field(default_factory=TimerSettings)

    @staticmethod
    def from_names(names: list[str] | tuple[str, ...], **extra: object) -> "HouseRules":
        """Build from names such as "exact-guesses" (commas or separate items)."""
        flags: dict[str, object] = {}
        for item in names:
            for name in filter(None, (n.strip() for n in item.split(","))):
                if name not in RULE_NAMES:
                    raise UnknownHouseRule(
                        f"unknown house rule '{name}' (known: {', '.join(RULE_NAMES)})"
                    )
                flags[name.replace("-", "_")] = True
        return HouseRules(**flags, **extra)  # type: ignore[arg-type]

    def names(self) -> list[str]:
        return [n for n in RULE_NAMES if getattr(self, n.replace("-", "_"))]

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "timer"}
        out["timer"] = {f.name: getattr(self.timer, f.name) for f in fields(self.timer)}
        return out

    @staticmethod
    def from_json(data: dict[str, object]) -> "HouseRules":
        timer = TimerSettings(**data.get("timer", {}))  # type: ignore[arg-type]
        flat = {k: v for k, v in data.items() if k != "timer"}
        return HouseRules(**flat, timer=timer)  # type: ignore[arg-type]
