"""Leaving a match (docs/rules.md §7): ``engine.leave`` in every game, and log entries.

Two-player games end at once for the other seat; in the power-companies game the
others play on, the leaver is skipped, ranked last and keeps its company secret.
"""

import json
import random

import pytest

from games.high_voltage_companies.engine import ENGINE as COMPANIES
from games.high_voltage_companies.twin import twin
from games.registry import GAMES, IllegalMove, get_engine
from games.rules import LEAVE_REASONS, entry_notation, play_entry
from tests.engines.harness import random_game
from tests.engines.high_voltage_companies_support import (
    cross_row,
    declare_phase,
    mixed,
    play,
    table,
)

TWO_PLAYER = [slug for slug in GAMES if get_engine(slug).max_players == 2]
CROSS_RY = mixed("cross", "red", "yellow")


def position(slug: str, plies: int, players: int = 2, seed: int = 4):
    """The state after ``plies`` random moves, or the last running one of a shorter game."""
    engine = get_engine(slug)
    for n, (state, seat, _) in enumerate(random_game(engine, players, seed)):
        if seat is None or n > plies:
            break
        running = state
    assert engine.outcome(running) is None
    return running


def round_trips(engine, state) -> None:
    data = engine.to_json(state)
    assert json.loads(json.dumps(data)) == data
    again = engine.from_json(data)
    assert engine.to_json(again) == data
    players = engine.view(state, None)["players"]
    for viewer in [*range(players), None]:
        assert engine.view(again, viewer) == engine.view(state, viewer)
    assert engine.outcome(again) == engine.outcome(state)
    assert engine.to_move(again) == engine.to_move(state)


# ------------------------------------------------------------------ two players
@pytest.mark.parametrize("slug", [*TWO_PLAYER, "high-voltage-companies"])
@pytest.mark.parametrize("plies", [0, 1, 6, 25])
@pytest.mark.parametrize("reason", LEAVE_REASONS)
def test_in_a_two_player_game_the_other_seat_wins_at_once(slug, plies, reason):
    engine = get_engine(slug)
    before = position(slug, plies)
    mover = engine.to_move(before)[0]
    for leaver in (mover, 1 - mover):  # in turn or not
        data = engine.to_json(before)
        state = engine.leave(before, leaver, reason)
        assert engine.to_json(before) == data and engine.outcome(before) is None
        result = engine.outcome(state)
        assert result["winners"] == [1 - leaver] and result["reason"] == reason
        assert result["scores"] == engine.view(state, None)["scores"]
        if slug != "high-voltage-companies":  # its scores turn into final totals at the end
            assert result["scores"] == engine.view(before, None)["scores"]
        assert engine.to_move(state) == []
        for seat in (0, 1, None):
            assert engine.view(state, seat)["left"] == [[leaver, reason]]
            assert engine.view(state, seat)["outcome"] == result
        for seat in (0, 1):
            assert list(engine.legal_moves(state, seat)) == []
            with pytest.raises(IllegalMove, match="over"):
                engine.leave(state, seat, reason)
        move = engine.random_move(before, mover, random.Random(1))
        with pytest.raises(IllegalMove, match="over"):
            engine.apply(state, mover, move)
        round_trips(engine, state)


@pytest.mark.parametrize("slug", list(GAMES))
def test_views_of_a_running_game_list_nobody_as_left(slug):
    engine = get_engine(slug)
    state = position(slug, 3)
    assert engine.view(state, None)["left"] == []


@pytest.mark.parametrize("slug", list(GAMES))
def test_refusals_say_why(slug):
    engine = get_engine(slug)
    state = position(slug, 2)
    for reason in ("bored", "Resigned", None, 1, ["time"]):
        with pytest.raises(IllegalMove, match="reason"):
            engine.leave(state, 0, reason)
    for seat in (-1, 2 if engine.max_players == 2 else 4, "0", None, True, 0.0):
        with pytest.raises(IllegalMove, match="no such seat"):
            engine.leave(state, seat, "resigned")
    *_, (final, _, _) = random_game(engine, engine.min_players, 11)
    with pytest.raises(IllegalMove, match="over"):
        engine.leave(final, 0, "resigned")


def test_triangulum_discards_hidden_points_and_keeps_the_match_totals():
    engine = get_engine("triangulum")
    state = position("triangulum", 12)
    assert any(state.secrets)
    left = engine.leave(state, 0, "time")
    assert engine.view(left, 1)["my_secrets"] == [] and engine.view(left, None)[
        "secret_counts"
    ] == [0, 0]
    assert engine.outcome(left)["scores"] == list(state.match)


# ------------------------------------------------------------- power companies
def quiet_turn(state, at=(0, 0)):
    """The mover turns the mixed cross at ``at`` and ends: no reveal, no declaration."""
    k = (state.cells[at[0] * 7 + at[1]][1] + 1) % 4
    return play(state, {"type": "rotate", "at": list(at), "rotation": k}, {"type": "end"})


def four(**fields):
    return table({(0, 0): (CROSS_RY, 0)}, players=4, down={(6, 6): 17}, **fields)


def test_a_leaver_in_turn_with_a_revealed_card_puts_it_back_face_down():
    state = play(four(), {"type": "reveal", "at": [6, 6]})
    assert state.face_down == four().face_down - 1
    state = COMPANIES.leave(state, 0, "resigned")
    assert state.cells[48] == (17, 0, 0, False) and state.face_down == four().face_down
    for viewer in (0, 1, 2, 3, None):
        view = COMPANIES.view(state, viewer)
        assert view["grid"][6][6] == {"face_down": True} and view["hand"] is None
        assert view["left"] == [[0, "resigned"]] and view["phase"] == "action"
        assert view["quiet_turns"] == 0  # a card put back is no reveal
    assert COMPANIES.to_move(state) == [1]
    assert COMPANIES.view(state, None)["last_turn"]["seat"] == 0
    round_trips(COMPANIES, state)


def test_a_leaver_between_action_and_declarations_keeps_what_was_done():
    state = play(four(), {"type": "rotate", "at": [0, 0], "rotation": 1})
    state = COMPANIES.leave(state, 0, "time")
    assert state.cells[0][:2] == (CROSS_RY, 1) and COMPANIES.to_move(state) == [1]
    assert COMPANIES.view(state, 2)["last_turn"] == {"seat": 0, "touched": [[0, 0]], "declared": []}
    # The leaver's unfinished turn is no quiet turn: three more by the others end the game.
    state = quiet_turn(quiet_turn(state))
    assert COMPANIES.outcome(state) is None
    assert COMPANIES.outcome(quiet_turn(state))["reason"] == "quiet"


def test_a_leaver_s_declared_line_scores_and_restarts_the_quiet_count():
    spare = (6, 0)
    state = table(
        cross_row(0) | {spare: (CROSS_RY, 0)},
        players=4,
        companies=["red", "blue", "yellow", "green"],
        first=2,
    )
    state = quiet_turn(quiet_turn(state, spare), spare)
    assert COMPANIES.view(state, None)["quiet_turns"] == 2 and COMPANIES.to_move(state) == [0]
    state = play(declare_phase(state, (0, 2)), {"type": "declare", "from": "E0"})
    state = COMPANIES.leave(state, 0, "abandoned")
    view = COMPANIES.view(state, None)
    assert view["quiet_turns"] == 0 and view["point_chips"] == [2, 0, 0, 0]
    assert view["track"]["red"] == 3 and COMPANIES.to_move(state) == [1]
    for _ in range(3):
        state = quiet_turn(state, spare)
    result = COMPANIES.outcome(state)
    # Seat 0 scores most (red 3 + 2 chips) yet is ranked below every player still in.
    assert result["scores"] == [5, 3, 2, 1]
    assert result["winners"] == [1] and result["ranking"] == [4, 1, 2, 3]
    assert result["left"] == [[0, "abandoned"]] and result["reason"] == "quiet"


def test_the_leaver_s_turns_are_skipped_and_quiet_counts_only_players_still_in():
    state = COMPANIES.leave(four(), 2, "resigned")  # not seat 2's turn
    seen = []
    for _ in range(3):
        seen.append(COMPANIES.to_move(state)[0])
        with pytest.raises(IllegalMove, match="left"):
            COMPANIES.apply(state, 2, {"type": "rotate", "at": [0, 0], "rotation": 1})
        assert list(COMPANIES.legal_moves(state, 2)) == []
        state = quiet_turn(state)
    assert seen == [0, 1, 3]
    result = COMPANIES.outcome(state)
    assert result["reason"] == "quiet" and result["winners"] == [0, 1, 3]
    assert result["ranking"] == [1, 1, 4, 1]


def test_a_leaver_s_earlier_quiet_turn_drops_out_of_the_count():
    state = quiet_turn(four())  # seat 0 quiet; seat 1 to move
    state = COMPANIES.leave(state, 0, "resigned")
    assert COMPANIES.view(state, None)["quiet_turns"] == 0
    state = quiet_turn(quiet_turn(state))  # seats 1 and 2
    assert COMPANIES.outcome(state) is None and COMPANIES.to_move(state) == [3]
    assert COMPANIES.outcome(quiet_turn(state))["reason"] == "quiet"


def test_a_quiet_turn_of_a_player_who_did_not_leave_still_counts():
    state = quiet_turn(quiet_turn(four()))  # seats 0 and 1 quiet; seat 2 to move
    state = COMPANIES.leave(state, 3, "time")
    assert COMPANIES.view(state, None)["quiet_turns"] == 2
    assert COMPANIES.outcome(quiet_turn(state))["reason"] == "quiet"


def test_the_mover_leaving_after_everyone_else_was_quiet_ends_the_game():
    state = quiet_turn(quiet_turn(quiet_turn(four())))  # seats 0, 1, 2; seat 3 to move
    state = COMPANIES.leave(state, 3, "abandoned")
    result = COMPANIES.outcome(state)
    assert result["reason"] == "quiet" and result["winners"] == [0, 1, 2]
    assert result["ranking"] == [1, 1, 1, 4]


def test_placing_the_last_face_down_card_then_leaving_ends_the_game_as_at_end():
    state = table({(0, 0): (CROSS_RY, 0)}, players=3, down={(6, 6): 17}, rest_up=True)
    state = play(
        state, {"type": "reveal", "at": [6, 6]}, {"type": "place", "to": [6, 6], "rotation": 0}
    )
    result = COMPANIES.outcome(COMPANIES.leave(state, 0, "resigned"))
    assert result["reason"] == "cards" and result["winners"] == [1, 2]


def test_two_leavers_are_ranked_last_the_earlier_one_lowest():
    state = four(points=(0, 7, 0, 4))
    state = COMPANIES.leave(state, 1, "time")
    state = COMPANIES.leave(state, 3, "resigned")
    assert COMPANIES.to_move(state) == [0]
    state = quiet_turn(quiet_turn(state))
    result = COMPANIES.outcome(state)
    assert result["scores"] == [0, 7, 0, 4] and result["winners"] == [0, 2]
    assert result["ranking"] == [1, 4, 1, 3]
    assert result["left"] == [[1, "time"], [3, "resigned"]]
    round_trips(COMPANIES, state)


def test_the_last_player_left_wins_even_with_the_lowest_score():
    state = play(
        table({}, players=3, down={(6, 6): 17}, points=(5, 9, 0)), {"type": "reveal", "at": [6, 6]}
    )
    state = COMPANIES.leave(state, 1, "time")
    assert COMPANIES.to_move(state) == [0]
    state = COMPANIES.leave(state, 0, "abandoned")  # the mover, holding a revealed card
    assert COMPANIES.to_move(state) == []
    result = COMPANIES.outcome(state)
    assert result["winners"] == [2] and result["reason"] == "abandoned"
    assert result["ranking"] == [2, 3, 1] and result["scores"] == [5, 9, 0]
    assert COMPANIES.view(state, 2)["grid"][6][6] == {"face_down": True}
    with pytest.raises(IllegalMove, match="over"):
        COMPANIES.leave(state, 2, "resigned")


def test_the_game_ends_while_another_holds_a_revealed_card():
    state = play(table({}, players=2, down={(6, 6): 17}), {"type": "reveal", "at": [6, 6]})
    state = COMPANIES.leave(state, 1, "resigned")
    assert COMPANIES.outcome(state)["winners"] == [0]
    assert state.hand is None and state.cells[48] == (17, 0, 0, False)


def test_a_seat_that_left_cannot_leave_again():
    state = COMPANIES.leave(four(), 1, "time")
    with pytest.raises(IllegalMove, match="already left"):
        COMPANIES.leave(state, 1, "resigned")


def test_the_leaver_s_company_stays_secret_until_the_end():
    state = COMPANIES.leave(four(companies=["green", "red", "blue", "yellow"]), 1, "resigned")
    for viewer in (0, 2, 3, None):
        view = COMPANIES.view(state, viewer)
        assert view["companies"] is None
        assert view == COMPANIES.view(twin(state, viewer, random.Random(0)), viewer)
    assert COMPANIES.view(state, 1)["company"] == "red"  # the leaver still knows its own
    for _ in range(3):
        state = quiet_turn(state)
    assert COMPANIES.view(state, 0)["companies"] == ["green", "red", "blue", "yellow"]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(10))
def test_random_games_with_random_leaves(players, seed):
    """Leaves at random moments: leavers never move, never win, rank last; JSON holds it all."""
    rng = random.Random(seed)
    state = COMPANIES.setup(players, seed)
    left = []
    for _ in range(3000):
        if COMPANIES.outcome(state) is not None:
            break
        if rng.random() < 0.15 and len(left) < players - 1:
            seat = rng.choice([s for s in range(players) if s not in left])
            state = COMPANIES.leave(state, seat, rng.choice(LEAVE_REASONS))
            left.append(seat)
            round_trips(COMPANIES, state)
            continue
        (seat,) = COMPANIES.to_move(state)
        assert seat not in left
        state = COMPANIES.apply(state, seat, COMPANIES.random_move(state, seat, rng))
    result = COMPANIES.outcome(state)
    assert result is not None and not set(result["winners"]) & set(left)
    assert [s for s, _ in result["left"]] == left
    still = players - len(left)
    assert sorted(result["ranking"][s] for s in left) == list(range(still + 1, players + 1))
    assert all(result["ranking"][s] <= still for s in range(players) if s not in left)
    round_trips(COMPANIES, state)


# ------------------------------------------------------------------ log entries
@pytest.mark.parametrize("slug", list(GAMES))
def test_log_entries_play_leaves_through_leave_and_moves_through_apply(slug):
    engine = get_engine(slug)
    state = position(slug, 1)
    seat = engine.to_move(state)[0]
    move = engine.random_move(state, seat, random.Random(2))
    assert engine.to_json(play_entry(engine, state, seat, move)) == engine.to_json(
        engine.apply(state, seat, move)
    )
    entry = {"type": "leave", "reason": "time"}
    assert engine.to_json(play_entry(engine, state, seat, entry)) == engine.to_json(
        engine.leave(state, seat, "time")
    )
    assert entry_notation(engine, state, entry) == "lost on time"
    assert entry_notation(engine, state, move) == engine.notation(state, move)
    for bad in ({"type": "leave"}, {"type": "leave", "reason": "time", "seat": 1}):
        with pytest.raises(IllegalMove):
            play_entry(engine, state, seat, bad)
    with pytest.raises(IllegalMove, match="reason"):
        play_entry(engine, state, seat, {"type": "leave", "reason": "lunch"})


def test_no_engine_accepts_a_leave_as_a_move():
    for slug in GAMES:
        engine = get_engine(slug)
        state = position(slug, 0)
        with pytest.raises(IllegalMove):
            engine.apply(state, engine.to_move(state)[0], {"type": "leave", "reason": "resigned"})
