"""A clock for the time-cap tests: time passes only as the search iterates, each iteration
(or each common deal, ``Search.deal``) taking as long as the test says (a loaded machine,
without waiting for one)."""

from __future__ import annotations

from games.bots.search import Search


class SlowClock:
    """Call it for the time; ``iterations`` counts the search's iterations since it was made."""

    def __init__(self, monkeypatch, seconds_per_iteration: float):
        self.now = 0.0
        self.iterations = 0
        for step in ("iterate", "deal"):
            monkeypatch.setattr(
                Search, step, self._slowed(getattr(Search, step), seconds_per_iteration)
            )

    def _slowed(self, step, seconds: float):
        def slow(search, *args):
            step(search, *args)
            self.iterations += 1
            self.now += seconds

        return slow

    def __call__(self) -> float:
        return self.now
