"""The tournament endpoints of the programs' API, shaped like lichess's (docs/api.md,
"Tournaments"): ``POST /api/tournament`` (Arena), ``POST /api/swiss/new``, ``POST
/api/roundrobin/new``, ``GET /api/tournament/{id}``, ``POST /api/tournament/{id}/join`` and
``/withdraw`` (also under ``/api/swiss/{id}/``; a pause in a running Arena, as lichess's),
``GET /api/tournament/{id}/results`` and ``/games`` as NDJSON. A program's tournament matches reach its event stream as ``gameStart``,
as every match's do. Errors are ``{"error": "…"}``: 400 refused, 401 no valid token, 404 no
such tournament, 429 over a limit.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import wraps
from itertools import islice

from asgiref.sync import sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.db.models import Prefetch
from django.http import HttpResponse, JsonResponse, StreamingHttpResponse

from api.views import ApiError, api, request_body
from games import guard
from games import services as match_services
from games.clocks import BadTimeControl, TimeControl
from games.errors import Refused
from games.models import Match, Move
from games.records import export_record
from tournaments import selectors, services
from tournaments.models import Tournament

NDJSON = "application/x-ndjson"
CHUNK = 50  # records read from the database at a time
#: lichess's status numbers: created, started, finished.
STATUS = {"created": 10, "started": 20, "finished": 30}


def endpoint(method: str, *, token_needed: bool = True):
    """The API's endpoint (method, limits, token) for one method; a missing tournament is 404."""

    def decorate(view):
        @wraps(view)
        def found(request, token, *args, **kwargs):
            try:
                return view(request, token, *args, **kwargs)
            except services.NotFound as missing:
                raise ApiError(404, str(missing)) from None

        return api((method,), token_needed=token_needed)(found)

    return decorate


def _number(data: dict, key: str, default: int, high: int = 100_000) -> int:
    value = data.get(key)
    if value in (None, ""):
        return default
    number = guard.whole_number(str(value), low=0, high=high)
    if number is None:
        raise Refused(f"{key} must be a whole number.")
    return number


def _flag(value, default: bool) -> bool:
    if value in (None, ""):
        return default
    return value is True or str(value).lower() in ("true", "1", "yes", "on")


def _control(data: dict) -> TimeControl:
    """lichess's ``clockTime`` (minutes, Arena) or ``clock.limit`` (seconds, Swiss) with
    ``clockIncrement``/``clock.increment`` (seconds); ``days`` for correspondence."""
    try:
        if data.get("days") not in (None, ""):
            return TimeControl.parse(f"{_number(data, 'days', 0)}d")
        if data.get("clock.limit") not in (None, ""):
            minutes = _number(data, "clock.limit", 0) / 60
        else:
            minutes = float(data.get("clockTime", 5))
        increment = _number(data, "clockIncrement", _number(data, "clock.increment", 0))
        if minutes != int(minutes):
            raise Refused("The clock's start is a whole number of minutes.")
        return TimeControl.parse(f"{int(minutes)}+{increment}")
    except (BadTimeControl, ValueError) as error:
        raise Refused(str(error)) from None


def _options(data: dict) -> dict:
    options = data.get("options") or {}
    if isinstance(options, str):
        try:
            options = guard.loads(options, max_bytes=1024, what="options")
        except guard.BadJSON as error:
            raise Refused(str(error)) from None
    if not isinstance(options, dict):
        raise Refused("options must be a JSON object.")
    return options


def _create(request, token, format: str) -> JsonResponse:
    data = request_body(request)
    now = match_services.server_now()
    if data.get("startDate") not in (None, ""):
        starts_at = _number(data, "startDate", now, high=2**53)
    elif data.get("startsAt") not in (None, ""):
        starts_at = _number(data, "startsAt", now, high=2**53)
    else:
        starts_at = now + _number(data, "waitMinutes", 5, high=60 * 24) * 60_000
    tournament = services.tournament_create(
        creator=token.user,
        name=str(data.get("name") or f"{token.user.username}'s tournament"),
        game=str(data.get("game") or data.get("variant") or ""),
        format=format,
        options=_options(data),
        table_size=_number(data, "tableSize", 2, high=8),
        rounds=_number(data, "nbRounds", 0, high=100),
        encounter=_number(data, "encounter", 2, high=100),
        minutes=_number(data, "minutes", 0, high=1000),
        time_control=_control(data),
        round_days=_number(data, "roundDays", 7, high=100),
        rated=_flag(data.get("rated"), True),
        private=_flag(data.get("private"), False),
        max_players=_number(data, "maxPlayers", 64, high=100_000),
        starts_at=starts_at,
        now=now,
    )
    return JsonResponse(tournament_json(tournament, token.user))


@endpoint("POST")
def create_arena(request, token):
    return _create(request, token, Tournament.Format.ARENA)


@endpoint("POST")
def create_swiss(request, token):
    return _create(request, token, Tournament.Format.SWISS)


@endpoint("POST")
def create_round_robin(request, token):
    return _create(request, token, Tournament.Format.ROUND_ROBIN)


def _iso(ms: int | None) -> str | None:
    if ms is None:
        return None
    return datetime.fromtimestamp(ms / 1000, tz=UTC).isoformat().replace("+00:00", "Z")


def tournament_json(tournament: Tournament, viewer=None) -> dict:
    """lichess's tournament object, with this table's extra terms."""
    control = tournament.control
    rows = selectors.standings(tournament)
    data = {
        "id": tournament.public_id,
        "fullName": tournament.name,
        "createdBy": tournament.created_by.username,
        "system": tournament.format,
        "game": tournament.game,
        "options": tournament.options,
        "tableSize": tournament.table_size,
        "clock": {"limit": control.base_ms // 1000, "increment": control.increment_ms // 1000},
        "days": control.days or None,
        "rated": tournament.rated,
        "private": tournament.private,
        "maxPlayers": tournament.max_players,
        "nbPlayers": sum(not r.withdrawn for r in rows),
        "startsAt": _iso(tournament.starts_at),
        "finishesAt": _iso(tournament.ends_at),
        "status": STATUS[tournament.status],
        "isStarted": tournament.status != Tournament.Status.CREATED,
        "isFinished": tournament.status == Tournament.Status.FINISHED,
        "standing": {"page": 1, "players": [_result(r) for r in rows[:10]]},
    }
    if tournament.format == Tournament.Format.ARENA:
        data["minutes"] = tournament.minutes
    else:
        data["nbRounds"] = tournament.rounds
        data["round"] = tournament.current_round
        data["nextRound"] = (
            {"at": _iso(tournament.next_step_at)} if tournament.next_step_at else None
        )
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        data["encounter"] = tournament.encounter
    if viewer is not None and tournament.created_by_id == viewer.pk and tournament.private:
        data["invite"] = tournament.invite
    return data


def _result(row) -> dict:
    return {
        "rank": row.rank,
        "username": row.user.username,
        "score": row.points,
        "points": row.points,
        "tieBreaks": list(row.tiebreaks),
        "played": row.played,
        "wins": row.wins,
        "draws": row.draws,
        "losses": row.losses,
        "withdrawn": row.withdrawn,
    }


def _found(public_id: str, request, token) -> Tournament:
    user = token.user if token else None
    invite = request.GET.get("invite") or request.POST.get("invite")
    tournament = selectors.visible(public_id, invite, user or _Nobody())
    if tournament is None:
        raise ApiError(404, "No such tournament")
    return tournament


class _Nobody:
    is_authenticated = False
    pk = None


@endpoint("GET", token_needed=False)
def detail(request, token, public_id: str):
    tournament = _found(public_id, request, token)
    return JsonResponse(tournament_json(tournament, token.user if token else None))


@endpoint("POST")
def join(request, token, public_id: str):
    data = request_body(request)
    invite = data.get("invite") or data.get("password") or request.GET.get("invite")
    services.tournament_join(
        public_id=public_id, user=token.user, invite=invite, now=match_services.server_now()
    )
    return JsonResponse({"ok": True})


@endpoint("POST")
def withdraw(request, token, public_id: str):
    """As lichess's: leaves an upcoming tournament; pauses in a running Arena."""
    services.tournament_leave(public_id=public_id, user=token.user, now=match_services.server_now())
    return JsonResponse({"ok": True})


@endpoint("GET", token_needed=False)
def results(request, token, public_id: str):
    tournament = _found(public_id, request, token)
    rows = selectors.standings(tournament)
    body = "".join(json.dumps(_result(r), separators=(",", ":")) + "\n" for r in rows)
    return HttpResponse(body, content_type=NDJSON)


@endpoint("GET", token_needed=False)
def games(request, token, public_id: str):
    """The records of its finished matches, in the order they were made, one per line, with
    the round they belong to."""
    tournament = _found(public_id, request, token)
    matches = (
        Match.objects.filter(
            tournament_pairing__tournament=tournament, status=Match.Status.FINISHED
        )
        .select_related("tournament_pairing")
        .with_players()
        .prefetch_related(
            Prefetch("moves", queryset=Move.objects.only("match_id", "seat", "move", "hint"))
        )
        .order_by("pk")
    )
    seen_by = token.user if token else AnonymousUser()  # whose hints a record may carry
    rows = matches.iterator(chunk_size=CHUNK)

    def next_lines() -> str:
        return "".join(
            json.dumps(
                {
                    "id": m.public_id,
                    "round": m.tournament_pairing.round,
                    **export_record(m, seen_by=seen_by),
                },
                separators=(",", ":"),
            )
            + "\n"
            for m in islice(rows, CHUNK)
        )

    async def lines():  # a chunk at a time, read in the database's thread
        while chunk := await sync_to_async(next_lines)():
            yield chunk

    return StreamingHttpResponse(lines(), content_type=NDJSON)
