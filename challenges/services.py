"""Everything that changes a challenge: validate, write, then announce after commit
(challenges/events.py). Accepting creates the match through ``games.services`` alone.

Every function takes ``now`` (the server's clock in milliseconds, ``server_now``) so tests
pass their own; nothing here reads a clock of its own.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import User
from challenges import events, selectors
from challenges.models import DECLINE_REASONS, Challenge
from challenges.selectors import when
from config.throttle import Limit
from games import services as match_services
from games.bots.levels import LEVELS
from games.clock_words import offered
from games.clocks import TimeControl
from games.errors import Refused
from games.models import Match

#: How long a challenge waits for its answer: minutes for a game to play now, a day for one
#: played over days or untimed (as lichess).
REALTIME_EXPIRY = timedelta(minutes=10)
SLOW_EXPIRY = timedelta(days=1)
#: Challenges one member may have waiting at once, and may have waiting for them.
OPEN_PER_CHALLENGER = 10
OPEN_PER_RECIPIENT = 10
CHALLENGES = Limit("challenge", lambda: settings.CHALLENGES_PER_HOUR, lambda: 3600)


class NotFound(Refused):
    """No such challenge, or none this user may act on (the API answers 404)."""


class TooMany(Refused):
    """Over the rate limit (the API answers 429)."""


def _checked_terms(
    game: str, options: dict | None, players: int, seat: int | None, control, fill_level: str
) -> tuple[dict, TimeControl]:
    """What ``games.services.match_create`` would refuse, checked now, when the challenge is
    made, rather than when it is accepted: the game, public options only, the number of
    players and seats, a time control the table offers, and options the engine can set up."""
    options = dict(options or {})
    engine = match_services.checked_game(game, options, players)
    if seat is not None and not (type(seat) is int and 0 <= seat < players):
        raise Refused(
            gettext("A %(players)d-player match has seats 1 to %(players)d.") % {"players": players}
        )
    if players > 2 and fill_level not in LEVELS:
        raise Refused(
            gettext(
                "A challenge seats two people; the computer takes the other seats at "
                "%(levels)s, not “%(level)s”."
            )
            % {"levels": ", ".join(LEVELS), "level": fill_level}
        )
    control = offered(control)
    match_services.setup_or_refuse(engine, players, 0, options)
    return options, control


@transaction.atomic
def challenge_create(
    *,
    challenger,
    challenged,
    game: str,
    options: dict | None = None,
    players: int = 2,
    seat: int | None = None,
    time_control: TimeControl | None = None,
    rated: bool = False,
    fill_level: str = "",
    now: int | None = None,
) -> Challenge:
    """``challenger`` asks ``challenged`` (a user or a username) to play ``game`` on these
    terms. Refused: guests on either side, the table's computer players, oneself, a member
    who turned challenges off, terms ``match_create`` would refuse, and more than
    ``CHALLENGES_PER_HOUR`` a member's hour or ``OPEN_PER_CHALLENGER`` waiting at once."""
    now = match_services.server_now() if now is None else now
    if not challenger.is_authenticated or challenger.is_guest:
        raise Refused(
            gettext("Guests cannot challenge anyone: make an account first (it keeps your seats).")
        )
    if isinstance(challenged, str):
        challenged = User.objects.filter(username=challenged).first()
        if challenged is None:
            raise NotFound(gettext("There is no player of that name."))
    if challenged.pk == challenger.pk:
        raise Refused(gettext("You cannot challenge yourself."))
    if challenged.is_guest:
        raise Refused(
            gettext("%(name)s plays as a guest, and guests cannot be challenged.")
            % {"name": challenged.display_name}
        )
    if challenged.bot_level:
        raise Refused(
            gettext("The table's computer players are played from the lobby's New match form.")
        )
    if not challenged.accept_challenges:
        raise Refused(
            gettext("%(name)s does not accept challenges.") % {"name": challenged.display_name}
        )
    options, control = _checked_terms(game, options, players, seat, time_control, fill_level)
    # Both rows, locked in one order: requests arriving at once from one challenger, or to
    # one recipient, are counted one by one.
    pair = User.objects.select_for_update().filter(pk__in=[challenger.pk, challenged.pk])
    list(pair.order_by("pk"))
    waiting = Challenge.objects.filter(status=Challenge.Status.CREATED, expires_at__gt=when(now))
    if waiting.filter(challenger=challenger).count() >= OPEN_PER_CHALLENGER:
        raise TooMany(
            gettext(
                "You already have %(count)d challenges waiting for an answer: cancel one first."
            )
            % {"count": OPEN_PER_CHALLENGER}
        )
    if waiting.filter(challenged=challenged).count() >= OPEN_PER_RECIPIENT:
        raise TooMany(
            gettext("%(name)s already has %(count)d challenges waiting: try again later.")
            % {"name": challenged.display_name, "count": OPEN_PER_RECIPIENT}
        )
    if not CHALLENGES.take(f"user:{challenger.pk}"):
        raise TooMany(gettext("Too many challenges: please wait a while before the next one."))
    created = when(now)
    challenge = Challenge.objects.create(
        challenger=challenger,
        challenged=challenged,
        game=game,
        options=options,
        players=players,
        seat=seat,
        fill_level=fill_level if players > 2 else "",
        time_control=control.to_json(),
        rated=bool(rated),
        created_at=created,
        challenger_seen_at=created,
        expires_at=created + (REALTIME_EXPIRY if control.realtime else SLOW_EXPIRY),
    )
    events.announce_on_commit(events.challenge_created, challenge)
    return challenge


def _locked(public_id: str) -> Challenge:
    """The challenge, its row locked. Only its own row (``of``): on PostgreSQL a plain FOR
    UPDATE also locks the joined users, challenger first, so two accepts at once of A's
    challenge to B and B's to A took the two users in opposite orders and deadlocked (a 500
    to one of them, found by the encounter runner's two parallel matches)."""
    challenge = (
        Challenge.objects.select_for_update(of=("self",))
        .select_related("challenger", "challenged")
        .filter(public_id=public_id)
        .first()
    )
    if challenge is None:
        raise NotFound(gettext("There is no such challenge."))
    return challenge


def _expire_if_due(challenge: Challenge, now: int) -> bool:
    """Marks a waiting ``challenge`` expired when its time is up, or when it is to be played
    now and its challenger has no page open (``selectors.challenger_gone``); whether it did.
    The challenger is told as of a decline."""
    if challenge.status != Challenge.Status.CREATED:
        return False
    if challenge.expires_at > when(now) and not selectors.challenger_gone(challenge, now):
        return False
    challenge.status = Challenge.Status.EXPIRED
    challenge.answered_at = when(now)
    challenge.unseen_by = challenge.challenger
    challenge.save(update_fields=["status", "answered_at", "unseen_by"])
    events.announce_on_commit(events.challenge_expired, challenge)
    return True


def _answerable(challenge: Challenge) -> None:
    if challenge.status != Challenge.Status.CREATED:
        raise Refused(
            gettext("This challenge is no longer waiting: it was %(status)s.")
            % {"status": gettext(challenge.get_status_display()).lower()}
        )


def challenge_accept(*, challenge_id: str, user, now: int | None = None) -> Match:
    """The challenged accepts: a new match with the challenger and ``user`` seated (and the
    computer in any further seat), which starts at once. The challenge's row is locked, so
    two accepts at once make one match; accepting again returns it. An expired challenge is
    marked so and refused, and so is one to be played now whose challenger has left (as
    lichess drops it): its match would be aborted before they came back."""
    now = match_services.server_now() if now is None else now
    with transaction.atomic():
        challenge = _locked(challenge_id)
        if challenge.challenged_id != user.pk:
            raise NotFound(gettext("There is no such challenge to you."))
        if challenge.status == Challenge.Status.ACCEPTED and challenge.match is not None:
            return challenge.match
        expired = _expire_if_due(challenge, now)
        if not expired:
            _answerable(challenge)
            match = _match_for(challenge, now)
            challenge.status = Challenge.Status.ACCEPTED
            challenge.match = match
            challenge.answered_at = when(now)
            challenge.unseen_by = challenge.challenger
            challenge.save(update_fields=["status", "match", "answered_at", "unseen_by"])
    if expired:  # after the commit: the challenge stays marked expired
        if challenge.expires_at > when(now):
            raise Refused(
                gettext("%(name)s has left: their challenge is no longer waiting.")
                % {"name": challenge.challenger.display_name}
            )
        raise Refused(gettext("This challenge has expired."))
    return match


def _match_for(challenge: Challenge, now: int) -> Match:
    """Creates the match of an accepted ``challenge``: the challenger's seat as asked (or
    drawn), the challenged in a random other seat, the computer in the rest."""
    rng = secrets.SystemRandom()
    seats = list(range(challenge.players))
    mine = challenge.seat if challenge.seat is not None else rng.choice(seats)
    theirs = rng.choice([s for s in seats if s != mine])
    bots = {s: challenge.fill_level for s in seats if s not in (mine, theirs)}
    match = match_services.match_create(
        game=challenge.game,
        creator=challenge.challenger,
        options=challenge.options,
        seat=mine,
        players=challenge.players,
        time_control=challenge.control,
        bots=bots,
        now=now,
        rated=challenge.rated,
    )
    return match_services.match_join(
        match_id=match.pk, user=challenge.challenged, seat=theirs, now=now, invite=match.invite
    )


def challenge_decline(
    *, challenge_id: str, user, reason: str = "generic", now: int | None = None
) -> Challenge:
    """The challenged says no, with one of lichess's reasons (``DECLINE_REASONS``)."""
    now = match_services.server_now() if now is None else now
    if reason not in DECLINE_REASONS:
        raise Refused(
            gettext("A reason is one of %(reasons)s.") % {"reasons": ", ".join(DECLINE_REASONS)}
        )
    with transaction.atomic():
        challenge = _locked(challenge_id)
        if challenge.challenged_id != user.pk:
            raise NotFound(gettext("There is no such challenge to you."))
        _answerable(challenge)
        challenge.status = Challenge.Status.DECLINED
        challenge.decline_reason = reason
        challenge.answered_at = when(now)
        challenge.unseen_by = challenge.challenger
        challenge.save(update_fields=["status", "decline_reason", "answered_at", "unseen_by"])
        events.announce_on_commit(events.challenge_declined, challenge)
    return challenge


def challenge_cancel(*, challenge_id: str, user, now: int | None = None) -> Challenge:
    """The challenger takes a waiting challenge back."""
    now = match_services.server_now() if now is None else now
    with transaction.atomic():
        challenge = _locked(challenge_id)
        if challenge.challenger_id != user.pk:
            raise NotFound(gettext("There is no such challenge of yours."))
        _answerable(challenge)
        challenge.status = Challenge.Status.CANCELED
        challenge.answered_at = when(now)
        challenge.unseen_by = challenge.challenged
        challenge.save(update_fields=["status", "answered_at", "unseen_by"])
        events.announce_on_commit(events.challenge_canceled, challenge)
    return challenge


def page_open(user, now: int) -> None:
    """A page of ``user``'s asked for its challenge bar at ``now``: their waiting challenges
    know their challenger is here (``selectors.challenger_gone``)."""
    Challenge.objects.filter(challenger=user, status=Challenge.Status.CREATED).update(
        challenger_seen_at=when(now)
    )


def challenge_seen(*, challenge_id: str, user) -> None:
    """``user`` has seen how their challenge ended: their pages stop saying so."""
    Challenge.objects.filter(public_id=challenge_id, unseen_by=user).update(unseen_by=None)


def challenges_expire(now: int | None = None) -> int:
    """Marks every waiting challenge whose time is up, or whose challenger left before it was
    answered (a real-time one), expired (the worker's sweep); returns how many. Each is
    locked and checked again, so an accept at the same moment wins or loses cleanly."""
    now = match_services.server_now() if now is None else now
    waiting = Challenge.objects.filter(status=Challenge.Status.CREATED)
    due = list(waiting.filter(expires_at__lte=when(now)).values_list("public_id", flat=True)[:500])
    quiet = when(now) - timedelta(milliseconds=selectors.PAGE_GONE_MS)
    running = waiting.filter(expires_at__gt=when(now), challenger_seen_at__lt=quiet)[:500]
    due += [c.public_id for c in running if selectors.challenger_gone(c, now)]
    count = 0
    for public_id in due:
        with transaction.atomic():
            count += _expire_if_due(_locked(public_id), now)
    return count


def accept_challenges_update(user, *, accept: bool) -> None:
    """A member's own setting: whether others may challenge them."""
    if user.is_guest:
        raise Refused(gettext("Guests cannot be challenged anyway."))
    user.accept_challenges = bool(accept)
    user.save(update_fields=["accept_challenges"])
