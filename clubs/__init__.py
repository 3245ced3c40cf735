"""Clubs, lichess's teams: members, join requests, and tournaments kept to a club."""
