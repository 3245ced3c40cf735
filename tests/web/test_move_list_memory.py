"""The match log (and its move list) grows by the position the move service hands over, and
reads the same as a log rebuilt from the recorded moves (a fresh process, the replay)."""

import random

import pytest

from accounts.models import User
from games import services
from games.models import Match
from games.registry import GAMES, get_engine
from games.store import matchlog, movelog
from tests.engines.harness import choose_move
from tooling.matches import watching


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_list_grown_move_by_move_equals_the_list_read_back(
    db, slug, django_capture_on_commit_callbacks
):
    engine = get_engine(slug)
    users = [User.objects.create(username=f"{slug}-{i}") for i in range(2)]
    match = services.match_create(game=slug, creator=users[0], seat=0)
    services.match_join(match_id=match.pk, user=users[1])
    watching(match)  # each move's position is rendered ahead, and the list grown by it
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
    grown, plies = movelog.entries(match), matchlog.of(match).plies
    assert grown and grown[-1]["last"] == match.ply
    matchlog._logs.clear()
    assert movelog.entries(match) == grown
    assert matchlog.of(match).plies == plies  # words, codes and public codes alike


def test_an_update_puts_in_words_only_the_turns_the_page_lacks():
    """A page showing ply 5 lacks the turn that held ply 5 (it grew or closed) and those
    after it; rebuilding all the words of a long match on every move cost more than its
    board. The tail is numbered as in the whole list."""
    seats = [
        {"index": 0, "name": "Ann", "colour": "red"},
        {"index": 1, "name": "Bo", "colour": "blue"},
    ]
    turns = tuple(
        {
            "seat": n % 2,
            "first": 2 * n + 1,
            "last": 2 * n + 2,
            "texts": [f"t{n}"],
            "separator": None,
        }
        for n in range(4)
    )  # plies 1-2, 3-4, 5-6, 7-8
    whole = movelog.rows_of(turns, seats)
    tail = movelog.rows_of(turns, seats, since=5)
    assert tail == whole[2:] and [row["number"] for row in tail] == [3, 4]
    assert movelog.rows_of(turns, seats, since=4) == whole[1:]
    assert movelog.last_turn_text(turns, seats, to_move=[1]) == "Ann: t2."
