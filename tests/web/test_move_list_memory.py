"""The move list grows by the position the move service hands over, and reads the same as a
list rebuilt from the recorded moves (a fresh process, the replay)."""

import random

import pytest

from accounts.models import User
from games import movelog, services
from games.models import Match
from games.registry import GAMES, get_engine
from tests.engines.harness import choose_move


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_list_grown_move_by_move_equals_the_list_read_back(
    db, slug, django_capture_on_commit_callbacks
):
    engine = get_engine(slug)
    users = [User.objects.create(username=f"{slug}-{i}") for i in range(2)]
    match = services.match_create(game=slug, creator=users[0], seat=0)
    services.match_join(match_id=match.pk, user=users[1])
    rng = random.Random(3)
    for _ in range(40):
        match.refresh_from_db()
        state = engine.from_json(match.state)
        if not engine.to_move(state):
            break
        seat = engine.to_move(state)[0]
        with django_capture_on_commit_callbacks(execute=True) as published:
            services.move_play(
                match_id=match.pk,
                user=users[seat],
                ply=match.ply,
                move=choose_move(engine, state, seat, rng),
            )
        assert published  # the position was rendered, and the list grown from it
    match = Match.objects.get(pk=match.pk)
    grown = movelog.entries(match)
    assert grown and grown[-1]["last"] == match.ply
    movelog._logs.clear()
    assert movelog.entries(match) == grown
