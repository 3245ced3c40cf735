"""Reading clubs: the list, a club's page (members, requests, tournaments, leaderboard), the
clubs a member leads (the tournament form's choice), and the two checks the tournaments ask
(who may make a club's tournament, who may join one). The tournaments app builds on clubs,
never the other way: its tournaments are read here through ``club.tournaments``."""

from __future__ import annotations

from django.db.models import Count, F, Q
from django.utils.translation import gettext

from clubs.models import Club, JoinRequest, Member
from games.errors import Refused
from games.registry import GAMES, get_game
from ratings.models import Rating
from ratings.scale import SCALE, ordinal

LIST_LENGTH = 100
#: Members shown per game on a club's leaderboard.
LEADERS_PER_GAME = 10


def all_clubs() -> list[Club]:
    """Every club with its members' count, the largest first."""
    counted = Club.objects.select_related("leader").annotate(count=Count("members"))
    return list(counted.order_by("-count", "name")[:LIST_LENGTH])


def club(slug: str) -> Club | None:
    return Club.objects.select_related("leader").filter(slug=str(slug)[:40]).first()


def members(club: Club) -> list[Member]:
    return list(Member.objects.filter(club=club).select_related("user"))


def requests(club: Club) -> list[JoinRequest]:
    return list(JoinRequest.objects.filter(club=club).select_related("user"))


def is_member(club_id: int, user) -> bool:
    return bool(user.pk) and Member.objects.filter(club_id=club_id, user_id=user.pk).exists()


def has_requested(club: Club, user) -> bool:
    return bool(user.pk) and JoinRequest.objects.filter(club=club, user_id=user.pk).exists()


def led_by(user) -> list[Club]:
    """The clubs ``user`` leads: a tournament may be kept to one of them."""
    if not user.is_authenticated:
        return []
    return list(Club.objects.filter(leader=user))


def clubs_of(user) -> list[Club]:
    return list(Club.objects.filter(members__user=user).select_related("leader"))


def tournaments(club: Club, formats: tuple[str, ...] = (), most: int = LIST_LENGTH):
    """A club's tournaments of ``formats`` (all when empty), latest first, with their
    creator and players' count: the tournaments app's rows, reached through the relation it
    declares (``Tournament.club``), so that clubs import nothing of it."""
    kept = club.tournaments.filter(private=False)
    if formats:
        kept = kept.filter(format__in=formats)
    return list(
        kept.select_related("created_by", "club")
        .annotate(players=Count("entries", filter=Q(entries__withdrawn=False)))
        .order_by("-starts_at", "-pk")[:most]
    )


def leaderboard(club: Club) -> list[dict]:
    """Per game, the club's members who played it rated, best first by what their rating
    is sure of (μ − 3σ, as the table's leaderboard), ``LEADERS_PER_GAME`` of them."""
    rated = (
        Rating.objects.filter(user__club_memberships__club=club, games__gt=0)
        .select_related("user")
        .annotate(conservative=F("mu") - 3 * F("sigma"))
        .order_by("game", "-conservative", "-games", "user_id")
    )
    boards: dict[str, list] = {}
    for r in rated:
        rows = boards.setdefault(r.game, [])
        if len(rows) < LEADERS_PER_GAME:
            rows.append(
                {
                    "rank": len(rows) + 1,
                    "user": r.user,
                    "shown": r.shown,
                    "conservative": round(SCALE * ordinal(r.mu, r.sigma)),
                    "games": r.games,
                }
            )
    return [
        {"slug": slug, "game": get_game(slug).name, "rows": boards[slug]}
        for slug in GAMES
        if slug in boards
    ]


def check_may_host(club: Club, creator) -> None:
    """Only a club's leader keeps a tournament to its members (as lichess's team leaders)."""
    if club.leader_id != creator.pk:
        raise Refused(gettext("Only the club's leader makes tournaments for its members."))


def check_may_enter(tournament, user) -> None:
    """A club's tournament takes its members alone, saying which club to join."""
    if tournament.club_id is not None and not is_member(tournament.club_id, user):
        raise Refused(
            gettext("This tournament is for the members of %(club)s: join the club first.")
            % {"club": tournament.club.name}
        )
