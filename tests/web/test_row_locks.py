"""Every row lock (``select_for_update``) on a path two requests can race, raced: each test
fails on PostgreSQL without the lock it names (tests/web/races.py forces the overlap there;
on SQLite the racers take turns and only the answers are checked). The locks raced in their
own service's tests: ``_move_play`` (test_move_service.py), ``_leave`` (test_time.py), the
rematch offer's ``_locked_finished`` (test_rematch_offers.py). A club's member cap is raced
here too (``clubs.services._locked``)."""

from functools import partial

import pytest

from accounts.models import User
from challenges import services as challenge_services
from challenges.models import Challenge
from games import rematches, services
from games.models import Match, Move, RematchOffer
from tests.conftest import PD_OPTIONS, create_rigged, every_seat_moves
from tests.web.races import race

pytestmark = pytest.mark.django_db(transaction=True)

NOW = 1_800_000_000_000


def waiting(alice, players=2, **terms):
    return create_rigged(
        game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0, players=players, **terms
    )


def answers(outcomes) -> list[str]:
    """Each racer's answer: "ok" or the kind of refusal (an IntegrityError is no answer)."""
    return sorted("ok" if not isinstance(o, Exception) else type(o).__name__ for o in outcomes)


def test_match_join_two_people_never_take_the_same_last_seat(alice, bob, carol):
    """``match_join``'s match lock."""
    match = waiting(alice)
    outcomes = race([partial(services.match_join, match_id=match.pk, user=u) for u in (bob, carol)])
    assert answers(outcomes) == ["Refused", "ok"], outcomes
    seated = [s.user_id for s in Match.objects.get(pk=match.pk).seat_list()]
    winner = bob if isinstance(outcomes[0], Match) else carol
    assert seated == [alice.pk, winner.pk]


def test_match_seat_bot_and_a_join_never_fill_one_seat_twice(alice, bob):
    """``match_seat_bot``'s match lock (the join holds its own)."""
    match = waiting(alice)
    outcomes = race(
        [
            partial(services.match_seat_bot, match_id=match.pk, user=alice, seat=1, level="easy"),
            partial(services.match_join, match_id=match.pk, user=bob, seat=1),
        ]
    )
    assert answers(outcomes) == ["Refused", "ok"], outcomes
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_match_cancel_never_deletes_a_match_someone_just_joined(alice, bob):
    """``match_cancel``'s match lock: either the match is gone and the join answered so, or
    it started and the cancel is refused. Without the lock both have read the waiting match
    before either writes (the race's gate), and then either both succeed or the cancel's
    deletion of the seats and the join's writes to them deadlock: a deadlock's victim is
    no answer, so the loser must be told why (this once passed 3 times in 6 unlocked,
    counting the deadlock's victim as the loser)."""
    match = waiting(alice)
    outcomes = race(
        [
            partial(services.match_cancel, match_id=match.pk, user=alice),
            partial(services.match_join, match_id=match.pk, user=bob),
        ]
    )
    cancelled, joined = (not isinstance(o, Exception) for o in outcomes)
    assert cancelled != joined, outcomes
    loser = "Refused" if joined else "DoesNotExist"  # the cancel refused, or the match gone
    assert answers(outcomes) == sorted(["ok", loser]), outcomes
    assert Match.objects.filter(pk=match.pk).exists() == joined


def test_computer_limits_count_a_persons_matches_one_by_one(alice, settings):
    """``_computer_limits``' lock on the person's row."""
    settings.MATCHES_VS_COMPUTER_PER_PERSON = 1
    create = partial(
        services.match_create, game="powerdrain", creator=alice, seat=0, bots={1: "easy"}
    )
    outcomes = race([create, create])
    assert answers(outcomes) == ["Refused", "ok"], outcomes
    assert Match.objects.count() == 1


def test_both_players_resigning_at_once_end_the_match_once(alice, bob):
    """``match_resign``'s match lock: the second finds the match over and is told so (without
    the lock the log's unique ply refuses it, saying the board changed)."""
    match = every_seat_moves(services.match_join(match_id=waiting(alice).pk, user=bob))
    moves = Move.objects.filter(match=match).count()
    outcomes = race(
        [partial(services.match_resign, match_id=match.pk, user=u) for u in (alice, bob)]
    )
    assert answers(outcomes) == ["Refused", "ok"], outcomes
    (refused,) = [o for o in outcomes if isinstance(o, Exception)]
    assert str(refused) == "Only a running match can be resigned."
    assert Move.objects.filter(match=match).count() == moves + 1


def test_a_rematch_offer_never_lapses_as_it_is_accepted(alice, bob):
    """``rematch_lapse``'s match lock: an offer whose maker left either lapses (and the accept
    is refused) or is accepted (and does not lapse), never both."""
    match = services.match_join(match_id=waiting(alice).pk, user=bob)
    services.match_resign(match_id=match.pk, user=bob)
    rematches.rematch_offer(match_id=match.pk, user=alice, now=NOW)
    outcomes = race(
        [
            partial(rematches.rematch_lapse, match_id=match.pk, now=NOW, maker_id=alice.pk),
            partial(rematches.rematch_accept, match_id=match.pk, user=bob, now=NOW),
        ]
    )
    lapsed, accepted = outcomes[0] is True, not isinstance(outcomes[1], Exception)
    assert lapsed != accepted, outcomes
    offer = RematchOffer.objects.get(match=match)
    assert offer.status == ("lapsed" if lapsed else "accepted")
    assert Match.objects.filter(rematch_of=match).exists() == accepted


def test_challenges_waiting_are_counted_one_by_one(alice, settings):
    """``challenge_create``'s lock on the challenger's row: with nine waiting, two more at
    once make ten."""
    settings.CHALLENGES_PER_HOUR = 100
    others = [User.objects.create_user(f"member{n}") for n in range(11)]
    limit = challenge_services.OPEN_PER_CHALLENGER
    for other in others[: limit - 1]:
        challenge_services.challenge_create(
            challenger=alice, challenged=other, game="powerdrain", now=NOW
        )
    outcomes = race(
        [
            partial(
                challenge_services.challenge_create,
                challenger=alice,
                challenged=other,
                game="powerdrain",
                now=NOW,
            )
            for other in others[limit - 1 :]
        ]
    )
    assert answers(outcomes) == ["TooMany", "ok"], outcomes
    assert Challenge.objects.filter(status="created").count() == limit


@pytest.mark.parametrize("answer", ["decline", "cancel"])
def test_a_challenge_is_accepted_or_answered_otherwise_never_both(alice, bob, answer):
    """``_locked``, the challenge's row lock, under a decline or a cancel racing the accept
    (two accepts race in test_challenges.py)."""
    made = challenge_services.challenge_create(
        challenger=alice, challenged=bob, game="powerdrain", now=NOW
    )
    other = {
        "decline": partial(challenge_services.challenge_decline, user=bob),
        "cancel": partial(challenge_services.challenge_cancel, user=alice),
    }[answer]
    outcomes = race(
        [
            partial(
                challenge_services.challenge_accept, challenge_id=made.public_id, user=bob, now=NOW
            ),
            partial(other, challenge_id=made.public_id, now=NOW),
        ]
    )
    assert answers(outcomes) == ["Refused", "ok"], outcomes
    made.refresh_from_db()
    accepted = not isinstance(outcomes[0], Exception)
    assert made.status == (
        "accepted" if accepted else {"decline": "declined", "cancel": "canceled"}[answer]
    )
    assert Match.objects.exists() == accepted


def test_club_join_two_people_never_take_the_last_place_of_a_club(alice, bob, carol, monkeypatch):
    """``club_join``'s club lock (clubs/services.py ``_locked``): both read one place left."""
    from clubs import services as club_services
    from clubs.models import Member

    monkeypatch.setattr(club_services, "MEMBERS_PER_CLUB", 2)
    club = club_services.club_create(leader=alice, name="Chess club", open=True, now=NOW)
    join = partial(club_services.club_join, slug=club.slug, now=NOW)
    outcomes = race([partial(join, user=bob), partial(join, user=carol)])
    assert answers(outcomes) == ["Refused", "ok"], outcomes
    assert Member.objects.filter(club=club).count() == 2
