"""The tests' name for tooling/programs.py (a program that plays a match through the API),
which the benchmarks share."""

from tooling.programs import Cut, choose, play, play_all

__all__ = ["Cut", "choose", "play", "play_all"]
