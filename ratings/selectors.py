"""Reading ratings: what lists, match pages, profiles, the leaderboard and the API show
(docs/rules.md §7.6)."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db.models import Q

from games.bots.levels import LEVELS
from games.models import Match
from games.registry import GAMES, get_engine
from ratings.models import Rating, RatingChange
from ratings.scale import INITIAL, MODEL, PROVISIONAL_RD, SCALE, Shown, shown, signed, trend

User = get_user_model()
#: API programs, when accounts carry such a flag; the table's computer players always count.
HAS_PROGRAMS = any(f.name == "is_program" for f in User._meta.get_fields())


def is_program(user) -> bool:
    """Not a person: the table's computer (a level) or a program playing through the API."""
    return bool(user.bot_level or getattr(user, "is_program", False))


def programs_q(prefix: str = "") -> Q:
    q = ~Q(**{f"{prefix}bot_level": ""})
    if HAS_PROGRAMS:
        q |= Q(**{f"{prefix}is_program": True})
    return q


def current(user, game: str) -> Shown:
    rating = Rating.objects.filter(user=user, game=game).first()
    return rating.shown if rating else INITIAL


def attach(matches: Iterable[Match]) -> None:
    """Sets ``seat.rating`` (a ``Shown``, or None for a guest or an imported seat) and
    ``seat.rating_delta`` (the change that match made, or None) on every seat of
    ``matches``, in two queries: a rated finished match shows each seat's rating before it,
    any other match the players' current ratings in its game."""
    matches = [m for m in matches if m is not None]
    changes = {
        (c.match_id, c.user_id): c
        for c in RatingChange.objects.filter(match__in=[m.pk for m in matches])
    }
    seats = [(m, s) for m in matches for s in m.seat_list() if s.user_id]
    wanted = {(s.user_id, m.game) for m, s in seats if (m.pk, s.user_id) not in changes}
    ratings = {}
    if wanted:
        q = Q()
        for user_id, game in wanted:
            q |= Q(user_id=user_id, game=game)
        ratings = {(r.user_id, r.game): r.shown for r in Rating.objects.filter(q)}
    for m in matches:
        for s in m.seat_list():
            change = changes.get((m.pk, s.user_id))
            if not s.user_id or s.user.is_guest:
                s.rating, s.rating_delta = None, None
            elif change is not None:
                s.rating, s.rating_delta = change.before, change.delta
            else:
                s.rating, s.rating_delta = ratings.get((s.user_id, m.game), INITIAL), None


def seat_ratings(match: Match) -> dict[int, dict]:
    """Per seat index: ``rating`` (``Shown``) and ``delta`` (the change this match made, or
    None), for the match page's players; remembered on the ``Match`` object, which the move
    service shares among the renders of one position."""
    cached = match.__dict__.get("_seat_ratings")
    if cached is None or cached[0] != (match.status, match.ply):
        attach([match])
        rows = {
            s.index: {
                "rating": s.rating,
                "delta": s.rating_delta,
                "delta_text": signed(s.rating_delta) if s.rating_delta is not None else "",
                "trend": trend(s.rating_delta) if s.rating_delta is not None else "",
            }
            for s in match.seat_list()
            if getattr(s, "rating", None) is not None
        }
        cached = match.__dict__["_seat_ratings"] = ((match.status, match.ply), rows)
    return cached[1]


def game_name(slug: str) -> str:
    return get_engine(slug).name


def profile_rows(user) -> list[dict]:
    """The player's rating in every game they played rated, in the registry's order."""
    ratings = {r.game: r for r in Rating.objects.filter(user=user, games__gt=0)}
    return [
        {"slug": slug, "game": game_name(slug), "shown": r.shown, "games": r.games}
        for slug in GAMES
        if (r := ratings.get(slug)) is not None
    ]


def history(user) -> dict[str, list[tuple]]:
    """Per game played rated: ``(date, Shown)`` at the end of each day the rating changed."""
    days: dict[str, dict] = {}
    changes = RatingChange.objects.filter(user=user).order_by("at", "pk")
    for c in changes.only("game", "at", "mu_after", "sigma_after"):
        days.setdefault(c.game, {})[c.at.date()] = c.after
    return {slug: list(days[slug].items()) for slug in GAMES if slug in days}


def leaderboard(game: str, who: str = "all", limit: int = 100) -> list[dict]:
    """The established players of ``game`` (deviation under 110) by rating, best first;
    ``who``: "people", "programs" (the table's computer and API programs) or "all"."""
    established = Rating.objects.filter(
        game=game, sigma__lt=(PROVISIONAL_RD - 0.5) / SCALE, user__is_active=True
    ).select_related("user")
    if who == "people":
        established = established.exclude(programs_q("user__"))
    elif who == "programs":
        established = established.filter(programs_q("user__"))
    rows = []
    for r in established.order_by("-mu", "sigma", "user_id"):
        if r.shown.provisional:  # the filter's bound is exact; this keeps it so
            continue
        rows.append(
            {
                "rank": len(rows) + 1,
                "user": r.user,
                "shown": r.shown,
                "games": r.games,
                "program": is_program(r.user),
                "computer": bool(r.user.bot_level),
            }
        )
        if len(rows) == limit:
            break
    return rows


def nearest_level(user, game: str) -> str:
    """The computer level whose rating in ``game`` is nearest ``user``'s (a level not yet
    rated counts as 1500; a tie goes to the easier level)."""
    mine = current(user, game).rating
    levels = {}
    for r in Rating.objects.filter(game=game, user__bot_level__in=LEVELS).select_related("user"):
        level = r.user.bot_level  # a level's main account is the one that played most
        if level not in levels or r.games > levels[level].games:
            levels[level] = r
    return min(
        LEVELS,
        key=lambda level: abs((levels[level].shown if level in levels else INITIAL).rating - mine),
    )


def perfs_json(user) -> dict:
    """The player's ratings per game in lichess's ``perfs`` shape: ``{slug: {games, rating,
    rd, prov, mu, sigma}}``, every game (one never played rated: 0 games at the start)."""
    ratings = {r.game: r for r in Rating.objects.filter(user=user)}
    perfs = {}
    for slug in GAMES:
        r = ratings.get(slug)
        mu, sigma = (r.mu, r.sigma) if r else (MODEL.mu, MODEL.sigma)
        s = shown(mu, sigma)
        perfs[slug] = {
            "games": r.games if r else 0,
            "rating": s.rating,
            "rd": s.deviation,
            "prov": s.provisional,
            "mu": mu,
            "sigma": sigma,
        }
    return perfs


def rating_history_json(user) -> list[dict]:
    """lichess's rating-history shape: per game ``{"name", "slug", "points": [[year,
    month (0-11), day, rating], ...]}``, one point per day the rating changed (its last
    value that day), every game in the registry's order."""
    by_game = history(user)
    return [
        {
            "name": game_name(slug),
            "slug": slug,
            "points": [[d.year, d.month - 1, d.day, s.rating] for d, s in by_game.get(slug, [])],
        }
        for slug in GAMES
    ]
