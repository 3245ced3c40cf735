"""The analysis on the replay page and in records (plugged in through games.features): the
Analyse button or the progress bar above the board, then the graph, each seat's accuracy
and judgments, the marks on the move list, and at a marked turn the board after the move
the search preferred beside the board after the move played, with the sentence in words."""

from __future__ import annotations

import re

from django.template.loader import render_to_string
from django.utils.formats import number_format
from django.utils.translation import gettext
from markupsafe import Markup

from analysis import graph, selectors, services
from analysis.models import Analysis
from games.live.rendering import game_board_html, seat_rows
from games.registry import get_game
from games.store import matchlog

ID = re.compile(r'\sid="[^"]*"')
TITLES = {
    "blunder": lambda: gettext("Blunder"),
    "mistake": lambda: gettext("Mistake"),
    "inaccuracy": lambda: gettext("Inaccuracy"),
}


def replay_parts(request, match, log, ply: int, moves: list[dict]) -> dict:
    analysis = selectors.of_match(match)
    if analysis is None and not services.may_request(match, request.user):
        return {}  # nothing to show: the replay reads as it did before analyses
    seats = seat_rows(match, log.view, turns=False, winners=[])
    names = {s["index"]: s["name"] for s in seats}
    context = {
        "match": match,
        "analysis": analysis,
        "may_request": services.may_request(match, request.user),
        "signed_in": request.user.is_authenticated,
        "ply": ply,
        "ahead": 0 if analysis is None else selectors.ahead_of(analysis),
    }
    if analysis is None or not analysis.finished:
        return {"above_board": _render("analysis/_panel.html", context, request)}
    positions = analysis.positions
    marked = selectors.judged(positions)
    marks = {}
    for row in moves:
        worst = _worst(marked, row["first"], row["last"])
        if worst is not None:
            verdict = marked[worst]
            marks[row["last"]] = {
                "name": verdict.name,
                "symbol": verdict.symbol,
                "title": f"{TITLES[verdict.name]()}: −{round(verdict.drop)}",
                "ply": worst,
            }
    table = [
        {
            **row,
            "chance": selectors.percent(positions[ply]["chances"][row["index"]]),
            "place": _place(positions[ply], row["index"]),
        }
        for row in _seat_summary(analysis, seats, marked, match.players)
    ]
    summary = _summary(log, analysis, marked, names)
    context.update(
        graph=graph.geometry(log.turns, positions, seats, ply, marked),
        table=table,
        summary=summary,
        players=match.players,
    )
    shown = marks.get(ply)  # the replay at a marked row's position (its link goes there)
    preferred = _preferred(match, log, analysis, shown, names) if shown is not None else ""
    return {
        "above_board": _render("analysis/_panel.html", context, request),
        "beside_board": preferred + _render("analysis/_details.html", context, request),
        "marks": marks,
    }


def _seat_summary(analysis: Analysis, seats: list[dict], marked: dict, players: int) -> list:
    """Each seat's accuracy (whole per cent, None before it moved) and its inaccuracies,
    mistakes and blunders."""
    positions = analysis.positions
    accuracy = selectors.accuracies(analysis, players)
    return [
        {
            **seat,
            "accuracy": None if accuracy[seat["index"]] is None else round(accuracy[seat["index"]]),
            "counts": [
                sum(
                    1
                    for p, v in marked.items()
                    if v.name == name and positions[p - 1]["seat"] == seat["index"]
                )
                for name in ("inaccuracy", "mistake", "blunder")
            ],
        }
        for seat in seats
    ]


def _summary(log, analysis: Analysis, marked: dict, names: dict) -> list[str]:
    """Each seat's worst mistake or blunder in words, in the order they were played."""
    positions = analysis.positions
    worst_by_seat = {}
    for p, verdict in marked.items():
        seat = positions[p - 1]["seat"]
        if verdict.name != "inaccuracy" and (
            seat not in worst_by_seat or verdict.drop > marked[worst_by_seat[seat]].drop
        ):
            worst_by_seat[seat] = p
    return [selectors.sentence(log, analysis, p, names) for p in sorted(worst_by_seat.values())]


def match_panel(request, match) -> Markup:
    """The analysis on the match's own page once it is over (games.features
    ``finished_panels``): the Analyse button, its progress, or its result (each seat's
    accuracy as a number and a bar, its judgments, the worst moves in words) with the way to
    the replay that shows it move by move. Nothing to whoever may not ask for one that does
    not exist yet, nor for an aborted match (nothing to analyse)."""
    if match.aborted:
        return Markup("")
    analysis = selectors.of_match(match)
    may_request = services.may_request(match, request.user)
    if analysis is None and not may_request:
        return Markup("")
    context = {
        "match": match,
        "analysis": analysis,
        "may_request": may_request,
        "ahead": 0 if analysis is None else selectors.ahead_of(analysis),
    }
    if analysis is not None and analysis.finished:
        log = matchlog.of(match)
        seats = seat_rows(match, log.view, turns=False, winners=[])
        names = {s["index"]: s["name"] for s in seats}
        marked = selectors.judged(analysis.positions)
        context.update(
            table=_seat_summary(analysis, seats, marked, match.players),
            summary=_summary(log, analysis, marked, names),
        )
    return _render("analysis/_match.html", context, request)


def _worst(marked: dict, first: int, last: int) -> int | None:
    found = [p for p in range(first, last + 1) if p in marked]
    return max(found, key=lambda p: marked[p].drop) if found else None


def _preferred(match, log, analysis: Analysis, mark: dict, names: dict) -> Markup:
    ply = mark["ply"]
    position = analysis.positions[ply - 1]
    engine, game = log.game.engine, get_game(match.game)
    before = log.state_at(ply - 1)
    board = None
    try:
        after = engine.apply(before, position["seat"], position["best"])
    except ValueError:  # IllegalMove: preferred in the mover's view only
        after = None
    if after is not None:
        view = engine.replay_view(after)
        seats = seat_rows(match, view, turns=False, winners=[])
        html = game_board_html(match.game, view, game.board.context(view, None, []), seats, None)
        # The board's ids (its SVG symbols) are the played board's already, with the same
        # content: the copy keeps none, so the page's ids stay unique.
        board = Markup(ID.sub("", str(html)))
    context = {
        "mark": mark,
        "sentence": selectors.sentence(log, analysis, ply, names),
        "board": board,
    }
    return Markup(render_to_string("analysis/_preferred.html", context, using="jinja2"))


def _render(template: str, context: dict, request) -> Markup:
    return Markup(render_to_string(template, context, request=request, using="jinja2"))


def record_analysis(match) -> dict:
    """The record's ``analysis`` array once the analysis is done (none before)."""
    analysis = selectors.of_match(match)
    if analysis is None or not analysis.finished:
        return {}
    return {"analysis": selectors.api_array(analysis)}


def _place(position: dict, seat: int) -> str | None:
    """A seat's expected place as the active language writes it ("2,3" in German)."""
    places = position.get("places")
    return None if places is None else number_format(round(places[seat], 1), decimal_pos=1)
