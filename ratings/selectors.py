"""Reading ratings: what lists, match pages, profiles, the leaderboard and the API show
(docs/rules.md §7.6)."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count, F, Q

from games.bots.levels import LEVELS
from games.memory import LRU
from games.models import Match
from games.registry import GAMES, get_game
from ratings.models import Rating, RatingChange
from ratings.scale import (
    INITIAL,
    MODEL,
    PROVISIONAL_RD,
    SCALE,
    Shown,
    ordinal,
    shown,
    signed,
    trend,
)

User = get_user_model()
#: Rated matches a player has played in a game before its leaderboard lists them.
LEADERBOARD_GAMES = 10
#: Different opponents those rated matches were against: a rating settled by beating one
#: feeder again and again (ratings.farming) is not listed.
LEADERBOARD_OPPONENTS = 5
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
    _assign(matches, *_looked_up(matches))


def _looked_up(matches: list[Match]) -> tuple[dict, dict]:
    """The rating changes ``matches`` made, by (match id, user id), and the seated players'
    current ratings they need, by (user id, game)."""
    finished = [m.pk for m in matches if m.status == Match.Status.FINISHED]
    changes = {  # only a finished match has changed a rating: a running one asks nothing
        (c.match_id, c.user_id): c
        for c in (RatingChange.objects.filter(match__in=finished) if finished else ())
    }
    seats = [(m, s) for m in matches for s in m.seat_list() if s.user_id]
    wanted = {(s.user_id, m.game) for m, s in seats if (m.pk, s.user_id) not in changes}
    ratings = {}
    if wanted:
        q = Q()
        for user_id, game in wanted:
            q |= Q(user_id=user_id, game=game)
        ratings = {(r.user_id, r.game): r.shown for r in Rating.objects.filter(q)}
    return changes, ratings


def _assign(matches: list[Match], changes: dict, ratings: dict) -> None:
    for m in matches:
        for s in m.seat_list():
            change = changes.get((m.pk, s.user_id))
            if not s.user_id or s.user.is_guest:
                s.rating, s.rating_delta = None, None
            elif change is not None:
                s.rating, s.rating_delta = change.before, change.delta
            else:
                s.rating, s.rating_delta = ratings.get((s.user_id, m.game), INITIAL), None


#: Per match: what ``_looked_up`` found for it, and under which ratings and seats. A match's
#: page is rendered on every move, its players' ratings change far more rarely.
_seen_by_match = LRU(max_entries=10_000)


def ratings_version() -> tuple:
    """Changes whenever a rating does, whichever process wrote it: every rating a match
    changes writes a ``RatingChange`` (``services.rate_match``, ``recompute`` too), and a
    player's first rating a ``Rating`` row; ids only grow. One query of two indexed maxima,
    written out because the ORM's own costs several times the database's work, on every move."""
    tables = RatingChange._meta.db_table, Rating._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT (SELECT MAX(id) FROM {tables[0]}), (SELECT MAX(id) FROM {tables[1]})"
        )
        return tuple(cursor.fetchone())


def _attach_remembered(match: Match) -> None:
    """``attach([match])``, its look-ups remembered while no rating changed and the match
    keeps its status and players (a guest made a member keeps their seat: ``_assign`` reads
    that from the seats each time)."""
    key = (
        match.public_id,
        match.status,
        tuple(s.user_id for s in match.seat_list()),
        ratings_version(),
    )
    seen = _seen_by_match.get(match.pk)
    if seen is None or seen[0] != key:
        seen = (key, _looked_up([match]))
        _seen_by_match.put(match.pk, seen)
    _assign([match], *seen[1])


def seat_ratings(match: Match) -> dict[int, dict]:
    """Per seat index: ``rating`` (``Shown``) and ``delta`` (the change this match made, or
    None), for the match page's players; remembered on the ``Match`` object, which the move
    service shares among the renders of one position, and its look-ups per match while no
    rating changes (``ratings_version``)."""
    cached = match.__dict__.get("_seat_ratings")
    if cached is None or cached[0] != (match.status, match.ply):
        _attach_remembered(match)
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


def board_ratings(match: Match) -> dict:
    """The board fragment's ``seat_ratings`` (games.features ``board_context``)."""
    return {"seat_ratings": seat_ratings(match)}


def game_name(slug: str) -> str:
    return get_game(slug).name


def profile_rows(user) -> list[dict]:
    """The player's rating in every game they played rated, in the registry's order."""
    ratings = {r.game: r for r in Rating.objects.filter(user=user, games__gt=0)}
    return [
        {"slug": slug, "game": game_name(slug), "shown": r.shown, "games": r.games}
        for slug in GAMES
        if (r := ratings.get(slug)) is not None
    ]


def history(user) -> dict[str, list[tuple]]:
    """Per game played rated: ``(end, Shown)`` after each rated match, in the order of their
    ends (the chart's points, one per match)."""
    series: dict[str, list] = {}
    changes = RatingChange.objects.filter(user=user).order_by("at", "pk")
    for c in changes.only("game", "at", "mu_after", "sigma_after"):
        series.setdefault(c.game, []).append((c.at, c.after))
    return {slug: series[slug] for slug in GAMES if slug in series}


def settled(game: str):
    """The ratings of ``game`` the leaderboard lists: settled (not provisional) over
    ``LEADERBOARD_GAMES`` rated matches or more against ``LEADERBOARD_OPPONENTS`` different
    opponents or more, of active players (a query)."""
    return Rating.objects.filter(
        game=game,
        games__gte=LEADERBOARD_GAMES,
        sigma__lt=(PROVISIONAL_RD - 0.5) / SCALE,  # shown below the bound, as ``Shown`` rounds
        user__is_active=True,
        user__in=met_enough(game),
    )


def leaderboard(game: str, who: str = "all", limit: int = 100) -> list[dict]:
    """The players of ``game`` whose rating is ``settled``, ordered by the conservative
    estimate μ − 3σ, best first; ``who``: "people", "programs" (the table's computer and API
    programs) or "all"."""
    listed = settled(game).select_related("user")
    if who == "people":
        listed = listed.exclude(programs_q("user__"))
    elif who == "programs":
        listed = listed.filter(programs_q("user__"))
    listed = listed.annotate(conservative=F("mu") - 3 * F("sigma"))
    return [
        {
            "rank": rank,
            "user": r.user,
            "shown": r.shown,
            "conservative": round(SCALE * ordinal(r.mu, r.sigma)),
            "games": r.games,
            "program": is_program(r.user),
            "computer": bool(r.user.bot_level),
        }
        for rank, r in enumerate(
            listed.order_by("-conservative", "-games", "user_id")[:limit], start=1
        )
    ]


def met_enough(game: str):
    """The players who met ``LEADERBOARD_OPPONENTS`` different opponents or more in rated
    matches of ``game`` (a query: each counts the players of their rated matches, themselves
    included)."""
    return (
        RatingChange.objects.filter(game=game)
        .values("user")
        .annotate(met=Count("match__rating_changes__user", distinct=True))
        .filter(met__gt=LEADERBOARD_OPPONENTS)
        .values("user")
    )


#: At most this many players are listed as close to the leaderboard.
UNSETTLED_SHOWN = 20


def unsettled(game: str, who: str = "all", limit: int = UNSETTLED_SHOWN) -> list[dict]:
    """The players of ``game`` with rated matches whose rating is not ``settled`` yet, most
    played first: who is close to the leaderboard and how many matches they still need, none
    for one who played enough but whose rating still settles or who met too few opponents (a
    new group's board would otherwise be an empty table)."""
    close = (
        Rating.objects.filter(game=game, games__gte=1, user__is_active=True)
        .exclude(pk__in=settled(game).values("pk"))
        .select_related("user")
    )
    if who == "people":
        close = close.exclude(programs_q("user__"))
    elif who == "programs":
        close = close.filter(programs_q("user__"))
    return [
        {
            "user": r.user,
            "games": r.games,
            "missing": max(0, LEADERBOARD_GAMES - r.games),
            "program": is_program(r.user),
            "computer": bool(r.user.bot_level),
        }
        for r in close.order_by("-games", "user_id")[:limit]
    ]


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
    points = {}
    for slug, line in by_game.items():
        days = {at.date(): s.rating for at, s in line}
        points[slug] = [[d.year, d.month - 1, d.day, rating] for d, rating in days.items()]
    return [
        {"name": game_name(slug), "slug": slug, "points": points.get(slug, [])} for slug in GAMES
    ]
