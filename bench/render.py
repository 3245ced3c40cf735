"""A move's work outside the sockets: CPU milliseconds to record it and render it.

The server's largest share of a move is rendering the new position for each audience
(spectators and every seat; ``games.rendering.prerender``). This measures the move service
(``services.move_play``: checking, recording, rendering; the notice to the sockets is left
out, as there are none) and its rendering alone, in one process with no sockets, so its figures are steadier than the load
benchmark's and say which game's board to work on. Per game it plays ``--matches`` matches
from random plies (as ``bench/load.py`` does), each with a page open for every audience,
and records random moves: CPU milliseconds per move (``time.process_time``) and the HTML
per push.

    .venv/bin/python bench/render.py                    # the five games, 20 matches each
    .venv/bin/python bench/render.py --games hive --moves 400
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load import GAMES, play_ahead, setup_environment  # noqa: E402


def measure(game: str, matches: int, moves: int, rng: random.Random) -> dict:
    """Plays ``moves`` random moves round the ``matches`` and times each one's prerender."""
    from accounts.models import User
    from games import fragments, push, services
    from games.models import Match
    from games.registry import get_engine
    from games.rendering import board_html, fragment_key, fragment_key_since
    from tooling.matches import reseed, watching

    rendering = []
    prerender = push.prerender

    def timed_prerender(*args):
        start = time.process_time()
        prerender(*args)
        rendering.append(time.process_time() - start)

    push.prerender = timed_prerender  # the push reaction's own call, timed
    notify = push.notify_match_updated
    push.notify_match_updated = lambda match: None  # no sockets here (bench/load.py)

    a = User.objects.create(username=f"render-{game}-a")
    b = User.objects.create(username=f"render-{game}-b")
    live = []
    for _ in range(matches):
        match = services.match_create(game=game, creator=a, seat=0)
        match = services.match_join(match_id=match.pk, user=b)
        # A seed of the run's own, so that runs of one --seed play the same positions.
        reseed(match, rng.randrange(2**31))
        watching(match)  # a page open for every audience
        live.append(play_ahead(match, rng, True)["id"])
        board_html(Match.objects.get(pk=live[-1]), None)  # its page, opened before play
    players = {0: a, 1: b}
    cpu, sizes, done = [], [], 0
    del rendering[:]
    while done < moves and live:
        match_id = rng.choice(live)
        match = Match.objects.get(pk=match_id)
        engine = get_engine(game)
        state = engine.from_json(match.state)
        movers = engine.to_move(state)
        if not movers:
            live.remove(match_id)
            continue
        move = engine.random_move(state, movers[0], rng)
        watching(match)  # its pages stay counted in, however long the run takes
        start = time.process_time()
        match = services.move_play(
            match_id=match_id, user=players[movers[0]], ply=match.ply, move=move
        )
        cpu.append(time.process_time() - start)
        for seat in (None, 0, 1):
            html = fragments.get(fragment_key_since(match, seat)) or fragments.get(
                fragment_key(match, seat)
            )
            sizes.append(len(html))
        done += 1
    push.prerender, push.notify_match_updated = prerender, notify
    return {"moves": done, "cpu": cpu, "rendering": rendering, "sizes": sizes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--matches", type=int, default=20, help="matches per game")
    parser.add_argument("--moves", type=int, default=200, help="moves timed per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as var_dir:
        setup_environment(False, Path(var_dir))
        rng = random.Random(args.seed)
        print(f"# prerender CPU per move: {args.matches} matches per game, 3 audiences each")
        print(HEADER)
        moves, rendering = [], []
        for game in args.games:
            result = measure(game, args.matches, args.moves, rng)
            moves += result["cpu"]
            rendering += result["rendering"]
            print(_row(game, result["cpu"], result["rendering"], result["sizes"]))
        print(_row("all", moves, rendering, []))


HEADER = (
    f"{'game':24} {'moves':>5}  {'move ms: mean':>13} {'p50':>5} {'p95':>5}"
    f"  {'rendering ms: mean':>18} {'p50':>5} {'p95':>5}  push KiB p50"
)


def _row(name: str, moves: list[float], rendering: list[float], sizes: list[int]) -> str:
    """One line of figures; CPU seconds in, milliseconds out."""
    ms, render = [s * 1000 for s in moves], [s * 1000 for s in rendering]
    size = f"{statistics.median(sizes) / 1024:12.1f}" if sizes else ""
    return (
        f"{name:24} {len(ms):5}  {statistics.fmean(ms):13.2f} {_p(ms, 0.5):5.2f}"
        f" {_p(ms, 0.95):5.2f}  {statistics.fmean(render):18.2f} {_p(render, 0.5):5.2f}"
        f" {_p(render, 0.95):5.2f}  {size}"
    )


def _p(values: list[float], q: float) -> float:
    return sorted(values)[int(q * (len(values) - 1))]


if __name__ == "__main__":
    main()
