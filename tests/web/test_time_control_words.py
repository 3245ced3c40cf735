"""A refused time control reaches a page in its reader's language: the challenge and
tournament services refused with the clock module's English text (``games.clocks`` is pure,
so its refusals are put into words by ``games.clock_words``)."""

import pytest
from django.utils import translation

from challenges import services as challenges
from games.clocks import TimeControl
from games.errors import Refused
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db

UNOFFERED = TimeControl(kind="fischer", base_ms=90_000)  # 1.5 minutes: no such choice
FOUR_DAYS = TimeControl(kind="days", days=4)


@pytest.mark.parametrize(
    ("control", "german"),
    [
        (UNOFFERED, "Diese Bedenkzeit bietet der Tisch nicht an."),
        (FOUR_DAYS, "Fernpartien geben (1, 2, 3, 5, 7, 14) Tage pro Zug."),
    ],
)
def test_a_refused_time_control_is_said_in_the_readers_language(alice, bob, control, german):
    with translation.override("de"):
        with pytest.raises(Refused) as challenge:
            challenges.challenge_create(
                challenger=alice, challenged=bob, game="powerdrain", time_control=control
            )
        with pytest.raises(Refused) as tournament:
            tournaments.tournament_create(
                creator=alice,
                name="Cup",
                game="powerdrain",
                format="swiss",
                rounds=3,
                time_control=control,
                now=0,
            )
    assert str(challenge.value) == str(tournament.value) == german
