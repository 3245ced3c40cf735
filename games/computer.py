"""Computer players at the table: playing a bot's turn (their accounts: games/bot_accounts.py).

A bot is an account marked with a level. Its turn is found from the database (a running
match whose seat to move belongs to a bot), so a restart or a crashed worker never loses
one; the bot decides from its seat's view alone (docs/rules.md §7) and its move goes
through the same move service as a human's, whose ply check means a turn found twice is
played once. A turn is asked for the position it was queued for, so a turn queued twice
thinks once, and the level's wall-clock cap bounds every move however loaded the machine.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext

from accounts.models import User
from games import services
from games.bots import Thought, think
from games.models import Match
from games.registry import get_engine


def bot_to_move(match: Match, state=None) -> User | None:
    """The bot whose turn it is in ``match``, if any; ``state`` is the decoded position
    when the caller already has it."""
    if match.status != Match.Status.ACTIVE:
        return None
    engine = get_engine(match.game)
    movers = engine.to_move(engine.from_json(match.state) if state is None else state)
    for seat in match.seat_list():
        if seat.index in movers and seat.user_id and seat.user.is_bot:
            return seat.user
    return None


def only_bots(match: Match) -> bool:
    """Whether every seat of ``match`` is a computer player (a match people only watch)."""
    return all(s.user_id and s.user.is_bot for s in match.seat_list())


def play_turn(
    match_id: int,
    *,
    ply: int | None = None,
    scale: float = 1.0,
    clock: Callable[[], float] = time.monotonic,
) -> bool:
    """Plays the bot's move if a bot is to move in ``match_id`` (at ``ply``, the position the
    turn was queued for, when given); returns whether it moved.

    Thinking happens outside any transaction, on the seat's view only, and stops at the
    level's time cap by ``clock`` (seconds); the move is then recorded on the position it
    was chosen for, so a move chosen twice lands once. A turn queued for a position that
    has moved on returns before thinking.
    """
    match = Match.objects.with_players().filter(pk=match_id).first()
    if match is None or (ply is not None and match.ply != ply):
        return False
    bot = bot_to_move(match)
    if bot is None:
        return False
    engine = get_engine(match.game)
    seat = match.seat_of(bot)
    view = engine.view(engine.from_json(match.state), seat)
    thought = think(
        match.game,
        view,
        seat,
        level=bot.bot_level,
        seed=secrets.randbits(32),
        clock=clock,
        scale=scale,
    )
    try:
        services.move_play(
            match_id=match_id, user=bot, ply=match.ply, move=thought.move, hint=hint_of(thought)
        )
    except services.Refused:
        return False  # the position moved on meanwhile (another worker, a flag): nothing lost
    return True


def hint_of(thought: Thought) -> str:
    """The computer's hint on its move, so people can see it think once the match is over:
    "win 63 % · 4,210 iterations" (the chosen move's average result in its search)."""
    runs = f"{thought.iterations:,} iteration{'s' if thought.iterations != 1 else ''}"
    if thought.win is None:
        return f"a move drawn at random · {runs}"
    return f"win {round(100 * thought.win)} % · {runs}"


# ``hint_of``'s English, which records and programs read as it is.
COMPUTER_HINT = re.compile(r"(?:win (\d{1,3}) %|a move drawn at random) · ([\d,]+) iterations?")


def hint_words(hint: str) -> str:
    """A hint for a page in the active language: the computer's own (``hint_of``) is said
    again in it, any other hint is a program's own words and stays as written."""
    found = COMPUTER_HINT.fullmatch(hint)
    if found is None:
        return hint
    count = int(found[2].replace(",", ""))
    runs = ngettext("%(count)s iteration", "%(count)s iterations", count) % {
        "count": number_format(count, force_grouping=True)
    }
    if found[1] is None:
        return gettext("a move drawn at random · %(runs)s") % {"runs": runs}
    return gettext("win %(chance)s %% · %(runs)s") % {"chance": found[1], "runs": runs}


def waiting_for_bots() -> list[int]:
    """Running matches where a bot is to move: what a worker starting up picks up again."""
    return [m.pk for m in matches_waiting_for_bots()]


def matches_waiting_for_bots() -> list[Match]:
    """The running matches where a bot is to move, with their players."""
    candidates = (
        Match.objects.filter(status=Match.Status.ACTIVE)
        .filter(seats__user__bot_level__gt="")
        .distinct()
        .with_players()
    )
    return [m for m in candidates if bot_to_move(m) is not None]
