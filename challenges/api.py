"""The challenge endpoints of the programs' API, shaped like lichess's: ``POST
/api/challenge/{username}`` (form or JSON), ``/api/challenge/{id}/accept``, ``/decline``,
``/cancel``. Errors are ``{"error": "…"}`` with lichess's status codes: 400 refused, 401 not
authenticated, 404 no such player or challenge, 429 too many.

Who asks is ``api_user(request)``, the one place to swap for the API app's Bearer tokens.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from api.tokens import authenticate
from api.views import request_body
from challenges import selectors, services
from challenges.models import DECLINE_REASONS
from config.throttle import API_ADDRESS_REQUESTS, API_REQUESTS
from games import guard
from games.clocks import BadTimeControl, TimeControl
from games.errors import Refused
from games.registry import get_game

MAX_BODY_BYTES = 4096  # an options field's JSON


def error(text: str, status: int) -> JsonResponse:
    return JsonResponse({"error": text}, status=status)


def api_user(request):
    """(the member an API request acts for, None) or (None, the JSON answer that refuses it).

    Every request counts against the API's limits as the other endpoints' do (per client
    address, and per token), refused ones too. A request with ``Authorization: Bearer
    <token>`` acts for the token's owner (``api.tokens.authenticate``); one without acts for
    the logged-in member of its session, with the CSRF check every session-authenticated
    POST needs (the endpoints are exempt from the middleware so that token requests, which
    carry no cookie, pass)."""
    if not API_ADDRESS_REQUESTS.take(request.META.get("REMOTE_ADDR", "") or "unknown"):
        return None, error("Too many requests from your address: wait a minute.", 429)
    header = request.headers.get("Authorization")
    if header:
        token = authenticate(header)
        if token is None:
            return None, error("No such token", 401)
        if not API_REQUESTS.take(str(token.pk)):
            return None, error("Too many requests with this token: wait a minute.", 429)
        return token.user, None
    user = request.user
    if not user.is_authenticated:
        return None, error("No such token", 401)
    refused = CsrfViewMiddleware(lambda r: None).process_view(request, None, (), {})
    if refused is not None:
        return None, error("CSRF check failed: send a Bearer token", 403)
    return user, None


def _flag(value) -> bool:
    return value is True or str(value).lower() in ("true", "1", "yes", "on")


def _whole(data: dict, key: str, low: int, high: int) -> int | None:
    if data.get(key) in (None, ""):
        return None
    number = guard.whole_number(str(data[key]), low=low, high=high)
    if number is None:
        raise Refused(f"{key}: a whole number from {low} to {high}.")
    return number


def _time_control(data: dict) -> TimeControl:
    """``clock.limit`` (seconds, whole minutes here) and ``clock.increment`` (seconds), or
    ``days`` per turn; neither: untimed."""
    limit = _whole(data, "clock.limit", 0, 10_800)
    increment = _whole(data, "clock.increment", 0, 180)
    days = _whole(data, "days", 1, 14)
    try:
        if limit is not None:
            if limit % 60:
                raise BadTimeControl("clock.limit: whole minutes here (60, 120, … 10800 seconds).")
            return TimeControl.parse(f"{limit // 60}+{increment or 0}")
        if days is not None:
            return TimeControl.parse(f"{days}d")
    except BadTimeControl as problem:
        raise Refused(str(problem)) from None
    return TimeControl()


def terms_from_api(data: dict) -> dict:
    """The terms of a challenge from lichess's fields: ``variant`` (the game's slug),
    ``rated``, the time control, ``players`` and ``level`` (the computer in the seats beyond
    two), ``seat`` (0-based, or "random"), and the game's public options by name (or all of
    them as one JSON object, ``options``)."""
    slug = str(data.get("variant") or "")
    try:
        declared = get_game(slug)
    except KeyError:
        raise Refused(f"variant: there is no game called {slug!r}.") from None
    options = data.get("options") or {}
    if isinstance(options, str):
        try:
            options = guard.loads(options, max_bytes=MAX_BODY_BYTES, what="options")
        except guard.BadJSON as problem:
            raise Refused(str(problem)) from None
    if not isinstance(options, dict):
        raise Refused("options: a JSON object.")
    for name in declared.public_options:
        if name in data:
            value = data[name]
            options[name] = _flag(value) if isinstance(value, str) else value
    seat = data.get("seat", data.get("color"))
    return {
        "game": slug,
        "options": options,
        "players": _whole(data, "players", 1, 8) or declared.engine.min_players,
        "seat": None if seat in (None, "", "random") else _whole({"seat": seat}, "seat", 0, 7),
        "time_control": _time_control(data),
        "rated": _flag(data.get("rated", False)),
        "fill_level": str(data.get("level") or "medium"),
    }


def _refusal(problem: Refused) -> JsonResponse:
    if isinstance(problem, services.NotFound):
        return error(str(problem), 404)
    if isinstance(problem, services.TooMany):
        return error(str(problem), 429)
    return error(str(problem), 400)


@csrf_exempt
@require_POST
def create(request, username: str):
    user, refused = api_user(request)
    if refused is not None:
        return refused
    try:
        challenge = services.challenge_create(
            challenger=user, challenged=username, **terms_from_api(request_body(request))
        )
    except Refused as problem:
        return _refusal(problem)
    return JsonResponse(selectors.challenge_json(challenge, for_user=user))


def _answer(request, act) -> JsonResponse:
    """Runs ``act(user)`` for the token's user: ``{"ok": true}``, or the refusal as lichess's
    error JSON."""
    user, refused = api_user(request)
    if refused is not None:
        return refused
    try:
        act(user)
    except Refused as problem:
        return _refusal(problem)
    return JsonResponse({"ok": True})


@csrf_exempt
@require_POST
def accept(request, challenge_id: str):
    """``{"ok": true, "gameId": …}``: lichess's answer, and the match it made (a client that
    made and accepted the challenge, as ``manage.py run_encounter`` does, follows it)."""
    made = {}

    def act(user):
        made["match"] = services.challenge_accept(challenge_id=challenge_id, user=user)

    answer = _answer(request, act)
    if "match" in made:
        return JsonResponse({"ok": True, "gameId": made["match"].public_id})
    return answer


@csrf_exempt
@require_POST
def decline(request, challenge_id: str):
    def act(user):
        given = str(request_body(request).get("reason") or "generic")
        reason = {key.lower(): key for key in DECLINE_REASONS}.get(given.lower(), given)
        services.challenge_decline(challenge_id=challenge_id, user=user, reason=reason)

    return _answer(request, act)


@csrf_exempt
@require_POST
def cancel(request, challenge_id: str):
    return _answer(
        request, lambda user: services.challenge_cancel(challenge_id=challenge_id, user=user)
    )
