"""A move's work outside the sockets: CPU milliseconds to record it and render it.

The server's largest share of a move is rendering the new position for each audience
(spectators and every seat; ``games.live.rendering.prerender``). This measures the move service
(``services.move_play``: checking, recording, rendering; the notice to the sockets is left
out, as there are none) and its rendering alone, in one process with no sockets, so its figures are steadier than the load
benchmark's and say which game's board to work on. Per game it plays ``--matches`` matches
from random plies (as ``bench/load.py`` does), each with a page open for every audience,
and records random moves: CPU milliseconds per move (``time.process_time``) and the HTML
per push.

With ``--compression`` it also compresses each audience's pushes in order, as one socket's
permessage-deflate stream (``config/serve.py``, context kept from push to push), at the
server's zlib level and at the library's level 6: CPU milliseconds and bytes per push.
With ``--gc`` it plays nothing and times a full garbage collection of the server's start-up
heap (``config.asgi`` loaded), as loaded and after the ``gc.freeze()`` that module ends with.

    .venv/bin/python bench/render.py                    # the five games, 20 matches each
    .venv/bin/python bench/render.py --games hive --moves 400
    .venv/bin/python bench/render.py --compression      # zlib level 3 against 6
    .venv/bin/python bench/render.py --gc               # what gc.freeze() saves a collection
"""

from __future__ import annotations

import argparse
import gc
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
    from games import reactions, services
    from games.live import fragments
    from games.live.rendering import board_html, fragment_key, fragment_key_since
    from games.models import Match
    from games.registry import get_engine
    from tooling.matches import reseed, watching

    rendering = []
    prerender = reactions.prerender

    def timed_prerender(*args):
        start = time.process_time()
        prerender(*args)
        rendering.append(time.process_time() - start)

    reactions.prerender = timed_prerender  # the push reaction's own call, timed
    notify = reactions.notify_match_updated
    reactions.notify_match_updated = lambda match: None  # no sockets here (bench/load.py)

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
    cpu, sizes, pushes, done = [], [], [], 0
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
            pushes.append(((match_id, seat), html.encode()))
        done += 1
    reactions.prerender, reactions.notify_match_updated = prerender, notify
    return {"moves": done, "cpu": cpu, "rendering": rendering, "sizes": sizes, "pushes": pushes}


def compress(pushes: list[tuple[tuple, bytes]], deflate) -> tuple[list[float], list[int]]:
    """CPU seconds and bytes of each push through ``deflate`` (a permessage-deflate class),
    one server-side stream per audience of a match, as its socket would send them."""
    from autobahn.websocket.compress import PerMessageDeflateOffer

    from config.serve import accept_deflate

    accept = accept_deflate([PerMessageDeflateOffer(accept_no_context_takeover=True)])
    streams, seconds, sizes = {}, [], []
    for audience, html in pushes:
        if audience not in streams:
            streams[audience] = deflate.create_from_offer_accept(True, accept)
        stream = streams[audience]
        start = time.process_time()
        stream.start_compress_message()
        sent = stream.compress_message_data(html) + stream.end_compress_message()
        seconds.append(time.process_time() - start)
        sizes.append(len(sent))
    return seconds, sizes


def compression_rows(game: str, pushes: list) -> list[str]:
    """One line per zlib level: the server's and the library's default."""
    from autobahn.websocket.compress import PerMessageDeflate

    from config.serve import LEVEL, FastDeflate

    rows = []
    for level, deflate in ((LEVEL, FastDeflate), (6, PerMessageDeflate)):
        seconds, sizes = compress(pushes, deflate)
        ms = [s * 1000 for s in seconds]
        rows.append(
            f"{game:24} {level:5} {len(ms):6}  {statistics.fmean(ms):12.3f} {_p(ms, 0.5):5.3f}"
            f" {_p(ms, 0.95):5.3f}  {statistics.median(sizes) / 1024:11.2f}"
            f" {statistics.fmean(sizes) / 1024:5.2f}"
        )
    return rows


def full_collections(repeat: int = 5) -> tuple[float, float]:
    """Median CPU milliseconds of a full collection of the server's start-up heap, before
    and after ``gc.freeze()`` (config/asgi.py freezes it; this thaws it first)."""
    import config.asgi  # noqa: F401 (the server's start-up)

    times = {}
    for frozen in (False, True):
        if frozen:
            gc.freeze()
        else:
            gc.unfreeze()
        runs = []
        for _ in range(repeat):
            start = time.process_time()
            gc.collect()
            runs.append((time.process_time() - start) * 1000)
        times[frozen] = statistics.median(runs)
    return times[False], times[True]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--matches", type=int, default=20, help="matches per game")
    parser.add_argument("--moves", type=int, default=200, help="moves timed per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compression", action="store_true", help="zlib level 3 against 6")
    parser.add_argument("--gc", action="store_true", help="a full collection, frozen or not")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as var_dir:
        setup_environment(False, Path(var_dir))
        if args.gc:
            thawed, frozen = full_collections()
            print(
                f"full collection of the start-up heap, CPU ms: {thawed:.1f}, frozen {frozen:.2f}"
            )
            return
        rng = random.Random(args.seed)
        print(f"# prerender CPU per move: {args.matches} matches per game, 3 audiences each")
        print(HEADER)
        moves, rendering, compressed = [], [], []
        for game in args.games:
            result = measure(game, args.matches, args.moves, rng)
            moves += result["cpu"]
            rendering += result["rendering"]
            print(_row(game, result["cpu"], result["rendering"], result["sizes"]))
            if args.compression:
                compressed += compression_rows(game, result["pushes"])
        print(_row("all", moves, rendering, []))
        if compressed:
            print("# each audience's pushes as one compressed socket stream, per push")
            print(
                f"{'game':24} {'level':>5} {'pushes':>6}  {'CPU ms: mean':>12} {'p50':>5}"
                f" {'p95':>5}  {'KiB: median':>11} {'mean':>5}"
            )
            print("\n".join(compressed))


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
