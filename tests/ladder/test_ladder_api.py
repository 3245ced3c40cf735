"""``POST /api/ladder/{game}/join`` and ``/leave``: a program's token only, a game there is,
and the program's state on that ladder in the answer."""

from __future__ import annotations

import pytest

from accounts.models import User
from api.tokens import token_create
from ladder.models import Entry
from tests.ladder.test_ladder_services import program


def post(client, path: str, token: str | None, **data):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(path, data, headers=headers)


@pytest.mark.django_db
def test_joining_and_leaving_through_the_api(client):
    bot = program("apibot")
    _, token = token_create(bot)
    person = User.objects.create_user("apiperson", password="pw-a-long-one")
    _, person_token = token_create(person)
    assert post(client, "/api/ladder/hive/join", None).status_code == 401
    assert post(client, "/api/ladder/hive/join", person_token).status_code == 403
    unknown = post(client, "/api/ladder/chess/join", token)
    assert unknown.status_code == 400 and "chess" in unknown.json()["error"]
    assert (
        client.get(
            "/api/ladder/hive/join", headers={"Authorization": f"Bearer {token}"}
        ).status_code
        == 405
    )
    assert not Entry.objects.exists()
    joined = post(client, "/api/ladder/hive/join", token, owner="Ann")
    assert joined.json() == {"ok": True, "state": "checking", "owner": "Ann"}
    left = post(client, "/api/ladder/hive/leave", token)
    assert left.json() == {"ok": True, "state": "off", "owner": "Ann"}
    Entry.objects.filter(user=bot).update(
        state=Entry.State.PAUSED, reason=Entry.Reason.FIRST_MOVE, reason_match="abcdefgh"
    )
    paused = post(client, "/api/ladder/powerdrain/leave", token).json()
    assert paused == {"ok": True, "state": "off"}  # never on that ladder
    again = post(client, "/api/ladder/hive/join", token).json()
    assert again["state"] == "checking" and "reason" not in again
