"""Every bot test fails when the search itself chose an illegal move, which ``choose_move``
would otherwise hide behind its random legal fallback (``games.bots.FALLBACKS``)."""

import pytest

from games import bots


@pytest.fixture(autouse=True)
def the_search_chooses_legal_moves():
    counted = bots.FALLBACKS
    before = counted.total()
    yield
    assert counted.total() == before, f"illegal moves the search chose, per game: {counted}"
