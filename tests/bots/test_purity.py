"""The bots and the rules engines stay pure (importing them loads no Django or Channels), and
the bots know every game there is: the games are counted on disk, not in the lists that name
them (``games.packages``, and ``SLUGS`` and ``GAMES`` drawn from it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from games.bots import SLUGS, knowledge
from games.packages import PACKAGES
from games.registry import get_game

GAMES = Path(__file__).resolve().parents[2] / "games"
RULES = sorted(path.parent.name for path in GAMES.glob("*/engine.py"))

CODE = """
import sys
import games.bots
for slug in games.bots.SLUGS:
    games.bots.knowledge(slug)
loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'channels'))
assert not loaded, loaded
unknown = [p for p in sys.argv[1:] if f'games.{p}.bot' not in sys.modules]
assert 'games.bots.search' in sys.modules and not unknown, unknown
"""


def test_bots_and_engines_import_no_django_or_channels():
    subprocess.run([sys.executable, "-c", CODE, *RULES], check=True)


def test_every_game_package_on_disk_is_a_listed_game():
    assert sorted(path.parent.name for path in GAMES.glob("*/bot.py")) == RULES
    assert sorted(path.parent.name for path in GAMES.glob("*/board.html")) == RULES
    listed = [p.removeprefix("games.") for p in PACKAGES if p.startswith("games.")]
    assert sorted(listed) == RULES


def test_every_game_declares_the_knowledge_the_bots_use():
    for slug in SLUGS:
        know = knowledge(slug)
        assert know.engine.slug == slug  # the engine's own name, not the list's
        assert get_game(slug).bot is know
        assert get_game(slug).engine is know.engine
