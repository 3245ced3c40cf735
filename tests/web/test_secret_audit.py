"""Hidden-information audit at the web layer: over many random games, the fragment a seat
or a spectator receives (page and WebSocket frames both use it) is identical for a twin
position in which every secret that viewer may not know is different.

A fragment that does not change when the secrets change cannot carry them.
"""

import random

import pytest
from django.urls import reverse

from accounts.models import User
from games import services
from games.live.rendering import Position, board_html
from games.models import Match
from games.registry import GAMES, all_games, get_engine, get_game
from tests.conftest import create_rigged
from tests.engines.harness import random_game

SECRET_GAMES = sorted(g.slug for g in all_games() if g.has_secrets)


def live_match(slug: str, players: int) -> Match:
    users = [User.objects.create(username=f"audit-{slug}-{players}-{i}") for i in range(players)]
    match = services.match_create(game=slug, creator=users[0], seat=0, players=players)
    for user in users[1:]:
        services.match_join(match_id=match.pk, user=user)
    return Match.objects.prefetch_related("seats__user").get(pk=match.pk)


def fragment(match: Match, engine, state, seat) -> str:
    match.state = engine.to_json(state)
    return board_html(match, seat)


@pytest.mark.parametrize("slug", SECRET_GAMES)
def test_fragments_do_not_change_when_only_other_seats_secrets_change(db, slug):
    engine, twin = get_engine(slug), get_game(slug).twin
    checked = 0
    for players in range(engine.min_players, engine.max_players + 1):
        match = live_match(slug, players)
        for seed in range(4):
            rng = random.Random(seed)
            plies = list(random_game(engine, players, seed))
            for state, seat, _ in plies:
                # A sample of the running positions keeps the audit quick; short games
                # (Powerdrain's 16 plugs) are checked at every position.
                if seat is None or (len(plies) > 40 and rng.random() > 0.3):
                    continue
                for viewer in [*range(players), None]:
                    other = twin(state, viewer, rng)
                    assert fragment(match, engine, other, viewer) == fragment(
                        match, engine, state, viewer
                    ), f"seat {viewer}'s fragment changes with secrets it may not know"
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_renders_shared_between_viewers_are_what_each_viewer_gets_alone(db, slug):
    """After a move, viewers with equal views share one board render (rendering.prerender):
    every viewer's shared fragment must equal the one rendered for that viewer alone."""
    engine = get_engine(slug)
    players = engine.min_players + (slug == "high-voltage-companies")
    match = live_match(slug, players)
    shared_some = False
    for seed in range(2):
        rng = random.Random(seed)
        for state, seat, _ in random_game(engine, players, seed):
            if seat is None or rng.random() > 0.2:
                continue
            match.state, match.ply = engine.to_json(state), match.ply + 1
            shared = Position(match)
            together = {v: board_html(match, v, shared=shared) for v in [None, *range(players)]}
            shared_some |= len(shared.boards) < players + 1
            for viewer, html in together.items():
                assert html == board_html(match, viewer), f"seat {viewer} got another's render"
    assert shared_some or slug in SECRET_GAMES


@pytest.mark.parametrize("slug", sorted(set(GAMES) - set(SECRET_GAMES)))
def test_without_secrets_every_seat_sees_what_spectators_see(slug):
    """A position's fragments compute one view for every audience of a game without
    secrets (rendering.Position.view): that holds only while the engine's views agree."""
    engine = get_engine(slug)
    checked = seed = 0
    while seed < 3 or checked <= 100:  # three games, and more where games are short
        for state, _, _ in random_game(engine, engine.min_players, seed):
            spectators = engine.view(state, None)
            for seat in range(engine.min_players):
                assert engine.view(state, seat) == spectators
                checked += 1
        seed += 1


def test_the_pages_name_only_the_public_options_of_a_rigged_setup(client, django_user_model):
    """A hidden setup part stored some way other than the services (a shell, a fixture)
    stays off the match and join pages: only the options everyone sees are listed."""
    alice = django_user_model.objects.create_user("alice-rigged")
    options = {"companies": ["red", "yellow"], "cards": list(range(48)), "first": 1}
    match = create_rigged(game="high-voltage-companies", creator=alice, options=options, seat=0)
    for name in ("games:match", "games:join_open"):
        html = client.get(reverse(name, args=[match.public_id])).content.decode()
        assert "first: 1" in html
        assert "companies:" not in html and "cards:" not in html
