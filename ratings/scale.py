"""How a rating is modelled and shown (docs/rules.md §7.6): pure, no Django.

Each player has one rating per game: openskill's Plackett-Luce model, its parameters chosen
so that ratings settle as fast as lichess's do (``bench/ratings.py`` simulates it). The table
shows 60 × μ (1500 at the start) with the deviation 60 × σ, both rounded, and marks a rating
provisional ("?") while that deviation is 110 or more.

The model's defaults (σ = 500 and β = 250 shown, and a σ update scaled down by σ/c) needed
about 160 rated games against settled opponents to leave provisional, and never did among
new players. Here a new player starts at ±350 (Glicko's customary start), β is 100 shown
points, the update is the paper's plain one (γ = 1), and τ = 9 points keeps a settled
deviation near 55, where one even game moves a rating by about 10 points.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

SCALE = 60
PROVISIONAL_RD = 110
START, START_DEVIATION = 1500, 350  # shown points
BETA, TAU = 100, 9  # shown points: the spread of one performance; σ's growth before a match


def _full_update(c, k, mu, sigma_squared, team, rank, weights=None) -> float:
    """openskill's γ: 1, the update of Weng and Lin's paper without the library's damping."""
    return 1.0


#: The one model every rating goes through, live and in ``recompute_ratings``.
MODEL = PlackettLuce(
    mu=START / SCALE,
    sigma=START_DEVIATION / SCALE,
    beta=BETA / SCALE,
    tau=TAU / SCALE,
    gamma=_full_update,
)


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


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate the leaderboard orders by: μ − 3σ (openskill's ordinal)."""
    return mu - 3 * sigma


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
