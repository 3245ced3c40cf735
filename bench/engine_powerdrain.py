"""Powerdrain engine speed: random full games per second, drawn pile and draft.

.venv/bin/python bench/engine_powerdrain.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.playout import any_legal, play_for  # noqa: E402
from games.powerdrain.engine import ENGINE  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    for draft in (False, True):
        games, plies, elapsed, _ = play_for(
            ENGINE, args.seconds, any_legal(ENGINE), options={"draft": draft}
        )
        label = "draft" if draft else "drawn pile"
        print(f"{label:10s}: {games / elapsed:8.1f} games/s, {plies / elapsed:9.0f} plies/s")


if __name__ == "__main__":
    main()
