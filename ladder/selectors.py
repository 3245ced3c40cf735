"""Reading the ladder: a game's standings (the program leaderboard: every program on the
ladder and every computer level, by conservative rating), each one's recent ladder matches,
the scheduler's queue, and a program's own entries for its profile."""

from __future__ import annotations

from collections import defaultdict

from django.contrib.auth import get_user_model

from games.bots.levels import LEVELS
from games.models import Match
from ladder.models import Entry, LadderMatch, Round
from ratings.models import Rating, RatingChange
from ratings.scale import INITIAL, MODEL, SCALE, ordinal, shown

User = get_user_model()
#: Win rates count a program's last this many finished ladder matches.
WIN_RATE_OVER = 100
#: Matches listed under each program; points of its rating picture.
RECENT_SHOWN = 5
PICTURE_POINTS = 30
PICTURE_W, PICTURE_H = 96, 24


def entry_of(user, game: str) -> Entry | None:
    return Entry.objects.filter(user=user, game=game).first()


def entries_of(user) -> list[Entry]:
    return list(Entry.objects.filter(user=user).order_by("game"))


def _players(game: str) -> list:
    """Every program on ``game``'s ladder (checking, on or paused) and every computer level,
    the references the page says stand there: a level whose account no match has made yet
    is an unsaved stand-in (its name, no profile)."""
    entries = {
        e.user_id: e
        for e in Entry.objects.filter(game=game)
        .exclude(state=Entry.State.OFF)
        .select_related("user")
    }
    found = {
        u.username: u
        for u in User.objects.filter(username__in=[f"computer-{level}" for level in LEVELS])
    }
    computers = [
        found.get(f"computer-{level}") or User(username=f"computer-{level}", bot_level=level)
        for level in LEVELS
    ]
    return [(e.user, e) for e in entries.values()] + [(c, None) for c in computers]


def picture(ratings: list[int]) -> str:
    """The points of a small line of ``ratings`` (oldest first) in a ``PICTURE_W`` ×
    ``PICTURE_H`` box, for an SVG ``polyline``; "" for fewer than two."""
    if len(ratings) < 2:
        return ""
    low, high = min(ratings), max(ratings)
    span = max(high - low, 1)
    step = PICTURE_W / (len(ratings) - 1)
    return " ".join(
        f"{round(i * step, 1)},{round(2 + (high - r) / span * (PICTURE_H - 4), 1)}"
        for i, r in enumerate(ratings)
    )


def standings(game: str) -> list[dict]:
    """The ladder's rows, best conservative rating first: rating, ladder matches, win rate
    over the last ``WIN_RATE_OVER``, a picture of the rating, the recent matches, the owner
    and the state (with why a paused program is paused)."""
    players = _players(game)
    ids = [u.pk for u, _ in players]
    ratings = {r.user_id: r for r in Rating.objects.filter(game=game, user_id__in=ids)}
    history: dict[int, list[int]] = defaultdict(list)
    changes = RatingChange.objects.filter(game=game, user_id__in=ids).order_by("-at", "-pk")
    for c in changes.only("user_id", "mu_after", "sigma_after")[: PICTURE_POINTS * len(ids)]:
        if len(history[c.user_id]) < PICTURE_POINTS:
            history[c.user_id].append(shown(c.mu_after, c.sigma_after).rating)
    finished = _finished_by_player(game, ids)
    rows = []
    for user, entry in players:
        r = ratings.get(user.pk)
        mu, sigma = (r.mu, r.sigma) if r else (MODEL.mu, MODEL.sigma)
        played = finished.get(user.pk, [])
        counted = [m for m in played[:WIN_RATE_OVER] if not m.aborted]
        wins = sum(1 for m in counted if m.result_for(user) == "won")
        rows.append(
            {
                "user": user,
                "entry": entry,
                "computer": bool(user.bot_level),
                "shown": r.shown if r else INITIAL,
                "conservative": round(SCALE * ordinal(mu, sigma)),
                "matches": len(played),
                "win_rate": round(100 * wins / len(counted)) if counted else None,
                "picture": picture(list(reversed(history.get(user.pk, [])))),
                "recent": [
                    {
                        "match": m,
                        "result": m.result_for(user),
                        "against": [s.user for s in m.seat_list() if s.user_id != user.pk],
                    }
                    for m in played[:RECENT_SHOWN]
                ],
            }
        )
    rows.sort(key=lambda row: (-row["conservative"], -row["matches"], row["user"].pk or 0))
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
    return rows


def _finished_by_player(game: str, ids: list[int]) -> dict[int, list[Match]]:
    """Per player, their finished ladder matches of ``game``, newest first (at most
    ``WIN_RATE_OVER`` each)."""
    by_player: dict[int, list[Match]] = defaultdict(list)
    made = (
        Match.objects.filter(
            ladder__game=game,
            ladder__kind=LadderMatch.Kind.LADDER,
            status=Match.Status.FINISHED,
            seats__user_id__in=ids,
        )
        .distinct()
        .order_by("-finished_at", "-pk")
        .with_players()
    )
    for match in made[: WIN_RATE_OVER * max(len(ids), 1)]:
        for seat in match.seat_list():
            if seat.user_id in ids and len(by_player[seat.user_id]) < WIN_RATE_OVER:
                by_player[seat.user_id].append(match)
    return by_player


def queue(game: str) -> dict:
    """The scheduler's last round: when it ran and its queue, with the programs' accounts."""
    row = Round.objects.filter(game=game).first()
    if row is None:
        return {"ran_at": None, "rows": []}
    users = User.objects.in_bulk([r["user"] for r in row.queue])
    rows = [{**r, "player": users[r["user"]]} for r in row.queue if r["user"] in users]
    return {"ran_at": row.ran_at, "rows": rows}


def running(game: str) -> list[Match]:
    """The ladder's matches being played now, newest first."""
    return list(
        Match.objects.filter(ladder__game=game, status=Match.Status.ACTIVE)
        .order_by("-started_at", "-pk")
        .with_players()[:20]
    )
