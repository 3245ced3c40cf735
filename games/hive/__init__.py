"""Hive, Software Challenge 2020 (docs/rules.md §4, seed 002): surround the opposing bee.

Readings this table chose where docs/rules.md and the seed are silent:
- "First piece of a colour" means the player has set nothing yet. On an empty
  board it may go on any free field; otherwise (blue's first piece) it must touch
  a piece already there, and the no-opponent-contact rule does not apply to it.
- "The bee must be set by the 4th move": from the player's 4th own move on
  (skips count as moves), while the bee is still in hand, BEE is the only piece
  that may be set. If no field is open for it, the player skips, and the rule
  still holds on the next turn (as in the Software Challenge server).
- Any piece, the bee included, may be the first piece set.
- Sliding steps use docs/rules.md's gate test with the moving piece lifted; the
  landing field must be free and not blocked. The spider's three steps visit
  four distinct fields. The ant moves at least one step; a field reachable by
  several routes is one move.
- Beetle moves ignore gates at every height (docs/rules.md); it needs contact as
  docs/rules.md words it. A beetle leaving a stack never breaks the hive.
- The one-hive rule is checked as: with the moving piece lifted, the remaining
  pieces are connected; moves as defined then always land touching the hive.
- Blue's first piece: if it has no free field next to red's piece, blue skips.
- End checks run after every move including skips: a bee with no free
  neighbouring field is surrounded (pieces, blocked fields and the edge all
  close a side). Both surrounded at once: draw. After 30 moves each: more free
  fields around the own bee wins, equal is a draw; a bee still in hand counts 0.
  Reasons: "bee surrounded", "both bees surrounded", "move limit".
- The blocked option must list exactly three distinct fields (any fields).
- Notation: "set ANT (1,-2,1)", "BEETLE (0,0,0)→(1,-1,0)", "skip"; ``notation(state,
  move)`` reads the dragged piece from the position before the move (a drag move
  alone does not say which piece moves).
- ``scores`` are the free fields around each bee at every moment (0 in hand).
"""
