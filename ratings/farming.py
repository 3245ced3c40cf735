"""The rules that keep a rating from being farmed (docs/rules.md §7.6, "Farming"), applied
where a rated end is recorded (``ratings.services.rate_match``), so they hold whatever made
the match: the lobby, a challenge, a rematch, a tournament or the ladder.

A farmer needs a feeder who loses again and again. So a match is left unrated when two of
its seats share an owner, or when two of its players already have ``PAIR_RESULTS`` rated
results together in that game in the last ``PAIR_WINDOW``. Each rule reads only what was
recorded before the match's end, so ``recompute`` makes the same decisions again. A rule on
how few moves a match lasted is left out on purpose: a script plays three moves as fast as
one, and every honest quick resignation would lose its rating.
"""

from __future__ import annotations

from datetime import timedelta
from itertools import combinations

from games.models import Match
from ratings.models import RatingChange

#: Two players' rated results together in one game that count within ``PAIR_WINDOW``: a
#: round robin's six legs count, a seventh quick result that day does not.
PAIR_RESULTS = 6
PAIR_WINDOW = timedelta(hours=24)


def owners(user) -> set[str]:
    """Who stands behind an account: itself and the email address it gives (a person and
    their programs, or two programs of one person, share the address)."""
    found = {f"user:{user.pk}"}
    email = (user.email or "").strip().casefold()
    if email:
        found.add(f"mail:{email}")
    return found


def same_owner(users) -> bool:
    return any(owners(a) & owners(b) for a, b in combinations(users, 2))


def pair_repeated(match: Match, users) -> bool:
    """Whether two of ``users`` already have ``PAIR_RESULTS`` rated results together in
    ``match``'s game within ``PAIR_WINDOW`` before its end."""
    since = match.finished_at - PAIR_WINDOW
    for a, b in combinations(sorted({u.pk for u in users}), 2):
        together = (
            RatingChange.objects.filter(
                user_id=a, game=match.game, at__gt=since, at__lte=match.finished_at
            )
            .filter(match__rating_changes__user_id=b)
            .exclude(match=match)
            .count()
        )
        if together >= PAIR_RESULTS:
            return True
    return False


def farmed(match: Match) -> bool:
    """Whether a rated match's end is one these rules leave unrated."""
    users = [s.user for s in match.seat_list()]
    return same_owner(users) or pair_repeated(match, users)
