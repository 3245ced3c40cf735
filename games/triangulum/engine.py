"""The Triangulum rules engine: pure, deterministic, no Django (docs/rules.md §1 and §5)."""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass, replace
from itertools import combinations, permutations

from games.rules import EngineBase, IllegalMove, check_leave
from games.rules.checks import int_list, require_keys
from games.triangulum import codes
from games.triangulum.geometry import (
    HEIGHT,
    MAX_X,
    MAX_Y,
    WIDTH,
    Point,
    Triangle,
    collinear,
    helper_area,
    in_triangle,
    triangles_meet,
)

TARGET = 333  # a partie total that ends the partie at the end of the round
MAX_TURNS = 400  # turns per partie, both players together; every move counts
PARTIES = 3
MOVE_KEYS = {"place": {"open", "secret"}, "triangulate": {"points"}, "pass": set()}
ALL_POINTS: tuple[Point, ...] = tuple((x, y) for y in range(HEIGHT) for x in range(WIDTH))


@dataclass(frozen=True)
class State:
    """One position. ``fixed`` and ``totals`` are derived from ``triangles`` (kept for speed).

    ``points[s]`` are seat s's open points; ``triangles`` are the scored ones of the
    running partie as (seat, sorted vertices, area) in scoring order; ``secrets[s]``
    is s's hidden list in the order written. ``history`` holds one public record per
    finished partie; ``last_move`` and ``reveal`` are public summaries for the board.
    These three are kept as JSON text: immutable, and cheap to copy out and back in.
    """

    partie: int  # 1..3
    turns: int  # moves made in this partie by both players
    passes: int  # passes in a row
    points: tuple[frozenset, frozenset]
    triangles: tuple[tuple[int, Triangle, int], ...]
    secrets: tuple[tuple[Point, ...], tuple[Point, ...]]
    match: tuple[int, int]
    history: str  # JSON list of partie records
    last_move: str  # JSON object or null
    reveal: str  # JSON object or null
    result: tuple[tuple[int, ...], str] | None
    fixed: frozenset
    totals: tuple[int, int]
    left: tuple[tuple[int, str], ...] = ()  # (seat, reason) of the seat that left

    @property
    def starter(self) -> int:
        """Seat 0 starts parties 1 and 3, seat 1 partie 2."""
        return (self.partie - 1) % 2


def _fresh_partie(partie: int, match, history, result=None) -> State:
    return State(
        partie=partie,
        turns=0,
        passes=0,
        points=(frozenset(), frozenset()),
        triangles=(),
        secrets=((), ()),
        match=match,
        history=history,
        last_move="null",
        reveal="null",
        result=result,
        fixed=frozenset(),
        totals=(0, 0),
    )


def partie_points(own: int, other: int) -> int:
    """The partie winner's result: own + loser's if own > 2 × loser's, else own − loser's."""
    return own + other if own > 2 * other else own - other


def _point(value, what: str) -> Point:
    x, y = int_list(value, 2, what, 0, MAX_X)
    if y > MAX_Y:
        raise IllegalMove(f"{what} {[x, y]} is off the board (y goes from 0 to {MAX_Y}).")
    return x, y


def _triangle_points(value) -> Triangle:
    if not isinstance(value, list | tuple) or len(value) != 3:
        raise IllegalMove("A triangle needs a list of exactly three points [x, y].")
    a, b, c = (_point(p, "Point") for p in value)
    if len({a, b, c}) < 3:
        raise IllegalMove("A triangle needs three different points.")
    return a, b, c


def _fmt(p: Point) -> str:
    return f"({p[0]},{p[1]})"


def triangle_problem(points, triangles, seat: int, tri: Triangle) -> str | None:
    """Why ``seat`` may not score ``tri`` on this board (None if it may).

    ``points`` are both seats' open points; ``triangles`` the scored ones. Only
    public information is used: hidden lists play no part until revealed.
    """
    found = _obstacle(points, triangles, seat, tri)
    if found is None:
        return None
    what, p = found
    if what == MINE:
        return f"{_fmt(p)} is not one of your points on the board."
    if what == LINE:
        return "The three points lie on one line."
    if what == INSIDE:
        return f"Your opponent's point {_fmt(p)} lies inside the triangle or on its edge."
    return "The triangle would touch, cross or contain a scored triangle."


def triangle_allowed(points, triangles, seat: int, tri: Triangle) -> bool:
    """Whether ``seat`` may score ``tri``: ``triangle_problem`` without wording the reason
    (the bots ask it for hundreds of triangles a node, most of them refused)."""
    return _obstacle(points, triangles, seat, tri) is None


MINE, LINE, INSIDE, MEETS = range(4)


def _obstacle(points, triangles, seat: int, tri: Triangle) -> tuple[int, Point | None] | None:
    """The first rule ``tri`` breaks, as (MINE | LINE | INSIDE | MEETS, the point at fault or
    None), or None. ``collinear``, ``in_triangle`` and the bounding boxes are written out
    (the same integer arithmetic, no calls)."""
    own, other = points[seat], points[1 - seat]
    for p in tri:
        if p not in own:
            return MINE, p
    a, b, c = tri
    (ax, ay), (bx, by), (cx, cy) = a, b, c
    abx, aby, bcx, bcy, cax, cay = bx - ax, by - ay, cx - bx, cy - by, ax - cx, ay - cy
    if abx * (cy - ay) - aby * (cx - ax) == 0:
        return LINE, None
    x0, x1, y0, y1 = box = _box(tri)
    for q in other:
        qx, qy = q
        if x0 <= qx <= x1 and y0 <= qy <= y1:
            d1 = abx * (qy - ay) - aby * (qx - ax)
            d2 = bcx * (qy - by) - bcy * (qx - bx)
            d3 = cax * (qy - cy) - cay * (qx - cx)
            if not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0)):
                return INSIDE, q
    if meets_scored(triangles, tri, box):
        return MEETS, None
    return None


def _box(tri: Triangle) -> tuple[int, int, int, int]:
    """The bounding box of ``tri``: x0, x1, y0, y1 (the comparisons written out: the bots ask
    thousands a move)."""
    (ax, ay), (bx, by), (cx, cy) = tri
    x0 = ax if ax < bx else bx
    x0 = x0 if x0 < cx else cx
    x1 = ax if ax > bx else bx
    x1 = x1 if x1 > cx else cx
    y0 = ay if ay < by else by
    y0 = y0 if y0 < cy else cy
    y1 = ay if ay > by else by
    y1 = y1 if y1 > cy else cy
    return x0, x1, y0, y1


def meets_scored(triangles, tri: Triangle, box: tuple[int, int, int, int] | None = None) -> bool:
    """Whether ``tri`` touches, crosses or contains one of the scored ``triangles`` (the
    bounding boxes are compared first; ``box``: ``tri``'s, where the caller has it)."""
    x0, x1, y0, y1 = box or _box(tri)
    for _, scored, _ in triangles:
        (px, py), (qx, qy), (rx, ry) = scored
        if (
            (x1 < px and x1 < qx and x1 < rx)
            or (px < x0 and qx < x0 and rx < x0)
            or (y1 < py and y1 < qy and y1 < ry)
            or (py < y0 and qy < y0 and ry < y0)
        ):
            continue  # the boxes are apart
        if triangles_meet(tri, scored):
            return True
    return False


def _partie_end_reason(state: State, kind: str) -> str | None:
    """Why the partie ends after this turn, or None; ``state.turns`` already counts the turn."""
    if state.turns % 2 == 0 and max(state.totals) >= TARGET:  # end of a round
        return "area"
    if kind == "pass" and state.passes >= 2:
        return "passes"
    if state.turns >= MAX_TURNS:
        return "turns"
    return None


def _evolve(state: State, **changes) -> State:
    """``dataclasses.replace`` without its per-field checks: a copy of the fields' dict with
    ``changes`` written over it (every position of a search is made this way)."""
    fields = state.__dict__.copy()
    fields.update(changes)
    new = _new(State)
    _set_fields(new, "__dict__", fields)
    return new


_new = object.__new__
_set_fields = object.__setattr__  # State is frozen: its own __setattr__ refuses


def _end_turn(state: State, kind: str, **changes) -> State:
    """Makes the move's ``changes``, counts the turn and, when the partie ends, scores it and
    starts the next (or ends the match)."""
    passes = state.passes + 1 if kind == "pass" else 0
    state = _evolve(state, turns=state.turns + 1, passes=passes, **changes)
    reason = _partie_end_reason(state, kind)
    if reason is None:
        return state
    t0, t1 = state.totals
    winner = None if t0 == t1 else (0 if t0 > t1 else 1)
    gained = 0 if winner is None else partie_points(max(t0, t1), min(t0, t1))
    match = list(state.match)
    if winner is not None:
        match[winner] += gained
    record = {
        "partie": state.partie,
        "starter": state.starter,
        "totals": [t0, t1],
        "winner": winner,
        "points": gained,
        "reason": reason,
        "turns": state.turns,
        "triangles": _triangle_dicts(state.triangles),
    }
    history = _text([*json.loads(state.history), record])
    match = (match[0], match[1])
    if state.partie < PARTIES:
        return _fresh_partie(state.partie + 1, match, history)
    winners = () if match[0] == match[1] else ((0,) if match[0] > match[1] else (1,))
    # The last board stays for the final view; hidden points still unrevealed are discarded.
    return replace(
        state, match=match, history=history, secrets=((), ()), result=(winners, "parties")
    )


def _triangle_dicts(triangles) -> list[dict]:
    return [{"seat": s, "points": [list(p) for p in t], "area": a} for s, t, a in triangles]


def _reveal(state: State, seat: int):
    """Both hidden lists onto the board, the mover's first, each like an open placement.

    Returns (points, events). A point on a scored vertex is discarded; on any other
    point both go; on a free point it stays in its writer's colour.
    """
    points = [set(state.points[0]), set(state.points[1])]
    events = []
    for writer in (seat, 1 - seat):
        for p in state.secrets[writer]:
            event = {"seat": writer, "at": list(p)}
            if p in state.fixed:
                event["result"] = "discarded"
            elif p in points[0] or p in points[1]:
                hit = 0 if p in points[0] else 1
                points[hit].discard(p)
                event["result"] = "collision"
                event["hit"] = hit
            else:
                points[writer].add(p)
                event["result"] = "placed"
            events.append(event)
    return (frozenset(points[0]), frozenset(points[1])), events


# Offsets from a point in the order a stable sort of the sorted own points by their distance
# from it visits them: by the squared distance, then x, then y.
_OFFSETS = sorted(
    ((dx, dy) for dx in range(-MAX_X, MAX_X + 1) for dy in range(-MAX_Y, MAX_Y + 1)),
    key=lambda d: (d[0] * d[0] + d[1] * d[1], d[0], d[1]),
)
NEAR_BY_WALK = 60  # own points from which walking the offsets beats sorting them all


def _nearest(points: frozenset, ax: int, ay: int) -> list[Point]:
    """The six of ``points`` nearest to (ax, ay), one of them, in the order of
    ``sorted(sorted(points), key=distance)[1:7]``: found by walking outwards over the
    offsets, which beats sorting when there are many (random play places about 140)."""
    found = []
    for dx, dy in _OFFSETS:
        p = (ax + dx, ay + dy)
        if p in points:
            found.append(p)
            if len(found) == 7:
                break
    return found[1:]


class TriangulumEngine(EngineBase):
    slug = "triangulum"
    name = "Triangulum"
    min_players = 2
    max_players = 2
    codes = codes  # its move codes' format (docs/rules.md §1.4)

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        """The empty board of partie 1; Triangulum has no random setup, so no options."""
        if players != 2:
            raise ValueError("Triangulum is for exactly two players.")
        if options:
            raise ValueError(f"Triangulum takes no options, got {sorted(options)}.")
        return _fresh_partie(1, (0, 0), "[]")

    def to_move(self, state: State) -> list[int]:
        if state.result is not None:
            return []
        return [(state.starter + state.turns) % 2]

    # -- moves ---------------------------------------------------------------------------

    def _check(self, state: State, seat, move):
        """Parses and checks a move: returns (kind, data) or raises IllegalMove."""
        kind = require_keys(move, MOVE_KEYS)
        if type(seat) is not int or seat not in self.to_move(state):
            raise IllegalMove("The game is over." if state.result else "It is not your turn.")
        if kind == "pass":
            return kind, None
        if kind == "place":
            at = _point(move["open"], "Open point")
            secret = _point(move["secret"], "Secret point")
            if at in state.fixed:
                raise IllegalMove(
                    f"{_fmt(at)} is a corner of a scored triangle: no point may be set there."
                )
            return kind, (at, secret)
        tri = _triangle_points(move["points"])
        problem = triangle_problem(state.points, state.triangles, seat, tri)
        if problem:
            raise IllegalMove(problem)
        return kind, tri

    def is_legal(self, state: State, seat: int, move) -> bool:
        """Whether ``apply`` accepts the move; exactly the moves ``legal_moves`` lists."""
        try:
            self._check(state, seat, move)
        except IllegalMove:
            return False
        return True

    def apply(self, state: State, seat: int, move) -> State:
        """Returns the state after ``seat``'s move; raises IllegalMove for anything the rules refuse."""
        kind, data = self._check(state, seat, move)
        if kind == "pass":
            return _end_turn(state, kind, last_move=f'{{"seat":{seat},"type":"pass"}}')
        if kind == "place":
            at, secret = data
            points = list(state.points)
            hit = 0 if at in points[0] else 1 if at in points[1] else None
            if hit is None:
                points[seat] = points[seat] | {at}
            else:
                points[hit] = points[hit] - {at}
            secrets = list(state.secrets)
            secrets[seat] = (*secrets[seat], secret)
            return _end_turn(
                state,
                kind,
                points=(points[0], points[1]),
                secrets=(secrets[0], secrets[1]),
                last_move=_place_text(seat, at, hit is not None),
            )
        tri = data
        points, events = _reveal(state, seat)
        problem = triangle_problem(points, state.triangles, seat, tri)
        area = helper_area(*tri)
        reveal = {
            "seat": seat,
            "points": [list(p) for p in tri],
            "events": events,
            "scored": problem is None,
            "area": area if problem is None else 0,
            "reason": problem,
        }
        last = {"seat": seat, "type": "triangulate", "points": reveal["points"]}
        last["scored"] = problem is None
        changes = {"points": points, "secrets": ((), ()), "reveal": _text(reveal)}
        if problem is None:
            totals = list(state.totals)
            totals[seat] += area
            changes["triangles"] = (*state.triangles, (seat, tuple(sorted(tri)), area))
            changes["fixed"] = state.fixed | set(tri)
            changes["totals"] = (totals[0], totals[1])
        return _end_turn(state, kind, last_move=_text(last), **changes)

    def leave(self, state: State, seat: int, reason: str) -> State:
        """``seat`` leaves (docs/rules.md §7): the other seat wins at once for that reason.

        The running partie is not scored; still-hidden points are discarded unseen.
        """
        check_leave(seat, reason, 2, state.left, state.result is not None)
        return replace(
            state, left=((seat, reason),), secrets=((), ()), result=((1 - seat,), reason)
        )

    def valid_triangles(self, state: State, seat: int):
        """Yields every triangle ``seat`` could triangulate now, vertices sorted, each once."""
        candidates = sorted(
            p
            for p in state.points[seat]
            if not any(in_triangle(p, *t) for _, t, _ in state.triangles)
        )
        for tri in combinations(candidates, 3):
            if triangle_allowed(state.points, state.triangles, seat, tri):
                yield tri

    def legal_moves(self, state: State, seat: int):
        """Lazily yields every legal move: pass, each valid triangle in all six vertex orders,
        then every place (open point not on a scored vertex) × (secret point anywhere)."""
        if seat not in self.to_move(state):
            return
        yield {"type": "pass"}
        for tri in self.valid_triangles(state, seat):
            for order in permutations(tri):
                yield {"type": "triangulate", "points": [list(p) for p in order]}
        fixed = state.fixed
        for at in ALL_POINTS:
            if at in fixed:
                continue
            for secret in ALL_POINTS:
                yield {"type": "place", "open": list(at), "secret": list(secret)}

    def random_move(self, state: State, seat: int, rng: random.Random) -> dict:
        """A random legal move for playouts: mostly places, often a triangle try, rarely a pass.

        Triangles are looked for among an own point and its nearest own points (small
        triangles are the ones that survive) and among random triples.
        """
        roll = rng.random()
        if roll < 0.02:
            return {"type": "pass"}
        if roll < 0.3:
            tri = self._random_triangle(state, seat, rng)
            if tri is not None:
                return {"type": "triangulate", "points": [list(p) for p in tri]}
        fixed = state.fixed
        while True:
            at = ALL_POINTS[rng.randrange(len(ALL_POINTS))]
            if at not in fixed:
                break
        secret = ALL_POINTS[rng.randrange(len(ALL_POINTS))]
        return {"type": "place", "open": list(at), "secret": list(secret)}

    def _random_triangle(self, state: State, seat: int, rng: random.Random):
        free = state.points[seat] - state.fixed
        own = sorted(free)
        if len(own) < 3:
            return None
        for attempt in range(8):
            if attempt % 2 == 0:
                ax, ay = a = own[rng.randrange(len(own))]
                if len(own) > NEAR_BY_WALK:
                    near = _nearest(free, ax, ay)
                else:  # ``own`` sorted by the distance from a, stably (by index)
                    far = [(x - ax) * (x - ax) + (y - ay) * (y - ay) for x, y in own]
                    near = [own[i] for i in sorted(range(len(own)), key=far.__getitem__)[1:7]]
                b, c = rng.sample(near, 2)
                tri = [a, b, c]
                rng.shuffle(tri)
            else:
                tri = rng.sample(own, 3)
            if triangle_allowed(state.points, state.triangles, seat, tuple(tri)):
                return tri
        return None

    def triangle_preview(self, state: State, seat: int, points) -> dict:
        """For the board's live preview: would ``seat`` score these points on the open board?

        Uses only public information (open points, scored triangles), so it never
        reveals a hidden point. ``area`` is the helper-point count of any proper
        triangle, also when it is not valid.
        """
        try:
            tri = _triangle_points(points)
        except IllegalMove as error:
            return {"valid": False, "area": 0, "reason": str(error)}
        area = 0 if collinear(*tri) else helper_area(*tri)
        if seat not in (0, 1) or type(seat) is not int:
            return {"valid": False, "area": area, "reason": "Only a player can triangulate."}
        problem = triangle_problem(state.points, state.triangles, seat, tri)
        return {"valid": problem is None, "area": area, "reason": problem or ""}

    # -- views and records ---------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        """The open board for everyone; a hidden list only for its writer (others see its length)."""
        own = None
        if seat in (0, 1) and type(seat) is int:
            own = [list(p) for p in state.secrets[seat]]
        public = _public_view(state)
        if own is None:
            return dict(public)
        return {**public, "seat": seat, "my_secrets": own}

    def replay_view(self, state: State) -> dict:
        """For replays of finished matches: the spectator's view with both hidden lists shown.

        ``secrets[s]`` is seat s's hidden list in the order written (the board draws them as
        that seat's secret points), so a replay shows the secrets at every ply.
        """
        view = self.view(state, None)
        view["secrets"] = [[list(p) for p in state.secrets[s]] for s in (0, 1)]
        view["replay"] = True
        return view

    def outcome(self, state: State) -> dict | None:
        """None while running; the higher match total wins, equal totals are a draw."""
        if state.result is None:
            return None
        winners, reason = state.result
        return {"winners": list(winners), "scores": list(state.match), "reason": reason}

    def notation(self, state, move: dict) -> str:
        """'place (3,4) + secret', 'triangle (1,1) (5,1) (1,6)' or 'pass'; never the secret point."""
        kind = move["type"]
        if kind == "place":
            return f"place {_fmt(move['open'])} + secret"
        if kind == "triangulate":
            return "triangle " + " ".join(_fmt(p) for p in move["points"])
        return kind

    def public_code(self, state, move: dict) -> str | None:
        """A place's code ``x.y~sx.sy`` ends in the secret point: the others see ``x.y~hidden``
        (the open point alone, which every view shows)."""
        if move.get("type") == "place":
            x, y = move["open"]
            return f"{x}.{y}~hidden"
        return None

    def to_json(self, state: State) -> dict:
        return {
            "partie": state.partie,
            "turns": state.turns,
            "passes": state.passes,
            "points": [sorted_points(state.points[0]), sorted_points(state.points[1])],
            "triangles": _triangle_dicts(state.triangles),
            "secrets": [[list(p) for p in state.secrets[s]] for s in (0, 1)],
            "match": list(state.match),
            "history": _parsed(state.history),
            "last_move": _parsed(state.last_move),
            "reveal": _parsed(state.reveal),
            "result": None
            if state.result is None
            else {"winners": list(state.result[0]), "reason": state.result[1]},
            "left": [list(entry) for entry in state.left],
        }

    def from_json(self, data: dict) -> State:
        """Rebuilds a position; scored vertices and partie totals follow from the triangles."""
        triangles = tuple(
            (t["seat"], tuple(sorted(tuple(p) for p in t["points"])), t["area"])
            for t in data["triangles"]
        )
        totals = [0, 0]
        for s, _, a in triangles:
            totals[s] += a
        result = data["result"]
        return State(
            partie=data["partie"],
            turns=data["turns"],
            passes=data["passes"],
            points=tuple(frozenset(tuple(p) for p in data["points"][s]) for s in (0, 1)),
            triangles=triangles,
            secrets=tuple(tuple(tuple(p) for p in data["secrets"][s]) for s in (0, 1)),
            match=tuple(data["match"]),
            history=_text(data["history"]),
            last_move=_text(data["last_move"]),
            reveal=_text(data["reveal"]),
            result=None if result is None else (tuple(result["winners"]), result["reason"]),
            fixed=frozenset(p for _, t, _ in triangles for p in t),
            totals=(totals[0], totals[1]),
            left=tuple((seat, reason) for seat, reason in data.get("left", ())),
        )


def _public_view(state: State) -> dict:
    """``view(state, None)``, computed once for the views of one position (every audience
    of a move asks for its own: the sorted points and triangles were most of each).
    Shared, like ``_parsed``'s records: a view's lists are read-only."""
    seen, view = _last_public[0]
    if seen is state:
        return view
    view = {
        "players": 2,
        "to_move": ENGINE.to_move(state),
        "outcome": ENGINE.outcome(state),
        "scores": list(state.match),
        "seat": None,
        "width": WIDTH,
        "height": HEIGHT,
        "points": [sorted_points(state.points[0]), sorted_points(state.points[1])],
        "fixed": sorted_points(state.fixed),
        "triangles": [
            [{"points": [list(p) for p in t], "area": a} for s, t, a in state.triangles if s == k]
            for k in (0, 1)
        ],
        "my_secrets": None,
        "secret_counts": [len(state.secrets[0]), len(state.secrets[1])],
        "partie": state.partie,
        "parties": PARTIES,
        "starter": state.starter,
        "partie_totals": list(state.totals),
        "target": TARGET,
        "turn": state.turns,
        "max_turns": MAX_TURNS,
        "round": state.turns // 2 + 1,
        "pass_streak": state.passes,
        "match_scores": list(state.match),
        "history": _parsed(state.history),
        "last_move": _parsed(state.last_move),
        "last_reveal": _parsed(state.reveal),
        "left": [list(entry) for entry in state.left],
    }
    _last_public[0] = (state, view)  # one position: the audiences of a move ask in turn
    return view


_last_public: list[tuple] = [(None, None)]  # one tuple, swapped whole: threads share it


@functools.lru_cache(maxsize=512)
def _parsed(text: str):
    """A public record's JSON text, parsed once for all the views of its positions (every
    audience's, every move's: the finished parties' history was a tenth of a live move's
    CPU). Shared, so a view's ``history``, ``last_move`` and ``last_reveal`` are read-only."""
    return json.loads(text)


def _text(value) -> str:
    """Compact JSON text of a public record (see State)."""
    return json.dumps(value, separators=(",", ":"))


def _place_text(seat: int, at: Point, collision: bool) -> str:
    """``_text`` of a place move's ``last_move``, written out: the search applies thousands
    of places a move, and ``json.dumps`` was a tenth of its time."""
    return (
        f'{{"seat":{seat},"type":"place","at":[{at[0]},{at[1]}],'
        f'"collision":{"true" if collision else "false"}}}'
    )


@functools.lru_cache(maxsize=16)
def sorted_points(points: frozenset) -> list[list[int]]:
    """``points`` as sorted lists, remembered: a seat's points stay one set while the other
    seat moves, and every move's views and record ask for them. Shared: read-only."""
    return [list(p) for p in sorted(points)]


ENGINE = TriangulumEngine()
