"""The match logs a process keeps stay within their bound in bytes, however many replays
are browsed (issue: 60 imported High Voltage replays once added 150 MiB, since each move's
words held a lazy translation class of its own, about 33 KiB, and the logs were bounded by
count alone)."""

import gc
import random
import tracemalloc

from games import services
from games.models import Match
from games.registry import get_engine
from games.store import matchlog
from tests.engines.harness import choose_move

BOUND = 2**20  # the logs' bound for this test: 1 MiB
REPLAYS = 16


def _record(seed: int) -> dict:
    engine = get_engine("high-voltage")
    rng = random.Random(seed)
    state = engine.setup(players=2, seed=seed)
    moves = []
    while engine.to_move(state):
        seat = engine.to_move(state)[0]
        move = choose_move(engine, state, seat, rng)
        moves.append({"seat": seat, "move": move})
        state = engine.apply(state, seat, move)
    return {
        "format": "gametable-match/1",
        "game": "high-voltage",
        "seed": seed,
        "options": {},
        "seats": ["Ann", "Bo"],
        "moves": moves,
        "result": engine.outcome(state),
    }


def test_browsing_many_long_replays_keeps_the_logs_within_their_bytes(importer, carol, monkeypatch):
    monkeypatch.setattr(matchlog._logs, "max_weight", BOUND)
    matches = [services.match_import(data=_record(seed), user=carol) for seed in range(REPLAYS + 1)]
    assert min(m.ply for m in matches) > 100
    matchlog._logs.clear()
    importer.get(f"/m/{matches[0].public_id}/replay/")  # templates compiled, caches warm
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for match in matches[1:]:
            assert importer.get(f"/m/{match.public_id}/replay/").status_code == 200
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert matchlog.weight() <= BOUND
    # The bound counts the logs alone; the rest is what the pages left (querysets, caches).
    assert grown < 2 * BOUND, f"{grown / 2**20:.1f} MiB kept after {REPLAYS} replays"
    assert Match.objects.count() == REPLAYS + 1
