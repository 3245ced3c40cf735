"""Powerdrain (docs/rules.md §6, seed 004): two polarities drain each other on a 5×5 grid.

Readings this table chose where docs/rules.md and the seed are silent:
- Plug notation is the two digits as a string ("46"): first digit against the
  row potential, second against the column potential, as in the seed.
- A drained plug's final voltage counts toward the tie-break sum by its absolute
  value (the seed: "the greater absolute power level").
- The order of the draw pile is secret, but which plugs remain is public (any
  player can count them), so views list the remaining plugs sorted.
"""
