"""Triangulum (docs/rules.md §5, seed 003): claim area with triangles, bluff with secret points.

Readings this table chose where docs/rules.md and the seed are silent:
- The open and the secret point of one place move may be the same point: the
  secret is only a note; it is revealed later like any other secret.
- A secret point may be written anywhere on the board, also on a scored vertex
  or on a point that is taken (what happens is decided when it is revealed).
- An open point may go anywhere except on a vertex of a scored triangle: also
  inside or on the edge of a scored triangle, and onto an own point (both go).
- "Two passes in a row" means two consecutive turns that are passes, i.e. one
  by each player; the partie then ends at once, even in the middle of a round.
  Any other move (place, triangle, failed triangle) breaks the streak.
- 333: checked only at the end of a round (after the second player's turn),
  so the second player always answers. 400 turns per partie count every move
  of both players (200 each); the 400th turn always ends a round.
- A triangle is a set of three points; apply and ``is_legal`` accept the three
  points in any order, and ``legal_moves`` lists every valid triangle in all six
  orders, so the listing agrees exactly with apply.
- Sharing "no point at all" is read in the plane, not on the grid: triangles
  may not share a vertex, touch an edge, cross, or lie one inside the other. A
  point inside or on a scored triangle therefore can never be a new vertex.
- Reveal: after a triangle passes the open-board check, the mover's list then
  the opponent's, each in the order written, land like open placements
  (free: placed; on a point of either colour: both removed; on a scored vertex:
  discarded). Both lists are emptied. The triangle is then checked again (all
  three vertices still the mover's, no opponent point inside or on an edge);
  if it fails, the revealed points stay where they landed and the turn is
  lost (it counts as a turn and is not a pass).
- At a partie's end the still-hidden points are discarded unseen; the board
  is cleared for the next partie. The last partie's board stays for the final view.
- The larger partie total wins the partie even if the other reached 333 first;
  equal totals (0:0 too) score nothing. Winner: own + loser's when own > 2 ×
  loser's (strictly), else own − loser's; exactly twice takes the second branch.
- The match winner has the higher sum of partie results; equal sums draw.
  Outcome reason "parties"; partie reasons "area", "passes", "turns".
- Notation never shows the secret point: "place (3,4) + secret",
  "triangle (1,1) (5,1) (1,6)", "pass".
- The setup has no randomness; the seed is ignored and no options exist.
- A player who leaves loses the match at once (docs/rules.md §7) with the match totals
  as they stand: the running partie is not scored, and hidden points still unrevealed
  are discarded unseen, as at a partie's end.
"""
