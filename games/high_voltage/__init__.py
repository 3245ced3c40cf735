"""High Voltage, 24×24 pylons (docs/rules.md §2, seed 000): connect your two borders with knight links.

Readings this table chose where docs/rules.md and the seed are silent:
- Notation: "keep", "mirror" and "post k7": column letter a..x from the left
  (x = 0..23), row number 1..24 from the top (y = 0..23), so [10, 6] is k7.
- The swamps option may list any number of swamps of any size >= 1, each lying
  inside 1 <= x, y <= 22 and together covering at most 100 cells (so both seats
  always have room for their 100 posts); random setup draws the seed's 3×3, 2×2, 2×2, 1×1 in
  that order, top-left x then y, each uniform over the interior positions.
- Mirroring maps a swamp [x, y, size] (top-left cell) to [y, x, size]: the
  transpose of a square is the square with the transposed top-left cell.
- While the keep-or-mirror choice is pending, a post is refused (seat 0's
  first move must be the choice); afterwards keep/mirror are refused.
- A post on a border is allowed only on the own border; the corners belong to
  nobody. Posts of either seat may stand anywhere else that is free and dry.
- When one post could link to several own posts, every link is checked against
  the links that stood before the post; the new links all end at the new post,
  so they never cross one another.
- "Cross" means a proper crossing. Knight vectors are primitive, so a link has
  no lattice point inside it: links sharing an end point never cross, no link
  ends on another's inside, and distinct collinear links never overlap (see
  ``geometry``; a test compares with a general intersection over all pairs).
- A line's extent of 23 is the same as touching both own borders, so the
  connection check is "score == 23"; it is checked after every post and wins
  even on the 200th post (reason "connected" before "posts").
- The score of a seat with no post, or only lone posts, is 0.
"""
