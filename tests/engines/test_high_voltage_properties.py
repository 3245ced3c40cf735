"""Property tests over random High Voltage games, against a slow independent reference model."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.high_voltage.engine import ENGINE
from tests.engines.harness import random_game
from tests.engines.test_high_voltage_geometry import segments_cross

seeds = st.integers(min_value=0, max_value=2**32)
KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def reference(first, posts):
    """Links, scores and result by brute force: every new link against every standing link."""
    owner, links = {}, []  # links: (a, b, seat)
    for n, p in enumerate(posts):
        seat = (first + n) % 2
        for dx, dy in KNIGHT_STEPS:
            q = (p[0] + dx, p[1] + dy)
            if owner.get(q) == seat and not any(segments_cross(p, q, a, b) for a, b, _ in links):
                links.append((p, q, seat))
        owner[p] = seat
    scores = [0, 0]
    neighbours = {p: [] for p in owner}
    for a, b, _ in links:
        neighbours[a].append(b)
        neighbours[b].append(a)
    seen = set()
    for p, seat in owner.items():
        if p in seen:
            continue
        group, stack = {p}, [p]
        while stack:
            for q in neighbours[stack.pop()]:
                if q not in group:
                    group.add(q)
                    stack.append(q)
        seen |= group
        values = [c[seat] for c in group]
        scores[seat] = max(scores[seat], max(values) - min(values))
    return {frozenset((a, b)) for a, b, _ in links}, scores


def engine_links(view):
    return {frozenset(map(tuple, link)) for seat in (0, 1) for link in view["links"][seat]}


@settings(max_examples=80, deadline=None)
@given(seed=seeds)
def test_random_games_end_with_a_valid_outcome(seed):
    plies = list(random_game(ENGINE, 2, seed))
    final = plies[-1][0]
    result = ENGINE.outcome(final)
    view = ENGINE.view(final, None)
    assert result["scores"] == view["scores"]
    if result["reason"] == "connected":
        assert view["scores"][result["winners"][0]] == 23
    else:
        assert result["reason"] == "posts" and view["placed"] == 200
        assert max(view["scores"]) < 23
        s0, s1 = view["scores"]
        assert result["winners"] == ([] if s0 == s1 else [0 if s0 > s1 else 1])
    assert len(plies) == view["placed"] + 2  # the opening choice, the posts, the end


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_links_scores_and_preview_match_a_brute_force_reference(seed):
    posts = []
    for state, seat, move in random_game(ENGINE, 2, seed):
        view = ENGINE.view(state, None)
        if view["first"] is not None and len(posts) % 10 == 0 or move is None:
            expected_links, expected_scores = reference(view["first"], posts)
            assert engine_links(view) == expected_links
            assert view["scores"] == expected_scores
        if move is not None and move["type"] == "post":
            posts.append(tuple(move["at"]))
            preview = ENGINE.preview_links(state, seat, move["at"])
            after = engine_links(ENGINE.view(ENGINE.apply(state, seat, move), None))
            assert {frozenset(map(tuple, link)) for link in preview} == after - engine_links(view)


@settings(max_examples=30, deadline=None)
@given(seed=seeds)
def test_no_two_links_ever_cross(seed):
    *_, (final, _, _) = random_game(ENGINE, 2, seed)
    segments = [
        tuple(map(tuple, link))
        for seat in (0, 1)
        for link in ENGINE.view(final, None)["links"][seat]
    ]
    for i, (a, b) in enumerate(segments):
        for c, d in segments[i + 1 :]:
            assert not segments_cross(a, b, c, d)


@st.composite
def zigzags(draw):
    """Knight steps two columns to the right with random ±1 rows, then one column and ±2 rows."""
    y = draw(st.integers(min_value=3, max_value=8))
    path = [(0, y)]
    for x in range(2, 23, 2):
        y += draw(st.sampled_from([-1, 1])) if 3 < y < 8 else (1 if y == 3 else -1)
        path.append((x, y))
    path.append((23, y + draw(st.sampled_from([-2, 2]))))
    return path


@settings(max_examples=50, deadline=None)
@given(path=zigzags(), seed=seeds, as_red=st.booleans())
def test_an_unhindered_zigzag_connects_on_its_last_post(path, seed, as_red):
    """The path's links only meet end to end; the opponent plays randomly far away (rows 12+)."""
    rng = random.Random(seed)
    seat = 1 if as_red else 0
    if as_red:
        path = [(y, x) for x, y in path]
    state = ENGINE.apply(ENGINE.setup(2, seed, {"swamps": []}), 0, {"type": "keep"})
    for n, cell in enumerate(path):
        if ENGINE.to_move(state) != [seat]:
            far = [m for m in ENGINE.legal_moves(state, 1 - seat) if min(m["at"]) >= 12]
            state = ENGINE.apply(state, 1 - seat, rng.choice(far))
        assert ENGINE.outcome(state) is None
        state = ENGINE.apply(state, seat, {"type": "post", "at": list(cell)})
        assert ENGINE.view(state, None)["scores"][seat] == (23 if n == 12 else 2 * n)
    assert ENGINE.outcome(state)["winners"] == [seat]
    assert ENGINE.outcome(state)["reason"] == "connected"
