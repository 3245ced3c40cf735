"""A pytest plugin that adds the throwaway game (tests/tictactoe) to the table the way a new
game is added: its line in the one list of games (games/packages.py). Loaded with
``-p tests.with_tictactoe``, before anything reads the list (tests/test_adding_a_game.py)."""

from games import packages

packages.PACKAGES = (*packages.PACKAGES, "tests.tictactoe")
