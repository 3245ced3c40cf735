"""Tournaments: round robin, Swiss and Arena over the table's matches (issue #41), around the
pure pairing and standings of ``tournaments.formats`` (docs/architecture.md, "Where things go")."""
