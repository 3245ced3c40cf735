"""The API's endpoints, shaped like lichess's Bot API (docs/api.md).

Every request but the public ones carries ``Authorization: Bearer <token>``; the token is
looked up on every request, so a revoked one is refused at once. Errors are JSON
``{"error": "…"}``: 400 a refused action, 401 no valid token, 403 not allowed for this
account, 404 nothing there, 429 over a limit (requests per token and per address in a
minute, open streams per token and per address).
"""

from __future__ import annotations

import json
from functools import wraps
from itertools import islice

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db.models import Prefetch
from django.http import JsonResponse, StreamingHttpResponse
from django.views.decorators.csrf import csrf_exempt

from api import selectors, services, streams
from api.tokens import authenticate
from chat import services as chat_services
from config.throttle import API_ADDRESS_REQUESTS as ADDRESS_REQUESTS
from config.throttle import API_REQUESTS as REQUESTS
from config.throttle import Limit
from games import features, guard
from games import services as match_services
from games.errors import Refused
from games.models import Move
from games.records import export_record
from games.registry import IllegalMove, get_engine
from ratings.selectors import perfs_json, rating_history_json

NDJSON = "application/x-ndjson"
MAX_BODY_BYTES = 4096  # a form or JSON body of an endpoint that takes one
MAX_RECORDS = 300  # records per request of GET /api/games/user/{username}
EXPORT_CHUNK = 50  # records read from the database at a time
EXPORTS = Limit("api-export", lambda: settings.API_EXPORTS_PER_ADDRESS, lambda: 60)


class ApiError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def error(status: int, message: str) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def address_of(request) -> str:
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def admit(request, *, token_needed: bool = True):
    """The request's token (None for a public endpoint called without one), after the
    limits; raises ApiError."""
    address = address_of(request)
    if not ADDRESS_REQUESTS.take(address):
        raise ApiError(429, "Too many requests from your address: wait a minute.")
    header = request.headers.get("Authorization")
    if header is None and not token_needed:
        return None
    token = authenticate(header)
    if token is None:
        raise ApiError(401, "No such token")
    if not REQUESTS.take(str(token.pk)):
        raise ApiError(429, "Too many requests with this token: wait a minute.")
    return token


def api(methods: tuple[str, ...], *, token_needed: bool = True, missing: tuple = ()):
    """A synchronous endpoint: method check, limits, token; the view gets the token.
    ``missing``: the exceptions that mean what was asked for does not exist (404)."""

    def decorate(view):
        @csrf_exempt  # a token in a header, not a cookie, proves who asks
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method not in methods:
                return error(405, f"Use {' or '.join(methods)}.")
            try:
                token = admit(request, token_needed=token_needed)
                return view(request, token, *args, **kwargs)
            except ApiError as failed:
                return error(failed.status, str(failed))
            except missing as absent:
                return error(404, str(absent))
            except Refused as refused:
                return error(400, str(refused))

        return wrapper

    return decorate


def request_body(request) -> dict:
    """Form fields or a JSON object (lichess takes forms; JSON is kinder to programs);
    Refused when it is neither."""
    if request.content_type == "application/json":
        try:
            data = guard.loads(request.body.decode("utf-8"), max_bytes=MAX_BODY_BYTES, what="Body")
        except (guard.BadJSON, UnicodeDecodeError) as problem:
            raise Refused(str(problem)) from None
        if not isinstance(data, dict):
            raise Refused("The body must be a JSON object.")
        return data
    return request.POST.dict()


def ok() -> JsonResponse:
    return JsonResponse({"ok": True})


# --- Account -------------------------------------------------------------------------------


@api(("GET",))
def account(request, token):
    user = token.user
    return JsonResponse({**selectors.account_json(user), "perfs": perfs_json(user)})


@api(("POST",))
def account_upgrade(request, token):
    services.account_upgrade(token.user)
    return ok()


@api(("GET",), token_needed=False)
def user(request, token, username: str):
    found = get_user_model().objects.filter(username=username, is_active=True).first()
    if found is None:
        return error(404, "Not found")
    # ``perfs``: the ratings per game in lichess's shape (docs/rules.md §7.6).
    # Counts as this caller may see them: a stranger's count leaves private matches out.
    seen_by = token.user if token else AnonymousUser()
    counts = selectors.account_json(found, seen_by=seen_by)
    return JsonResponse({**counts, "perfs": perfs_json(found)})


@api(("GET",), token_needed=False)
def rating_history(request, token, username: str):
    """lichess's ``/api/user/{username}/rating-history``: per game, the rating at the end of
    each day it changed."""
    found = get_user_model().objects.filter(username=username, is_active=True).first()
    if found is None:
        return error(404, "Not found")
    return JsonResponse(rating_history_json(found), safe=False)


@api(("GET",), token_needed=False)
def user_games(request, token, username: str):
    """The records of ``username``'s finished open matches, newest first, one per line
    (``?max=n``, at most 300); a private match never. Without a token an address may ask
    ``API_EXPORTS_PER_ADDRESS`` times a minute (lichess throttles its exports per address)."""
    found = get_user_model().objects.filter(username=username).first()
    if found is None:
        return error(404, "Not found")
    try:
        count = min(MAX_RECORDS, max(1, int(request.GET.get("max", 100))))
    except ValueError:
        return error(400, "max must be a whole number.")
    if token is None and not EXPORTS.take(address_of(request)):
        raise ApiError(429, "Too many exports from your address: wait a minute, or use a token.")
    # Read through the database's cursor a chunk at a time, each chunk's moves and seats in
    # one query each, the position (which a record does not need) never: the whole export
    # is a few queries, never one per record, and no more than a chunk is held at once.
    seen_by = token.user if token else AnonymousUser()  # whose hints a record may carry
    matches = (
        selectors.public_finished(found)
        .select_related(*features.record_related)
        .defer("state")
        .prefetch_related(
            Prefetch("moves", queryset=Move.objects.only("match_id", "seat", "move", "hint"))
        )
    )[:count]

    rows = matches.iterator(chunk_size=EXPORT_CHUNK)

    def next_lines() -> str:
        return "".join(
            json.dumps(
                {"id": m.public_id, **export_record(m, seen_by=seen_by)}, separators=(",", ":")
            )
            + "\n"
            for m in islice(rows, EXPORT_CHUNK)
        )

    async def lines():  # a chunk at a time, read in the database's thread
        while chunk := await sync_to_async(next_lines)():
            yield chunk

    return StreamingHttpResponse(lines(), content_type=NDJSON)


# --- Playing -------------------------------------------------------------------------------


def _playing(token, public_id: str):
    """(match, seat) of a program playing ``public_id``; ApiError otherwise."""
    if not token.user.is_program:
        raise ApiError(
            403, "Only a program's account plays through the API: POST /api/bot/account/upgrade."
        )
    match = selectors.load(public_id)
    if match is None:
        raise ApiError(404, "No such game")
    seat = match.seat_of(token.user)
    if seat is None:
        raise ApiError(403, "You do not play in this game.")
    return match, seat


@api(("POST",))
def move(request, token, public_id: str, code: str):
    """Plays ``code``; ``hint`` (a form field or query parameter, as lichess clients send
    their fields) is the program's words on the move, shown on the replay once the match is
    over (docs/api.md, Hints)."""
    hint = request.POST.get("hint", request.GET.get("hint"))
    match, seat = _playing(token, public_id)
    if match.status != match.Status.ACTIVE:
        raise ApiError(400, "The game is not running.")
    engine = get_engine(match.game)
    state = engine.from_json(match.state)
    if seat not in engine.to_move(state):
        raise ApiError(400, "Not your turn.")
    try:
        chosen = engine.decode(state, code)
    except IllegalMove as illegal:
        raise ApiError(400, str(illegal)) from None
    match_services.move_play(
        match_id=match.pk, user=token.user, ply=match.ply, move=chosen, hint=hint
    )
    return ok()


@api(("POST",))
def resign(request, token, public_id: str):
    match, _ = _playing(token, public_id)
    match_services.match_resign(match_id=match.pk, user=token.user)
    return ok()


@api(("POST",))
def chat(request, token, public_id: str):
    """lichess's ``POST /api/bot/game/{id}/chat``: form fields ``room`` (``player`` or
    ``spectator``) and ``text``, said through the chat service like a page's line (plain
    text, at most 140 characters, the same per-user limit; chat/services.py)."""
    match, _ = _playing(token, public_id)
    chat_services.chat_say(
        match_id=match.pk,
        user=token.user,
        room=request.POST.get("room"),
        text=request.POST.get("text"),
    )
    return ok()


@api(("POST",))
def claim_victory(request, token, public_id: str):
    """The absence claim of docs/rules.md §7.4, by lichess's name."""
    match, _ = _playing(token, public_id)
    match_services.match_claim(match_id=match.pk, user=token.user)
    return ok()


# --- Streams -------------------------------------------------------------------------------


def _open_game(request, public_id: str):
    token = admit(request)
    match = selectors.load(public_id)
    if match is None:
        raise ApiError(404, "No such game")
    return token, match, match.seat_of(token.user)


def _count_in(token, channel: str, address: str) -> None:
    try:
        streams.stream_open(token, channel, address)
    except streams.TooManyStreams as refused:
        raise ApiError(429, str(refused)) from None


def _streaming(content) -> StreamingHttpResponse:
    response = StreamingHttpResponse(content, content_type=NDJSON)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy passes each line on at once
    return response


@csrf_exempt
async def game_stream(request, public_id: str):
    if request.method != "GET":
        return error(405, "Use GET.")
    address = address_of(request)
    try:
        token, match, seat = await streams.db(_open_game)(request, public_id)
        channel = await get_channel_layer().new_channel("api.game.")
        await streams.db(_count_in)(token, channel, address)
    except ApiError as failed:
        return error(failed.status, str(failed))
    return _streaming(streams.game_stream(token, match, seat, address, channel))


@csrf_exempt
async def event_stream(request):
    if request.method != "GET":
        return error(405, "Use GET.")
    address = address_of(request)
    try:
        token = await streams.db(admit)(request)
        channel = await get_channel_layer().new_channel(selectors.EVENT_CHANNEL)
        await streams.db(_count_in)(token, channel, address)
    except ApiError as failed:
        return error(failed.status, str(failed))
    embedded = not settings.FRAGMENT_REDIS_URL
    return _streaming(streams.event_stream(token, address, channel, embedded))
