"""Everything that changes a club: create, join (at once, or a request the leader accepts),
leave, accept, decline, remove a member. Each checks its bounds under the club's row lock,
so two joins at once cannot pass the member cap together; every refusal says why and changes
nothing. Every function takes ``now`` (server milliseconds) so that tests pass their clock.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext

from accounts.models import User
from clubs.models import Club, JoinRequest, Member
from games.errors import Refused
from games.plaintext import clean

#: Clubs one member may lead at once.
CLUBS_PER_LEADER = 3
#: Members one club may hold, its leader included.
MEMBERS_PER_CLUB = 500
#: Join requests one club may have waiting for its leader.
REQUESTS_PER_CLUB = 50
#: Join requests one player may have waiting, over all clubs.
REQUESTS_PER_PLAYER = 10
#: Team ids this table keeps for itself (``/api/swiss/new/open`` makes an open Swiss).
RESERVED = {"open", "new", "all", "of", "search"}


class NotFound(Refused):
    """No such club (the API answers 404)."""


def _may_act(user) -> None:
    if not user.is_authenticated or user.is_guest or user.is_bot:
        raise Refused(gettext("Guests cannot be in clubs: make an account first."))


def _free_slug(name: str) -> str:
    base = slugify(name)[:32].strip("-") or "club"
    slug, n = base, 1
    while slug in RESERVED or Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def club_create(*, leader, name: str, description: str = "", open: bool = True, now: int) -> Club:
    """A new club led by ``leader`` (a member or a program), its first member."""
    _may_act(leader)
    name = clean(str(name or ""))[:60].strip()
    if len(name) < 2:
        raise Refused(gettext("A club needs a name of two characters or more."))
    description = str(description or "").strip()[:1000]
    list(User.objects.select_for_update().filter(pk=leader.pk).values_list("pk"))
    if Club.objects.filter(leader=leader).count() >= CLUBS_PER_LEADER:
        raise Refused(
            gettext("You already lead %(count)d clubs, the most one member may lead.")
            % {"count": CLUBS_PER_LEADER}
        )
    if Club.objects.filter(name__iexact=name).exists():
        raise Refused(gettext("There is a club of that name already: choose another."))
    club = Club.objects.create(
        slug=_free_slug(name),
        name=name,
        description=description,
        open=bool(open),
        leader=leader,
        created_at=now,
    )
    Member.objects.create(club=club, user=leader, joined_at=now)
    return club


def _locked(slug: str) -> Club:
    club = Club.objects.select_for_update().filter(slug=str(slug)[:40]).first()
    if club is None:
        raise NotFound(gettext("There is no such club."))
    return club


def _room_for_one(club: Club) -> None:
    if Member.objects.filter(club=club).count() >= MEMBERS_PER_CLUB:
        raise Refused(
            gettext("This club is full: it holds %(count)d members.") % {"count": MEMBERS_PER_CLUB}
        )


def _add(club: Club, user, now: int) -> Member:
    _room_for_one(club)
    JoinRequest.objects.filter(club=club, user=user).delete()
    try:
        with transaction.atomic():
            return Member.objects.create(club=club, user=user, joined_at=now)
    except IntegrityError:  # a member already, added by a step that raced this one
        return Member.objects.get(club=club, user=user)


@transaction.atomic
def club_join(*, slug: str, user, message: str = "", now: int) -> str:
    """``"joined"`` (an open club, or a member already) or ``"requested"`` (a closed club:
    the request waits for the leader; asking again keeps the one request)."""
    _may_act(user)
    club = _locked(slug)
    if Member.objects.filter(club=club, user=user).exists():
        return "joined"
    if club.open:
        _add(club, user, now)
        return "joined"
    if JoinRequest.objects.filter(club=club, user=user).exists():
        return "requested"
    _room_for_one(club)
    if JoinRequest.objects.filter(club=club).count() >= REQUESTS_PER_CLUB:
        raise Refused(
            gettext("This club has %(count)d requests waiting for its leader: try again later.")
            % {"count": REQUESTS_PER_CLUB}
        )
    if JoinRequest.objects.filter(user=user).count() >= REQUESTS_PER_PLAYER:
        raise Refused(
            gettext("You have %(count)d requests waiting already: wait for an answer first.")
            % {"count": REQUESTS_PER_PLAYER}
        )
    JoinRequest.objects.create(
        club=club, user=user, message=clean(str(message or ""))[:200], created_at=now
    )
    return "requested"


@transaction.atomic
def club_leave(*, slug: str, user, now: int) -> None:
    """``user`` is a member no more (a waiting request goes too). The leader stays: a club
    always has one."""
    club = _locked(slug)
    if club.leader_id == user.pk:
        raise Refused(gettext("The leader cannot leave their club."))
    Member.objects.filter(club=club, user=user).delete()
    JoinRequest.objects.filter(club=club, user=user).delete()


def _led(slug: str, leader) -> Club:
    club = _locked(slug)
    if club.leader_id != leader.pk:
        raise Refused(gettext("Only the club's leader may do that."))
    return club


def _requester(club: Club, username: str) -> JoinRequest:
    request = (
        JoinRequest.objects.select_related("user")
        .filter(club=club, user__username__iexact=str(username)[:150])
        .first()
    )
    if request is None:
        raise NotFound(gettext("There is no such join request."))
    return request


@transaction.atomic
def request_accept(*, slug: str, leader, username: str, now: int) -> Member:
    """The leader takes a requester in (refused when the club is full: the request stays)."""
    club = _led(slug, leader)
    return _add(club, _requester(club, username).user, now)


@transaction.atomic
def request_decline(*, slug: str, leader, username: str, now: int) -> None:
    club = _led(slug, leader)
    _requester(club, username).delete()


@transaction.atomic
def member_remove(*, slug: str, leader, username: str, now: int) -> None:
    """The leader removes a member (lichess's kick); never themselves."""
    club = _led(slug, leader)
    if str(username).lower() == leader.username.lower():
        raise Refused(gettext("The leader cannot leave their club."))
    removed, _ = Member.objects.filter(club=club, user__username__iexact=str(username)).delete()
    if not removed:
        raise NotFound(gettext("There is no such member."))
