"""The bots and the rules engines stay pure: importing them loads no Django or Channels."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
import games.bots
for slug in games.bots.SLUGS:
    games.bots.knowledge(slug)
loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'channels'))
assert not loaded, loaded
assert 'games.bots.search' in sys.modules and 'games.rules.hive.bot' in sys.modules
"""


def test_bots_and_engines_import_no_django_or_channels():
    subprocess.run([sys.executable, "-c", CODE], check=True)


def test_every_game_declares_the_knowledge_the_bots_use():
    from games.bots import SLUGS, knowledge
    from games.registry import GAMES, get_game

    assert set(SLUGS) == set(GAMES)
    for slug in SLUGS:
        assert get_game(slug).bot is knowledge(slug)
        assert knowledge(slug).engine is get_game(slug).engine
