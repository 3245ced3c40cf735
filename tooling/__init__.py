"""Helpers that the tests and the benchmarks share (neither imports the other)."""
