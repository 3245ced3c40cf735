"""A match is its setup (game, seed, options, seats) plus its ordered moves.

``state`` caches the engine state after the last move so a move costs one apply,
not a replay; it is rewritten in the same transaction as the move it follows,
and can always be rebuilt from the setup and the moves (``games.store.matchlog``).
"""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from games.clocks import Clock, TimeControl
from games.registry import get_game
from games.rules import LEAVE_NOTATION
from games.store.movelog import entries
from games.store.seat_query import seats_with_users


def new_invite() -> str:
    return secrets.token_urlsafe(9)


PUBLIC_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
PUBLIC_ID_LENGTH = 8


def new_public_id() -> str:
    """Eight random letters and digits (62**8 ids): a match's name in every URL, so that no
    match can be found by counting. Never digits only: ``/m/<digits>/`` are the old links."""
    while True:
        public_id = "".join(secrets.choice(PUBLIC_ID_ALPHABET) for _ in range(PUBLIC_ID_LENGTH))
        if not public_id.isdigit():
            return public_id


class MatchQuerySet(models.QuerySet):
    def with_players(self) -> "MatchQuerySet":
        """Loads the seats and their users in one more query (seat names, ``seat_of``)."""
        return self.prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("user"))
        )


class Match(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for players"
        ACTIVE = "active", "Playing"
        FINISHED = "finished", "Finished"

    game = models.CharField(max_length=40, db_index=True)
    seed = models.BigIntegerField()
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    ply = models.PositiveIntegerField(default=0)
    state = models.JSONField()
    result = models.JSONField(null=True, blank=True)
    invite = models.CharField(max_length=20, unique=True, default=new_invite)
    # The match's name outside: URLs, sockets, emails. The integer pk stays internal.
    public_id = models.CharField(
        max_length=PUBLIC_ID_LENGTH, unique=True, default=new_public_id, editable=False
    )
    imported = models.BooleanField(default=False)
    # Private: only the invite link seats players and the lobby does not list it.
    private = models.BooleanField(default=False)
    # Rated: its end changes its players' ratings (docs/rules.md §7.6); else casual. Never
    # an import, nor a match with a guest in it.
    rated = models.BooleanField(default=False)
    # An imported record's fingerprint, so the same record imported twice is recognised.
    record_digest = models.CharField(max_length=64, unique=True, null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True
    )
    # The finished match this one is a rematch of: one rematch per match and asker, so a
    # repeated request opens the same new match instead of starting another.
    rematch_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, related_name="+", null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The time control and the clocks (games.clocks), in milliseconds since the epoch:
    # what each seat had left when the running turn started, and when the mover falls.
    time_control = models.JSONField(default=dict, blank=True)
    clock_ms = models.JSONField(default=list, blank=True)
    turn_started = models.BigIntegerField(null=True, blank=True)
    deadline = models.BigIntegerField(null=True, blank=True, db_index=True)
    # Real time: the seats whose first turn has not ended (free of charge; missing its
    # deadline aborts the match, docs/rules.md §7.3).
    unmoved = models.JSONField(default=list, blank=True)

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "-created_at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["rematch_of", "created_by"], name="one_rematch_per_asker"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("games:match", args=[self.public_id])

    @property
    def control(self) -> TimeControl:
        return TimeControl.from_json(self.time_control)

    @property
    def clock(self) -> Clock:
        return Clock(
            tuple(self.clock_ms), self.turn_started, self.deadline, tuple(self.unmoved or ())
        )

    @clock.setter
    def clock(self, clock: Clock) -> None:
        self.clock_ms = list(clock.left_ms)
        self.turn_started, self.deadline = clock.turn_started, clock.deadline
        self.unmoved = list(clock.unmoved)

    @property
    def aborted(self) -> bool:
        """Whether the match ended without a result: a seat missed its first move's deadline
        (``result["seat"]``); nobody won or lost."""
        return bool((self.result or {}).get("aborted"))

    @property
    def game_name(self) -> str:
        return get_game(self.game).name

    @property
    def turns(self) -> int:
        """Turns played, as the move list counts them (a power-companies turn is several
        moves): what the lists show rather than plies."""
        return len(entries(self))

    @property
    def score_text(self) -> str:
        """The final scores, seat by seat ("3 : 1"), or "" when the game keeps none; the spaces
        do not break, so a line never ends after a colon ("28 :" over "56")."""
        scores = (self.result or {}).get("scores") or []
        return "\u00a0:\u00a0".join(str(s) for s in scores)

    @property
    def tie_broken(self) -> bool:
        """Whether a winner's score equals a loser's: the game's own tie-break decided
        (Powerdrain's total voltage), so a row that shows the score names it too ("won 8 : 8
        on total voltage" rather than a bare "won 8 : 8"). Not a leave: a win on time at 0 : 0
        is no tie-break, and the row had read "won 0 : 0 (lost on time)"."""
        result = self.result or {}
        if result.get("reason") in LEAVE_NOTATION:
            return False
        scores, winners = result.get("scores") or [], result.get("winners") or []
        losers = [s for i, s in enumerate(scores) if i not in winners]
        return any(scores[w] in losers for w in winners if w < len(scores))

    def result_for(self, user) -> str | None:
        """ "won", "lost" or "drawn" for ``user``'s seat in a finished match, "aborted" when
        it ended without a result, else None."""
        seat = self.seat_of(user)
        if self.status != self.Status.FINISHED or seat is None:
            return None
        if self.aborted:
            return "aborted"
        winners = (self.result or {}).get("winners", [])
        return "drawn" if not winners else "won" if seat in winners else "lost"

    @property
    def player_names(self) -> str:
        return " vs ".join(s.display_name for s in self.seat_list())

    def seat_list(self) -> list["Seat"]:
        """The seats in order, with their users; loaded once per Match object once every seat
        is taken (the move service, its renders and its notices share one object)."""
        seats = self.__dict__.get("_seats")
        if seats is None:
            prefetched = getattr(self, "_prefetched_objects_cache", {}).get("seats")
            seats = list(prefetched) if prefetched is not None else seats_with_users(self)
            if self.status != self.Status.WAITING:  # seats change while players join
                self._seats = seats
        return seats

    def hint_seats(self, viewer) -> set[int]:
        """The seats whose moves' hints ``viewer`` may read: none while the match runs (an
        opponent could read them), then their own seat's, the computer's and those of
        players who made their hints public."""
        if self.status != self.Status.FINISHED:
            return set()
        viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
        return {
            seat.index
            for seat in self.seat_list()
            if seat.user_id
            and (seat.user_id == viewer_id or seat.user.is_bot or seat.user.public_hints)
        }

    def hints_for(self, viewer) -> dict[int, str]:
        """The hints ``viewer`` may read (``hint_seats``), by ply (0-based)."""
        seats = self.hint_seats(viewer)
        if not seats:
            return {}
        rows = self.moves.filter(seat__in=seats).exclude(hint="")
        return dict(rows.values_list("ply", "hint"))

    def seat_of(self, user) -> int | None:
        """Returns the seat ``user`` holds here, or None for a spectator."""
        if not user or not user.is_authenticated:
            return None
        for seat in self.seat_list():
            if seat.user_id == user.pk:
                return seat.index
        return None


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
    )
    # The player's name in an imported record, where there is no account behind the seat.
    name = models.CharField(max_length=60, blank=True)
    # Since when (ms since the epoch) no page of this seat's player is open: absence
    # claims (docs/rules.md §7). None while one is open.
    away_since = models.BigIntegerField(null=True, blank=True)
    # When this seat's player was last reminded by email that their time runs out.
    reminded = models.BigIntegerField(null=True, blank=True)
    # When this seat's player was last emailed that it is their turn (at most once an hour).
    mailed = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["match", "user"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.index}"

    @property
    def display_name(self) -> str:
        if self.user_id:
            return self.user.display_name
        return self.name or "…"


class Presence(models.Model):
    """One open WebSocket: on a match page (the watch list counts its viewers) or on another
    page of the table (no match: a tournament's); the socket caps count every socket per
    session and address (games.presence).

    Rows are added on connect and removed on every way out of the socket; ``seen_at`` is
    renewed by the process holding the socket, so rows of a process that died expire.
    ``viewer`` is the session (or, without one, the address): one person is one viewer.
    """

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="presences", null=True, blank=True
    )
    channel_name = models.CharField(max_length=200, unique=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    viewer = models.CharField(max_length=80, db_index=True)
    address = models.CharField(max_length=64, db_index=True)
    server = models.CharField(max_length=32, db_index=True)
    seen_at = models.DateTimeField(db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.match} viewer {self.channel_name}"


class RematchOffer(models.Model):
    """A player of a finished match offers to play it again (games/rematches.py).

    The other seated people answer; the table's computer players accept at once. When every
    person seated has accepted, one new match opens for all of them (``new_match``). An offer
    lapses when its maker leaves the page or after ``REMATCH_OFFER_SECONDS``; after a decline
    the match may be offered again once ``REMATCH_RETRY_SECONDS`` have passed.
    """

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for answers"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        LAPSED = "lapsed", "Lapsed"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rematch_offers")
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    # The users who accepted: the maker and the computer players at once, then the others.
    accepted = models.JSONField(default=list)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    # Server milliseconds (services.server_now): when it lapses unanswered; when it ended.
    expires = models.BigIntegerField()
    ended_at = models.BigIntegerField(null=True, blank=True)
    # Who declined it (the maker: withdrawn).
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    new_match = models.ForeignKey(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=models.Q(status="open"),
                name="one_open_rematch_offer",
            )
        ]

    def __str__(self) -> str:
        return f"{self.match} rematch offer {self.status}"


class Move(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    move = models.JSONField()
    # The mover's own words on this move (a program's hint, the computer's estimate; plain
    # text, games.plaintext): read by nobody while the match runs, then as
    # ``Match.hint_seats`` allows.
    hint = models.CharField(max_length=300, blank=True, default="")  # "": none
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ply"]
        constraints = [
            # The last line of defence against a double submission recording two moves.
            models.UniqueConstraint(fields=["match", "ply"], name="one_move_per_ply"),
        ]

    def __str__(self) -> str:
        return f"{self.match} ply {self.ply}"
