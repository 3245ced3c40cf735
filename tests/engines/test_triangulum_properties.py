"""Property tests over random Triangulum matches, against a slow independent reference model."""

import json
import random
from itertools import takewhile

from hypothesis import given, settings
from hypothesis import strategies as st

from games.triangulum.engine import ENGINE
from tests.engines.harness import key, random_game
from tests.engines.test_triangulum_geometry import doubled_area, inside_by_areas, separated

seeds = st.integers(min_value=0, max_value=2**32)


def reference_area(t):
    """Helper points (2i+1, 2j+1) in the doubled triangle, tried one by one by the area sum."""
    d = [(2 * x, 2 * y) for x, y in t]
    xs, ys = [p[0] for p in d], [p[1] for p in d]
    return sum(
        inside_by_areas((i, j), *d)
        for i in range(min(xs) + 1, max(xs), 2)
        for j in range(min(ys) + 1, max(ys), 2)
    )


class Reference:
    """The rules of docs/rules.md §5 written out plainly, with its own geometry."""

    def __init__(self):
        self.partie, self.match, self.history = 1, [0, 0], []
        self.fresh()

    def fresh(self):
        self.owner, self.secrets, self.triangles = {}, [[], []], []
        self.turns = self.passes = 0

    def fixed(self):
        return {p for _, t, _ in self.triangles for p in t}

    def totals(self):
        return [sum(a for s, _, a in self.triangles if s == seat) for seat in (0, 1)]

    def valid(self, seat, t):
        return (
            all(self.owner.get(p) == seat for p in t)
            and len(set(t)) == 3
            and doubled_area(*t) != 0
            and not any(s != seat and inside_by_areas(q, *t) for q, s in self.owner.items())
            and all(separated(t, u) for _, u, _ in self.triangles)
        )

    def land(self, p, seat):
        if p in self.owner:
            del self.owner[p]
        else:
            self.owner[p] = seat

    def move(self, seat, move):
        assert seat == (self.partie - 1 + self.turns) % 2
        self.passes = self.passes + 1 if move["type"] == "pass" else 0
        if move["type"] == "place":
            at = tuple(move["open"])
            assert at not in self.fixed()
            self.land(at, seat)
            self.secrets[seat].append(tuple(move["secret"]))
        elif move["type"] == "triangulate":
            t = tuple(tuple(p) for p in move["points"])
            assert self.valid(seat, t)
            fixed = self.fixed()
            for writer in (seat, 1 - seat):
                for p in self.secrets[writer]:
                    if p not in fixed:
                        self.land(p, writer)
            self.secrets = [[], []]
            if self.valid(seat, t):
                self.triangles.append((seat, t, reference_area(t)))
        self.turns += 1
        totals = self.totals()
        if (self.turns % 2 == 0 and max(totals) >= 333) or self.passes == 2 or self.turns == 400:
            if totals[0] != totals[1]:
                win = 0 if totals[0] > totals[1] else 1
                own, other = totals[win], totals[1 - win]
                self.match[win] += own + other if own > 2 * other else own - other
            self.history.append(totals)
            if self.partie < 3:
                self.partie += 1
                self.fresh()
            else:
                self.secrets = [[], []]

    def compare(self, state):
        data = ENGINE.to_json(state)
        for seat in (0, 1):
            mine = {p for p, s in self.owner.items() if s == seat}
            assert {tuple(p) for p in data["points"][seat]} == mine
            assert [tuple(p) for p in data["secrets"][seat]] == self.secrets[seat]
        assert [(t["seat"], t["area"]) for t in data["triangles"]] == [
            (s, a) for s, _, a in self.triangles
        ]
        assert data["partie"] == self.partie and data["turns"] == self.turns
        assert data["match"] == self.match
        assert [h["totals"] for h in data["history"]] == self.history


@settings(max_examples=6, deadline=None)
@given(seed=seeds)
def test_random_matches_follow_the_reference_and_end_with_a_valid_outcome(seed):
    reference = Reference()
    for state, seat, move in random_game(ENGINE, 2, seed):
        reference.compare(state)
        if move is not None:
            reference.move(seat, move)
    result = ENGINE.outcome(state)
    view = ENGINE.view(state, None)
    assert len(view["history"]) == 3 and [h["starter"] for h in view["history"]] == [0, 1, 0]
    assert all(h["turns"] <= 400 for h in view["history"])
    s0, s1 = result["scores"]
    assert result["scores"] == view["scores"] == reference.match
    assert result["winners"] == ([] if s0 == s1 else [0 if s0 > s1 else 1])
    assert result["reason"] == "parties" and ENGINE.to_move(state) == []


def test_random_matches_score_some_triangles():
    scored = sum(
        len(h["triangles"])
        for seed in range(3)
        for h in ENGINE.view([s for s, _, _ in random_game(ENGINE, 2, seed)][-1], None)["history"]
    )
    assert scored > 10


def reference_triangles(state, seat):
    """Every valid triangle of ``seat`` by brute force over triples of its own points."""
    reference = Reference()
    data = ENGINE.to_json(state)
    reference.owner = {tuple(p): s for s in (0, 1) for p in data["points"][s]}
    reference.triangles = [
        (t["seat"], tuple(map(tuple, t["points"])), t["area"]) for t in data["triangles"]
    ]
    own = sorted(p for p, s in reference.owner.items() if s == seat)
    return {
        frozenset((a, b, c))
        for i, a in enumerate(own)
        for j, b in enumerate(own[i + 1 :], i + 1)
        for c in own[j + 1 :]
        if reference.valid(seat, (a, b, c))
    }


def own_count(state, seat):
    return len(ENGINE.to_json(state)["points"][seat])


@settings(max_examples=6, deadline=None)
@given(seed=seeds)
def test_listed_triangles_are_exactly_the_valid_ones_in_every_order(seed):
    rng = random.Random(seed)
    plies = list(random_game(ENGINE, 2, seed))
    few = [p for p in plies[1:-1] if 3 <= own_count(p[0], p[1]) <= 20]
    for state, seat, _ in rng.sample(few, min(3, len(few))):
        listed = list(takewhile(lambda m: m["type"] != "place", ENGINE.legal_moves(state, seat)))
        assert listed[0] == {"type": "pass"}
        triangles = listed[1:]
        expected = reference_triangles(state, seat)
        assert {frozenset(map(tuple, m["points"])) for m in triangles} == expected
        assert len({key(m) for m in triangles}) == len(triangles) == 6 * len(expected)
        for move in rng.sample(triangles, min(12, len(triangles))):
            ENGINE.apply(state, seat, move)


@settings(max_examples=8, deadline=None)
@given(seed=seeds)
def test_is_legal_matches_the_reference_for_random_triples(seed):
    rng = random.Random(seed)
    plies = list(random_game(ENGINE, 2, seed))
    for state, seat, _ in rng.sample(plies[1:-1], 4):
        reference = Reference()
        data = ENGINE.to_json(state)
        reference.owner = {tuple(p): s for s in (0, 1) for p in data["points"][s]}
        reference.triangles = [
            (t["seat"], tuple(map(tuple, t["points"])), 0) for t in data["triangles"]
        ]
        mine = [p for p, s in reference.owner.items() if s == seat]
        pool = mine + [(rng.randrange(46), rng.randrange(29)) for _ in range(5)]
        for _ in range(150):
            t = tuple(rng.choice(pool) for _ in range(3))
            move = {"type": "triangulate", "points": [list(p) for p in t]}
            assert ENGINE.is_legal(state, seat, move) == reference.valid(seat, t)


def with_dummy_secrets(state, seats, filler):
    """The same position with the hidden lists of ``seats`` rewritten as ``filler`` points."""
    data = ENGINE.to_json(state)
    for seat in seats:
        data["secrets"][seat] = [list(filler) for _ in data["secrets"][seat]]
    return ENGINE.from_json(data)


@settings(max_examples=6, deadline=None)
@given(seed=seeds)
def test_views_never_leak_a_secret_point(seed):
    """A seat's view is the same whatever the other's hidden list says, given its length."""
    for n, (state, _, _) in enumerate(random_game(ENGINE, 2, seed)):
        if n % 7 and n > 3:
            continue
        data = ENGINE.to_json(state)
        for writer in (0, 1):
            other = 1 - writer
            views = [ENGINE.view(with_dummy_secrets(state, [writer], f), other) for f in FILLERS]
            assert ENGINE.view(state, other) == views[0] == views[1]
            mine = ENGINE.view(state, writer)
            assert mine["my_secrets"] == data["secrets"][writer]
            assert mine["secret_counts"][writer] == len(data["secrets"][writer])
        spectator = ENGINE.view(state, None)
        json.dumps(spectator)
        for filler in FILLERS:
            assert ENGINE.view(with_dummy_secrets(state, [0, 1], filler), None) == spectator
        assert spectator["my_secrets"] is None
        for field in ("players", "to_move", "outcome", "scores"):
            assert field in spectator


FILLERS = [(0, 0), (45, 28)]


@settings(max_examples=8, deadline=None)
@given(seed=seeds)
def test_scored_triangles_never_meet_and_carry_their_helper_area(seed):
    *_, (state, _, _) = random_game(ENGINE, 2, seed)
    for record in ENGINE.view(state, None)["history"]:
        triangles = [tuple(map(tuple, t["points"])) for t in record["triangles"]]
        for t, data in zip(triangles, record["triangles"], strict=True):
            assert data["area"] == reference_area(t)
        for i, t in enumerate(triangles):
            for u in triangles[i + 1 :]:
                assert separated(t, u)
        totals = [sum(t["area"] for t in record["triangles"] if t["seat"] == s) for s in (0, 1)]
        assert totals == record["totals"]
