"""services.move_play: the one place a move is validated and recorded."""

from functools import partial

import pytest

from games import services
from games.models import Match, Move
from games.registry import get_engine
from games.store import matchlog
from tests.conftest import every_seat_moves
from tests.web.races import race

PLACE = {"type": "place", "at": [0, 0]}
BOARD_CHANGED = "The board changed before your move arrived; it was not played."


def test_a_legal_move_is_recorded_and_advances_the_ply(match, alice):
    services.move_play(match_id=match.pk, user=alice, ply=0, move=PLACE)
    match.refresh_from_db()
    assert match.ply == 1
    assert list(match.moves.values_list("ply", "seat", "move")) == [(0, 0, PLACE)]
    assert match.state["board"][0][0] == ["46", 0]


@pytest.mark.parametrize(
    ("who", "ply", "move", "message"),
    [
        ("bob", 0, PLACE, "not your turn"),
        ("carol", 0, PLACE, "watching"),
        ("alice", 1, PLACE, "board changed"),
        ("alice", "x", PLACE, "which position"),
        ("alice", None, PLACE, "which position"),
        ("alice", -1, PLACE, "which position"),
        ("alice", 0, "{not json", "not valid JSON"),
        ("alice", 0, "[1, 2]", "JSON object"),
        ("alice", 0, {"type": "place", "at": [9, 9]}, "off the board"),
        ("alice", 0, {"type": "fly"}, "Unknown move type"),
    ],
)
def test_bad_moves_are_refused_and_change_nothing(match, request, who, ply, move, message):
    user = request.getfixturevalue(who)
    before = Match.objects.get(pk=match.pk)
    with pytest.raises(services.Refused, match=message):
        services.move_play(match_id=match.pk, user=user, ply=ply, move=move)
    after = Match.objects.get(pk=match.pk)
    assert (after.ply, after.state, after.status) == (before.ply, before.state, before.status)
    assert not Move.objects.filter(match=match).exists()


def test_the_same_move_sent_twice_is_recorded_once(match, alice):
    services.move_play(match_id=match.pk, user=alice, ply=0, move=PLACE)
    services.move_play(match_id=match.pk, user=alice, ply=0, move=PLACE)  # double click
    assert Move.objects.filter(match=match).count() == 1
    with pytest.raises(services.Refused, match="board changed"):
        services.move_play(
            match_id=match.pk, user=alice, ply=0, move={"type": "place", "at": [1, 1]}
        )


def test_moves_are_refused_before_the_match_starts_and_after_it_ends(alice, bob):
    waiting = services.match_create(game="powerdrain", creator=alice, seat=0)
    with pytest.raises(services.Refused, match="starts when"):
        services.move_play(match_id=waiting.pk, user=alice, ply=0, move=PLACE)
    services.match_join(match_id=waiting.pk, user=bob)
    services.match_resign(match_id=waiting.pk, user=bob)
    with pytest.raises(services.Refused, match="over"):
        services.move_play(match_id=waiting.pk, user=alice, ply=0, move=PLACE)


def test_a_full_game_finishes_with_the_engine_outcome_and_replays_from_the_log(match, alice, bob):
    players = [alice, bob]
    cells = [[r, c] for r in range(5) for c in range(5)][:16]
    for ply, at in enumerate(cells):
        services.move_play(
            match_id=match.pk, user=players[ply % 2], ply=ply, move={"type": "place", "at": at}
        )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.finished_at
    engine = get_engine("powerdrain")
    rebuilt = matchlog.of(match).state_at(16 - 1)
    assert (
        engine.to_json(engine.apply(rebuilt, 1, {"type": "place", "at": cells[-1]})) == match.state
    )
    assert match.result == engine.outcome(engine.from_json(match.state))


@pytest.mark.django_db(transaction=True)
def test_concurrent_submissions_record_exactly_one_move(match, alice):
    """Eight different moves race on ply 0 (two tabs): one lands, seven are refused. Even
    without the row lock the unique (match, ply) constraint refuses the seven; the lock is
    what the next test needs."""
    outcomes = race(
        [
            partial(services.move_play, match_id=match.pk, user=alice, ply=0, move=place)
            for place in ({"type": "place", "at": [i % 5, i // 5]} for i in range(8))
        ]
    )
    landed = [o for o in outcomes if isinstance(o, Match)]
    refused = [str(o) for o in outcomes if isinstance(o, services.Refused)]
    assert len(landed) == 1 and refused == [BOARD_CHANGED] * 7, outcomes
    assert Move.objects.filter(match=match).count() == 1
    assert Match.objects.get(pk=match.pk).ply == 1


@pytest.mark.django_db(transaction=True)
def test_one_move_sent_by_several_tabs_at_once_lands_once_and_answers_them_all(match, alice):
    """Six tabs send the same move at once (double clicks, a resent frame): under the row
    lock the five that come second find it played and are answered with the match, where
    without the lock they would all read ply 0 and be refused (tests/web/races.py)."""
    outcomes = race(
        [partial(services.move_play, match_id=match.pk, user=alice, ply=0, move=PLACE)] * 6
    )
    assert [getattr(o, "pk", o) for o in outcomes] == [match.pk] * 6, outcomes
    assert list(match.moves.values_list("ply", "move")) == [(0, PLACE)]


def test_resign_gives_the_win_to_the_other_seat(match, bob):
    every_seat_moves(match)  # before both have moved a resignation aborts (test_farming.py)
    services.match_resign(match_id=match.pk, user=bob)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["winners"] == [0] and match.result["reason"] == "resigned"


def test_a_resignation_out_of_turn_is_logged_as_a_leave_entry(match, alice, bob):
    services.move_play(match_id=match.pk, user=alice, ply=0, move=PLACE)
    every_seat_moves(match)  # bob's move: alice is to move again
    services.match_resign(match_id=match.pk, user=bob)  # out of turn
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.ply == 3
    log = list(match.moves.values_list("ply", "seat", "move"))
    assert log[0] == (0, 0, PLACE) and log[1][:2] == (1, 1)
    assert log[2] == (2, 1, {"type": "leave", "reason": "resigned"})
    engine = get_engine("powerdrain")
    state = engine.from_json(match.state)
    assert match.result == engine.outcome(state)
    assert match.result["winners"] == [0] and match.result["reason"] == "resigned"
    assert engine.view(state, None)["left"] == [[1, "resigned"]]
    with pytest.raises(services.Refused, match="running"):
        services.match_resign(match_id=match.pk, user=alice)


@pytest.mark.parametrize("reason", ["resigned", "time", "abandoned"])
def test_a_player_cannot_send_a_leave_as_a_move(match, alice, reason):
    with pytest.raises(services.Refused, match="Resign button"):
        services.move_play(
            match_id=match.pk, user=alice, ply=0, move={"type": "leave", "reason": reason}
        )
    assert not Move.objects.filter(match=match).exists()
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_joining_fills_seats_and_starts_the_match(alice, bob, carol):
    created = services.match_create(game="powerdrain", creator=alice, seat=1)
    assert created.status == Match.Status.WAITING
    services.match_join(match_id=created.pk, user=bob)
    created.refresh_from_db()
    assert created.status == Match.Status.ACTIVE
    assert [s.user for s in created.seats.all()] == [bob, alice]
    with pytest.raises(services.Refused, match="already started"):
        services.match_join(match_id=created.pk, user=carol)


def test_creating_with_bad_options_or_game_is_refused(alice):
    with pytest.raises(services.Refused, match="no game"):
        services.match_create(game="chess", creator=alice)
    with pytest.raises(services.Refused, match="options"):
        services.match_create(game="powerdrain", creator=alice, options={"rows": [1, 1, 1, 1, 1]})
    with pytest.raises(services.Refused, match="players"):
        services.match_create(game="powerdrain", creator=alice, players=3)


def test_a_position_written_by_someone_else_is_the_one_the_next_move_plays_on(match, alice, bob):
    """The move service keeps the position it wrote (games.positions) but plays on the row's:
    here the row is written by hand between two moves, at the same ply."""
    services.move_play(match_id=match.pk, user=alice, ply=0, move=PLACE)
    engine = get_engine("powerdrain")
    elsewhere = engine.apply(
        engine.setup(players=2, seed=match.seed, options=match.options or None),
        0,
        {"type": "place", "at": [1, 1]},
    )
    Match.objects.filter(pk=match.pk).update(state=engine.to_json(elsewhere))
    reply = next(m for m in engine.legal_moves(elsewhere, 1) if m["at"] != [0, 0])
    services.move_play(match_id=match.pk, user=bob, ply=1, move=reply)
    state = Match.objects.get(pk=match.pk).state
    assert state["board"][1][1] is not None and state["board"][0][0] is None


def test_a_match_read_before_a_move_landed_gets_the_log_of_its_own_ply(match, alice, bob):
    """A stream reads the match, then its log: a move recorded in between must not reach
    the log, or the moves it lists are one ply ahead of the position beside them (a lichess
    program counting the moves then takes the other seat's turn for its own)."""
    services.move_play(match_id=match.pk, user=alice, ply=0, move=PLACE)
    read_early = Match.objects.get(pk=match.pk)
    services.move_play(match_id=match.pk, user=bob, ply=1, move={"type": "place", "at": [4, 4]})
    log = matchlog.of(read_early)
    assert log.ply == read_early.ply == 1
    assert len(log.plies) == 1
    match.refresh_from_db()
    assert matchlog.of(match).ply == 2


def test_a_stale_frame_repeating_a_move_of_another_ply_is_refused(match, alice):
    """The duplicate check matches the ply too (issue #53): alice's move of ply 0 sent again
    as if for ply 1, where bob moved, is a frame from an old board, not a double click."""
    services.move_play(match_id=match.pk, user=alice, ply=0, move=PLACE)
    every_seat_moves(match)  # bob's move at ply 1
    with pytest.raises(services.Refused, match="board changed"):
        services.move_play(match_id=match.pk, user=alice, ply=1, move=PLACE)
    assert Match.objects.get(pk=match.pk).ply == 2


def test_another_seat_repeating_a_move_just_played_is_refused(match, alice, bob):
    """The duplicate check matches the seat too: bob sending alice's move of ply 0, from a
    board that had not yet shown it, is refused as stale, not taken for his double click."""
    services.move_play(match_id=match.pk, user=alice, ply=0, move=PLACE)
    with pytest.raises(services.Refused, match="board changed"):
        services.move_play(match_id=match.pk, user=bob, ply=0, move=PLACE)
    assert Move.objects.filter(match=match).count() == 1


def test_the_seats_come_in_their_order_whatever_order_they_were_written_in(match):
    """The seat query orders by index (issue #53): here seat 0's row is the later one."""
    first, second = match.seats.order_by("pk")
    users, rows = (first.user_id, second.user_id), type(first).objects
    rows.filter(pk=first.pk).update(index=7)  # out of the way of the unique (match, index)
    rows.filter(pk=second.pk).update(index=0)
    rows.filter(pk=first.pk).update(index=1)
    seats = Match.objects.get(pk=match.pk).seat_list()
    assert [(s.index, s.user_id) for s in seats] == [(0, users[1]), (1, users[0])]
