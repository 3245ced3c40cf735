"""How a rating is modelled and shown (docs/rules.md §7.6): pure, no Django.

Each player has one rating per game: openskill's Plackett-Luce model with its default
parameters (μ = 25, σ = 25/3, and its own β, κ, τ). The table shows 60 × μ (1500 at the
start) with the deviation 60 × σ, both rounded, and marks a rating provisional ("?") while
that deviation is 110 or more.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

#: The one model every rating goes through, live and in ``recompute_ratings``.
MODEL = PlackettLuce()
SCALE = 60
PROVISIONAL_RD = 110


@dataclass(frozen=True)
class Shown:
    """A rating as people read it: ``rating`` (round(60 μ)), ``deviation`` (round(60 σ))."""

    rating: int
    deviation: int

    @property
    def provisional(self) -> bool:
        return self.deviation >= PROVISIONAL_RD

    def __str__(self) -> str:
        return f"{self.rating}?" if self.provisional else str(self.rating)


def shown(mu: float, sigma: float) -> Shown:
    return Shown(round(SCALE * mu), round(SCALE * sigma))


INITIAL = shown(MODEL.mu, MODEL.sigma)


def signed(delta: int) -> str:
    """A rating change as the match page writes it: "+12", "−9" (a minus sign), "±0"."""
    return f"+{delta}" if delta > 0 else f"\u2212{-delta}" if delta < 0 else "\u00b10"


def trend(delta: int) -> str:
    return "up" if delta > 0 else "down" if delta < 0 else "even"


def final_places(result: dict, players: int, leavers: list[int]) -> list[int]:
    """Each seat's place at the end (1 = first; equal places are ties), from the match's
    ``result`` and the seats that left in the order they left (docs/rules.md §7.2, §7.6).

    The seats still in rank by the game's own ``ranking`` when its outcome has one (power
    companies), else the winners first and everybody else after (nobody won: all tie). Every
    seat that left ranks below every seat still in, the last to leave highest among them.
    """
    out = [s for s in dict.fromkeys(leavers) if 0 <= s < players]
    still = [s for s in range(players) if s not in out]
    ranking = result.get("ranking")
    winners = result.get("winners") or []
    if ranking is not None:
        key = {s: ranking[s] for s in still}
    else:
        key = {s: 1 if not winners or s in winners else 2 for s in still}
    places = [0] * players
    for s in still:
        places[s] = 1 + sum(key[other] < key[s] for other in still)
    for place, s in enumerate(reversed(out), start=len(still) + 1):
        places[s] = place
    return places


def rate(before: list[tuple[float, float]], places: list[int]) -> list[tuple[float, float]]:
    """Every seat's (μ, σ) after a match, from each seat's (μ, σ) before and its place."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=list(places))]
