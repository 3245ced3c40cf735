"""Renders the live board fragment for one viewer: the page and every push use this one function."""

from __future__ import annotations

from django.conf import settings
from django.template import engines
from django.utils import translation
from django.utils.translation import gettext, ngettext
from markupsafe import Markup, escape

from config.jinja import words_in
from games import boards, clock_words, clocks, features, presence
from games.live import fragments
from games.models import Match
from games.registry import get_engine, get_game
from games.rules import LEAVE_NOTATION
from games.selectors import viewer_context
from games.store import movelog

OOB = Markup(' hx-swap-oob="true"')


class Position:
    """What every viewer's fragment of one position shares: the engine state, decoded once
    (or handed over by the move that made it), the move list and its markup, and the game's
    markup per distinct view and layout (see ``game_board_html``). Words are put in the
    active language, so the move list's markup is kept per language."""

    def __init__(self, match: Match, state=None, played: tuple | None = None):
        self.match = match
        self.state = get_engine(match.game).from_json(match.state) if state is None else state
        self.played = played if state is not None else None
        self.boards: list = []
        self._layouts: list[tuple] = []
        self._public: dict[str, dict] = {}
        self._views: dict[int | None, dict] = {}
        self._entries: tuple[dict, ...] | None = None
        self._items: dict[str, Markup] = {}
        self._delta: dict[str, Markup | None] = {}
        self._players: list[tuple] = []

    def view(self, seat: int | None) -> dict:
        """``seat``'s view of the position, computed once; in a game without secrets every
        seat's view is the spectators' (the secret audits check it), so one serves all.
        Shared: callers must not change it."""
        if not get_game(self.match.game).has_secrets:
            seat = None
        if seat not in self._views:
            self._views[seat] = get_engine(self.match.game).view(self.state, seat)
        return self._views[seat]

    def layout(self, view: dict, seat: int | None, legal: list[dict], players: list[dict]):
        """The game's layout (``board.context``) and markup (``game_board_html``) for a
        viewer, computed once per distinct (view, seat, legal moves) and language. A seat
        not to move, with no moves, shares the spectators' when its view equals theirs and
        the board says it draws such a seat as it draws a spectator
        (``OFF_TURN_AS_SPECTATOR``): in a two-player move, the player who just moved. A
        board with a ``public_layout`` gets it computed once, for every audience."""
        board_module = get_game(self.match.game).board
        as_seat = seat
        if (
            seat is not None
            and not legal
            and seat not in view["to_move"]
            and getattr(board_module, "OFF_TURN_AS_SPECTATOR", False)
        ):
            as_seat = None
        language = translation.get_language()
        for seen_language, seen_seat, seen_legal, seen_view, layout in self._layouts:
            if (
                seen_seat == as_seat
                and seen_language == language
                and seen_legal == legal
                and (seen_view is view or seen_view == view)
            ):
                return layout
        public_layout = getattr(board_module, "public_layout", None)
        with boards.laid_out_in(language):
            if public_layout is None:
                board = board_module.context(view, as_seat, legal)
            else:  # from the spectators' view: what every audience shares holds no secret
                if language not in self._public:
                    spectators = settled_view(self.match, self.view(None))
                    self._public[language] = public_layout(spectators)
                board = board_module.context(view, as_seat, legal, self._public[language])
        html = game_board_html(self.match.game, view, board, players, self.boards)
        self._layouts.append((language, as_seat, legal, view, (board, html)))
        return board, html

    def players(self, view: dict) -> tuple[list[dict], str | None]:
        """The players strip (``seat_rows``) of ``view`` and the last turn in words, once
        per view and language: every audience of a game without secrets sees one view.
        Shared: callers must not change them."""
        language = translation.get_language()
        for seen_view, seen_language, found in self._players:
            if seen_view is view and seen_language == language:
                return found
        match = self.match
        turns = match.status == Match.Status.ACTIVE
        winners = (match.result or {}).get("winners", [])
        players = seat_rows(match, view, turns=turns, winners=winners)
        last = movelog.last_turn_text(self.entries(), players, view["to_move"])
        self._players.append((view, language, (players, last)))
        return players, last

    def entries(self) -> tuple[dict, ...]:
        """The move list's turns (``movelog.entries``), grown by the spectators' view."""
        if self._entries is None:
            latest = None
            if self.played is not None:
                latest = (*self.played, self.state, self.view(None))
            self._entries = movelog.entries(self.match, latest)
        return self._entries

    def move_count(self, oob: Markup | str = "") -> Markup:
        turns = len(self.entries())
        words = escape(ngettext("%(count)d turn", "%(count)d turns", turns) % {"count": turns})
        return Markup(f'<small id="move-count"{oob}>{words}</small>')

    def move_items(self, players: list[dict]) -> Markup:
        """Every turn of the move list, rendered once for all viewers (names and colours
        are the same for every viewer)."""
        language = translation.get_language()
        if language not in self._items:
            rows = movelog.rows_of(self.entries(), players)
            self._items[language] = _render("games/_live_moves.html", rows=rows, oob="")
        return self._items[language]

    def move_delta(self, players: list[dict]) -> Markup | None:
        """What changed in the move list since the ply before: the turn that was last (it is
        no longer current, or grew by this move) is replaced, new turns are appended. None
        when the page before showed no turn (it has no list to add to). Only those turns
        are put in words: a long match's list is not rebuilt on every move."""
        language = translation.get_language()
        if language not in self._delta:
            before = self.match.ply - 1
            tail = movelog.rows_of(self.entries(), players, since=before)
            replaced = [e for e in tail if e["first"] <= before <= e["last"]]
            if not replaced:
                self._delta[language] = None
                return None
            grown = [e for e in replaced if e["last"] > before and e["separator"]]
            added = [e for e in tail if e["first"] > before]
            html = _render("games/_live_moves.html", rows=replaced, oob=OOB)
            if grown or added:
                separators = "".join(
                    f'<li class="separator">{escape(e["separator"])}</li>' for e in grown
                )
                html += Markup('<ol hx-swap-oob="beforeend:#move-list">') + Markup(separators)
                html += _render("games/_live_moves.html", rows=added, oob="") + Markup("</ol>")
            self._delta[language] = html
        return self._delta[language]


def _render(template: str, **context) -> Markup:
    """A fragment's part, as markup to put into another."""
    return Markup(_text(template, **context))


def _text(template: str, **context) -> str:
    """A fragment in the active language, from its Jinja template itself (what Django's
    ``render_to_string`` does for a template without a request, less its wrapping)."""
    return engines["jinja2"].env.get_template(template).render({**context, **_words()})


def _words() -> dict:
    """The fragments' words in the active language (``config.jinja.words_in``)."""
    return words_in(translation.get_language() or settings.LANGUAGE_CODE)


def board_html(
    match: Match, seat: int | None, message: str | None = None, shared: Position | None = None
) -> str:
    """Returns the ``#board`` fragment as ``seat`` may see it (None: a spectator), with the
    side panel (players, clocks, move list) swapped in beside it."""
    shared = shared or Position(match)
    context = board_page_context(match, seat, message, shared)
    return _text(
        "games/_board.html",
        **context,
        oob="",
        move_count=shared.move_count(),
        move_items=shared.move_items(context["players"]),
    )


def board_update(match: Match, seat: int | None, shared: Position) -> str | None:
    """The push for a page that shows the ply before: the board and players as in
    ``board_html``, but only the move list's changes (a long match's list is most of its
    fragment). None when there is no ply before to update from."""
    context = board_page_context(match, seat, None, shared)
    delta = shared.move_delta(context["players"]) if match.ply else None
    if delta is None:
        return None
    return _text(
        "games/_board_update.html",
        **context,
        oob=OOB,
        move_count=shared.move_count(OOB),
        move_delta=delta,
    )


def cached_board_html(match: Match, seat: int | None) -> str:
    """The fragment without a message, shared by every viewer in that seat (games.live.fragments)."""
    cache_key = fragment_key(match, seat)
    html = fragments.get(cache_key)
    if html is None:
        html = board_html(match, seat)
        fragments.put_many([(cache_key, html)])
    return html


def fragment_key(match: Match, seat: int | None) -> tuple | None:
    return fragments.key(match.pk, match.invite, match.ply, match.status, seat)


def fragment_key_since(match: Match, seat: int | None) -> tuple | None:
    """The key of the update for a page that shows the ply before (``board_update``)."""
    return fragments.key(match.pk, match.invite, match.ply, match.status, seat, match.ply - 1)


def prerender(match: Match, state=None, played: tuple | None = None) -> None:
    """Renders the push of each audience with a page open (spectators, each seat) once,
    before its viewers ask for it: the update for pages showing the ply before, else the
    whole fragment. An audience nobody watches (a bot's seat, a correspondence player who
    is away, spectators of most matches, one read only through API streams) costs nothing:
    a page that opens later, or a socket that connects in between, renders for itself. ``state`` is the match's engine
    state when the caller holds it already, and ``played`` the ``(seat, entry)`` of the
    last ply.

    Only in the site's default language (English): a socket in another language finds no
    fragment in its language and renders its audience's on demand, once per process and
    position (the next viewer of that audience and language finds it in the store). Most
    viewers read the default, and rendering every language for every audience would
    double the work of every move for no one."""
    if match.status == Match.Status.WAITING:
        return  # not cached while seats change
    watched = presence.audiences(match.pk, pages=True)
    if not watched:
        return
    shared = Position(match, state, played)
    items = []
    with translation.override(settings.LANGUAGE_CODE):
        for seat in [None, *range(match.players)]:
            if seat not in watched:
                continue
            update = board_update(match, seat, shared)
            if update is None:
                items.append((fragment_key(match, seat), board_html(match, seat, shared=shared)))
            else:
                items.append((fragment_key_since(match, seat), update))
    fragments.put_many(items)


def game_board_html(slug: str, view: dict, board: dict, seats: list[dict], shared: list | None):
    """The game's own markup (``games/<slug>/board.html``) from the viewer's view and layout.

    Its output depends on nothing but these arguments, so viewers of one position whose
    view and layout are equal (in games without secrets, everyone but the mover) share one
    render through ``shared`` (one list per position: ``seats`` follows from the match and
    the view); a seat's secret changes its view, so it is never shared, and neither is a
    render in another language.
    """
    language = translation.get_language()
    for seen_language, seen_view, seen_board, html in shared or ():
        if seen_language == language and seen_view == view and seen_board == board:
            return html
    html = _render(f"games/{slug}/board.html", board=board, view=view, seats=seats)
    if shared is not None:
        shared.append((language, view, board, html))
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
            "name": s.display_name if (s.user_id or s.name) else gettext("open seat"),
            "username": s.user.username if s.user_id else None,
            "open": s.user is None,
            "score": view["scores"][s.index] if view.get("scores") else None,
            "to_move": turns and s.index in view["to_move"],
            "winner": s.index in winners,
            "left": gettext(LEAVE_NOTATION[left[s.index]]) if s.index in left else None,
            "role": gettext(styles[s.index]["name"]),
            "colour": styles[s.index]["colour"],
        }
        for s in match.seat_list()
    ]


def _clock(match: Match, control, seat: int, running: bool) -> dict | None:
    """A seat's clock as the turn started: the page counts the running one down to its
    deadline (server milliseconds), so one render serves the whole turn. In a seat's first
    real-time turn its clock stands still and the page counts down the first move's
    deadline instead (``first_move``, ``first_text``)."""
    if not control.timed or not match.clock_ms:
        return None
    start = match.turn_started or 0
    ms = clocks.left_at(control, match.clock, seat, running, start)
    first = running and match.deadline is not None and match.clock.first_move(seat)
    return {
        "ms": ms,
        "text": clock_words.clock_text(ms),
        "deadline": match.deadline if running and not first else None,
        "first_move": match.deadline if first else None,
        "first_text": clock_words.clock_text(match.deadline - start) if first else "",
        "days": control.kind == "days",
    }


def board_page_context(
    match: Match, seat: int | None, message: str | None = None, shared: Position | None = None
) -> dict:
    shared = shared or Position(match)
    viewer = viewer_context(match, seat, shared.state, shared.view(seat))
    view = settled_view(match, viewer["view"])
    turns = match.status == Match.Status.ACTIVE
    players, last_turn = shared.players(view)
    seats = [{**row, "you": row["index"] == seat} for row in players]
    board, game_html = shared.layout(view, seat, viewer["legal"], players)
    return {
        "match": match,
        "seat": seat,
        "seats": seats,
        "players": players,
        "view": view,
        "my_turn": viewer["my_turn"],
        "still_in": seat is not None and turns and not players[seat]["left"],
        "claim": _claim_label(match, players) if seat is not None and turns else None,
        "claim_wait": _claim_wait(match, players),
        "turn_text": _turn_text(match, seats, seat),
        "message": message,
        "game_html": game_html,
        "last_turn": last_turn,
        # Asked once the match is over, the only time its controls show it.
        "origin": features.match_origin(match) if match.status == Match.Status.FINISHED else None,
        **features.board_extras(match),
    }


def _claim_label(match: Match, players: list[dict]) -> str | None:
    """What claiming an absent mover is called here, in a real-time match (else None). Never
    against a computer player to move: it is always present (docs/rules.md §7.4)."""
    if not match.control.realtime:
        return None
    movers = [p for p in players if p["to_move"]]
    if movers and movers[0]["bot"]:
        return None
    still_in = sum(1 for p in players if not p["left"])
    return gettext("Claim victory") if still_in == 2 else gettext("Drop the absent player")


def _claim_wait(match: Match, players: list[dict]) -> str:
    """The line table.js shows while the absent mover may not be claimed yet, its
    ``{name}`` and ``{seconds}`` filled in by the script."""
    still_in = sum(1 for p in players if not p["left"])
    if still_in == 2:
        return gettext("{name} is away: claim victory in {seconds}")
    return gettext("{name} is away: drop the absent player in {seconds}")


def settled_view(match: Match, view: dict) -> dict:
    """The view as the board shows it: nobody moves before every seat is taken, and a finished
    match whose engine position still runs (ended outside the rules) reads as over."""
    if match.status == Match.Status.WAITING:
        return {**view, "to_move": []}
    if match.aborted:  # no outcome: the board shows the position as it stood
        return {**view, "to_move": []}
    if match.status == Match.Status.FINISHED and view["outcome"] is None:
        return {**view, "to_move": [], "outcome": match.result}
    return view


def _turn_text(match: Match, seats: list[dict], seat: int | None) -> str:
    if match.status == Match.Status.WAITING:
        return gettext("Waiting for players — share the invite link.")
    if match.status == Match.Status.FINISHED:
        return result_text(match, seats, seat)
    if seat is not None and seats[seat]["left"]:
        return gettext("You have left this match; the others play on.")
    movers = [s for s in seats if s["to_move"]]
    if any(s["you"] for s in movers):
        return gettext("Your turn.")
    names = gettext(" and ").join(s["name"] for s in movers)
    return gettext("Waiting for %(names)s.") % {"names": names}


def result_text(match: Match, seats: list[dict], seat: int | None = None) -> str:
    """How a finished match ended, e.g. "Alice won by connection."; the live board and the
    replay both say it this way."""
    result = match.result or {}
    if match.aborted:
        early = result.get("reason") == clocks.LEFT_EARLY
        if seat is not None and seat == result.get("seat"):
            if early:
                return gettext("Aborted: you left before every player had moved. Nobody won.")
            return gettext("Aborted: you did not make a first move in time. Nobody won.")
        name = next(
            (s["name"] for s in seats if s["index"] == result.get("seat")), gettext("a player")
        )
        if early:
            return gettext("Aborted: %(name)s left before every player had moved. Nobody won.") % {
                "name": name
            }
        return gettext("Aborted: %(name)s did not make a first move in time. Nobody won.") % {
            "name": name
        }
    winners = [s for s in seats if s["index"] in result.get("winners", [])]
    how = get_game(match.game).reason_text(result.get("reason", ""), match.players)
    if not winners:
        return gettext("The match is drawn.")
    if seat is not None and any(s["index"] == seat for s in winners):
        return (gettext("You won %(how)s!") % {"how": how}).replace(" !", "!")
    names = gettext(" and ").join(w["name"] for w in winners)
    return (gettext("%(names)s won %(how)s.") % {"names": names, "how": how}).replace(" .", ".")
