"""High Voltage — power companies (docs/rules.md §3, seed 001): 2–4 secret power companies.

Players reveal, turn, move and swap line cards on a 7×7 grid to close power lines
between distributors on different sides of the frame; every company scores the
segments of its colour, the declarer takes point chips, and the secret companies
are revealed at the end. The card set is this project's own (docs/rules.md §3).

Readings this table chose where docs/rules.md and the seed are silent:
- Move: any face-up card anywhere on the grid may be moved into the gap; its old
  place becomes the new gap. After a reveal, placing the card into the gap makes
  the place it was lifted from the new gap.
- Face-down cards can be neither moved, swapped nor rotated (the seed only moves
  and swaps "aufgedeckte", revealed, cards); the gap is not a card and cannot be
  swapped. Swapping two look-alike cards is still a (chip-spending) action.
- Energy chips travel with their card when it is moved or swapped.
- "Touched this turn" is tracked by card identity: the card placed after a reveal
  (also when put back on its own place), the rotated card, the moved card and both
  swapped cards. A card touched in the first action of a double stays touched
  wherever the second action puts it.
- A declaration needs a closable line through a touched card; with none, no
  declare move exists and the mover ends the turn (or doubles). Declaring is only
  possible after the action (and after the second action of a double); lines
  declared before doubling stay scored.
- The special chip may also pay for a move or swap of ordinary cards (instead of
  an action chip); it never allows rotating a DANGER card. Once used for that, no
  double is possible, and vice versa.
- Double is offered in the declaration step after the first action, and only
  while face-down cards remain; the second action has no further double.
- A line is traced only through face-up cards; an empty place or face-down card
  stops it. A line reaching a card a second time is not closable (tracing stops).
  HIGH VOLTAGE chips are counted on the line's cards (a card holds at most one chip).
- The game ends at once whenever the energy supply reaches 0 during a declaration,
  whether it ran out partway or with the line's last chip; no further declaration
  or end move follows.
- When the last face-down card has been placed, the game ends at that turn's
  `end` (reason "cards") even if the quiet-turn count would also have ended it.
- Quiet turns are counted at `end`: a turn (a double is one turn) with a reveal or
  a declaration in either action resets the count; otherwise it grows by one, and
  the game ends when it reaches the number of players (reason "quiet").
- When the point-chip supply is empty the declarer takes nothing; play goes on.
- While a revealed card is in hand its place shows empty to everybody; others see
  where it came from, only the mover sees which card it is.
- `view["closable"]` (mover only, declaration step only) gives for each line its
  `from` (the name to declare), `to`, `cards` in trace order, `colours` (the
  distributor line, each card's segment, the other distributor line: a line is
  usually multicoloured, so there is no single colour) and the point chips it earns.
- `scores` in views while the game runs are the public point chips; outcome
  reasons are "energy", "cards" and "quiet".
- `view["last_turn"]` (everybody) names the previous turn's seat, the places of the cards it
  touched and the lines it declared, so boards can highlight the last move.
- `random_move` picks a kind of action (reveal, rotate, move, swap) uniformly and
  then a move of that kind uniformly: listing-uniform play almost never reveals.
- Leaving (docs/rules.md §7): any player still in may leave at any moment, in turn
  or not. The others play on; turns go round the players still in.
- A leaver who is the mover ends the turn where it stands: what was done stands
  (placed cards, chips spent, lines declared and their points). A revealed card not
  yet placed goes back face down where it lay: nobody else saw it, so it is a secret
  again and counts as face down. The turn then passes to the next player still in, and
  the previous-turn highlight shows the leaver's turn.
- The quiet-turn end counts only turns of players still in: the leaver's quiet turns
  drop out of the count, and the leaver's unfinished turn is not a quiet turn; it
  restarts the count if a revealed card was placed or a line declared in it. The game
  ends by "quiet" once as many quiet turns in a row as there are players still in
  were made (checked at `end`, and when the mover leaves). If the leaver had placed
  the last face-down card, the game ends at once (reason "cards"), as at `end`.
- When only one player is still in, the game ends at once (an unplaced revealed card
  goes back face down) and that player wins; the reason is the last leave's reason.
- A leaver's company stays secret until the end; it still scores on the track, and
  the leaver keeps the point chips taken, so `scores` has every seat's total. The
  outcome's `ranking` gives each seat's place: players still in by score (ties share
  a place), then the leavers, the latest leaver first; `winners` are only players
  still in. `view["left"]` and `outcome["left"]` list [seat, reason] in leaving order.
"""
