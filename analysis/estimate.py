"""Each seat's chance at one position, by the Hard search, from the view of the seat to move.

Pure like the computer players (no Django): it runs the bots' own search
(``games.bots.search``) from the mover's view, so a secret the mover could not know cannot
move the estimate, with Hard's weighing of every root move, a fixed number of iterations
(no clock: the seed alone decides) and two additions an analysis needs:

- each seat's average reward on every root move and on the replies to it, not only the
  mover's, so the chosen move gives every seat's chance (and, where the engine scores
  seats, each seat's expected place), valued by its most visited reply (``line``);
- the move actually played is always a root candidate and gets at least ``PLAYED_SHARE`` of
  the iterations, so "what the mover gave up" compares two averages the search really took.

Where the game hides nothing (``reuses``), the search at a position may start from the tree
the previous position's search grew below the move played there (``Kept``): the visits it
already has count towards the budget, so the new search runs only what is missing (at least
``FRESH`` of the budget). Both trees are of the one real state, as every seat sees it.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from itertools import islice

from games.bots import knowledge
from games.bots.search import Edge, Node, Search
from games.rules import Move

#: The played move's least share of the iterations (its average must not rest on a few).
PLAYED_SHARE = 0.1
#: Visits of the node after a root move before its most visited reply values that move.
REPLY_VISITS = 20
#: The least share of the budget a search that starts from a kept tree runs itself.
FRESH = 0.25
#: The search's iterations per position, per game: what a 200-ply match analysed by two
#: workers in at most 60 s allows (0.08-0.28 CPU-s a position on 2026-12-02; twice as many
#: made the marks agree no more often with an analysis at four times as many:
#: bench/analysis.py, docs/benchmarks.md).
ITERATIONS = {
    "high-voltage": 300,
    "high-voltage-companies": 500,
    "hive": 500,
    "triangulum": 200,
    "powerdrain": 1200,
}


@dataclass(frozen=True)
class Estimate:
    """What the search at one position says, from the view of ``seat`` (to move there)."""

    seat: int
    chances: list[float]  # each seat's chance, 0-1, if the mover plays ``best``
    best: Move  # the move the search preferred (its most visited)
    played: float  # the mover's chance after the move played, 0-1, by the same search
    places: list[float] | None  # each seat's expected place (1 = first) where scores exist
    forced: bool  # the mover had one legal move
    iterations: int  # run by this search (a kept tree's visits not counted)
    kept: Kept | None = field(default=None, compare=False, repr=False)  # for the next position


@dataclass(frozen=True)
class Kept:
    """The tree a search grew below the move played, and every seat's reward sums on its
    edges: where the next position's search starts (``estimate``'s ``reuse``)."""

    node: Node
    sums: dict[Edge, list[float]]
    place_sums: dict[Edge, list[float]]


def reuses(slug: str) -> bool:
    """Whether a search may start from the previous position's tree: only where the views
    hide nothing (with secrets the tree was grown from another seat's view: what that seat
    knew would move the estimate) and the root weighs the moves every node does."""
    know = knowledge(slug)
    return not know.secrets and know.thorough is None


class _Analysing(Search):
    """The bots' search, keeping every seat's rewards on each root move."""

    def __init__(self, *args, played: Move, **kwargs):
        super().__init__(*args, **kwargs)
        self.played = played
        self.played_key = json.dumps(played, sort_keys=True)
        self.sums: dict[Edge, list[float]] = {}  # edge -> each seat's reward sum
        self.place_sums: dict[Edge, list[float]] = {}
        self._path: list[Edge] = []  # this iteration's edges from the root
        self._rewards: list[float] = []
        self._places: list[float] | None = None
        self.scores = getattr(self.engine, "final_scores", None)

    def candidates(self, node, state, mover):
        """The root's candidates end with the move played (popped first: tried first), also
        when they are drawn again (``select``: nothing tried was legal in this
        determinization) and the move played has no edge yet."""
        fresh = super().candidates(node, state, mover)
        if node is self.root and self.played_key not in node.keys:
            node.keys.add(self.played_key)
            fresh.append((self.played_key, self.played))
        elif node is self.root:
            fresh = [f for f in fresh if f[0] != self.played_key]
            if not any(e.move == self.played for e in node.edges):
                fresh.append((self.played_key, self.played))
        return fresh

    def select(self, node, state, mover):
        edge, after = super().select(node, state, mover)
        if node is self.root:
            self._path = [edge]
        else:  # the child of the edge before: every level, a kept tree's edges need sums
            self._path.append(edge)
        return edge, after

    def playout(self, state):
        rewards = super().playout(state)
        self._rewards = _shares(rewards)
        if self.scores is not None and self.players > 2:
            self._places = _places(self._final(state))
        return rewards

    def _final(self, state):
        return self.scores(state)

    def iterate(self):
        super().iterate()  # its first ``select``, at the root, begins ``_path`` anew
        for edge in self._path:
            sums = self.sums.setdefault(edge, [0.0] * self.players)
            for s, r in enumerate(self._rewards):
                sums[s] += r
            if self._places is not None:
                places = self.place_sums.setdefault(edge, [0.0] * self.players)
                for s, p in enumerate(self._places):
                    places[s] += p

    def line(self, edge: Edge) -> Edge:
        """The edge whose averages value the position after the root move ``edge``: the
        most visited reply, once the reply node had ``REPLY_VISITS`` visits (a move's own
        average still counts every reply tried while the search looked for the best one,
        so a move that allows a winning answer would look half as bad as it is); the move
        itself where the game ended there or the search went no deeper."""
        replies = edge.child.edges
        if edge.child.visits < REPLY_VISITS or not replies:
            return edge
        return max(replies, key=lambda e: e.visits)

    def means(self, edge: Edge) -> list[float]:
        """Each seat's average reward along ``line(edge)``: every edge a search went
        through has its sums (``iterate``; a kept tree brings its own, ``keep``)."""
        edge = self.line(edge)
        return [x / edge.visits for x in self.sums[edge]]

    def place_means(self, edge: Edge) -> list[float] | None:
        """Each seat's expected place along ``line(edge)``, None where the game scores none."""
        edge = self.line(edge)
        sums = self.place_sums.get(edge)
        return None if sums is None else [round(x / edge.visits, 3) for x in sums]

    def adopt(self, kept: Kept) -> None:
        """Starts from ``kept`` (the position after the previous one's played move), with the
        move played here among the root's next candidates, as a fresh root has it."""
        self.root, self.sums, self.place_sums = kept.node, dict(kept.sums), dict(kept.place_sums)
        if self.played_edge() is None:
            waiting = [m for m in self.root.moves or [] if m[1] != self.played]
            self.root.moves = [*waiting, (self.played_key, self.played)]  # popped first
            self.root.keys.add(self.played_key)

    def keep(self, edge: Edge) -> Kept | None:
        """The tree below the root move ``edge`` with its sums (None: nothing grew there)."""
        node = edge.child
        if node.moves is None:
            return None
        edges, waiting = [], [node]
        while waiting:
            found = waiting.pop().edges
            edges += found
            waiting += [e.child for e in found]
        return Kept(
            node,
            {e: self.sums[e] for e in edges if e in self.sums},
            {e: self.place_sums[e] for e in edges if e in self.place_sums},
        )

    def played_edge(self) -> Edge | None:
        return next((e for e in self.root.edges if e.move == self.played), None)

    def focus(self, iterations: int) -> None:
        """Runs ``iterations`` more through the played move alone (the root sees no other)."""
        edge = self.played_edge()
        if edge is None:
            return
        kept = self.root.moves, self.root.edges
        self.root.moves, self.root.edges = [], [edge]
        try:
            for _ in range(iterations):
                self.iterate()
        finally:
            self.root.moves, self.root.edges = kept


def _shares(rewards: list[float]) -> list[float]:
    """A playout's rewards as shares of one win. The bots' evaluation of an unfinished
    playout may value each seat on its own (power companies: its lead over the best other
    seat, with two players too), which sums to anything up to one per seat (at an even
    start, 50 % each), so the analysis's chances would not add up to 100 %; a win's rewards
    already do. The search itself backs up the raw rewards: the computer players play as
    before."""
    total = sum(rewards)
    return [r / total for r in rewards] if total > 0 else [1 / len(rewards)] * len(rewards)


def _places(scores) -> list[float]:
    """Each seat's place by ``scores`` (1 = first; tied seats share the better place)."""
    return [1.0 + sum(other > mine for other in scores) for mine in scores]


def estimate(
    slug: str,
    view: dict,
    seat: int,
    played: Move,
    *,
    seed: int,
    iterations: int,
    reuse: Kept | None = None,
) -> Estimate:
    """The search's estimate at the position ``view`` shows ``seat`` (to move there), and what
    it thinks of ``played``, the move the seat made. Deterministic for a seed and ``reuse``:
    the previous position's ``Estimate.kept``, where ``reuses(slug)`` (its root's visits
    count towards ``iterations``). ``Estimate.kept`` is the tree for the next position."""
    if seat not in view["to_move"]:
        raise ValueError(f"Seat {seat} is not to move.")
    know = knowledge(slug)
    rng = random.Random(seed)
    search = _Analysing(know, view, seat, rng, thorough=True, played=played)
    runs = iterations
    if reuse is not None:
        search.adopt(reuse)
        runs = max(round(FRESH * iterations), iterations - search.root.visits)
    for _ in range(runs):
        search.iterate()
        search.done += 1
    chosen = max(search.root.edges, key=lambda e: e.visits)
    least = max(1, round(PLAYED_SHARE * iterations))
    edge = search.played_edge()
    if edge is None or edge.visits < least:
        search.focus(least - (edge.visits if edge else 0))
    played_edge = search.played_edge()
    chances = search.means(chosen)
    after = search.means(played_edge)[seat] if played_edge is not None else chances[seat]
    state = know.determinize(view, seat, rng)
    forced = len(list(islice(know.engine.legal_moves(state, seat), 2))) < 2
    return Estimate(
        seat=seat,
        chances=[round(c, 4) for c in chances],
        best=chosen.move,
        played=round(after, 4),
        places=search.place_means(chosen),
        forced=forced,
        iterations=search.done,
        kept=search.keep(played_edge) if played_edge is not None and reuses(slug) else None,
    )
