"""What the tests that run over every game (tests/engines/test_protocol.py, the bots' tests)
know of High Voltage — power companies beyond its declaration: a game brings its own, so adding one edits no test."""

#: Codes well formed but naming no legal move at the start, and why.
ILLEGAL_AT_START = ("end", "double", "P33r1", "DE0", "R00r1", "M00r0", "F33")
#: The setup keys a match's creator may fix and everybody sees: checked against the
#: declaration's public_options, a second word on each, so a secret made public fails.
PUBLIC_OPTIONS = frozenset({"rotations", "first"})
#: At most this many random plies before a position the bots' tests take.
BOT_PLIES = 60
