"""Asking for an analysis (the replay's Analyse button) and its progress for programs."""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from analysis import selectors, services
from api.views import api
from games.errors import Refused
from games.models import Match


@require_POST
def request_analysis(request, public_id: str):
    """Queues the match's analysis (services.analysis_request says who may and how many),
    then back to the page it was asked from (``back=match``: the match's own page, else the
    replay), where the progress fills in."""
    match = get_object_or_404(Match, public_id=public_id)
    try:
        services.analysis_request(match_id=match.pk, user=request.user)
    except Refused as refused:
        messages.error(request, str(refused))
    back = "games:match" if request.POST.get("back") == "match" else "games:replay"
    return redirect(back, public_id=public_id)


@api(("GET",), token_needed=False)
def progress(request, token, public_id: str):
    """``GET /api/game/<id>/analysis``: ``{"status", "done", "total", "iterations"}``, and the
    ``analysis`` array once done (docs/api.md, "`GET /api/game/{id}/analysis`")."""
    match = Match.objects.filter(public_id=public_id).first()
    if match is None:
        return JsonResponse({"error": "Not found"}, status=404)
    analysis = selectors.of_match(match)
    answer = selectors.progress_json(analysis)
    if analysis is not None and analysis.finished:
        answer["analysis"] = selectors.api_array(analysis)
    return JsonResponse(answer)
