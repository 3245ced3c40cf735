"""The tournament endpoints of the programs' API, shaped like lichess's (docs/api.md,
"Tournaments"): ``POST /api/tournament`` (Arena), ``POST /api/swiss/new``, ``POST
/api/roundrobin/new``, ``GET /api/tournament/{id}``, ``POST /api/tournament/{id}/join`` and
``/withdraw`` (also under ``/api/swiss/{id}/``; a pause in a running Arena, as lichess's),
``GET /api/tournament/{id}/results`` and ``/games`` as NDJSON; berserk's other calls: the
current list (``GET /api/tournament``), a Swiss made in a team (a club's slug, or ``open``
for anyone's), an Arena kept to a club (``conditions.teamMember.teamId``), a creator's list, a team's Arenas and Swiss, terminate, a Swiss's edit and its next round's date. A program's tournament matches reach its event stream as ``gameStart``,
as every match's do. Errors are ``{"error": "…"}``: 400 refused, 401 no valid token, 404 no
such tournament, 429 over a limit.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from itertools import islice

from asgiref.sync import sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.db.models import Prefetch
from django.http import HttpResponse, JsonResponse, StreamingHttpResponse

from api.views import ApiError, api, request_body
from clubs import selectors as clubs
from games import guard
from games import services as match_services
from games.clocks import BadTimeControl, TimeControl
from games.errors import Refused
from games.models import Match, Move
from games.records import export_record
from tournaments import directing, selectors, services
from tournaments.models import Tournament

NDJSON = "application/x-ndjson"
CHUNK = 50  # records read from the database at a time
#: lichess's status numbers: created, started, finished.
STATUS = {"created": 10, "started": 20, "finished": 30}


def endpoint(*methods: str, token_needed: bool = True):
    """The API's endpoint (methods, limits, token); a missing tournament is 404."""
    return api(methods, token_needed=token_needed, missing=(services.NotFound,))


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


def _clocked(data: dict) -> bool:
    return any(data.get(k) not in (None, "") for k in ("days", "clock.limit", "clockTime"))


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


#: lichess's terms this table does not take, each with the one value that says what the table
#: does anyway (None: no value but none): any other is refused, never dropped (docs/api.md).
UNTAKEN = {
    "berserkable": False,
    "streakable": False,
    "hasChat": True,
    "chatFor": 20,
    "description": None,
    "position": None,
    "teamBattleByTeam": None,
    "roundInterval": None,
    "forbiddenPairings": None,
    "manualPairings": None,
}
#: The team id under which ``/api/swiss/new/{teamId}`` makes a Swiss open to anyone; no club
#: takes it (clubs.services.RESERVED).
OPEN_TEAM = "open"
#: lichess's entry condition that keeps an Arena to a team's members: here a club's.
TEAM_CONDITION = "conditions.teamMember.teamId"


def _refuse_untaken(data: dict) -> None:
    """Refused, naming the key, for a lichess term the table would otherwise drop."""
    for key, value in data.items():
        if value in (None, ""):
            continue
        if key == "password":
            raise Refused(
                "password is not taken here: create the tournament with private=true and "
                "share the invite its answer gives (join with password=<invite>)."
            )
        if key.startswith("conditions.") and key != TEAM_CONDITION:
            raise Refused(f"{key}: this table sets no entry conditions.")
        if key not in UNTAKEN:
            continue
        kept = UNTAKEN[key]
        same = _flag(value, kept) == kept if isinstance(kept, bool) else str(value) == str(kept)
        if kept is None or not same:
            raise Refused(f"{key} is not taken here (docs/api.md, Tournaments).")


def _starts_at(data: dict) -> int | None:
    """lichess's ``startDate`` (Arena) or ``startsAt`` (Swiss), in milliseconds."""
    for key in ("startDate", "startsAt"):
        if data.get(key) not in (None, ""):
            return _number(data, key, 0, high=2**53)
    return None


def _club(team) -> object | None:
    """The club a team id names (None for none or ``OPEN_TEAM``); 404 for an unknown one."""
    if team in (None, "", OPEN_TEAM):
        return None
    club = clubs.club(str(team))
    if club is None:
        raise ApiError(404, "No such team")
    return club


def _create(request, token, format: str, team: str | None = None) -> JsonResponse:
    data = request_body(request)
    _refuse_untaken(data)
    club = _club(team if team is not None else data.get(TEAM_CONDITION))
    now = match_services.server_now()
    starts_at = _starts_at(data)
    if starts_at is None:
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
        club=club,
        now=now,
    )
    return JsonResponse(tournament_json(tournament, token.user))


@endpoint("GET", "POST", token_needed=False)
def arenas(request, token):
    """``GET``: the tournaments upcoming, running and recently finished (every format, each
    saying its ``system``); ``POST``: a new Arena."""
    if request.method == "POST":
        if token is None:
            raise ApiError(401, "No such token")
        return _create(request, token, Tournament.Format.ARENA)
    shown = selectors.lists()
    return JsonResponse(
        {
            key: [summary_json(t, t.players) for t in shown[name]]
            for key, name in (
                ("created", "upcoming"),
                ("started", "running"),
                ("finished", "finished"),
            )
        }
    )


@endpoint("POST")
def create_swiss(request, token):
    return _create(request, token, Tournament.Format.SWISS)


@endpoint("POST")
def create_swiss_in_team(request, token, team: str):
    """lichess's Swiss is made in a team: a club's, kept to its members, or ``OPEN_TEAM``."""
    return _create(request, token, Tournament.Format.SWISS, team)


@endpoint("POST")
def create_round_robin(request, token):
    return _create(request, token, Tournament.Format.ROUND_ROBIN)


def _iso(ms: int | None) -> str | None:
    if ms is None:
        return None
    return datetime.fromtimestamp(ms / 1000, tz=UTC).isoformat().replace("+00:00", "Z")


def tournament_json(tournament: Tournament, viewer=None) -> dict:
    """lichess's tournament object, with this table's extra terms."""
    rows = selectors.standings(tournament)
    data = summary_json(tournament, sum(not r.withdrawn for r in rows))
    data["standing"] = {"page": 1, "players": [_result(r) for r in rows[:10]]}
    if viewer is not None and tournament.created_by_id == viewer.pk and tournament.private:
        data["invite"] = tournament.invite
    return data


def summary_json(tournament: Tournament, players: int) -> dict:
    """A tournament's terms and state, as lichess's lists give them (no standings)."""
    control = tournament.control
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
        "teamId": tournament.club.slug if tournament.club_id else None,
        "maxPlayers": tournament.max_players,
        "nbPlayers": players,
        "startsAt": _iso(tournament.starts_at),
        "finishesAt": _iso(tournament.ends_at),
        "status": STATUS[tournament.status],
        "isStarted": tournament.status != Tournament.Status.CREATED,
        "isFinished": tournament.status == Tournament.Status.FINISHED,
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


@endpoint("POST")
def terminate(request, token, public_id: str):
    directing.tournament_terminate(
        public_id=public_id, user=token.user, now=match_services.server_now()
    )
    return JsonResponse({"ok": True})


@endpoint("POST")
def edit_swiss(request, token, public_id: str):
    """lichess's Swiss edit, for an upcoming Swiss: name, clock, rounds, rated, start."""
    data = request_body(request)
    _refuse_untaken(data)
    tournament = _found(public_id, request, token)
    game = data.get("variant") or data.get("game")
    if game not in (None, "", tournament.game):
        raise Refused("A tournament's game stays the one it was made with.")
    tournament = directing.swiss_edit(
        public_id=public_id,
        user=token.user,
        name=data.get("name"),
        time_control=_control(data) if _clocked(data) else tournament.control,
        rounds=_number(data, "nbRounds", tournament.rounds, high=100),
        rated=_flag(data.get("rated"), tournament.rated),
        starts_at=_starts_at(data),
        now=match_services.server_now(),
    )
    return JsonResponse(tournament_json(tournament, token.user))


@endpoint("POST")
def schedule_next_round(request, token, public_id: str):
    """lichess answers 204 without a body; ``{"ok": true}`` here, which its clients read."""
    data = request_body(request)
    if data.get("date") in (None, ""):
        raise Refused("date (milliseconds) is needed.")
    directing.swiss_schedule_next_round(
        public_id=public_id,
        user=token.user,
        at=_number(data, "date", 0, high=2**53),
        now=match_services.server_now(),
    )
    return JsonResponse({"ok": True})


@endpoint("GET", token_needed=False)
def created_by(request, token, username: str):
    """lichess's tournaments created by a user, NDJSON, latest first: ``nb`` of them (at
    most 100), ``status`` (10, 20, 30; repeated) to keep some."""
    codes = {str(code): status for status, code in STATUS.items()}
    wanted = request.GET.getlist("status")
    if any(code not in codes for code in wanted):
        raise Refused("status is 10 (upcoming), 20 (running) or 30 (finished).")
    found = selectors.created_by(
        username,
        token.user if token else None,
        [codes[code] for code in wanted],
        _number(request.GET, "nb", 100, high=100),
    )
    body = "".join(json.dumps(summary_json(t, t.players)) + "\n" for t in found)
    return HttpResponse(body, content_type=NDJSON)


def _team_list(request, team: str, formats: tuple[str, ...]) -> HttpResponse:
    """A club's tournaments of ``formats``, NDJSON, latest first, ``max`` of them."""
    club = _club(team)
    if club is None:
        raise ApiError(404, "No such team")
    most = _number(request.GET, "max", 100, high=100)
    found = clubs.tournaments(club, formats, most or 100)
    body = "".join(json.dumps(summary_json(t, t.players)) + "\n" for t in found)
    return HttpResponse(body, content_type=NDJSON)


@endpoint("GET", token_needed=False)
def team_arenas(request, token, team: str):
    """lichess's Arenas of a team: a club's (``GET /api/team/{id}/arena``)."""
    return _team_list(request, team, (Tournament.Format.ARENA,))


@endpoint("GET", token_needed=False)
def team_swiss(request, token, team: str):
    """A club's Swiss, and its round robins too (lichess has none: a program finds them
    here, each saying its ``system``)."""
    return _team_list(request, team, (Tournament.Format.SWISS, Tournament.Format.ROUND_ROBIN))


@endpoint("GET", token_needed=False)
def results(request, token, public_id: str):
    """Its standings, one player a line, the first ``nb`` of them (lichess's ``sheet``, an
    Arena's score string, is not offered)."""
    if _flag(request.GET.get("sheet"), False):
        raise Refused("sheet is not offered here: the lines carry wins, draws and losses.")
    tournament = _found(public_id, request, token)
    rows = selectors.standings(tournament)
    if request.GET.get("nb") not in (None, ""):
        rows = rows[: _number(request.GET, "nb", 0)]
    body = "".join(json.dumps(_result(r), separators=(",", ":")) + "\n" for r in rows)
    return HttpResponse(body, content_type=NDJSON)


@endpoint("GET", token_needed=False)
def games(request, token, public_id: str):
    """The records of its finished matches, in the order they were made, one per line, with
    the round they belong to. PGN is a chess format: asked for, it is a 400."""
    if "chess-pgn" in request.headers.get("Accept", "") or _flag(
        request.GET.get("pgnInJson"), False
    ):
        raise Refused(
            "PGN is a chess format: the games are NDJSON records (Accept: application/x-ndjson)."
        )
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
