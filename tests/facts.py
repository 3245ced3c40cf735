"""Each listed game's test facts (``<package>/facts.py``) by slug, for the tests that run over
every game: the list of games (``games.packages``) says which, the package says what."""

from importlib import import_module

from games.packages import PACKAGES

FACTS = {import_module(f"{p}.engine").ENGINE.slug: import_module(f"{p}.facts") for p in PACKAGES}
