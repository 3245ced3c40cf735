"""Private means private (matches are named by unguessable public ids, and private ones are
listed to their own players only); imports need an account, are throttled per member and
stay out of the public history unless asked for (issue #24)."""

import json
import re

from django.test import Client

from accounts import services as accounts_services
from config.throttle import IMPORTS
from games import services
from games.models import PUBLIC_ID_ALPHABET, Match, new_public_id
from games.records import export_record
from tests.web.support import play_a_move


def played_out(alice, bob, *, private=False) -> Match:
    """A Powerdrain match between alice and bob, played to the end."""
    match = services.match_create(game="powerdrain", creator=alice, seat=0, private=private)
    services.match_join(match_id=match.pk, user=bob, invite=match.invite)
    for _ in range(100):  # Powerdrain ends in 16 plies: a match that does not end fails here
        if match.status == Match.Status.FINISHED:
            return Match.objects.with_players().get(pk=match.pk)
        match = play_a_move(match)
    raise AssertionError(f"the match did not end: ply {match.ply}, {match.status}")


def records(match: Match, count: int) -> list[str]:
    """``count`` different records of ``match``: the same game under other seat names, which
    the duplicate check cannot tell apart (what a flood would send)."""
    record = export_record(match)
    return [json.dumps({**record, "seats": [f"ann{i}", "ben"]}) for i in range(count)]


# Public ids ------------------------------------------------------------------------------------


def test_public_ids_are_eight_random_url_safe_characters_not_sequential(client, alice):
    client.force_login(alice)
    created = []
    for _ in range(20):
        response = client.post("/matches/new/", {"game": "powerdrain", "opponent": "people"})
        created.append(Match.objects.get(public_id=response["Location"].split("/")[2]))
    ids = [m.public_id for m in sorted(created, key=lambda m: m.pk)]
    assert all(re.fullmatch(r"[A-Za-z0-9]{8}", i) for i in ids)
    assert len(set(ids)) == 20 and ids != sorted(ids)  # nothing to count along
    assert response["Location"] == f"/m/{created[-1].public_id}/"
    # Drawn from all 62 letters and digits (8000 draws miss one with odds below 1e-50).
    drawn = "".join(new_public_id() for _ in range(1000))
    assert set(drawn) == set(PUBLIC_ID_ALPHABET) and len(PUBLIC_ID_ALPHABET) == 62


def test_a_private_match_is_not_found_by_its_number_while_an_open_one_redirects(client, alice, bob):
    private = played_out(alice, bob, private=True)
    open_ = played_out(alice, bob)
    for suffix in ("", "replay/", "record.json", "join/"):
        assert client.get(f"/m/{private.pk}/{suffix}").status_code == 404
    assert client.post(f"/m/{private.pk}/move/").status_code == 404
    # By its public id the private match is there, for whoever has the link.
    assert client.get(f"/m/{private.public_id}/").status_code == 200
    assert client.get(f"/m/{private.public_id}/record.json").status_code == 200
    # Old links to an open match lead to its new address, query and all.
    response = client.get(f"/m/{open_.pk}/")
    assert response.status_code == 302 and response["Location"] == f"/m/{open_.public_id}/"
    response = client.get(f"/m/{open_.pk}/replay/", {"ply": 3})
    assert response["Location"] == f"/m/{open_.public_id}/replay/?ply=3"
    assert client.post(f"/m/{open_.pk}/move/").status_code == 307  # a POST stays a POST
    # Every link the pages give names the public id, never the number.
    page = client.get(f"/m/{open_.public_id}/").content.decode()
    assert f"/m/{open_.public_id}/replay/" in page and f"/m/{open_.pk}/" not in page


def test_a_visitor_sees_no_private_match_on_a_profile_while_its_players_do(
    client, alice, bob, carol
):
    finished = played_out(alice, bob, private=True)
    running = services.match_create(game="powerdrain", creator=alice, seat=0, private=True)
    services.match_join(match_id=running.pk, user=bob, invite=running.invite)
    waiting = services.match_create(game="powerdrain", creator=alice, seat=0, private=True)
    shown = services.match_create(game="powerdrain", creator=alice, seat=0)
    hidden = [m.public_id for m in (finished, running, waiting)]

    def profile(user) -> str:
        viewer = Client()
        if user is not None:
            viewer.force_login(user)
        return viewer.get("/accounts/u/alice/").content.decode()

    played = re.compile(r"Played (\d+)")
    for stranger in (None, carol):
        page = profile(stranger)
        assert played.search(page).group(1) == "0"  # nor counted: a count names a result
        assert shown.public_id in page
        assert not any(public_id in page for public_id in hidden)
        assert not any(f"/m/{m.pk}/" in page for m in (finished, running, waiting))
    assert all(public_id in profile(alice) for public_id in hidden)  # herself
    assert played.search(profile(alice)).group(1) == "1"
    page = profile(bob)  # her opponent in two of them
    assert played.search(page).group(1) == "1"
    assert finished.public_id in page and running.public_id in page
    assert waiting.public_id not in page  # bob has no seat in this one
    # Nor does the API's public user, asked without a token (lichess's `count`).
    count = client.get("/api/user/alice").json()["count"]
    assert count["all"] == count["playing"] == 0
    # Nor does any public list show them.
    for url in ("/", "/history/", "/watch/", "/history/?player=alice"):
        page = client.get(url).content.decode()
        assert not any(public_id in page for public_id in hidden)


# Imports -----------------------------------------------------------------------------------------


def test_an_anonymous_or_guest_import_is_refused_saying_an_account_is_needed(client, alice, bob):
    record = records(played_out(alice, bob), 1)[0]
    page = client.get("/m/import/").content.decode()
    assert "needs an account" in page and "/accounts/login/?next=/m/import/" in page
    assert 'name="record"' not in page
    response = client.post("/m/import/", {"record": record})
    assert response.status_code == 403 and "needs an account" in response.content.decode()
    guest = Client()
    guest.force_login(accounts_services.guest_create(nickname="zed"))
    response = guest.post("/m/import/", {"record": record})
    assert response.status_code == 403 and "needs an account" in response.content.decode()
    assert not Match.objects.filter(imported=True).exists()


def test_imports_are_throttled_per_member(client, importer, alice, bob, settings, monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(IMPORTS, "clock", lambda: now[0])
    settings.IMPORTS_PER_HOUR = 3
    sent = records(played_out(alice, bob), 6)
    assert client.post("/m/import/", {"record": "{nope"}).status_code == 400  # counts too
    for record in sent[:2]:
        assert client.post("/m/import/", {"record": record}).status_code == 302
    refused = client.post("/m/import/", {"record": sent[2]})
    assert refused.status_code == 429 and "at most 3 an hour" in refused.content.decode()
    assert Match.objects.filter(imported=True).count() == 2
    other = Client()
    other.force_login(bob)  # another member has their own allowance
    assert other.post("/m/import/", {"record": sent[3]}).status_code == 302
    now[0] += 3600  # an hour later
    assert client.post("/m/import/", {"record": sent[4]}).status_code == 302
    assert Match.objects.filter(imported=True).count() == 4


def test_imported_records_stay_out_of_the_public_history_unless_asked_for(
    client, importer, alice, bob
):
    played = played_out(alice, bob)
    unlisted, listed = records(played, 2)
    client.post("/m/import/", {"record": unlisted})
    response = client.post("/m/import/", {"record": listed, "listed": "on"})
    hidden = Match.objects.get(imported=True, seats__name="ann0")
    shown = Match.objects.get(imported=True, seats__name="ann1")
    assert response["Location"] == f"/m/{shown.public_id}/replay/"
    visitor = Client()
    page = visitor.get("/history/").content.decode()
    assert played.public_id in page and 'name="imported"' in page
    assert hidden.public_id not in page and shown.public_id not in page
    assert "imported-tag" not in page
    page = visitor.get("/history/", {"imported": "1"}).content.decode()
    assert played.public_id in page and shown.public_id in page
    assert hidden.public_id not in page  # its importer did not list it
    assert visitor.get(f"/m/{hidden.public_id}/replay/").status_code == 200  # its link works
    form = client.get("/m/import/").content.decode()
    assert 'name="listed"' in form and " checked" not in form  # unlisted unless ticked


def test_an_import_names_an_earlier_copy_by_its_public_id(client, importer, alice, bob):
    record = records(played_out(alice, bob), 1)[0]
    client.post("/m/import/", {"record": record})
    earlier = Match.objects.get(imported=True)
    again = client.post("/m/import/", {"record": record}).content.decode()
    assert f"as match #{earlier.public_id}." in again and f"#{earlier.pk}." not in again


def _reordered(value):
    """``value`` with every object's keys in the reverse order."""
    if isinstance(value, dict):
        return {key: _reordered(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [_reordered(item) for item in value]
    return value


def test_a_record_written_otherwise_is_the_record_imported_before(client, importer, alice, bob):
    """Its objects' keys in another order and other spacing: what it says happened is the
    same, so the importer is told of the earlier copy."""
    record = records(played_out(alice, bob), 1)[0]
    client.post("/m/import/", {"record": record})
    rewritten = json.dumps(_reordered(json.loads(record)), indent=2)
    assert rewritten != record
    again = client.post("/m/import/", {"record": rewritten}).content.decode()
    assert "This record was imported before" in again
    assert Match.objects.filter(imported=True).count() == 1


def test_a_records_fingerprint_is_the_sha256_of_its_compact_sorted_json():
    """Stored fingerprints are compared with those of records imported later: the text they
    are taken of must not change (keys sorted, no spaces)."""
    import hashlib
    from types import SimpleNamespace

    replayed = SimpleNamespace(
        game="powerdrain", seed=7, options={"b": 1, "a": 2}, seats=["ann", "ben"],
        moves=[[0, {"type": "place", "at": [0, 0]}]], result={"winners": [0], "reason": "x"},
    )  # fmt: skip
    text = '["powerdrain",7,{"a":2,"b":1},["ann","ben"],[[0,{"at":[0,0],"type":"place"}]],'
    text += '{"reason":"x","winners":[0]}]'
    assert services.record_digest(replayed) == hashlib.sha256(text.encode()).hexdigest()
