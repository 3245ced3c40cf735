"""Reading tournaments: what the formats read (entrants, results, byes, the ranking), the
steps due, the lists, a tournament's standings with names, its crosstable or its rounds,
the matches being played, and one player's part (their entry, their match)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.translation import gettext

from accounts.models import User
from games.models import Match
from ratings.models import Rating
from ratings.scale import INITIAL, SCALE
from tournaments import formats
from tournaments.models import Entry, Pairing, Tournament

LIST_LENGTH = 30
#: The standings' bar picture: the longest bar's length in SVG units, and how many rows.
BAR_WIDTH = 300
BAR_ROWS = 16
ARENA_SHOWN = 50


def _listed(tournaments):
    """``tournaments`` as the lists show them: with their creator and their players' count."""
    return tournaments.select_related("created_by", "club").annotate(
        players=Count("entries", filter=Q(entries__withdrawn=False))
    )


def lists() -> dict[str, list[Tournament]]:
    """The open tournaments: upcoming (soonest first), running, finished (latest first)."""
    shown = _listed(Tournament.objects.filter(private=False))
    status = Tournament.Status
    return {
        "upcoming": list(shown.filter(status=status.CREATED).order_by("starts_at")[:LIST_LENGTH]),
        "running": list(shown.filter(status=status.STARTED).order_by("starts_at")[:LIST_LENGTH]),
        "finished": list(shown.filter(status=status.FINISHED).order_by("-ends_at")[:LIST_LENGTH]),
    }


def created_by(username: str, viewer, statuses: list[str], most: int) -> list[Tournament]:
    """The tournaments ``username`` made, latest first, at most ``most``, of ``statuses``
    (all when empty); their private ones only to themselves."""
    made = _listed(Tournament.objects.filter(created_by__username__iexact=username)).order_by(
        "-starts_at", "-pk"
    )
    if statuses:
        made = made.filter(status__in=statuses)
    if not (viewer is not None and viewer.username.lower() == username.lower()):
        made = made.filter(private=False)
    return list(made[:most])


# --- What the formats read ------------------------------------------------------------------


def entrants(tournament: Tournament, entries: list[Entry]) -> list[formats.Entrant]:
    """``entries`` as the formats take them, each with the rating shown on the site."""
    ratings = {
        r.user_id: r.mu * SCALE
        for r in Rating.objects.filter(
            game=tournament.game, user_id__in=[e.user_id for e in entries]
        )
    }
    return [
        formats.Entrant(
            key=str(e.user_id),
            rating=ratings.get(e.user_id, INITIAL.rating),
            joined_round=e.joined_round,
            withdrawn=e.withdrawn,
            paused=e.paused,
        )
        for e in entries
    ]


def results(tournament: Tournament) -> list[formats.Result]:
    """Every finished table with a match (or forfeited for a refused seat), in the order
    they finished."""
    done = tournament.pairings.filter(places__isnull=False).order_by("finished_order", "id")
    return [
        formats.Result(
            round=p.round,
            seats=tuple(str(u) for u in p.seats),
            places=tuple(p.places),
            forfeit=tuple(p.forfeit),
            order=p.finished_order or 0,
        )
        for p in done
        if not p.bye
    ]


def full_byes(tournament: Tournament) -> dict[str, list[int]]:
    """Per player the rounds they sat out with a pairing of their own (a Swiss's full-point
    bye, a round robin's rest)."""
    byes: dict[str, list[int]] = {}
    for pairing in tournament.pairings.filter(match=None):
        if pairing.bye:
            byes.setdefault(str(pairing.seats[0]), []).append(pairing.round)
    return byes


def half_byes(entries: list[Entry], current_round: int) -> dict[str, list[int]]:
    """A late joiner's missed Swiss rounds, each half a point."""
    return {
        str(e.user_id): list(range(1, min(e.joined_round, current_round + 1)))
        for e in entries
        if e.joined_round > 1
    }


def ranking(tournament: Tournament, entries: list[Entry] | None = None):
    """The standings now (``formats.Standing`` per entry, best first). Each format counts
    what it counts: the byes and half byes only in a Swiss (``formats.standings``)."""
    entries = list(tournament.entries.all()) if entries is None else entries
    return formats.standings(
        tournament.format,
        entrants(tournament, entries),
        results(tournament),
        byes=full_byes(tournament),
        half_byes=half_byes(entries, tournament.current_round),
        table_size=tournament.table_size,
    )


def due(now: int) -> list[int]:
    """The tournaments with a step due at ``now``, for the worker's sweep (whatever a lost
    task would have done): a start or a deadline passed, an Arena with players waiting, a
    round whose every match ended."""
    running = Tournament.objects.exclude(status=Tournament.Status.FINISHED)
    ids = set(running.filter(next_step_at__lte=now).values_list("pk", flat=True))
    for tournament in running.filter(status=Tournament.Status.STARTED).only(
        "pk", "format", "current_round", "table_size"
    ):
        pending = tournament.pairings.filter(places__isnull=True).exclude(match=None)
        if not tournament.by_rounds:
            waiting = tournament.entries.filter(
                waiting_since__isnull=False, paused=False, withdrawn=False
            )
            if waiting.count() >= tournament.table_size:
                ids.add(tournament.pk)
        elif not pending.filter(round=tournament.current_round).exists():
            ids.add(tournament.pk)
        if pending.filter(match__status=Match.Status.FINISHED).exists():
            ids.add(tournament.pk)  # a match's end its reaction missed
    return sorted(ids)


def game_event_keys(match: Match) -> dict:
    """What a program's ``gameStart``/``gameFinish`` says of a tournament match, as lichess's
    do (games.features ``game_event_context``): an Arena's is ``source: "arena"`` with its
    ``tournamentId``; a Swiss's and a round robin's (rounds, paired by the table, read under
    ``/api/swiss/{id}`` too) ``source: "swiss"`` with its ``swissId``. Other matches: nothing."""
    found = (
        Pairing.objects.filter(match_id=match.pk)
        .values_list("tournament__format", "tournament__public_id")
        .first()
    )
    if found is None:
        return {}
    format, public_id = found
    if format == Tournament.Format.ARENA:
        return {"source": "arena", "tournamentId": public_id}
    return {"source": "swiss", "swissId": public_id}


def match_origin(match: Match) -> dict | None:
    """A tournament match's tournament for its page (games.features ``origin_context``): its
    name, its page and the way back there, which replaces the rematch. Other matches: None."""
    found = (
        Pairing.objects.filter(match_id=match.pk)
        .values_list("tournament__name", "tournament__public_id")
        .first()
    )
    if found is None:
        return None
    name, public_id = found
    return {
        "name": name,
        "url": reverse("tournaments:detail", args=[public_id]),
        "back": gettext("Back to the tournament"),
    }


def visible(public_id: str, invite: str | None, user) -> Tournament | None:
    """The tournament, if this viewer may see it: an open one, or a private one with its
    invite, to its players or to its creator."""
    tournament = Tournament.objects.filter(public_id=public_id).first()
    if tournament is None or not tournament.private or invite == tournament.invite:
        return tournament
    if user.is_authenticated and (
        tournament.created_by_id == user.pk
        or Entry.objects.filter(tournament=tournament, user=user).exists()
    ):
        return tournament
    return None


@dataclass
class Row:
    rank: int
    user: User
    points: float
    tiebreaks: tuple
    played: int
    wins: int
    draws: int
    losses: int
    streak: int
    withdrawn: bool
    paused: bool
    bar: int = 0  # the bar's length in the picture
    digits: int = 2  # the tie-breaks' decimals: an Arena's performance is a whole rating

    @property
    def points_text(self) -> str:
        return _points(self.points)

    @property
    def tiebreak_texts(self) -> list[str]:
        if not self.digits:
            return [str(round(t)) for t in self.tiebreaks]
        return [_decimal(f"{t:.2f}".rstrip("0").rstrip(".")) for t in self.tiebreaks]


def _points(value: float) -> str:
    """1, ½, 2½; other fractions (tables of 3–4) with two decimals."""
    if value * 2 == int(value * 2):
        return f"{int(value)}½".replace("0½", "½") if value % 1 else f"{value:g}"
    return _decimal(f"{value:.2f}")


def _decimal(text: str) -> str:
    """``text``'s decimal point as the active language writes it: a German page said 0.67."""
    return text.replace(".", get_format("DECIMAL_SEPARATOR"))


def standings(tournament: Tournament) -> list[Row]:
    entries = list(tournament.entries.select_related("user"))
    by_key = {str(e.user_id): e for e in entries}
    rows = []
    for s in ranking(tournament, entries):
        entry = by_key[s.key]
        rows.append(
            Row(
                rank=s.rank,
                user=entry.user,
                points=s.points,
                tiebreaks=s.tiebreaks,
                played=s.played,
                wins=s.wins,
                draws=s.draws,
                losses=s.losses,
                streak=s.streak,
                withdrawn=entry.withdrawn,
                paused=entry.paused,
                digits=0 if tournament.format == Tournament.Format.ARENA else 2,
            )
        )
    best = max((r.points for r in rows), default=0) or 1
    for row in rows:
        row.bar = round(BAR_WIDTH * row.points / best)
    return rows


def tiebreak_names(tournament: Tournament) -> list[str]:
    if tournament.format == Tournament.Format.SWISS:
        return [gettext("Buchholz"), gettext("Sonneborn–Berger")]
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return [gettext("Head to head"), gettext("Sonneborn–Berger")]
    return [gettext("Performance")]  # an Arena's one tie-break (docs/rules.md §8)


def crosstable(tournament: Tournament, rows: list[Row]) -> list[dict]:
    """Per player (in standings order) their points against each other player ("" before
    any finished, None on the diagonal): a two-player match counts 1, ½ or 0, a table of k
    1 / (k − 1) per opponent finished behind, half that for a tie (docs/rules.md §8.1)."""
    order = [r.user.pk for r in rows]
    against: dict[tuple[int, int], float] = {}
    for pairing in tournament.pairings.filter(places__isnull=False):
        if pairing.bye:
            continue
        share = 1 / (len(pairing.seats) - 1)
        for a, pa in zip(pairing.seats, pairing.places, strict=True):
            for b, pb in zip(pairing.seats, pairing.places, strict=True):
                if a != b:
                    score = 1.0 if pa < pb else 0.0 if pa > pb else 0.5
                    against[(a, b)] = against.get((a, b), 0) + score * share
    return [
        {
            "row": row,
            "cells": [
                None
                if other == row.user.pk
                else _points(round(against[(row.user.pk, other)], 2))
                if (row.user.pk, other) in against
                else ""
                for other in order
            ],
        }
        for row in rows
    ]


def rounds(tournament: Tournament) -> list[dict]:
    """Each round's tables, newest first: players in seat order with their places, the match
    to watch or replay; byes."""
    pairings = tournament.pairings.select_related("match").order_by("-round", "-table")
    # An Arena's are one list, newest first: the latest ARENA_SHOWN of them.
    pairings = list(pairings[:ARENA_SHOWN] if not tournament.by_rounds else pairings)
    pairings.sort(key=lambda p: (-p.round, p.table if tournament.by_rounds else -p.table))
    users = {u.pk: u for u in User.objects.filter(pk__in={u for p in pairings for u in p.seats})}
    by_round: dict[int, list] = {}
    for pairing in pairings:
        seats = [
            {
                "user": users.get(u),
                "place": pairing.places[i] if pairing.places else None,
                "forfeit": bool(pairing.forfeit and pairing.forfeit[i]),
            }
            for i, u in enumerate(pairing.seats)
        ]
        by_round.setdefault(pairing.round, []).append(
            {"pairing": pairing, "seats": seats, "result": _result(pairing)}
        )
    return [{"number": n, "tables": tables} for n, tables in by_round.items()]


def _result(pairing: Pairing) -> str:
    """A finished table's result between its names: "1–0", "½–½" for two players (each
    one's points), the places "1–3–2" for more; the match's own score follows it on the page
    ("28 : 56"). "" while it is played or for a bye."""
    if not pairing.places or pairing.bye:
        return ""
    if len(pairing.places) == 2:
        a, b = pairing.places
        return "½–½" if a == b else "1–0" if a < b else "0–1"
    return "–".join(str(p) for p in pairing.places)


def _winners(steps: list[Row]) -> dict:
    """The podium's steps, those who share its first rank and their names as one text."""
    winners = [r for r in steps if r.rank == steps[0].rank] if steps else []
    names = gettext(" and ").join(r.user.display_name for r in winners)
    return {"podium": steps, "winners": winners, "winner_names": names}


def podium(tournament: Tournament, rows: list[Row]) -> list[Row]:
    """A finished tournament's first three, winner first (lichess's podium): none while it
    runs or when nobody played."""
    if tournament.status != Tournament.Status.FINISHED or not any(r.played for r in rows):
        return []
    return [r for r in rows if not r.withdrawn][:3]


def playing_now(tournament: Tournament) -> list[Match]:
    return list(
        Match.objects.filter(
            tournament_pairing__tournament=tournament, status=Match.Status.ACTIVE
        ).with_players()[:50]
    )


def countdown(tournament: Tournament) -> tuple[str, int] | None:
    """What the page counts down to: ("start", ms), ("round", ms) or ("end", ms)."""
    if tournament.status == Tournament.Status.CREATED:
        return "start", tournament.starts_at
    if tournament.status != Tournament.Status.STARTED:
        return None
    if tournament.format == Tournament.Format.ARENA:
        return None if finishing(tournament) else ("end", tournament.ends_at)
    if tournament.next_step_at is not None and not making(tournament):
        return "round", tournament.next_step_at
    return None


def finishing(tournament: Tournament) -> int:
    """How many matches an Arena whose time is up still plays (0 for any other): it has
    finished once they have ended, and counts them (docs/rules.md §8.4). Its step at the end
    clears ``next_step_at``; while it runs that is its end."""
    if (
        tournament.format != Tournament.Format.ARENA
        or tournament.status != Tournament.Status.STARTED
        or tournament.next_step_at is not None
    ):
        return 0
    return tournament.pairings.filter(places__isnull=True).exclude(match=None).count()


def starting(tournament: Tournament, now: int) -> bool:
    """Whether ``tournament``'s start has come (its "Start now" pressed, or its time) and the
    worker's first step, which makes round 1 or the first pairings, is still to come: the page
    shows that step coming, not "Upcoming" with a countdown at 0."""
    return tournament.status == Tournament.Status.CREATED and tournament.starts_at <= now


def making(tournament: Tournament) -> dict | None:
    """While the worker seats the current round step by step (tournaments/directors/
    rounds.py): its number, the tables made and all of them (byes aside); else None."""
    if not tournament.by_rounds or tournament.status != Tournament.Status.STARTED:
        return None
    tables = [
        p
        for p in tournament.pairings.filter(round=tournament.current_round).only(
            "seats", "match", "places"
        )
        if not p.bye
    ]
    made = sum(1 for p in tables if p.match_id or p.places is not None)
    if made == len(tables):
        return None
    return {"n": tournament.current_round, "made": made, "total": len(tables)}


def live(tournament: Tournament, now: int) -> dict:
    """Everything the live part of the page shows at ``now``, the same for every viewer."""
    rows = standings(tournament)
    begins = starting(tournament, now)
    return {
        "tournament": tournament,
        "rows": rows,
        "bar_rows": rows[:BAR_ROWS],
        "bar_width": BAR_WIDTH,
        "tiebreak_names": tiebreak_names(tournament),
        "crosstable": crosstable(tournament, rows)
        if tournament.format == Tournament.Format.ROUND_ROBIN
        else [],
        "rounds": rounds(tournament),
        **_winners(podium(tournament, rows)),
        "playing": playing_now(tournament),
        "countdown": None if begins else countdown(tournament),
        "starting": begins,
        "finishing": finishing(tournament),
        "making": making(tournament),
        "unplayed": unplayed(tournament),
    }


def unplayed(tournament: Tournament) -> bool:
    """Whether ``tournament`` ended at its start for want of players (docs/rules.md §8.5):
    one that started made its first pairings at once."""
    return tournament.status == Tournament.Status.FINISHED and not tournament.pairings.exists()


def entry_of(tournament: Tournament, user) -> Entry | None:
    if not user or not user.is_authenticated:
        return None
    return Entry.objects.filter(tournament=tournament, user=user).first()


def current_match(tournament: Tournament, user_id: int) -> Match | None:
    """``user_id``'s running match in this tournament, if any (their newest)."""
    running = Pairing.objects.filter(
        tournament=tournament, places__isnull=True, match__status=Match.Status.ACTIVE
    ).select_related("match")
    mine = [p for p in running.order_by("-id") if user_id in p.seats]
    return mine[0].match if mine else None
