"""A match as it stood at an earlier ply (games/live/earlier.py): what a spectator is pushed
for a position the stored match has already moved past."""

import pytest

from games import services
from games.clocks import TimeControl
from games.live import earlier
from games.live.rendering import board_html
from games.models import Match
from tests.conftest import PD_OPTIONS, create_rigged
from tests.web.support import play_a_move

pytestmark = pytest.mark.django_db


def timed_match(alice, bob, plies: int) -> tuple[Match, list]:
    """A 5+3 Powerdrain match after ``plies`` moves, and its states after each ply."""
    created = create_rigged(
        game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0,
        time_control=TimeControl.parse("5+3"),
    )  # fmt: skip
    match = services.match_join(match_id=created.pk, user=bob)
    states = [match.state]
    for _ in range(plies):
        match = play_a_move(match)
        states.append(match.state)
    return match, states


def test_an_earlier_position_is_its_own_with_the_clocks_standing_still(alice, bob):
    match, states = timed_match(alice, bob, 4)  # past both first moves: a clock runs
    assert "data-deadline" in board_html(match, None)

    then = earlier.as_it_was(match, 3)
    assert then.state == states[3] and then.ply == 3
    html = board_html(then, None)
    assert 'data-ply="3"' in html and "data-deadline" not in html
    match.refresh_from_db()
    assert match.ply == 4 and match.state == states[4]  # the copy is only rendered


def test_the_position_before_the_end_was_still_running(alice, bob):
    match, states = timed_match(alice, bob, 2)
    match = services.match_resign(match_id=match.pk, user=alice)
    assert match.status == Match.Status.FINISHED and match.result

    then = earlier.as_it_was(match, 2)
    assert then.status == Match.Status.ACTIVE and then.result is None and then.state == states[2]
    html = board_html(then, None)
    assert 'data-status="active"' in html and "resigned" not in html
