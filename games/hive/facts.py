"""What the tests that run over every game (tests/engines/test_protocol.py, the bots' tests)
know of Hive beyond its declaration: a game brings its own, so adding one edits no test."""

#: Codes well formed but naming no legal move at the start, and why.
ILLEGAL_AT_START = ("B0.0~1.-1", "A5.5", "skip")  # nothing to drag; off the board; sets are open
#: The setup keys a match's creator may fix and everybody sees: checked against the
#: declaration's public_options, a second word on each, so a secret made public fails.
PUBLIC_OPTIONS = frozenset({"blocked"})
#: At most this many random plies before a position the bots' tests take.
BOT_PLIES = 50
