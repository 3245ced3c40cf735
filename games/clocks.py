"""Time controls (docs/rules.md §7): untimed, Fischer clocks and correspondence days.

A time control belongs to the match, not to the engine. Everything here is pure and
takes the time as an argument (``now`` in milliseconds since the epoch), so the move
service, the flag job and the tests all pass the server's clock in; nothing reads a
clock of its own and no test waits for a deadline.

A match keeps, per seat, the milliseconds left at the start of the running turn
(``clock_ms``), when that turn started (``turn_started``) and the moment the running
clock falls (``deadline``); the page ticks down to the deadline itself.
"""

from __future__ import annotations

from dataclasses import dataclass

DAY_MS = 86_400_000
CORRESPONDENCE_DAYS = (1, 2, 3, 5, 7, 14)
MAX_BASE_MINUTES = 180
MAX_INCREMENT_SECONDS = 180

# Fischer presets per game (minutes, increment seconds): longer games get more time.
PRESETS: dict[str, tuple[tuple[int, int], ...]] = {
    "powerdrain": ((1, 0), (3, 2), (5, 3)),
    "hive": ((5, 3), (10, 5), (15, 10)),
    "high-voltage": ((10, 5), (15, 10), (25, 15)),
    "high-voltage-companies": ((10, 5), (15, 10), (25, 15)),
    "triangulum": ((20, 10), (30, 15), (45, 20)),
}


class BadTimeControl(ValueError):
    """A time control the table does not offer; the message is written for the player."""


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
                raise BadTimeControl(f"Correspondence gives {CORRESPONDENCE_DAYS} days per turn.")
            return cls(kind="days", days=days)
        base, plus, increment = text.partition("+")
        if not (plus and base.isdigit() and increment.isdigit()):
            raise BadTimeControl('A time control is "none", "5+3" (minutes + seconds) or "3d".')
        minutes, seconds = int(base), int(increment)
        if not (0 < minutes <= MAX_BASE_MINUTES and seconds <= MAX_INCREMENT_SECONDS):
            raise BadTimeControl(
                f"Clocks start at 1 to {MAX_BASE_MINUTES} minutes, with at most "
                f"{MAX_INCREMENT_SECONDS} seconds added per turn."
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
    """Per seat milliseconds left at ``turn_started``; ``deadline`` is when the mover falls."""

    left_ms: tuple[int, ...]
    turn_started: int | None
    deadline: int | None


def start(control: TimeControl, players: int, movers: list[int], now: int) -> Clock:
    """The clocks as the first turn begins."""
    left = (control.base_ms,) * players if control.realtime else (0,) * players
    return _running(control, left, movers, now)


def after_move(
    control: TimeControl, clock: Clock, mover: int, movers_after: list[int], now: int
) -> Clock:
    """Charges ``mover`` for the time since the turn started and starts the next clock.

    The clock runs across every ply of a multi-ply turn; the increment is added only
    when the turn passes to another seat (and only to a move made before the flag:
    callers check ``fallen`` first).
    """
    if not control.timed:
        return clock
    left = list(clock.left_ms)
    same_turn = movers_after == [mover]
    if control.realtime:
        left[mover] -= now - (clock.turn_started or now)
        if not same_turn:
            left[mover] += control.increment_ms
    if same_turn and not control.realtime:
        return clock  # a correspondence turn keeps its deadline across its plies
    return _running(control, tuple(left), movers_after, now)


def fallen(clock: Clock, now: int) -> bool:
    """Whether the running clock has run out at ``now``."""
    return clock.deadline is not None and now >= clock.deadline


def left_at(control: TimeControl, clock: Clock, seat: int, running: bool, now: int) -> int:
    """Milliseconds ``seat`` has left at ``now`` (never below zero)."""
    if control.kind == "days":
        return max(0, clock.deadline - now) if running and clock.deadline else control.days * DAY_MS
    spent = now - clock.turn_started if running and clock.turn_started is not None else 0
    return max(0, clock.left_ms[seat] - spent)


def _running(control: TimeControl, left: tuple[int, ...], movers: list[int], now: int) -> Clock:
    if not control.timed or not movers:
        return Clock(left, None, None)
    if control.realtime:
        return Clock(left, now, now + left[movers[0]])
    return Clock(left, now, now + control.days * DAY_MS)


def clock_text(ms: int) -> str:
    """ "4:59", "1:02:03" or "2 d 5 h": what a clock shows with ``ms`` left."""
    seconds = max(0, ms) // 1000
    if seconds >= 86_400:
        return f"{seconds // 86_400} d {seconds % 86_400 // 3600} h"
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
