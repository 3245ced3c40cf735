"""Reading matches: positions, per-viewer views and the lobby's lists."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, Q, QuerySet

from games import presence
from games.clock_words import clock_text
from games.models import Match
from games.registry import get_engine, get_game


def viewer_context(match: Match, seat: int | None, state=None, view: dict | None = None) -> dict:
    """What one seat may see of ``match``: only ``engine.view`` for that seat, never the state
    (``state``: the match's engine state, when the caller decoded it already; ``view``: that
    seat's view of it, when the caller has it)."""
    game = get_game(match.game)
    engine = game.engine
    state = engine.from_json(match.state) if state is None else state
    live = match.status == Match.Status.ACTIVE
    # Boards of games with huge move spaces build moves in their script instead.
    listed = live and seat is not None and game.lists_legal_moves
    legal = list(engine.legal_moves(state, seat)) if listed else []
    return {
        "view": engine.view(state, seat) if view is None else view,
        "legal": legal,
        "my_turn": live and seat is not None and seat in engine.to_move(state),
    }


def matches_open(*, exclude_user=None) -> QuerySet:
    """Open (not private) matches waiting for players, newest first."""
    qs = Match.objects.filter(status=Match.Status.WAITING, private=False)
    if exclude_user is not None and exclude_user.is_authenticated:
        qs = qs.exclude(seats__user=exclude_user)
    return qs.with_players()


def matches_live() -> QuerySet:
    """Running open matches: a private one is listed nowhere public (its players find it
    under their own matches; its page stays reachable by its link)."""
    return Match.objects.filter(status=Match.Status.ACTIVE, private=False).with_players()


def matches_for_user(user, *, seen_by=None) -> QuerySet:
    """``user``'s matches; with ``seen_by``, only those that viewer may see listed: the open
    ones, and private ones only where ``seen_by`` holds a seat too."""
    qs = Match.objects.filter(Q(seats__user=user))
    if seen_by is not None and seen_by != user:
        visible = Q(private=False)
        if seen_by.is_authenticated:
            visible |= Q(pk__in=Match.objects.filter(seats__user=seen_by).values("pk"))
        qs = qs.filter(visible)
    return qs.distinct().with_players()


def my_matches(user, *, now: int, limit: int = 20) -> list[Match]:
    """The player's matches, those waiting for their move first (least time left first),
    then the other running ones, waiting and finished; each with ``my_turn``,
    ``owner_result`` (won, lost, drawn) and ``time_left`` (ms on the running clock, None
    when untimed or not their turn)."""
    matches = list(matches_for_user(user).order_by("-created_at")[:limit])
    for match in matches:
        match.my_turn, match.time_left = False, None
        match.owner_result = match.result_for(user)
        if match.status == Match.Status.ACTIVE:
            engine = get_engine(match.game)
            match.my_turn = match.seat_of(user) in engine.to_move(engine.from_json(match.state))
            if match.my_turn and match.deadline is not None:
                match.time_left = max(0, match.deadline - now)
                match.time_left_text = clock_text(match.time_left)
    order = {Match.Status.ACTIVE: 1, Match.Status.WAITING: 2, Match.Status.FINISHED: 3}
    return sorted(
        matches,
        key=lambda m: (
            0 if m.my_turn else order[m.status],
            float("inf") if m.time_left is None else m.time_left,
        ),
    )


def matches_finished(
    *, game: str | None = None, player: str | None = None, imported: bool = False
) -> QuerySet:
    """Finished open matches, newest first, optionally of one game and/or with a player
    whose name contains ``player``; imported records (those their importer listed) only
    when asked for."""
    qs = Match.objects.filter(status=Match.Status.FINISHED, private=False)
    if not imported:
        qs = qs.filter(imported=False)
    if game:
        qs = qs.filter(game=game)
    if player:
        qs = qs.filter(
            Q(seats__user__username__icontains=player)
            | Q(seats__user__nickname__icontains=player)
            | Q(seats__name__icontains=player)
        ).distinct()
    return qs.order_by("-finished_at", "-pk").with_players()


def matches_watchable() -> QuerySet:
    """Running open matches with their number of spectators (people, not sockets), most
    watched first."""
    watching = Q(presences__seat__isnull=True, presences__seen_at__gte=presence.fresh_since())
    return (
        matches_live()
        .annotate(viewers=Count("presences__viewer", filter=watching, distinct=True))
        .order_by("-viewers", "-started_at")
    )


PLAYED_WON_LOST_DRAWN = ("played", "won", "lost", "drawn")


def player_stats(user, *, seen_by=None) -> list[dict]:
    """Played, won, lost and drawn finished matches per game for ``user``, over the matches
    ``seen_by`` may see listed (``matches_for_user``: a stranger counts no private match);
    an aborted match (a first move missed, docs/rules.md §7.3) counts for nothing."""
    stats: dict[str, dict] = defaultdict(lambda: dict.fromkeys(PLAYED_WON_LOST_DRAWN, 0))
    for match in matches_for_user(user, seen_by=seen_by).filter(status=Match.Status.FINISHED):
        if match.aborted:
            continue
        seat = match.seat_of(user)
        winners = (match.result or {}).get("winners", [])
        row = stats[match.game]
        row["played"] += 1
        if not winners:
            row["drawn"] += 1
        elif seat in winners:
            row["won"] += 1
        else:
            row["lost"] += 1
    return [
        # The game's name in the page's language, as the lists give it (the engine's is English).
        {"game": get_game(slug).name, "slug": slug, **row}
        for slug, row in sorted(stats.items())
    ]


def stats_totals(stats: list[dict]) -> dict:
    """``player_stats`` summed over the games."""
    return {k: sum(row[k] for row in stats) for k in PLAYED_WON_LOST_DRAWN}


def replay_view(match: Match, state) -> dict:
    """What a replay shows: everything, since only finished matches are replayed."""
    return get_engine(match.game).replay_view(state)
