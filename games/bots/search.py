"""Information-set Monte-Carlo tree search: one tree shared by many determinizations.

Each iteration draws a full state consistent with the searching seat's view, walks the
shared tree from the root (UCB1 over the children that are legal in that state), adds one
node, plays out and backs up one reward per seat; an edge keeps the reward of the seat
that moved along it, so two to four players need nothing special. Without secrets the one
determinization is the real state and this is plain UCT.

The tree names the searching seat's own moves by the whole move, and every other seat's
moves by their public notation, which never shows a secret (such as a Triangulum secret
point): what an opponent hides does not split the tree into nodes nobody could tell apart.

Where a game's luck outweighs the differences between its moves (Powerdrain's draw), Hard
grows no tree: ``compare`` plays every root move out on the same deals with the same seeds
(``Knowledge.deals``), so each move is judged on the luck the others got.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable

from games.rules import IllegalMove, Move
from games.rules.knowledge import Knowledge


class Edge:
    __slots__ = ("child", "move", "prior", "total", "visits")

    def __init__(self, move: Move, prior: float):
        self.move = move
        self.prior = prior  # 1 / (1 + rank among the node's candidates)
        self.visits = 0
        self.total = 0.0
        self.child = Node()


class Node:
    __slots__ = ("edges", "keys", "moves", "visits")

    def __init__(self):
        self.visits = 0
        self.moves: list[tuple[str, Move]] | None = None  # candidates not yet expanded
        self.edges: list[Edge] = []
        self.keys: set[str] = set()  # keys of every candidate seen here


# Playouts a common-deals search (``Search.compare``) makes per iteration of its budget: one
# from the root walks no tree and makes no node, and costs about two thirds of an iteration
# (Powerdrain: 5 000 playouts in 0.44 s of CPU a move, median, against the tree's 2 500
# iterations in 0.34 s).
PLAYOUTS = 2

CONTEMPT = 0.2  # what the searching seat gives up of a draw's or a shared win's value


def terminal_rewards(outcome: dict, players: int, seat: int) -> list[float]:
    """A win shared among the winners (1 each when alone); ½ for everyone in a draw.

    The searching ``seat`` values a draw or a shared first place ``CONTEMPT`` lower than
    its share: the search then plays on where a drawn ending and the game's continuation
    look alike to it (against a weaker side, playing on is worth more), instead of ending
    level games early.
    """
    winners = outcome["winners"] or list(range(players))
    share = 1.0 / len(winners)
    rewards = [share if s in winners else 0.0 for s in range(players)]
    if len(winners) > 1 and seat in winners:
        rewards[seat] -= CONTEMPT * share
    return rewards


class Search:
    """One search from one seat's view; ``run`` returns the chosen move."""

    def __init__(
        self,
        knowledge: Knowledge,
        view: dict,
        seat: int,
        rng: random.Random,
        *,
        thorough: bool = False,
    ):
        self.k = knowledge
        self.thorough = thorough  # the root weighs every move (Knowledge.thorough)
        self.engine = knowledge.engine
        self.view = view
        self.seat = seat
        self.rng = rng
        self.players = view["players"]
        self.root = Node()
        self.done = 0  # iterations run
        self.chosen: Edge | None = None  # the root edge ``run`` chose
        self.fixed = None if knowledge.secrets else knowledge.determinize(view, seat, rng)
        self.draw = (
            knowledge.sampler(view, seat) if knowledge.secrets and knowledge.sampler else None
        )

    def sample(self):
        """A state for one iteration: a fresh determinization where the game has secrets."""
        if self.fixed is not None:
            return self.fixed
        if self.draw is not None:
            return self.draw(self.rng)
        return self.k.determinize(self.view, self.seat, self.rng)

    def key(self, state, mover: int, move: Move) -> str:
        if mover == self.seat:
            return json.dumps(move, sort_keys=True)
        return self.engine.notation(state, move)

    def candidates(self, node: Node, state, mover: int) -> list[tuple[str, Move]]:
        """Fresh candidates for ``node`` in ``state``, skipping keys the node already has."""
        choose = self.k.candidates
        if node is self.root and self.thorough and self.k.thorough is not None:
            choose = self.k.thorough
        if choose is not None:
            moves = list(choose(state, mover, self.rng))
        else:
            moves = list(self.engine.legal_moves(state, mover))
            self.rng.shuffle(moves)
        fresh = []
        for move in moves:
            key = self.key(state, mover, move)
            if key not in node.keys:
                node.keys.add(key)
                fresh.append((key, move))
        fresh.reverse()  # popped from the end, best first
        return fresh

    def run(
        self,
        iterations: int,
        clock: Callable[[], float] | None,
        seconds: float,
        temperature: float = 0.0,
    ) -> Move:
        """The most visited root move; with a ``temperature``, a root move drawn with weight
        visits^(1/temperature) instead (an easy level's slips, still seeded)."""
        if self.thorough and self.k.deals:
            return self.compare(iterations, clock, seconds)
        start = clock() if clock else 0.0
        for done in range(iterations):
            if clock is not None and done and clock() - start >= seconds:
                break
            self.iterate()
            self.done += 1
            if done == 0 and len(self.root.edges) == 1 and not self.root.moves:
                break  # a forced move
        edges = self.root.edges
        if temperature > 0:
            weights = [e.visits ** (1 / temperature) for e in edges]
            self.chosen = self.rng.choices(edges, weights)[0]
        else:
            self.chosen = max(edges, key=lambda e: e.visits)
        return self.chosen.move

    def compare(self, iterations: int, clock: Callable[[], float] | None, seconds: float) -> Move:
        """The root move with the best average reward over common deals (``Knowledge.deals``):
        each deal plays every move out with one seed, so a move is compared with the others
        on the same luck. The level's iterations buy ``PLAYOUTS`` playouts each, so a wide root
        (a draft's plugs times sections) gets fewer deals."""
        start = clock() if clock else 0.0
        moves = list(self.engine.legal_moves(self.sample(), self.seat))
        most = PLAYOUTS * iterations // len(moves)
        deals = 0 if len(moves) == 1 else max(1, min(self.k.deals, most))
        totals = [0.0] * len(moves)
        played = 0
        for deal in range(deals):
            if clock is not None and deal and clock() - start >= seconds:
                break
            self.deal(moves, totals)
            played += 1
        best = max(range(len(moves)), key=totals.__getitem__)
        self.chosen = Edge(moves[best], 1.0)
        self.chosen.visits, self.chosen.total = played, totals[best]
        return moves[best]

    def deal(self, moves: list[Move], totals: list[float]) -> None:
        """One deal of ``compare``: every move played out on it, each with the same seed."""
        engine, seat, k = self.engine, self.seat, self.k
        choose = k.rollout or k.playout or engine.random_move
        state, seed = self.sample(), self.rng.random()
        for j, move in enumerate(moves):
            rng = random.Random(seed)
            after = engine.apply(state, seat, move)
            while seats := engine.to_move(after):
                after = engine.apply(after, seats[0], choose(after, seats[0], rng))
            totals[j] += self.ended(after)[seat]
        self.done += len(moves)

    def ended(self, state, outcome: dict | None = None) -> list[float]:
        """Every seat's reward in the finished ``state`` (its ``outcome``, when the caller
        has it): the game's ``reward`` where it has one, else a win shared among the
        winners."""
        if self.k.reward is not None:
            return list(self.k.reward(state))
        if outcome is None:
            outcome = self.engine.outcome(state)
        return terminal_rewards(outcome, self.players, self.seat)

    def allowed(self, node: Node) -> bool:
        """Whether ``node`` may expand one more candidate (progressive widening)."""
        if not node.moves:
            return False
        if self.k.widening is None:
            return True
        return len(node.edges) < 1 + self.k.widening * math.sqrt(node.visits)

    def iterate(self) -> None:
        engine = self.engine
        state = self.sample()
        node = self.root
        path: list[tuple[Node, Edge, int]] = []
        while True:
            seats = engine.to_move(state)
            if not seats:
                break
            mover = seats[0]
            if node.moves is None:
                node.moves = self.candidates(node, state, mover)
            edge, state = self.select(node, state, mover)
            path.append((node, edge, mover))
            node = edge.child
            if edge.visits == 0:
                break
        rewards = self.playout(state)
        for parent, edge, mover in path:
            parent.visits += 1
            edge.visits += 1
            edge.total += rewards[mover]

    def select(self, node: Node, state, mover: int):
        """The edge to follow from ``node`` and the state after its move."""
        tried: set[int] = set()
        force = False
        while True:
            if node.moves and (force or self.allowed(node)):
                _, move = node.moves.pop()
                try:
                    after = self.engine.apply(state, mover, move)
                except IllegalMove:  # legal only in other determinizations
                    continue
                edge = Edge(move, 1 / (1 + len(node.edges)))
                node.edges.append(edge)
                return edge, after
            best = self.best(node, tried)
            if best is None:  # nothing tried here is legal in this determinization
                force = True
                node.moves = self.candidates(node, state, mover) + (node.moves or [])
                if not node.moves:
                    move = self.engine.random_move(state, mover, self.rng)
                    node.moves = [(self.key(state, mover, move), move)]
                continue
            tried.add(best)
            edge = node.edges[best]
            try:
                return edge, self.engine.apply(state, mover, edge.move)
            except IllegalMove:
                continue

    def best(self, node: Node, tried: set[int]) -> int | None:
        """The index of the edge with the highest UCB1 score plus progressive bias (the
        candidate's rank, fading with visits), leaving out ``tried``: a few noisy playouts
        should not overrule the game's own ranking of its moves."""
        best, best_score = None, -math.inf
        log_n = math.log(node.visits + 1)
        c, bias = self.k.exploration, self.k.bias
        for i, edge in enumerate(node.edges):
            if i in tried:
                continue
            if edge.visits == 0:
                return i
            score = (
                edge.total / edge.visits
                + c * math.sqrt(log_n / edge.visits)
                + bias * edge.prior / (edge.visits + 1)
            )
            if score > best_score:
                best, best_score = i, score
        return best

    def playout(self, state) -> list[float]:
        engine, rng, k = self.engine, self.rng, self.k
        choose = k.playout or engine.random_move
        for _ in range(k.horizon):
            seats = engine.to_move(state)
            if not seats:
                break
            state = engine.apply(state, seats[0], choose(state, seats[0], rng))
        outcome = engine.outcome(state)
        if outcome is not None:
            return self.ended(state, outcome)
        if k.evaluate is None:
            return [0.5] * self.players
        return list(k.evaluate(state))
