"""lichess's team endpoints for a club (docs/api.md, "Clubs"), as berserk calls them: ``GET
/api/team/{id}``, its members (``/users``, NDJSON), its Arenas and Swiss (``/arena``,
``/swiss``, NDJSON, ``max``), the clubs of a player (``/api/team/of/{username}``),
``POST /team/{id}/join`` and ``/team/{id}/quit``, and the leader's ``/api/team/{id}/requests``,
``/request/{user}/accept`` and ``/decline``, ``/kick/{user}``. A club's id is its slug.
Errors are ``{"error": "…"}``: 400 refused, 401 no valid token, 404 no such club.
"""

from __future__ import annotations

import json

from django.http import HttpResponse, JsonResponse

from accounts.models import User
from api.selectors import player_json
from api.views import ApiError, api, ok, request_body
from clubs import selectors, services
from clubs.models import Club
from games import services as match_services
from games.errors import Refused

NDJSON = "application/x-ndjson"


def endpoint(*methods: str, token_needed: bool = True):
    """The API's endpoint (methods, limits, token); a missing club or request is 404."""
    return api(methods, token_needed=token_needed, missing=(services.NotFound,))


def _club(team: str) -> Club:
    club = selectors.club(team)
    if club is None:
        raise ApiError(404, "No such team")
    return club


def team_json(club: Club, viewer=None) -> dict:
    """lichess's team object (one leader: this table's clubs have one)."""
    leader = player_json(club.leader)
    data = {
        "id": club.slug,
        "name": club.name,
        "description": club.description,
        "open": club.open,
        "leader": leader,
        "leaders": [leader],
        "nbMembers": club.members.count(),
    }
    if viewer is not None:
        data["joined"] = selectors.is_member(club.pk, viewer)
        data["requested"] = selectors.has_requested(club, viewer)
    return data


def _lines(rows) -> HttpResponse:
    body = "".join(json.dumps(row, separators=(",", ":")) + "\n" for row in rows)
    return HttpResponse(body, content_type=NDJSON)


@endpoint("POST")
def team_new(request, token):
    """A new club led by the token's account (lichess makes teams on its site only):
    ``name``, ``description``, ``open`` (true: anyone joins at once)."""
    data = request_body(request)
    club = services.club_create(
        leader=token.user,
        name=str(data.get("name") or ""),
        description=str(data.get("description") or ""),
        open=data.get("open") in (None, "") or _flag(data.get("open")),
        now=match_services.server_now(),
    )
    return JsonResponse(team_json(club, token.user))


def _flag(value) -> bool:
    return value is True or str(value).lower() in ("true", "1", "yes", "on")


@endpoint("GET", token_needed=False)
def team(request, token, team: str):
    return JsonResponse(team_json(_club(team), token.user if token else None))


@endpoint("GET", token_needed=False)
def team_members(request, token, team: str):
    """Its members, latest first as lichess's, each with when they joined."""
    members = reversed(selectors.members(_club(team)))
    return _lines({**player_json(m.user), "joinedTeamAt": m.joined_at} for m in members)


@endpoint("GET", token_needed=False)
def teams_of(request, token, username: str):
    user = User.objects.filter(username__iexact=username[:150]).first()
    if user is None:
        raise ApiError(404, "No such user")
    viewer = token.user if token else None
    return JsonResponse([team_json(c, viewer) for c in selectors.clubs_of(user)], safe=False)


@endpoint("POST")
def join(request, token, team: str):
    """Joins an open club, or asks a closed one's leader (``message`` goes with it)."""
    data = request_body(request)
    if data.get("password") not in (None, ""):
        raise Refused("A club has no password here: a closed club's leader accepts requests.")
    _club(team)
    said = services.club_join(
        slug=team,
        user=token.user,
        message=str(data.get("message") or ""),
        now=match_services.server_now(),
    )
    return JsonResponse({"ok": True, "requested": said == "requested"})


@endpoint("POST")
def quit(request, token, team: str):
    _club(team)
    services.club_leave(slug=team, user=token.user, now=match_services.server_now())
    return ok()


@endpoint("GET")
def join_requests(request, token, team: str):
    """The leader's pending requests (lichess's ``declined`` list is not kept: a declined
    request is gone)."""
    club = _club(team)
    if club.leader_id != token.user.pk:
        raise Refused("Only the club's leader sees its join requests.")
    if str(request.GET.get("declined", "")).lower() in ("true", "1"):
        return JsonResponse([], safe=False)
    return JsonResponse(
        [
            {
                "teamId": club.slug,
                "userId": r.user.username,
                "date": r.created_at,
                "message": r.message,
                "user": player_json(r.user),
            }
            for r in selectors.requests(club)
        ],
        safe=False,
    )


@endpoint("POST")
def accept(request, token, team: str, username: str):
    _club(team)
    services.request_accept(
        slug=team, leader=token.user, username=username, now=match_services.server_now()
    )
    return ok()


@endpoint("POST")
def decline(request, token, team: str, username: str):
    _club(team)
    services.request_decline(
        slug=team, leader=token.user, username=username, now=match_services.server_now()
    )
    return ok()


@endpoint("POST")
def kick(request, token, team: str, username: str):
    _club(team)
    services.member_remove(
        slug=team, leader=token.user, username=username, now=match_services.server_now()
    )
    return ok()
