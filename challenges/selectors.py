"""Reading challenges: what a member's pages show, and the lichess-shaped JSON the API and
the programs' event streams carry.

``pending_events(user)`` is the first lines of a user's event stream (the API app reads it
through games.features, plugged in by ChallengesConfig.ready):
every open challenge to and from them, as lichess's ``{"type": "challenge", ...}`` events.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db.models import Q

from api.models import OpenStream
from challenges.models import Challenge
from games.clocks import TimeControl
from games.registry import get_game


def when(now_ms: int) -> datetime:
    """The server's clock in milliseconds as an aware datetime."""
    return datetime.fromtimestamp(now_ms / 1000, UTC)


#: A challenger none of whose pages asked for the bar for this long has left: their
#: real-time challenges stop waiting (lichess drops a challenge when its sender leaves).
#: Their pages ask every ``CHALLENGE_POLL_SECONDS``, in a hidden tab too (templates/challenges/_bar.html).
PAGE_GONE_MS = 20_000


def challenger_gone(challenge: Challenge, now_ms: int) -> bool:
    """Whether a waiting real-time ``challenge``'s challenger has left: no page of theirs
    asked for its bar within ``PAGE_GONE_MS``, and no API stream of theirs is open (a
    program's event stream is its page). Challenges played over days never go this way."""
    if not challenge.control.realtime:
        return False
    seen = challenge.challenger_seen_at
    if seen is not None and seen >= when(now_ms) - timedelta(milliseconds=PAGE_GONE_MS):
        return False
    fresh = when(now_ms) - timedelta(seconds=settings.PRESENCE_SECONDS)
    streams = OpenStream.objects.filter(token__user_id=challenge.challenger_id)
    return not streams.filter(seen_at__gte=fresh).exists()


def open_challenges(user, now_ms: int):
    """Challenges to or from ``user`` still waiting for an answer at ``now_ms``."""
    return (
        Challenge.objects.filter(status=Challenge.Status.CREATED, expires_at__gt=when(now_ms))
        .filter(Q(challenger=user) | Q(challenged=user))
        .select_related("challenger", "challenged")
        .order_by("created_at")
    )


@dataclass
class Bar:
    """What a member's header shows: challenges to answer, their own waiting ones, and the
    outcomes they have not seen (``opened``: an accepted challenge of theirs whose match
    their page should open)."""

    incoming: list
    outgoing: list
    notices: list
    opened: Challenge | None
    now: datetime

    def digest(self) -> str:
        """Changes whenever what the bar shows changes, each waiting challenge's minutes left
        too (the poll answers "unchanged" else)."""
        rows = [f"{c.public_id}.{c.status}" for c in self.notices]
        for c in [*self.incoming, *self.outgoing]:
            rows.append(f"{c.public_id}.{int((c.expires_at - self.now).total_seconds() // 60)}")
        return "-".join(rows) or "none"


def bar(user, now_ms: int) -> Bar:
    """One query: ``user``'s open challenges and the outcomes they have yet to see."""
    rows = (
        Challenge.objects.filter(
            Q(status=Challenge.Status.CREATED, expires_at__gt=when(now_ms))
            & (Q(challenger=user) | Q(challenged=user))
            | Q(unseen_by=user)
        )
        .select_related("challenger", "challenged", "match")
        .order_by("created_at")
    )
    incoming, outgoing, notices, opened = [], [], [], None
    for challenge in rows:
        if challenge.status == Challenge.Status.CREATED:
            (incoming if challenge.challenged_id == user.pk else outgoing).append(challenge)
        elif challenge.status == Challenge.Status.ACCEPTED and challenge.match is not None:
            opened = challenge
        else:
            notices.append(challenge)
    return Bar(incoming, outgoing, notices, opened, when(now_ms))


def user_json(user) -> dict:
    """A player as lichess names one: ``id`` is the username (the API's paths take it)."""
    program = bool(user.bot_level or getattr(user, "is_program", False))
    return {"id": user.username, "name": user.display_name, "title": "BOT" if program else None}


def speed(control: TimeControl) -> str:
    """lichess's speed of a time control: by the estimated game time, limit + 40 increments."""
    if control.kind != "fischer":
        return "correspondence"
    estimate = control.base_ms // 1000 + 40 * (control.increment_ms // 1000)
    for limit, name in ((29, "ultraBullet"), (179, "bullet"), (479, "blitz"), (1499, "rapid")):
        if estimate <= limit:
            return name
    return "classical"


def time_control_json(control: TimeControl) -> dict:
    if control.kind == "fischer":
        limit, increment = control.base_ms // 1000, control.increment_ms // 1000
        return {
            "type": "clock",
            "limit": limit,
            "increment": increment,
            "show": f"{limit // 60}+{increment}",
        }
    if control.kind == "days":
        return {"type": "correspondence", "daysPerTurn": control.days}
    return {"type": "unlimited"}


def challenge_json(challenge: Challenge, for_user=None) -> dict:
    """``challenge`` as lichess's challenge JSON; the seat stands in for chess's colour
    (``seat``: the challenger's seat, 0-based, or "random"; ``color`` its name). With
    ``for_user``, ``direction`` says whether it is to them ("in") or from them ("out")."""
    declared = get_game(challenge.game)
    seats = declared.board.SEATS
    control = challenge.control
    data = {
        "id": challenge.public_id,
        "url": settings.SITE_URL + challenge.get_absolute_url(),
        "status": challenge.status,
        "challenger": user_json(challenge.challenger),
        "destUser": user_json(challenge.challenged),
        "variant": {"key": challenge.game, "name": declared.engine.name},
        "rated": challenge.rated,
        "speed": speed(control),
        "timeControl": time_control_json(control),
        "color": "random" if challenge.seat is None else seats[challenge.seat]["name"].lower(),
        "seat": "random" if challenge.seat is None else challenge.seat,
        "players": challenge.players,
        "computerLevel": challenge.fill_level or None,
        "options": challenge.options,
        "perf": {"name": speed(control)},
    }
    if for_user is not None:
        data["direction"] = "out" if challenge.challenger_id == for_user.pk else "in"
    if challenge.status == Challenge.Status.DECLINED:
        data["declineReason"] = challenge.decline_text
        data["declineReasonKey"] = challenge.decline_reason
    if challenge.match is not None:
        data["gameId"] = challenge.match.public_id
    return data


def pending_events(user, now_ms: int | None = None) -> list[dict]:
    """The open challenges to and from ``user`` as lichess's "challenge" events: what their
    event stream says first. ``now_ms``: the server's clock (default: now)."""
    if now_ms is None:
        now_ms = int(datetime.now(UTC).timestamp() * 1000)
    return [
        {"type": "challenge", "challenge": challenge_json(c, for_user=user)}
        for c in open_challenges(user, now_ms)
    ]
