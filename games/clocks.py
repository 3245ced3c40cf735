"""Time controls (docs/rules.md §7): untimed, Fischer clocks and correspondence days.

A time control belongs to the match, not to the engine. Everything here is pure and
takes the time as an argument (``now`` in milliseconds since the epoch), so the move
service, the flag job and the tests all pass the server's clock in; nothing reads a
clock of its own and no test waits for a deadline.

A match keeps, per seat, the milliseconds left at the start of the running turn
(``clock_ms``), when that turn started (``turn_started``) and the moment the running
clock falls (``deadline``); the page ticks down to the deadline itself.

In real time each seat's first turn costs nothing (as on lichess): its clock stands still,
and the deadline of that turn is ``FIRST_MOVE_MS`` after it began. Missing it aborts the
match (no result, no winner) instead of losing on time; ``unmoved`` lists the seats whose
first turn has not ended yet.
"""

from __future__ import annotations

from dataclasses import dataclass

DAY_MS = 86_400_000
CORRESPONDENCE_DAYS = (1, 2, 3, 5, 7, 14)
MAX_BASE_MINUTES = 180
MAX_INCREMENT_SECONDS = 180
FIRST_MOVE_MS = 30_000  # a real-time seat's first turn must be made this soon, or the match aborts


class BadTimeControl(ValueError):
    """A time control the table does not offer; the message is written for the player.
    ``words`` and ``params`` are the message before it was filled in, for a page to say it in
    its viewer's language (``games.clock_words.error_words``)."""

    def __init__(self, words: str, params: dict | None = None):
        super().__init__(words % params if params else words)
        self.words, self.params = words, params or {}


@dataclass(frozen=True)
class TimeControl:
    """``kind`` is "none", "fischer" (``base_ms`` + ``increment_ms``) or "days"."""

    kind: str = "none"
    base_ms: int = 0
    increment_ms: int = 0
    days: int = 0

    @classmethod
    def parse(cls, text: str | None) -> TimeControl:
        """Reads "none", "5+3" (minutes + increment seconds) or "3d" (days per turn)."""
        text = (text or "none").strip().lower()
        if text in ("", "none", "untimed"):
            return cls()
        if text.endswith("d") and text[:-1].isdigit():
            days = int(text[:-1])
            if days not in CORRESPONDENCE_DAYS:
                raise BadTimeControl(
                    "Correspondence gives %(days)s days per turn.", {"days": CORRESPONDENCE_DAYS}
                )
            return cls(kind="days", days=days)
        base, plus, increment = text.partition("+")
        if not (plus and base.isdigit() and increment.isdigit()):
            raise BadTimeControl('A time control is "none", "5+3" (minutes + seconds) or "3d".')
        minutes, seconds = int(base), int(increment)
        if not (0 < minutes <= MAX_BASE_MINUTES and seconds <= MAX_INCREMENT_SECONDS):
            raise BadTimeControl(
                "Clocks start at 1 to %(minutes)s minutes, with at most %(seconds)s "
                "seconds added per turn.",
                {"minutes": MAX_BASE_MINUTES, "seconds": MAX_INCREMENT_SECONDS},
            )
        return cls(kind="fischer", base_ms=minutes * 60_000, increment_ms=seconds * 1000)

    @classmethod
    def from_json(cls, data: dict | None) -> TimeControl:
        return cls(**(data or {}))

    def to_json(self) -> dict:
        return {} if self.kind == "none" else self.__dict__.copy()

    @property
    def timed(self) -> bool:
        return self.kind != "none"

    @property
    def realtime(self) -> bool:
        return self.kind == "fischer"

    def code(self) -> str:
        """The form value: "none", "5+3" or "3d"."""
        if self.kind == "fischer":
            return f"{self.base_ms // 60_000}+{self.increment_ms // 1000}"
        return f"{self.days}d" if self.kind == "days" else "none"

    def label(self) -> str:
        """How the lobby, the invite and the match page name it."""
        if self.kind == "fischer":
            return f"{self.base_ms // 60_000} min + {self.increment_ms // 1000} s"
        if self.kind == "days":
            return f"{self.days} day{'s' if self.days > 1 else ''} per turn"
        return "Untimed"


@dataclass(frozen=True)
class Clock:
    """Per seat milliseconds left at ``turn_started``; ``deadline`` is when the mover falls.
    ``unmoved``: the seats (real time only) whose first turn has not ended; while the mover is
    one of them its clock stands still and ``deadline`` is its first-move deadline."""

    left_ms: tuple[int, ...]
    turn_started: int | None
    deadline: int | None
    unmoved: tuple[int, ...] = ()

    def first_move(self, seat: int) -> bool:
        """Whether ``seat``'s turn is its first: free of charge, and missing its deadline
        aborts the match."""
        return seat in self.unmoved


def start(control: TimeControl, players: int, movers: list[int], now: int) -> Clock:
    """The clocks as the first turn begins: in real time nobody has moved yet."""
    left = (control.base_ms,) * players if control.realtime else (0,) * players
    unmoved = tuple(range(players)) if control.realtime else ()
    return _running(control, left, movers, now, unmoved)


def after_move(
    control: TimeControl,
    clock: Clock,
    mover: int,
    movers_after: list[int],
    now: int,
    leaving: bool = False,
) -> Clock:
    """Charges ``mover`` for the time since the turn started and starts the next clock.

    The clock runs across every ply of a multi-ply turn; the increment is added only
    when the turn passes to another seat (and only to a move made before the flag:
    callers check ``fallen`` first). A turn that ends by a leave (``leaving``: the mover
    resigned, lost on time or was claimed absent, or another seat's leave ended the match)
    charges the mover and adds nothing: a fallen clock stops at 0, never below and never
    at the increment. A seat's first turn charges nothing and adds nothing, across all its
    plies, and keeps its first-move deadline until the turn passes.
    """
    if not control.timed:
        return clock
    same_turn = movers_after == [mover]
    if clock.first_move(mover):
        if same_turn:
            return clock
        unmoved = tuple(s for s in clock.unmoved if s != mover)
        return _running(control, clock.left_ms, movers_after, now, unmoved)
    left = list(clock.left_ms)
    if control.realtime:
        left[mover] = max(0, left[mover] - (now - (clock.turn_started or now)))
        if not (same_turn or leaving):
            left[mover] += control.increment_ms
    if same_turn and not control.realtime:
        return clock  # a correspondence turn keeps its deadline across its plies
    return _running(control, tuple(left), movers_after, now, clock.unmoved)


def fallen(clock: Clock, now: int) -> bool:
    """Whether the running clock has run out at ``now``."""
    return clock.deadline is not None and now >= clock.deadline


def missed_first_move(clock: Clock, mover: int, now: int) -> bool:
    """Whether ``mover``'s first-move deadline has passed at ``now``: the match is aborted,
    nobody loses on time."""
    return clock.first_move(mover) and fallen(clock, now)


#: The reason of an aborted match whose ``seat`` left before every seat had moved (a match
#: that missed a first move has "aborted"; docs/rules.md §7.3).
LEFT_EARLY = "left early"


def aborted_result(seat: int, reason: str = "aborted") -> dict:
    """A match's result when ``seat`` missed its first move (or, with ``LEFT_EARLY``, left
    before every seat had moved): no winner, no scores."""
    return {"aborted": True, "seat": seat, "winners": [], "reason": reason}


def left_at(control: TimeControl, clock: Clock, seat: int, running: bool, now: int) -> int:
    """Milliseconds ``seat`` has left at ``now`` (never below zero)."""
    if control.kind == "days":
        return max(0, clock.deadline - now) if running and clock.deadline else control.days * DAY_MS
    if clock.first_move(seat):
        return clock.left_ms[seat]  # the first turn is free: this clock has not started
    spent = now - clock.turn_started if running and clock.turn_started is not None else 0
    return max(0, clock.left_ms[seat] - spent)


def _running(
    control: TimeControl, left: tuple[int, ...], movers: list[int], now: int, unmoved=()
) -> Clock:
    if not control.timed or not movers:
        return Clock(left, None, None, unmoved)
    if control.realtime:
        allowed = FIRST_MOVE_MS if movers[0] in unmoved else left[movers[0]]
        return Clock(left, now, now + allowed, unmoved)
    return Clock(left, now, now + control.days * DAY_MS, unmoved)


def clock_text(ms: int) -> str:
    """ "4:59", "1:02:03" or "2 d 5 h": what a clock shows with ``ms`` left."""
    seconds = max(0, ms) // 1000
    if seconds >= 86_400:
        return f"{seconds // 86_400} d {seconds % 86_400 // 3600} h"
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
