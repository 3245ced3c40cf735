"""The table against its floor, in one run: `bench/floor.py --database` and
`bench/load.py --games all` take turns in short windows (floor, table, table, floor, …),
and the run's ratio is the table's mean server CPU per move over the floor's.

On a shared machine one command measured minutes apart differs by up to a sixth, and a
floor and a table measured one after the other each take their own share of that drift
(issue #38's fifth pass, in the commit log: the same code 2.2 and 2.7 times its floor). Windows that take
turns, in an order that puts each script as often first as second, give both the same
share; the spread of a run's windows is printed beside its ratio.

    .venv/bin/python bench/ratio.py                          # 3 runs, 2 windows each side, 30 s
    .venv/bin/python bench/ratio.py --runs 3 --windows 3 --seconds 20
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CPU = re.compile(r"server CPU ([\d.]+) ms/move")


def window(script: str, args: list[str]) -> float:
    """Runs one of the two scripts and returns the server CPU ms per move it printed."""
    command = [sys.executable, str(ROOT / "bench" / script), *args]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    found = CPU.findall(done.stdout)
    if done.returncode or not found:
        raise SystemExit(f"{script} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return float(found[-1])


def order(windows: int) -> list[str]:
    """floor, table, table, floor, floor, table, …: each script first as often as second."""
    pairs = [("floor", "table") if n % 2 == 0 else ("table", "floor") for n in range(windows)]
    return [side for pair in pairs for side in pair]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--windows", type=int, default=2, help="windows per script and run")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time per window")
    parser.add_argument("--matches", type=int, default=10, help="matches (tables) at once")
    options = parser.parse_args()
    shape = ["--seconds", str(options.seconds), "--matches", str(options.matches)]
    commands = {  # two players and one spectator a match on both sides
        "floor": ("floor.py", ["--database", "--spectators", "1", *shape]),
        "table": ("load.py", ["--games", "all", "--spectators", str(options.matches), *shape]),
    }
    print(
        f"# {options.runs} runs of {options.windows} windows a side, {options.seconds:g} s each;"
        f" {options.matches} matches, 2 players and 1 spectator each; server CPU ms a move"
    )
    ratios = []
    for run in range(1, options.runs + 1):
        cpu: dict[str, list[float]] = {"floor": [], "table": []}
        for side in order(options.windows):
            cpu[side].append(window(*commands[side]))
        floor, table = statistics.fmean(cpu["floor"]), statistics.fmean(cpu["table"])
        ratios.append(table / floor)
        print(
            f"run {run}: floor {_spread(cpu['floor'])} | table {_spread(cpu['table'])}"
            f" | table ÷ floor {ratios[-1]:.2f}",
            flush=True,
        )
    print(f"table ÷ floor over {len(ratios)} runs: {min(ratios):.2f}–{max(ratios):.2f}")


def _spread(values: list[float]) -> str:
    shown = ", ".join(f"{v:.2f}" for v in values)
    return f"{statistics.fmean(values):.2f} ({shown})"


if __name__ == "__main__":
    main()
