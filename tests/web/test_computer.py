"""Computer players at the table: bot seats, bot turns found from the database, never twice."""

import json
import re
from html import unescape

import pytest
from huey.contrib.djhuey import HUEY

from games import computer, reactions, services, tasks
from games.models import Match, Move
from games.presence import presence_html
from games.registry import get_engine


def test_playing_the_computer_starts_at_once_with_a_marked_bot(alice):
    match = services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "easy"})
    assert match.status == Match.Status.ACTIVE
    bot = match.seat_list()[0].user
    assert bot.is_bot and bot.bot_level == "easy" and bot.display_name == "Computer (Easy)"
    assert not bot.has_usable_password()
    assert computer.bot_to_move(match) == bot


def test_a_bot_turn_left_by_a_restart_is_found_and_played(alice):
    """No task ran (a worker was down): the turn is found from the database and played."""
    match = services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "easy"})
    assert computer.waiting_for_bots() == [match.pk]
    tasks.catch_up()  # what a worker does when it starts (tasks run inline in tests)
    match.refresh_from_db()
    assert match.ply == 1 and computer.waiting_for_bots() == []
    assert Move.objects.get(match=match).seat == 0


def test_a_bot_turn_found_twice_is_played_once(alice):
    match = services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "easy"})
    engine = get_engine("powerdrain")
    before = engine.from_json(match.state)
    assert computer.play_turn(match.pk)
    assert not computer.play_turn(match.pk)  # now the human is to move
    # A second worker that chose its move on the old position is refused by the ply check.
    played = Move.objects.get(match=match).move
    stale = next(m for m in engine.legal_moves(before, 0) if m != played)
    with pytest.raises(services.Refused, match="board changed"):
        services.move_play(match_id=match.pk, user=match.seat_list()[0].user, ply=0, move=stale)
    match.refresh_from_db()
    assert Move.objects.filter(match=match).count() == 1 and match.ply == 1
    assert engine.from_json(match.state) == engine.apply(before, 0, played)


def test_two_bots_of_one_level_play_each_other_to_the_end(alice):
    match = services.match_create(
        game="powerdrain", creator=alice, bots={0: "easy", 1: "easy"}, players=2
    )
    names = [s.user.display_name for s in match.seat_list()]
    assert names == ["Computer (Easy)", "Computer (Easy) 2"]
    assert match.seat_of(alice) is None  # the creator watches
    while computer.play_turn(match.pk):
        pass
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.ply == 16


def test_any_empty_seat_of_a_power_companies_match_can_take_a_bot(alice, bob):
    match = services.match_create(
        game="high-voltage-companies", creator=alice, seat=0, players=4, bots={2: "medium"}
    )
    assert match.status == Match.Status.WAITING
    services.match_join(match_id=match.pk, user=bob)
    match = services.match_seat_bot(match_id=match.pk, user=alice, seat=3, level="hard")
    assert match.status == Match.Status.ACTIVE
    assert [s.user.bot_level for s in match.seat_list()] == ["", "", "medium", "hard"]
    with pytest.raises(services.Refused):
        services.match_seat_bot(match_id=match.pk, user=alice, seat=1, level="easy")


def test_only_the_creator_seats_bots_and_only_levels_that_exist(alice, bob):
    match = services.match_create(game="high-voltage-companies", creator=alice, seat=0, players=3)
    with pytest.raises(services.Refused, match="created"):
        services.match_seat_bot(match_id=match.pk, user=bob, seat=1, level="easy")
    with pytest.raises(services.Refused, match="plays"):
        services.match_seat_bot(match_id=match.pk, user=alice, seat=1, level="godlike")
    with pytest.raises(services.Refused):
        services.match_create(game="powerdrain", creator=alice, bots={5: "easy"})


def test_a_match_of_computers_only_is_paced_for_its_spectators(alice, bob):
    """Two bots would finish an Easy game between two looks of a spectator's page; a bot
    answering a person moves at once."""
    watched = services.match_create(
        game="powerdrain", creator=alice, bots={0: "easy", 1: "easy"}, players=2
    )
    before = len(HUEY.scheduled())
    reactions.after_position(watched)
    assert len(HUEY.scheduled()) == before + 1
    watched.refresh_from_db()
    assert watched.ply == 0  # not played yet: it waits its pace
    played = services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "easy"})
    reactions.after_position(played)
    played.refresh_from_db()
    assert played.ply == 1


def test_a_computer_seat_is_always_here_while_an_absent_person_is_not(alice, client):
    """The computer plays from the worker with no page open: its seat reads "connected",
    in the page's language, and no absence claim ever counts against it."""
    match = services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "easy"})
    away = re.search(r'data-away="([^"]*)"', presence_html(match.pk, match.public_id)).group(1)
    away = json.loads(unescape(away))
    assert away["0"] is None  # the computer
    assert away["1"] is not None  # alice, who has no page open
    client.force_login(alice)
    page = client.get(f"/m/{match.public_id}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'data-connected="verbunden"' in page and 'data-not-connected="nicht verbunden"' in page
