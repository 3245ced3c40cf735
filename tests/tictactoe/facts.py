"""What the tests that run over every game know of tic-tac-toe beyond its declaration."""

#: Codes well formed but naming no legal move at the start, and why.
ILLEGAL_AT_START = ("a4", "d1")  # off the grid
#: The setup keys a match's creator may fix and everybody sees: it has no options.
PUBLIC_OPTIONS = frozenset()
#: At most this many random plies before a position the bots' tests take.
BOT_PLIES = 6
