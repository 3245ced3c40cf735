"""Renders the live board fragment for one viewer: the page and every push use this one function."""

from __future__ import annotations

from django.template.loader import render_to_string
from markupsafe import Markup

from games import clocks, fragments, movelog
from games.models import Match
from games.registry import get_game
from games.rules import LEAVE_NOTATION
from games.selectors import viewer_context


def board_html(
    match: Match, seat: int | None, message: str | None = None, shared: list | None = None
) -> str:
    """Returns the ``#board`` fragment as ``seat`` may see it (None: a spectator)."""
    return render_to_string(
        "games/_board.html", board_page_context(match, seat, message, shared), using="jinja2"
    )


def cached_board_html(match: Match, seat: int | None) -> str:
    """The fragment without a message, shared by every viewer in that seat (games.fragments)."""
    cache_key = fragment_key(match, seat)
    html = fragments.get(cache_key)
    if html is None:
        html = board_html(match, seat)
        fragments.put_many([(cache_key, html)])
    return html


def fragment_key(match: Match, seat: int | None) -> tuple | None:
    return fragments.key(match.pk, match.invite, match.ply, match.status, seat)


def prerender(match: Match) -> None:
    """Renders the spectators' and every seat's fragment once, before viewers ask for them."""
    if match.status == Match.Status.WAITING:
        return  # not cached while seats change
    shared: list = []
    fragments.put_many(
        [
            (fragment_key(match, seat), board_html(match, seat, shared=shared))
            for seat in [None, *range(match.players)]
        ]
    )


def game_board_html(slug: str, view: dict, board: dict, seats: list[dict], shared: list | None):
    """The game's own markup (``games/<slug>/board.html``) from the viewer's view and layout.

    Its output depends on nothing but these arguments, so viewers of one position whose
    view and layout are equal (in games without secrets, everyone but the mover) share one
    render through ``shared`` (one list per position: ``seats`` follows from the match and
    the view); a seat's secret changes its view, so it is never shared.
    """
    for seen_view, seen_board, html in shared or ():
        if seen_view == view and seen_board == board:
            return html
    context = {"board": board, "view": view, "seats": seats}
    html = Markup(render_to_string(f"games/{slug}/board.html", context, using="jinja2"))
    if shared is not None:
        shared.append((view, board, html))
    return html


def seat_rows(match: Match, view: dict, *, turns: bool, winners: list[int]) -> list[dict]:
    """The players strip: name, role, colour, score; whose turn (when ``turns``), who won,
    and how a seat left (``left``: e.g. "resigned", else None)."""
    styles = get_game(match.game).board.SEATS
    left = dict(view.get("left", ()))
    control, running = match.control, match.status == Match.Status.ACTIVE
    return [
        {
            "bot": bool(s.user_id and s.user.is_bot),
            "clock": _clock(match, control, s.index, running and s.index in view["to_move"]),
            "index": s.index,
            "name": s.display_name if (s.user_id or s.name) else "open seat",
            "username": s.user.username if s.user_id else None,
            "open": s.user is None,
            "score": view["scores"][s.index] if view.get("scores") else None,
            "to_move": turns and s.index in view["to_move"],
            "winner": s.index in winners,
            "left": LEAVE_NOTATION[left[s.index]] if s.index in left else None,
            "role": styles[s.index]["name"],
            "colour": styles[s.index]["colour"],
        }
        for s in match.seat_list()
    ]


def _clock(match: Match, control, seat: int, running: bool) -> dict | None:
    """A seat's clock as the turn started: the page counts the running one down to its
    deadline (server milliseconds), so one render serves the whole turn."""
    if not control.timed or not match.clock_ms:
        return None
    start = match.turn_started or 0
    ms = clocks.left_at(control, match.clock, seat, running, start)
    return {
        "ms": ms,
        "text": clocks.clock_text(ms),
        "deadline": match.deadline if running else None,
        "days": control.kind == "days",
    }


def board_page_context(
    match: Match, seat: int | None, message: str | None = None, shared: list | None = None
) -> dict:
    viewer = viewer_context(match, seat)
    view = settled_view(match, viewer["view"])
    turns = match.status == Match.Status.ACTIVE
    winners = (match.result or {}).get("winners", [])
    players = seat_rows(match, view, turns=turns, winners=winners)
    seats = [{**row, "you": row["index"] == seat} for row in players]
    board = get_game(match.game).board.context(view, seat, viewer["legal"])
    log = movelog.rows(match, players)
    return {
        "match": match,
        "seat": seat,
        "seats": seats,
        "view": view,
        "my_turn": viewer["my_turn"],
        "still_in": seat is not None and turns and not players[seat]["left"],
        "claim": _claim_label(match, players) if seat is not None and turns else None,
        "turn_text": _turn_text(match, seats, seat),
        "message": message,
        "game_html": game_board_html(match.game, view, board, players, shared),
        "moves": log,
        "last_turn": movelog.last_turn_text(log, view["to_move"]),
    }


def _claim_label(match: Match, players: list[dict]) -> str | None:
    """What claiming an absent mover is called here, in a real-time match (else None)."""
    if not match.control.realtime:
        return None
    still_in = sum(1 for p in players if not p["left"])
    return "Claim victory" if still_in == 2 else "Drop the absent player"


def settled_view(match: Match, view: dict) -> dict:
    """The view as the board shows it: nobody moves before every seat is taken, and a finished
    match whose engine position still runs (ended outside the rules) reads as over."""
    if match.status == Match.Status.WAITING:
        return {**view, "to_move": []}
    if match.status == Match.Status.FINISHED and view["outcome"] is None:
        return {**view, "to_move": [], "outcome": match.result}
    return view


def _turn_text(match: Match, seats: list[dict], seat: int | None) -> str:
    if match.status == Match.Status.WAITING:
        return "Waiting for players — share the invite link."
    if match.status == Match.Status.FINISHED:
        return result_text(match, seats, seat)
    if seat is not None and seats[seat]["left"]:
        return "You have left this match; the others play on."
    movers = [s for s in seats if s["to_move"]]
    if any(s["you"] for s in movers):
        return "Your turn."
    return "Waiting for " + " and ".join(s["name"] for s in movers) + "."


def result_text(match: Match, seats: list[dict], seat: int | None = None) -> str:
    """How a finished match ended, e.g. "Alice won by connection."; the live board and the
    replay both say it this way."""
    result = match.result or {}
    winners = [s for s in seats if s["index"] in result.get("winners", [])]
    how = get_game(match.game).reason_text(result.get("reason", ""))
    if not winners:
        return "The match is drawn."
    if seat is not None and any(s["index"] == seat for s in winners):
        return f"You won {how}!".replace(" !", "!")
    names = " and ".join(w["name"] for w in winners)
    return f"{names} won {how}.".replace(" .", ".")
