"""An alpha-beta Hive player of the kind the 2020 Software Challenge entries were, as a
yardstick for Hard (#56).

Iterative-deepening negamax with alpha-beta, a transposition table (Zobrist keys), the
previous iteration's best move and killer moves tried first, and a hand-made evaluation:
the pieces around each bee (weighted heavily, growing with the count), the pieces that can
move (not pinned by the one-hive rule, a beetle on top or a closed gate), and the pieces
in hand. It reads the board from the engine's view and plays through the protocol alone
(``to_move`` / ``legal_moves`` / ``apply`` / ``outcome``); it shares no code with our bots
and knows nothing of the engine's internals. It sits in tooling because the bench and a
test both use it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from games.hive.engine import ENGINE

RADIUS = 5
STEPS = ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1))
FIELDS = [
    (q, r, -q - r)
    for q in range(-RADIUS, RADIUS + 1)
    for r in range(-RADIUS, RADIUS + 1)
    if abs(q + r) <= RADIUS
]
# NEXT[field]: its six neighbours in STEPS order, None where off the board.
NEXT = {
    f: tuple(
        (f[0] + a, f[1] + b, f[2] + c)
        if max(map(abs, (f[0] + a, f[1] + b))) <= RADIUS and abs(f[2] + c) <= RADIUS
        else None
        for a, b, c in STEPS
    )
    for f in FIELDS
}

# Weights of the evaluation, in points for the seat to move.
SURROUND = (0, 100, 220, 370, 560, 800, 0)  # by pieces, brambles and edge around a bee
MOVABLE = 12  # per piece that can move
HAND = 4  # per piece still in hand
BEE_LOOSE = 30  # the bee itself can still move
KINDS = ("BEE", "SPIDER", "BEETLE", "GRASSHOPPER", "ANT")
_RNG = random.Random(2020)
# ZOBRIST[field, height, (seat, kind)]: a random key per piece in place (at most 5 high).
ZOBRIST = {
    (f, h, (s, k)): _RNG.getrandbits(64)
    for f in FIELDS
    for h in range(6)
    for s in (0, 1)
    for k in KINDS
}
WIN = 100_000
CHECK_EVERY = 128  # nodes between looks at the clock


class _OutOfTime(Exception):
    pass


@dataclass(frozen=True)
class Choice:
    """The move played, the deepest iteration finished and the nodes searched."""

    move: dict
    depth: int
    nodes: int


class Board:
    """The position as the player keeps it: stacks, bees, hands and a Zobrist key, made and
    unmade move by move beside the engine's states."""

    def __init__(self, view: dict):
        self.blocked = {tuple(f) for f in view["blocked"]}
        self.stacks: dict[tuple, list[tuple[int, str]]] = {}
        for cell in view["board"]:
            self.stacks[tuple(cell["field"])] = [(p["seat"], p["piece"]) for p in cell["stack"]]
        self.hands = [dict(hand) for hand in view["reserves"]]
        self.bees = [tuple(b) if b is not None else None for b in view["bees"]]
        self.ply = sum(view["moves_made"])
        self.key = 0
        for field, stack in self.stacks.items():
            for height, piece in enumerate(stack):
                self.key ^= ZOBRIST[field, height, piece]

    def make(self, seat: int, move: dict) -> None:
        if move["type"] == "set":
            to, piece = tuple(move["to"]), (seat, move["piece"])
            self.hands[seat][move["piece"]] -= 1
            self._push(to, piece)
        elif move["type"] == "drag":
            self._push(tuple(move["to"]), self._pop(tuple(move["from"])))
        self.ply += 1

    def unmake(self, seat: int, move: dict) -> None:
        self.ply -= 1
        if move["type"] == "set":
            self._pop(tuple(move["to"]))
            self.hands[seat][move["piece"]] += 1
        elif move["type"] == "drag":
            self._push(tuple(move["from"]), self._pop(tuple(move["to"])))

    def _push(self, field: tuple, piece: tuple[int, str]) -> None:
        stack = self.stacks.setdefault(field, [])
        self.key ^= ZOBRIST[field, len(stack), piece]
        stack.append(piece)
        if piece[1] == "BEE":
            self.bees[piece[0]] = field

    def _pop(self, field: tuple) -> tuple[int, str]:
        stack = self.stacks[field]
        piece = stack.pop()
        self.key ^= ZOBRIST[field, len(stack), piece]
        if not stack:
            del self.stacks[field]
        return piece

    def closed(self, field: tuple) -> int:
        """Sides of ``field`` closed by pieces, brambles or the edge (6: a surrounded bee)."""
        stacks, blocked = self.stacks, self.blocked
        return sum(1 for n in NEXT[field] if n is None or n in stacks or n in blocked)

    def evaluate(self, seat: int) -> int:
        """The position's worth for ``seat`` by the weights above."""
        loose = self._movable()
        score = 0
        for side, sign in ((seat, 1), (1 - seat, -1)):
            opponent_bee = self.bees[1 - side]
            own_bee = self.bees[side]
            if opponent_bee is not None:
                score += sign * SURROUND[self.closed(opponent_bee)]
            if own_bee is not None and own_bee in loose:
                score += sign * BEE_LOOSE
            score += sign * HAND * sum(self.hands[side].values())
            score += sign * MOVABLE * sum(1 for f in loose if self.stacks[f][-1][0] == side)
        return score

    def _movable(self) -> set[tuple]:
        """Fields whose top piece could move: its owner's bee is set, lifting it keeps the
        hive in one piece, and a slider has an open gate."""
        stacks, blocked = self.stacks, self.blocked
        pinned = _cut_fields(stacks)
        loose = set()
        for field, stack in stacks.items():
            seat, piece = stack[-1]
            if self.bees[seat] is None:
                continue
            if len(stack) > 1:
                loose.add(field)
                continue
            if field in pinned:
                continue
            if piece in ("BEETLE", "GRASSHOPPER") or _open_gate(field, stacks, blocked):
                loose.add(field)
        return loose


def _open_gate(field: tuple, stacks: dict, blocked: set) -> bool:
    """A slider on ``field`` has a free neighbour it can slide to: not both fields beside
    the step are taken (the edge never blocks a step)."""
    around = NEXT[field]
    for i, n in enumerate(around):
        if n is None or n in stacks or n in blocked:
            continue
        left, right = around[i - 1], around[(i + 1) % 6]
        if not (
            left is not None
            and (left in stacks or left in blocked)
            and right is not None
            and (right in stacks or right in blocked)
        ):
            return True
    return False


def _cut_fields(stacks: dict) -> set[tuple]:
    """The fields whose emptying would split the hive (articulation points, Tarjan)."""
    if len(stacks) < 3:
        return set()
    start = next(iter(stacks))
    order, low, cut = {start: 0}, {start: 0}, set()
    parent: dict[tuple, tuple | None] = {start: None}
    path = [(start, iter(NEXT[start]))]
    children_of_start = 0
    while path:
        field, neighbours = path[-1]
        for n in neighbours:
            if n is None or n not in stacks:
                continue
            if n not in order:
                order[n] = low[n] = len(order)
                parent[n] = field
                if field == start:
                    children_of_start += 1
                path.append((n, iter(NEXT[n])))
                break
            if n != parent[field]:
                low[field] = min(low[field], order[n])
        else:
            path.pop()
            above = parent[field]
            if above is not None:
                low[above] = min(low[above], low[field])
                if above != start and low[field] >= order[above]:
                    cut.add(above)
    if children_of_start > 1:
        cut.add(start)
    return cut


def _key(move: dict) -> tuple:
    return (move["type"], tuple(move.get("from", ())), tuple(move.get("to", ())), move.get("piece"))


class Search:
    """One move's search from ``state`` for ``seat``; ``clock`` and ``seconds`` bound it."""

    def __init__(self, state, seat: int, clock: Callable[[], float], seconds: float | None):
        self.engine = ENGINE
        self.root, self.seat = state, seat
        self.view = self.engine.view(state, seat)
        self.clock = clock
        self.deadline = None if seconds is None else clock() + seconds
        self.table: dict[tuple, tuple[int, int, int, tuple | None]] = {}
        self.killers: dict[int, tuple] = {}
        self.nodes = 0

    def run(self, depth: int | None) -> Choice:
        engine, state, seat = self.engine, self.root, self.seat
        moves = list(engine.legal_moves(state, seat))
        best, finished = moves[0], 0
        for d in range(1, (depth or 64) + 1):
            self.board = Board(self.view)
            try:
                value, move = self._root(state, moves, d, best)
            except _OutOfTime as partial:
                if partial.args and partial.args[0] is not None:
                    best = partial.args[0]
                break
            best, finished = move, d
            if abs(value) >= WIN - 100:  # a forced win or loss: deeper cannot change it
                break
        return Choice(best, finished, self.nodes)

    def _root(self, state, moves: list[dict], depth: int, first: dict) -> tuple[int, dict]:
        moves = sorted(moves, key=lambda m: m is not first)
        alpha, best = -WIN - 1, None
        for move in moves:
            try:
                value = -self._child(state, self.seat, move, depth - 1, -WIN - 1, -alpha, 1)
            except _OutOfTime:
                raise _OutOfTime(best) from None
            if value > alpha:
                alpha, best = value, move
        return alpha, best

    def _child(self, state, seat, move, depth, alpha, beta, ply) -> int:
        self.board.make(seat, move)
        try:
            return self._negamax(self.engine.apply(state, seat, move), depth, alpha, beta, ply)
        finally:
            self.board.unmake(seat, move)

    def _negamax(self, state, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if (
            self.deadline is not None
            and not self.nodes % CHECK_EVERY
            and self.clock() > self.deadline
        ):
            raise _OutOfTime()
        board, engine = self.board, self.engine
        seat = board.ply % 2
        if not engine.to_move(state):
            winners = engine.outcome(state)["winners"]
            if not winners:
                return 0
            return WIN - ply if winners == [seat] else ply - WIN
        if depth == 0:
            return board.evaluate(seat)
        key = (board.key, board.ply)
        stored = self.table.get(key)
        hint = None
        if stored is not None:
            s_depth, s_value, s_flag, hint = stored
            if s_depth >= depth and (
                s_flag == 0 or (s_flag < 0 and s_value <= alpha) or (s_flag > 0 and s_value >= beta)
            ):
                return s_value
        start_alpha = alpha
        best_value, best_key = -WIN - 1, None
        for move in self._ordered(list(engine.legal_moves(state, seat)), seat, hint, ply):
            value = -self._child(state, seat, move, depth - 1, -beta, -alpha, ply + 1)
            if value > best_value:
                best_value, best_key = value, _key(move)
            if value > alpha:
                alpha = value
            if alpha >= beta:
                self.killers[ply] = best_key
                break
        flag = -1 if best_value <= start_alpha else 1 if best_value >= beta else 0
        self.table[key] = (depth, best_value, flag, best_key)
        return best_value

    def _ordered(self, moves: list[dict], seat: int, hint, ply: int) -> list[dict]:
        """The table's move, then the killer, then moves that close the opponent's bee or
        open one's own."""
        bees = self.board.bees
        theirs = set(NEXT[bees[1 - seat]]) if bees[1 - seat] is not None else set()
        mine = set(NEXT[bees[seat]]) if bees[seat] is not None else set()
        killer = self.killers.get(ply)

        def rank(move: dict) -> int:
            key = _key(move)
            if key == hint:
                return -1000
            if key == killer:
                return -500
            to = tuple(move.get("to", ()))
            start = tuple(move.get("from", ()))
            gain = (to in theirs) - (start in theirs) - (to in mine) + (start in mine)
            return -10 * gain - (move["type"] == "drag")

        return sorted(moves, key=rank)


def alphabeta_move(
    state,
    seat: int,
    *,
    depth: int | None = None,
    seconds: float | None = 1.5,
    clock: Callable[[], float] = time.process_time,
) -> Choice:
    """The move for ``seat`` (to move in ``state``): iterative deepening up to ``depth``
    (None: no limit) until ``seconds`` of ``clock`` are spent (None: no limit; CPU time by
    default, so a loaded machine does not weaken it)."""
    if depth is None and seconds is None:
        raise ValueError("Give a depth, a time or both.")
    return Search(state, seat, clock, seconds).run(depth)
