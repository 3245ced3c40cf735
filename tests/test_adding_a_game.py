"""A new game is one package and one line (docs/architecture.md, "Adding a game"): the
throwaway tic-tac-toe (tests/tictactoe/), put in the list of games as a new game is
(tests/with_tictactoe.py, one line), is played by every test that runs over all games: the
game protocol, the purity of its rules, the web tests of every game (its words read in German,
from its own catalogue, tests/tictactoe/locale/), the bots and the catalogue checks. Nothing
else is edited for it."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The tests parametrized over the listed games; each must play the toy game.
OVER_EVERY_GAME = (
    "tests/engines/test_protocol.py",
    "tests/engines/test_purity.py",
    "tests/web/test_every_game.py",
    "tests/web/test_secret_audit.py",
    "tests/web/test_shared_layouts.py",
    "tests/web/test_move_list_memory.py",
    "tests/bots/test_choose_move.py",
)
#: Tests that read the whole list at once, run as they are.
OVER_THE_LIST = (
    "tests/bots/test_purity.py",
    "tests/web/test_catalogue_words.py",
    "tests/web/test_languages.py::test_the_german_catalogues_are_complete",
    "tests/web/test_languages.py::test_a_msgid_in_two_catalogues_reads_the_same_in_both",
    "tests/web/test_pages.py::test_lobby_lists_every_game_with_a_rules_page",
    "tests/web/test_clocks.py::test_every_game_has_presets_within_the_limits",
)


def pytest_with_the_toy_game(*args: str) -> subprocess.CompletedProcess:
    """A fresh pytest with the toy game listed, on SQLite and the in-memory layer whatever
    this run uses (its own test database never meets this run's)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:randomly", "-p", "no:cacheprovider"]
        + ["-p", "tests.with_tictactoe", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )


def test_the_toy_game_added_with_one_line_passes_every_test_of_every_game():
    collected = pytest_with_the_toy_game("--collect-only", "-q", *OVER_EVERY_GAME).stdout
    toy = [line for line in collected.split() if "tic-tac-toe" in line or "tictactoe" in line]
    assert {line.split("::")[0] for line in toy} == set(OVER_EVERY_GAME), collected[-2000:]
    result = pytest_with_the_toy_game("-q", *toy, *OVER_THE_LIST)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
