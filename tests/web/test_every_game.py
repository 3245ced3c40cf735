"""Every playable game, end to end through the web layer: play, replay, export, re-import."""

import json
import random
import re

import pytest
from django.utils import translation
from django.utils.html import escape

from accounts.models import User
from games import services
from games.models import Match
from games.registry import GAMES, get_engine
from tests.engines.harness import choose_move
from tooling.matches import reseed

PLAYABLE = list(GAMES)


def play_random_match(slug: str, players: int, seed: int) -> Match:
    engine = get_engine(slug)
    users = [User.objects.create(username=f"{slug}-{i}-{seed}") for i in range(players)]
    match = services.match_create(game=slug, creator=users[0], seat=0, players=players)
    for user in users[1:]:
        services.match_join(match_id=match.pk, user=user)
    # A drawn setup let a random Hive game now and then end without a drag.
    reseed(match, seed)
    rng = random.Random(seed)
    for _ in range(3000):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return match
        state = engine.from_json(match.state)
        seat = engine.to_move(state)[0]
        move = choose_move(engine, state, seat, rng)
        services.move_play(match_id=match.pk, user=users[seat], ply=match.ply, move=move)
    raise AssertionError("match did not finish")


@pytest.mark.parametrize("slug", PLAYABLE)
def test_a_finished_match_is_in_history_replays_and_reimports_identically(
    client, importer, db, slug
):
    engine = get_engine(slug)
    match = play_random_match(slug, engine.min_players, seed=11)
    assert match.result == engine.outcome(engine.from_json(match.state))
    assert (
        f"/m/{match.public_id}/replay/" in client.get("/history/", {"game": slug}).content.decode()
    )
    plies = sorted({0, 1, match.ply // 2, match.ply - 1, match.ply})
    for ply in plies:
        page = client.get(f"/m/{match.public_id}/replay/", {"ply": ply})
        assert page.status_code == 200 and f'data-ply="{ply}"' in page.content.decode()
    record = client.get(f"/m/{match.public_id}/record.json").json()
    assert len(record["moves"]) == match.ply
    client.post("/m/import/", {"record": json.dumps(record)})
    imported = Match.objects.exclude(pk=match.pk).get()
    assert imported.state == match.state and imported.result == match.result
    assert client.get(f"/m/{imported.public_id}/record.json").json() == record


@pytest.mark.parametrize("slug", PLAYABLE)
def test_every_games_own_words_read_in_german(client, db, slug):
    """A game's description, end reasons and move words come from its package's own
    catalogue (``<package>/locale/``, docs/languages.md): the shared one need not know them."""
    game, engine = GAMES[slug], get_engine(slug)
    state = engine.setup(engine.min_players, seed=5)
    seat = engine.to_move(state)[0]
    move = choose_move(engine, state, seat, random.Random(5))
    before, after = engine.view(state, None), engine.view(engine.apply(state, seat, move), None)

    def words() -> list[str]:
        said = [game.description, *game.reasons.values(), game.board.describe(move, before, after)]
        return [str(w) for w in said]

    english = words()
    with translation.override("de"):
        german = words()
    assert [d for d, e in zip(german, english, strict=True) if d == e] == []
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert escape(german[0]) in page and escape(english[0]) not in page


@pytest.mark.parametrize("slug", PLAYABLE)
def test_every_seat_count_renders_for_players_and_spectators(client, db, slug):
    engine = get_engine(slug)
    for players in range(engine.min_players, engine.max_players + 1):
        users = [User.objects.create(username=f"{slug}-r{players}-{i}") for i in range(players)]
        match = services.match_create(game=slug, creator=users[0], seat=0, players=players)
        for user in users[1:]:
            services.match_join(match_id=match.pk, user=user)
        for user in [*users, None]:
            if user:
                client.force_login(user)
            else:
                client.logout()
            page = client.get(f"/m/{match.public_id}/")
            assert page.status_code == 200
            assert ('class="spectating"' in page.content.decode()) == (user is None)


def test_replays_reveal_secret_companies_but_live_pages_do_not(client, db):
    match = play_random_match("high-voltage-companies", 3, seed=5)
    engine = get_engine("high-voltage-companies")
    companies = engine.from_json(match.state).companies
    names = ["red", "yellow", "green", "blue"]
    page = client.get(f"/m/{match.public_id}/replay/", {"ply": 1}).content.decode()
    shown = [names[c] for c in companies]
    tags = [f'<span class="hvc-company-tag c-{c}">{c.title()}</span>' for c in shown]
    assert all(tag in page for tag in tags)  # every seat's company, from the first ply on
    live = services.match_create(
        game="high-voltage-companies", creator=User.objects.create(username="host"), players=2
    )
    assert client.get(f"/m/{live.public_id}/replay/").status_code == 302


def test_hive_move_lists_name_the_insect_that_moves(client, db):
    match = play_random_match("hive", 2, seed=3)
    drags = [m.move for m in match.moves.all() if m.move["type"] == "drag"]
    assert drags
    page = client.get(f"/m/{match.public_id}/replay/").content.decode()
    named = re.findall(r"</strong> moved (Bee|Spider|Beetle|Grasshopper|Ant)\b", page)
    assert len(named) == len(drags)


def test_powerdrain_shows_every_viewer_the_plugs_still_to_come(db):
    """The list of plugs not yet placed is public (rules page), in draft games too."""
    from games.live.rendering import board_html

    engine = get_engine("powerdrain")
    for n, options in enumerate(({}, {"draft": True})):
        users = [User.objects.create(username=f"pd-left-{n}-{i}") for i in range(2)]
        match = services.match_create(game="powerdrain", creator=users[0], seat=0, options=options)
        services.match_join(match_id=match.pk, user=users[1])
        state = engine.from_json(Match.objects.get(pk=match.pk).state)
        move = next(iter(engine.legal_moves(state, 0)))
        match = services.move_play(match_id=match.pk, user=users[0], ply=0, move=move)
        remaining = engine.view(engine.from_json(match.state), None)["remaining"]
        assert len(remaining) == 15
        for seat in (None, 0, 1):
            html = board_html(match, seat)
            assert html.count('class="pd-left-plug"') == 15
            assert all(f'class="pd-left-plug">{plug}<' in html for plug in remaining)
