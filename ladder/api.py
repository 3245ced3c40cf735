"""The ladder's endpoints of the Bot API (docs/api.md, "The ladder"): a program's token
joins or leaves a game's ladder. Shaped like the API's other endpoints (``api.views.api``:
limits, token, JSON errors)."""

from __future__ import annotations

from django.http import JsonResponse

from api.views import ApiError, api
from ladder import services
from ladder.models import Entry


def entry_json(entry: Entry | None) -> dict:
    if entry is None:
        return {"state": Entry.State.OFF.value}
    data = {"state": entry.state, "owner": entry.owner}
    if entry.reason:
        data["reason"] = entry.get_reason_display()
        data["reasonGame"] = entry.reason_match
    return data


@api(("POST",))
def join(request, token, game: str):
    """Form field ``owner``: the name of the person behind the program (optional)."""
    if not token.user.is_program:
        raise ApiError(
            403, "Only a program's account plays through the API: POST /api/bot/account/upgrade."
        )
    entry = services.ladder_join(user=token.user, game=game, owner=request.POST.get("owner"))
    return JsonResponse({"ok": True, **entry_json(entry)})


@api(("POST",))
def leave(request, token, game: str):
    entry = services.ladder_leave(user=token.user, game=game)
    return JsonResponse({"ok": True, **entry_json(entry)})
