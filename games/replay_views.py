"""Finished matches: replay ply by ply, export the record, import one."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext

from config.throttle import IMPORTS
from games import computer, features, guard, services
from games.live.rendering import game_board_html, result_text, seat_rows
from games.models import Match
from games.records import RecordError, export_record
from games.registry import get_game
from games.selectors import replay_view
from games.store import matchlog, movelog


def replay(request, public_id: str):
    """The board at any ply (``?ply=n``), with the move list; the fragment alone for htmx."""
    match = get_object_or_404(Match.objects.with_players(), public_id=public_id)
    if match.status != Match.Status.FINISHED:
        messages.info(
            request, gettext("The replay opens when the match is over; you can watch it live.")
        )
        return redirect(match)
    log = matchlog.of(match)
    try:
        ply = min(max(int(request.GET.get("ply", log.ply)), 0), log.ply)
    except ValueError:
        ply = log.ply
    view = replay_view(match, log.state_at(ply))
    winners = (match.result or {}).get("winners", []) if ply == log.ply else []
    seats = seat_rows(match, view, turns=True, winners=winners)
    game = get_game(match.game)
    move_list = movelog.rows(match, seats, current=ply)
    hints = match.hints_for(request.user)  # beside the move list, never part of it
    for row in move_list:
        row["hints"] = [
            computer.hint_words(hints[p - 1])
            for p in range(row["first"], row["last"] + 1)
            if p - 1 in hints
        ]
    shown = next((m for m in move_list if m["current"]), None)
    context = {
        "match": match,
        "ply": ply,
        "last_ply": log.ply,
        "seats": seats,
        "moves": move_list,
        "turns": len(move_list),
        "last_turn": f"{shown['name']}: {shown['text']}." if shown else None,
        "game_html": game_board_html(
            match.game, view, game.board.context(view, None, []), seats, None
        ),
        "result_text": result_text(match, seats),
        **features.replay_extras(request, match, log, ply, move_list),
    }
    fragment = render_to_string("games/_replay.html", context, using="jinja2")
    if request.htmx:
        return HttpResponse(fragment)
    return render(
        request,
        "games/replay.html",
        {
            "match": match,
            "board_css": game.stylesheet,
            "replay_html": fragment,
            **features.page_extras("replay", request, match),
        },
    )


def export(request, public_id: str):
    """Downloads the match record as JSON (finished matches only: the seed fixes hidden setups)."""
    match = get_object_or_404(Match.objects.with_players(), public_id=public_id)
    try:
        record = export_record(match, seen_by=request.user)
    except RecordError as error:
        return JsonResponse({"error": str(error)}, status=409)
    response = JsonResponse(record, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{match.game}-{match.public_id}.json"'
    return response


NEEDS_ACCOUNT = "Importing a record needs an account: log in or sign up."
TOO_MANY_IMPORTS = "Too many imports: at most {} an hour, refused ones included. Try again later."


def import_record(request):
    """Imports a record after replaying every move; a refusal names the ply and the reason.

    Members only, so many records an hour each (``IMPORTS_PER_HOUR``, counting refused
    ones: each is replayed). A record is listed in the public history only if its importer
    ticks "List it in the public history"; otherwise only its link leads to it."""
    error, text, status = None, "", 200
    member = request.user.is_authenticated and not request.user.is_guest
    listed = request.POST.get("listed") == "on"
    if request.method == "POST" and not member:
        error, status = NEEDS_ACCOUNT, 403
    elif request.method == "POST" and not IMPORTS.take(f"user:{request.user.pk}"):
        error, status = TOO_MANY_IMPORTS.format(settings.IMPORTS_PER_HOUR), 429
    elif request.method == "POST":
        upload = request.FILES.get("file")
        raw = (
            upload.read(settings.MAX_RECORD_BYTES + 1)
            if upload
            else request.POST.get("record", "").encode()
        )
        text = raw.decode("utf-8", "replace") if not upload else ""
        try:
            try:
                data = guard.loads(raw, max_bytes=settings.MAX_RECORD_BYTES, what="The record")
            except guard.BadJSON as bad:
                raise RecordError(str(bad)) from None
            match = services.match_import(data=data, user=request.user, listed=listed)
        except RecordError as exc:
            error, status = str(exc), 400
        else:
            messages.success(
                request,
                gettext("Imported: every move replayed.")
                + " "
                + (
                    gettext("It is listed in the history (with imported records shown).")
                    if listed
                    else gettext("It is not listed anywhere: keep this page's link.")
                ),
            )
            return redirect("games:replay", public_id=match.public_id)
    context = {"error": error, "text": text, "member": member, "listed": listed}
    return render(request, "games/import.html", context, status=status)
