"""What the API says, as lichess's Bot API says it (docs/api.md): accounts, the lines of a
game stream (``gameFull``, ``gameState``, ``opponentGone``) and of the event stream
(``gameStart``, ``gameFinish``).

Seats stand in for chess's colours: every seat is listed with its role ("red"), and in the
two-player games seats 0 and 1 are also given as lichess's ``white`` and ``black``, so a
program written for lichess finds its side and its clock.

A viewer sees exactly ``engine.view`` for their seat (a spectator's view without one) and the
codes of the moves played (docs/rules.md §1.4). A code can carry a secret where its move
does (Triangulum's place holds the secret point): while the match runs, another seat and the
spectators get that move's public code instead (the engine's ``public_code``), so nothing on a stream
depends on a secret its viewer may not know.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from api.models import OpenStream
from games import clocks, features
from games.models import Match, Seat
from games.registry import get_game
from games.selectors import matches_for_user, player_stats, stats_totals
from games.services import ABSENCE_MS, absent_since, server_now
from games.store import matchlog

UNLIMITED_MS = 2_147_483_647  # lichess's time left in a game without a clock
SAMPLE_SIZE = 20  # codes in ``legalSample`` where a game does not list its moves


def player_json(user) -> dict | None:
    """A player as lichess names one: ``id`` is the username (paths take it), ``title`` is
    "BOT" for a program's account and for the table's computer players."""
    if user is None:
        return None
    program = user.is_program or user.is_bot
    name = f"{user.nickname} (guest)" if user.is_guest else user.nickname or user.username
    return {"id": user.username, "name": name, "title": "BOT" if program else None}


def account_json(user, *, seen_by=None) -> dict:
    """``GET /api/account`` and ``GET /api/user/{username}``: public data and counts, over
    the matches ``seen_by`` may see listed, as on the profile page (a stranger counts no
    private match; aborted ones count for nothing)."""
    count = stats_totals(player_stats(user, seen_by=seen_by))
    visible = matches_for_user(user, seen_by=seen_by)
    playing = visible.filter(status=Match.Status.ACTIVE).count()
    data = {
        "id": user.username,
        "username": user.username,
        "title": "BOT" if user.is_program or user.is_bot else None,
        "createdAt": int(user.date_joined.timestamp() * 1000),
        "url": f"{settings.SITE_URL}/accounts/u/{user.username}/",
        "count": {
            "all": count["played"],
            "win": count["won"],
            "loss": count["lost"],
            "draw": count["drawn"],
            "playing": playing,
        },
    }
    if user.last_login:  # lichess's clients read it as a time when present
        data["seenAt"] = int(user.last_login.timestamp() * 1000)
    if user.is_guest:
        data["guest"] = True
    return data


def speed(control: clocks.TimeControl) -> str:
    """lichess's speed of a time control: by the estimated game time, limit + 40 increments."""
    if control.kind != "fischer":
        return "correspondence" if control.kind == "days" else "unlimited"
    estimate = control.base_ms // 1000 + 40 * (control.increment_ms // 1000)
    for limit, name in ((29, "ultraBullet"), (179, "bullet"), (479, "blitz"), (1499, "rapid")):
        if estimate <= limit:
            return name
    return "classical"


# --- Move codes, from the match's log (games.store.matchlog) --------------------------------------


def codes_for(match: Match, log: matchlog.Log, seat: int | None) -> list[str]:
    """The codes of the moves played that ``seat`` may see (None: a spectator): another
    seat's move whose code carries a secret shows its public code while the match runs."""
    over = match.status == Match.Status.FINISHED
    return [
        p.code if p.public is None or over or p.seat == seat else p.public
        for p in log.plies
        if p.code is not None
    ]


# --- A game stream's lines -----------------------------------------------------------------


def load(public_id: str) -> Match | None:
    return Match.objects.with_players().filter(public_id=public_id).first()


def seat_of(match: Match, user) -> int | None:
    return match.seat_of(user)


def status_name(match: Match) -> str:
    """lichess's status: created, started, aborted, resign, outoftime, timeout (the absent
    player was claimed), draw, or variantEnd (the game's own end; ``reason`` says which)."""
    if match.status == Match.Status.WAITING:
        return "created"
    if match.status == Match.Status.ACTIVE:
        return "started"
    result = match.result or {}
    if result.get("aborted"):
        return "aborted"
    reason = result.get("reason")
    named = {"resigned": "resign", "time": "outoftime", "abandoned": "timeout"}
    if reason in named:
        return named[reason]
    return "variantEnd" if result.get("winners") else "draw"


def _colour(match: Match, seat: int) -> str:
    return get_game(match.game).board.SEATS[seat]["name"].lower()


def game_state(match: Match, seat: int | None, now: int | None = None) -> dict:
    """One ``gameState`` line for ``seat`` (None: a spectator)."""
    now = server_now() if now is None else now
    game = get_game(match.game)
    engine = game.engine
    log = matchlog.of(match)
    state = log.state if log.ply == match.ply else engine.from_json(match.state)
    view = engine.view(state, seat)
    running = match.status == Match.Status.ACTIVE
    movers = engine.to_move(state) if running else []
    control = match.control
    data: dict[str, Any] = {
        "type": "gameState",
        "moves": " ".join(codes_for(match, log, seat)),
        "ply": match.ply,
        "toMove": movers,
    }
    if control.timed and match.clock_ms:
        times = [
            clocks.left_at(control, match.clock, s, s in movers, now) for s in range(match.players)
        ]
    else:
        times = None
    data["times"] = times
    if match.players == 2:
        data["wtime"], data["btime"] = times or (UNLIMITED_MS, UNLIMITED_MS)
        data["winc"] = data["binc"] = control.increment_ms
    data["status"] = status_name(match)
    if match.status == Match.Status.FINISHED:
        result = match.result or {}
        winners = result.get("winners") or []
        data["winners"] = winners
        data["reason"] = result.get("reason")
        if match.players == 2 and len(winners) == 1:
            data["winner"] = ("white", "black")[winners[0]]
    data["view"] = view
    if running and seat is not None and seat in movers:
        if game.lists_legal_moves:
            data["legal"] = [engine.encode(state, m) for m in engine.legal_moves(state, seat)]
        else:
            data["legalSample"] = _sample(engine, state, seat, view, match.ply)
    return data


def _sample(engine, state, seat: int, view: dict, ply: int) -> list[str]:
    """A few legal codes drawn at random, where a game's moves are too many to list. The
    draw is seeded by what the seat sees (its view and the ply), never by anything hidden
    from it, so the sample tells it nothing its view does not."""
    seen = json.dumps([view, ply], sort_keys=True, separators=(",", ":"))
    rng = random.Random(hashlib.sha256(seen.encode()).digest())
    codes: list[str] = []
    for _ in range(SAMPLE_SIZE * 2):
        code = engine.encode(state, engine.random_move(state, seat, rng))
        if code not in codes:
            codes.append(code)
        if len(codes) >= SAMPLE_SIZE:
            break
    return codes


def seats_json(match: Match, seat: int | None) -> list[dict]:
    return [
        {
            "seat": s.index,
            "color": _colour(match, s.index),
            "player": player_json(s.user) if s.user_id else None,
            "name": s.display_name if (s.user_id or s.name) else None,
            "you": seat is not None and s.index == seat,
        }
        for s in match.seat_list()
    ]


def game_full(match: Match, seat: int | None, now: int | None = None) -> dict:
    """The first line of a game stream: the match, its seats, and its ``state``."""
    game = get_game(match.game)
    control = match.control
    data: dict[str, Any] = {
        "type": "gameFull",
        "id": match.public_id,
        "variant": {"key": match.game, "name": game.engine.name},
        "rated": match.rated,
        "speed": speed(control),
        "perf": {"name": speed(control)},
        "clock": {"initial": control.base_ms, "increment": control.increment_ms}
        if control.realtime
        else None,
        "createdAt": int(match.created_at.timestamp() * 1000),
        "private": match.private,
        "seats": seats_json(match, seat),
        "you": seat,
        "initialFen": "startpos",
    }
    if control.kind == "days":
        data["daysPerTurn"] = control.days
    if match.players == 2:
        seats = match.seat_list()
        data["white"] = player_json(seats[0].user) or {"id": None, "name": seats[0].display_name}
        data["black"] = player_json(seats[1].user) or {"id": None, "name": seats[1].display_name}
    data["state"] = game_state(match, seat, now)
    return data


def opponent_gone(match: Match, seat: int | None, now: int | None = None) -> dict | None:
    """lichess's ``opponentGone`` for a player of a real-time match: whether the seat to move
    (another's) has had no connection open, and in how many seconds it may be claimed
    (``POST /api/bot/game/{id}/claim-victory``). None where claims do not apply."""
    if seat is None or match.status != Match.Status.ACTIVE or not match.control.realtime:
        return None
    engine = get_game(match.game).engine
    movers = engine.to_move(engine.from_json(match.state))
    if not movers or movers[0] == seat:
        return None
    mover = match.seat_list()[movers[0]].user
    if mover is None or mover.is_bot:
        return None
    since = absent_since(match, movers[0])
    if since is None:
        return {"type": "opponentGone", "gone": False}
    wait = max(0, math.ceil((since + ABSENCE_MS - (server_now() if now is None else now)) / 1000))
    return {"type": "opponentGone", "gone": True, "claimWinInSeconds": wait}


# --- The event stream's lines --------------------------------------------------------------


def game_event(match: Match, user, kind: str) -> dict | None:
    """``gameStart`` or ``gameFinish`` of ``match`` for its player ``user``."""
    seat = match.seat_of(user)
    if seat is None:
        return None
    log = matchlog.of(match)
    seen = codes_for(match, log, seat)
    engine = get_game(match.game).engine
    state = log.state if log.ply == match.ply else engine.from_json(match.state)
    running = match.status == Match.Status.ACTIVE
    movers = engine.to_move(state) if running else []
    control = match.control
    others = [s for s in match.seat_list() if s.index != seat]
    game: dict[str, Any] = {
        "gameId": match.public_id,
        "fullId": match.public_id,
        "id": match.public_id,
        "color": _colour(match, seat),
        "seat": seat,
        "variant": {"key": match.game, "name": get_game(match.game).name},
        "speed": speed(control),
        "perf": speed(control),
        "rated": match.rated,
        "source": "friend",
        "hasMoved": any(p.seat == seat and p.code is not None for p in log.plies),
        "isMyTurn": seat in movers,
        "lastMove": seen[-1] if seen else "",
        "opponent": player_json(others[0].user) if len(others) == 1 and others[0].user_id else None,
        "opponents": [player_json(s.user) for s in others],
        "status": {"name": status_name(match)},
        "secondsLeft": None,
        "compat": {"bot": True, "board": False},
    }
    game.update(features.game_event_extras(match))  # a tournament's "source" and its id
    if control.timed and match.clock_ms:
        ms = clocks.left_at(control, match.clock, seat, seat in movers, server_now())
        game["secondsLeft"] = ms // 1000
    if match.status == Match.Status.FINISHED:
        winners = (match.result or {}).get("winners") or []
        game["winners"] = winners
        if match.players == 2 and len(winners) == 1:
            game["winner"] = ("white", "black")[winners[0]]
    return {"type": kind, "game": game}


def pending_challenges(user) -> list[dict]:
    """The open challenges to and from ``user``, as the challenges app writes them
    (``challenge`` events), through games.features: the challenges app imports the API's
    tokens and views, so the API does not import it back."""
    return features.stream_openers(user)


def running_matches(user) -> list[Match]:
    """``user``'s running matches, oldest first: the ``gameStart`` lines an event stream
    opens with."""
    return list(
        Match.objects.filter(status=Match.Status.ACTIVE, seats__user=user)
        .order_by("started_at", "pk")
        .with_players()
    )


def finished_among(ids: set[int]) -> list[Match]:
    """Which of the matches ``ids`` have finished (an event stream asks on the embedded
    default, where the worker's announcements reach no web process)."""
    if not ids:
        return []
    return list(Match.objects.filter(pk__in=ids, status=Match.Status.FINISHED).with_players())


def public_finished(user):
    """``user``'s finished matches anyone may see listed: never a private match, never an
    imported record (linked to no account anyway), newest first."""
    return (
        Match.objects.filter(status=Match.Status.FINISHED, private=False, imported=False)
        .filter(pk__in=Seat.objects.filter(user=user).values("match_id"))
        .order_by("-finished_at", "-pk")
        .with_players()
    )


def has_played(user) -> bool:
    """Whether ``user`` holds or held any seat (an account that has can no longer become a
    program's)."""
    return Seat.objects.filter(user=user).exists()


#: The channel names of event streams begin with this (a channel layer may put its own
#: prefix before it): how ``with_event_stream`` tells them from game streams.
EVENT_CHANNEL = "api.events."


def with_event_stream(user_ids) -> set[int]:
    """Which of ``user_ids`` have an event stream open now, in any process: a fresh
    ``OpenStream`` row (renewed by the process holding the stream, gone when it ends or
    expired when that process dies) whose channel is an event stream's."""
    fresh = timezone.now() - timedelta(seconds=settings.PRESENCE_SECONDS)
    return set(
        OpenStream.objects.filter(
            token__user_id__in=list(user_ids),
            token__revoked=None,
            seen_at__gte=fresh,
            channel_name__contains=EVENT_CHANNEL,
        ).values_list("token__user_id", flat=True)
    )
