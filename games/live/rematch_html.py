"""A rematch offer as one viewer sees it (templates/games/_rematch.html): Accept and Decline
for a seated person who has not answered, whom it waits for, how it ended, and the new
match, where every open page of its players goes by itself (``data-goto``). Rendered per
viewer, on the page and for every ``rematch.changed`` notice (games/live/consumers.py)."""

from __future__ import annotations

from django.template.loader import render_to_string

from games.models import Match, RematchOffer


def rematch_context(match: Match, user) -> dict:
    offer = (
        RematchOffer.objects.filter(match=match)
        .select_related("made_by", "ended_by", "new_match")
        .order_by("-id")
        .first()
    )
    if offer is None or match.status != Match.Status.FINISHED:
        return {"match": match, "offer": None}
    seated = match.seat_of(user) is not None
    uid = user.pk if user is not None and user.is_authenticated else None
    people = [s.user for s in match.seat_list() if s.user is not None and not s.user.bot_level]
    goto = None
    if offer.status == RematchOffer.Status.ACCEPTED and offer.new_match is not None:
        goto = offer.new_match.get_absolute_url()
    return {
        "match": match,
        "offer": offer,
        "seated": seated,
        "maker": offer.made_by.display_name,
        "is_maker": uid == offer.made_by_id,
        "to_answer": seated and uid not in offer.accepted,
        "waiting": [p.display_name for p in people if p.pk not in offer.accepted],
        "withdrawn": offer.ended_by_id is not None and offer.ended_by_id == offer.made_by_id,
        "declined_by": offer.ended_by.display_name if offer.ended_by is not None else "",
        "goto": goto if seated else None,
        "new_url": goto if seated or not match.private else None,
    }


def rematch_html(match_id: int, user, *, oob: bool = True) -> str:
    match = Match.objects.with_players().get(pk=match_id)
    return render_to_string("games/_rematch.html", {**rematch_context(match, user), "oob": oob})
