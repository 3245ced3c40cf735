"""The lobby: own matches before the creation forms, seats named by role, turns not plies."""

from games.registry import get_engine
from lobby import catalogue
from tests.web.test_high_voltage_companies_board import a_rotation, play, start


def test_seats_are_named_by_role_and_the_first_mover_is_marked():
    assert catalogue.game("high-voltage")["seat_choices"] == [(0, "Blue — moves first"), (1, "Red")]
    assert catalogue.game("powerdrain")["seat_choices"][0] == (0, "Positive (+) — moves first")
    companies = catalogue.game("high-voltage-companies")["seat_choices"]
    assert [label for _, label in companies] == ["Volta", "Ampère", "Ohm", "Tesla"]  # random


def test_my_matches_come_before_the_forms_and_extra_seats_wait_for_players(client, alice, match):
    client.force_login(alice)
    html = client.get("/").content.decode()
    assert html.index("My matches") < html.index('class="games-grid"')
    assert "Seat 1" not in html and "Blue — moves first" in html
    assert 'value="3" data-needs="4">Tesla' in html and 'value="2" data-needs="3">Ohm' in html
    assert 'value="1" data-needs' not in html
    assert "/static/js/lobby.js" in html and "<script>" not in html


def test_lobby_rows_count_turns_not_plies(client, db):
    match, users = start(2)
    mover = users[_to_move(match)[0]]  # users sit in seat order
    play(match, mover, a_rotation(match))
    play(match, mover, {"type": "end"})
    match.refresh_from_db()
    assert match.ply == 2 and match.turns == 1
    client.force_login(users[0])
    assert "1 turn</a>" in client.get("/").content.decode()


def _to_move(match):
    engine = get_engine(match.game)
    return engine.to_move(engine.from_json(match.state))
