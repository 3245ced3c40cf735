"""The tests' name for tooling/world.py (players, tokens and matches put straight into a
server's database), which the benchmarks share."""

from tooling.world import build, run_in

__all__ = ["build", "run_in"]
