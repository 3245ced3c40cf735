"""Rematch offers: the writers (validate under the finished match's row lock, write, announce
after commit with ``events.rematch_changed``).

A player of a finished match offers a rematch; the other seated people see it live and
accept or decline; the table's computer players accept at once. When every person seated
has accepted, one new match of the same game, public options, time control, privacy and
rating opens with everyone seated one seat on (so the start passes round) and starts; every
open page of its players goes there. Two accepts at the same moment are answered one after
the other under the row lock, so they make one match. An offer lapses when its maker's last
page on the match closes or after ``REMATCH_OFFER_SECONDS``; after a decline the match may
be offered again once ``REMATCH_RETRY_SECONDS`` have passed. Every function takes ``now``
(server milliseconds, ``services.server_now``) so tests pass their own.
"""

from __future__ import annotations

import math

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from games import features
from games.errors import Refused
from games.events import announce_offer_on_commit
from games.models import Match, RematchOffer
from games.registry import get_game
from games.services import match_create, match_join, server_now

Status = RematchOffer.Status


def _locked_finished(match_id: int, user) -> tuple[Match, int]:
    """The finished match, row-locked, and ``user``'s seat in it (Refused otherwise)."""
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None or match.status != Match.Status.FINISHED or match.imported:
        raise Refused(_("Only a finished match can be played again."))
    seat = match.seat_of(user)
    if seat is None:
        raise Refused(_("Only the match's players can ask for a rematch."))
    return match, seat


def _people(match: Match) -> list:
    """The seated people (not the table's computer players)."""
    return [s.user for s in match.seat_list() if s.user is not None and not s.user.bot_level]


def _open_offer(match: Match, now: int) -> RematchOffer | None:
    """The match's open offer; one whose time ran out lapses here (and is announced)."""
    offer = RematchOffer.objects.filter(match=match, status=Status.OPEN).first()
    if offer is not None and offer.expires <= now:
        _end(match, offer, Status.LAPSED, now)
        return None
    return offer


def _end(match: Match, offer: RematchOffer, status: str, now: int, by=None) -> None:
    offer.status, offer.ended_at, offer.ended_by = status, now, by
    offer.save(update_fields=["status", "ended_at", "ended_by"])
    announce_offer_on_commit(match, offer)


@transaction.atomic
def rematch_offer(*, match_id: int, user, now: int | None = None) -> RematchOffer:
    """``user`` asks for a rematch of the finished match: a new offer, or their accept of the
    open one. Returns the offer; ``offer.new_match`` once everyone has accepted. Asking
    again after the rematch was made returns that offer (one rematch per match)."""
    now = server_now() if now is None else now
    match, _seat = _locked_finished(match_id, user)
    if features.match_origin(match) is not None:  # a tournament pairs its players itself
        raise Refused(_("This match belongs to a tournament: it pairs its players itself."))
    made = RematchOffer.objects.filter(match=match, status=Status.ACCEPTED).first()
    if made is not None:
        return made
    offer = _open_offer(match, now)
    if offer is not None:
        return _accept(match, offer, user, now)
    declined = (
        RematchOffer.objects.filter(match=match, status=Status.DECLINED).order_by("-id").first()
    )
    wait_ms = settings.REMATCH_RETRY_SECONDS * 1000
    if declined is not None and declined.ended_at + wait_ms > now:
        seconds = math.ceil((declined.ended_at + wait_ms - now) / 1000)
        raise Refused(
            _("The rematch was declined: you can offer it again in %(seconds)d s.")
            % {"seconds": seconds}
        )
    computers = [s.user_id for s in match.seat_list() if s.user is not None and s.user.bot_level]
    offer = RematchOffer.objects.create(
        match=match,
        made_by=user,
        accepted=[user.pk, *computers],
        expires=now + int(settings.REMATCH_OFFER_SECONDS * 1000),
    )
    return _settle(match, offer, now)


@transaction.atomic
def rematch_accept(*, match_id: int, user, now: int | None = None) -> RematchOffer:
    """``user`` accepts the open offer (Refused when there is none any more)."""
    now = server_now() if now is None else now
    match, _seat = _locked_finished(match_id, user)
    if features.match_origin(match) is not None:  # a tournament pairs its players itself
        raise Refused(_("This match belongs to a tournament: it pairs its players itself."))
    made = RematchOffer.objects.filter(match=match, status=Status.ACCEPTED).first()
    if made is not None:
        return made
    offer = _open_offer(match, now)
    if offer is None:
        raise Refused(_("There is no rematch offer to accept any more."))
    return _accept(match, offer, user, now)


def _accept(match: Match, offer: RematchOffer, user, now: int) -> RematchOffer:
    if user.pk not in offer.accepted:
        offer.accepted = [*offer.accepted, user.pk]
        offer.save(update_fields=["accepted"])
    return _settle(match, offer, now)


def _settle(match: Match, offer: RematchOffer, now: int) -> RematchOffer:
    """Opens the new match once every person seated accepted; announces the offer either way."""
    if all(person.pk in offer.accepted for person in _people(match)):
        offer.new_match = _create(match, offer, now)
        offer.status = Status.ACCEPTED
        offer.save(update_fields=["new_match", "status"])
    else:
        offer.save(update_fields=["accepted"])
    announce_offer_on_commit(match, offer)
    return offer


def _create(match: Match, offer: RematchOffer, now: int) -> Match:
    """The new match: same game, public options, time control, privacy and rating; every seat
    one on; the offer's maker creates it and the other people join it, so it starts."""
    count = match.players
    seats = match.seat_list()
    bots = {
        (s.index + 1) % count: s.user.bot_level
        for s in seats
        if s.user is not None and s.user.bot_level
    }
    public = get_game(match.game).public_options
    new = match_create(
        game=match.game,
        creator=offer.made_by,
        options={k: v for k, v in match.options.items() if k in public},
        seat=(match.seat_of(offer.made_by) + 1) % count,
        players=count,
        time_control=match.control,
        bots=bots,
        now=now,
        private=match.private,
        rematch_of=match,
        rated=match.rated,
    )
    for s in seats:
        if s.user is not None and not s.user.bot_level and s.user_id != offer.made_by_id:
            new = match_join(
                match_id=new.pk, user=s.user, seat=(s.index + 1) % count, now=now, invite=new.invite
            )
    return new


@transaction.atomic
def rematch_decline(*, match_id: int, user, now: int | None = None) -> RematchOffer:
    """``user`` declines the open offer (its maker withdraws it); the match may be offered
    again after ``REMATCH_RETRY_SECONDS``."""
    now = server_now() if now is None else now
    match, _seat = _locked_finished(match_id, user)
    offer = _open_offer(match, now)
    if offer is None:
        raise Refused(_("There is no rematch offer to decline any more."))
    _end(match, offer, Status.DECLINED, now, by=user)
    return offer


@transaction.atomic
def rematch_lapse(*, match_id: int, now: int | None = None, maker_id: int | None = None) -> bool:
    """The open offer of ``match_id`` lapses if its time ran out, or (``maker_id``) because
    its maker left the page; whether one did. Safe to run any number of times."""
    now = server_now() if now is None else now
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        return False
    offer = RematchOffer.objects.filter(match=match, status=Status.OPEN).first()
    if offer is None:
        return False
    if offer.expires <= now or offer.made_by_id == maker_id:
        _end(match, offer, Status.LAPSED, now)
        return True
    return False


def rematches_lapse_due(now: int | None = None) -> int:
    """Lapses every open offer whose time ran out (the worker's sweep); how many did."""
    now = server_now() if now is None else now
    due = RematchOffer.objects.filter(status=Status.OPEN, expires__lte=now)
    ids = list(due.values_list("match_id", flat=True))
    return sum(rematch_lapse(match_id=match_id, now=now) for match_id in ids)


def rematch_maker_left(*, match_id: int, user_id: int) -> bool:
    """``user_id``'s last page on the match closed: their open offer lapses; whether it did.
    Reads before it locks, so a page closing costs no write when there is nothing to lapse."""
    if not RematchOffer.objects.filter(
        match_id=match_id, status=Status.OPEN, made_by_id=user_id
    ).exists():
        return False
    return rematch_lapse(match_id=match_id, maker_id=user_id)
