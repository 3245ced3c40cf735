"""A private match is never rated (docs/rules.md §7.6, issue #35 item 5): a stranger reading
every public place ratings show (``perfs``, ``/rating-history``, profiles, their charts, the
leaderboard) learns nothing of it, and results rated before the rule stop showing once the
migration has rebuilt the ratings."""

import importlib

import pytest
from django.apps import apps

from games import services
from games.models import Match
from games.registry import get_engine
from ratings.models import Rating, RatingChange
from tests.conftest import PD_OPTIONS, create_rigged

pytestmark = pytest.mark.django_db


def finished(alice, bob, *, private: bool) -> Match:
    """A match created rated that bob resigns once each seat has moved."""
    match = create_rigged(
        game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0, rated=True, private=private
    )
    match = services.match_join(match_id=match.pk, user=bob, invite=match.invite)
    engine = get_engine("powerdrain")
    for user, seat in ((alice, 0), (bob, 1)):
        move = next(iter(engine.legal_moves(engine.from_json(match.state), seat)))
        match = services.move_play(match_id=match.pk, user=user, move=move, ply=match.ply)
    return services.match_resign(match_id=match.pk, user=bob)


def everything_public(client, *names) -> list:
    """What a stranger can read of these players' ratings, pages and API answers alike."""
    seen = []
    for name in names:
        seen.append(client.get(f"/api/user/{name}").json()["perfs"])
        seen.append(client.get(f"/api/user/{name}/rating-history").json())
        profile = client.get(f"/accounts/u/{name}/").content.decode()
        seen.append(profile[profile.index('id="ratings"') :].split("</section>")[0])
        seen.append(profile.count("<tr data-game="))  # the counts and the ratings' rows
    seen.append(client.get("/leaderboard/powerdrain/").content.decode().count('data-user="'))
    return seen


def test_a_stranger_can_infer_nothing_of_a_private_match(client, alice, bob, carol):
    before = everything_public(client, "alice", "bob")
    match = finished(alice, bob, private=True)
    assert match.status == Match.Status.FINISHED and match.result and not match.rated
    client.force_login(carol)
    assert everything_public(client, "alice", "bob") == before
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    page = client.get("/").content.decode()
    assert "Only open matches are rated" in page  # the New match form says so beforehand


def test_an_open_match_shows_in_the_counts_and_the_ratings_alike(client, alice, bob, carol):
    finished(alice, bob, private=False)
    client.force_login(carol)
    profile = client.get("/accounts/u/bob/").content.decode()
    assert "Played 1 · won 0 · lost 1" in profile
    assert Rating.objects.get(user__username="bob").games == 1
    assert client.get("/api/user/bob").json()["perfs"]["powerdrain"]["games"] == 1


def test_private_results_rated_before_the_rule_are_taken_out_on_migration(alice, bob, carol):
    kept = finished(alice, carol, private=False)
    leaked = finished(alice, bob, private=False)
    Match.objects.filter(pk=leaked.pk).update(private=True)  # made private-and-rated earlier
    assert RatingChange.objects.filter(match=leaked).exists()
    migration = importlib.import_module("ratings.migrations.0002_recompute_settling_and_private")
    migration.recompute(apps, None)
    assert not Match.objects.get(pk=leaked.pk).rated
    assert not RatingChange.objects.filter(match=leaked).exists()
    assert not Rating.objects.filter(user=bob).exists()
    assert Rating.objects.get(user=alice).games == 1 and RatingChange.objects.filter(match=kept)
