"""A position another seat cannot tell apart, with every secret changed (the secret audits)."""

from __future__ import annotations

from dataclasses import replace

from games.triangulum.geometry import HEIGHT, WIDTH


def twin(state, viewer: int | None, rng):
    """``state`` with every hidden point ``viewer`` may not know moved elsewhere.

    Each hidden list that is not the viewer's own (both for a spectator) keeps its
    length, but every point moves by one random non-zero offset.
    """
    dx, dy = rng.randrange(1, WIDTH), rng.randrange(1, HEIGHT)

    def moved(p):
        return (p[0] + dx) % WIDTH, (p[1] + dy) % HEIGHT

    secrets = tuple(
        points if seat == viewer else tuple(moved(p) for p in points)
        for seat, points in enumerate(state.secrets)
    )
    return replace(state, secrets=secrets)
