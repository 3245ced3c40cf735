"""Tic-tac-toe: the throwaway game the tests add by following docs/architecture.md's "Adding
a game": one package and its line in the list of games (tests/test_adding_a_game.py). Nothing
ships it.

Readings this table chose: X (seat 0) always starts; a player who leaves loses at once.
"""
