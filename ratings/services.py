"""The only writer of ratings: a rated match's end updates every seat once (docs/rules.md
§7.6), inside the transaction that records that end; ``recompute`` rebuilds them all.

Reached from games.events ``match_ending`` (ratings.reactions), never from the match
services, which do not know ratings exist.
"""

from __future__ import annotations

from django.db import transaction

from games.models import Match
from ratings.farming import farmed
from ratings.models import Rating, RatingChange
from ratings.scale import MODEL, final_places, rate


def is_rated(match: Match) -> bool:
    """Whether ``match``'s end changes ratings: a rated match (never an import, never a
    private one) that ended with a result (an aborted match has none) and whose every seat
    is a member, a program or the table's computer, never a guest (docs/rules.md §7.6),
    and that the rules against farming a rating leave rated (``ratings.farming``).
    A private match is left out even when it was made rated before that rule: a rating is
    public, and its changes would tell who played whom in private, and how it ended."""
    if not match.rated or match.private or match.imported or match.aborted:
        return False
    if match.status != Match.Status.FINISHED or not match.result:
        return False
    if not all(s.user_id and not s.user.is_guest for s in match.seat_list()):
        return False
    return not farmed(match)


def leavers(match: Match) -> list[int]:
    """The seats that left (resigned, time, abandoned), in the order they left."""
    return list(
        match.moves.filter(move__type="leave").order_by("ply").values_list("seat", flat=True)
    )


def rate_match(match: Match) -> list[RatingChange]:
    """Rates the finished ``match`` from its final places, once: returns the changes made
    (none for a match that is not rated, or was rated before).

    Runs in the caller's transaction (the writer's, which holds the match row). The players'
    rating rows are locked in the order of their ids, so two ends that share a player (the
    computer plays many matches at once) apply one after the other.
    """
    if not is_rated(match) or RatingChange.objects.filter(match=match).exists():
        return []
    seats = match.seat_list()
    places = final_places(match.result, match.players, leavers(match))
    users = sorted(s.user_id for s in seats)
    Rating.objects.bulk_create(
        [Rating(user_id=u, game=match.game, mu=MODEL.mu, sigma=MODEL.sigma) for u in users],
        ignore_conflicts=True,
    )
    ratings = {
        r.user_id: r
        for r in Rating.objects.select_for_update()
        .filter(game=match.game, user_id__in=users)
        .order_by("user_id")
    }
    before = [(ratings[s.user_id].mu, ratings[s.user_id].sigma) for s in seats]
    after = rate(before, [places[s.index] for s in seats])
    changes = []
    for s, (mu0, sigma0), (mu1, sigma1) in zip(seats, before, after, strict=True):
        changes.append(
            RatingChange(
                match=match,
                user_id=s.user_id,
                game=match.game,
                seat=s.index,
                place=places[s.index],
                mu_before=mu0,
                sigma_before=sigma0,
                mu_after=mu1,
                sigma_after=sigma1,
                at=match.finished_at,
            )
        )
        rating = ratings[s.user_id]
        rating.mu, rating.sigma = mu1, sigma1
        rating.games += 1
        rating.updated_at = match.finished_at
    Rating.objects.bulk_update(list(ratings.values()), ["mu", "sigma", "games", "updated_at"])
    RatingChange.objects.bulk_create(changes)
    return changes


def rated_matches():
    """The finished rated matches in the order of their end (ties by id)."""
    return (
        Match.objects.filter(
            rated=True, imported=False, status=Match.Status.FINISHED, result__isnull=False
        )
        .with_players()
        .order_by("finished_at", "pk")
    )


@transaction.atomic
def recompute() -> int:
    """Forgets every rating and rates every finished rated match again in the order of their
    end, exactly as when each ended; returns how many matches changed ratings."""
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    rated = 0
    for match in rated_matches().iterator(chunk_size=500):
        rated += bool(rate_match(match))
    return rated
