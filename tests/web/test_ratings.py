"""Ratings (docs/rules.md §7.6): every seat of a rated match is rated once, in the
transaction that records its end, from the final places; guests, imports and aborted
matches change nothing; ``recompute_ratings`` gives the stored values exactly."""

import json
import random
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import User
from games import rematches, services
from games.clocks import FIRST_MOVE_MS, TimeControl
from games.models import Match
from games.registry import get_engine
from ratings import scale, selectors
from ratings.models import Rating, RatingChange
from ratings.selectors import nearest_level, perfs_json, rating_history_json
from ratings.services import rate_match
from tests.conftest import PD_OPTIONS, create_rigged, every_seat_moves
from tests.web.support import play_a_move
from tests.web.test_high_voltage_companies_board import a_rotation, corner_setup, play

COMPANIES = "high-voltage-companies"
NAMES = ("alice", "bob", "carol", "dave")
T0 = 1_800_000_000_000


def members(n):
    return [User.objects.get_or_create(username=name)[0] for name in NAMES[:n]]


def companies(n, *, rated=True):
    """A running rated power-companies match of ``n`` members, seat i = NAMES[i]."""
    users = members(n)
    options = {k: v for k, v in corner_setup(n).items() if v is not None}
    match = create_rigged(
        game=COMPANIES, creator=users[0], options=options, seat=0, players=n, rated=rated
    )
    for user in users[1:]:
        match = services.match_join(match_id=match.pk, user=user)
    assert match.status == Match.Status.ACTIVE and match.rated == rated
    return match, users


def quiet_turn(match, user):
    play(match, user, a_rotation(match))
    play(match, user, {"type": "end"})


def resign(match, user):
    """``user`` resigns; in a two-player match once both have moved (before, it would abort:
    a power-companies test moves every seat itself before the leave that ends its match)."""
    if match.players == 2:
        every_seat_moves(match)
    services.match_resign(match_id=match.pk, user=user)


def hand_worked(ranks, before=None):
    """openskill called directly: each seat's (mu, sigma) after a match with these ranks."""
    model = scale.MODEL
    before = before or [(model.mu, model.sigma)] * len(ranks)
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=ranks)]


def stored(match, users):
    """Each seat's (mu, sigma) after the match as stored, in seat order; and its place."""
    changes = {c.seat: c for c in RatingChange.objects.filter(match=match)}
    assert sorted(changes) == list(range(len(users)))
    for seat, user in enumerate(users):
        rating = Rating.objects.get(user=user, game=match.game)
        assert (rating.mu, rating.sigma) == (changes[seat].mu_after, changes[seat].sigma_after)
    return [(changes[s].mu_after, changes[s].sigma_after) for s in sorted(changes)], [
        changes[s].place for s in sorted(changes)
    ]


def test_four_players_the_three_still_in_tie_and_the_leaver_is_last(db):
    match, (alice, bob, carol, dave) = companies(4)
    resign(match, bob)
    quiet_turn(match, alice)
    quiet_turn(match, carol)
    quiet_turn(match, dave)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result["reason"] == "quiet"
    assert sorted(match.result["winners"]) == [0, 2, 3]  # equal scores: a three-way tie
    after, places = stored(match, [alice, bob, carol, dave])
    assert places == [1, 4, 1, 1]
    assert after == hand_worked([1, 4, 1, 1])
    assert after[0] == after[2] == after[3] and after[1][0] < scale.MODEL.mu


def test_four_players_leavers_rank_in_reverse_order_of_leaving(db):
    match, (alice, bob, carol, dave) = companies(4)
    every_seat_moves(match)
    resign(match, bob)  # first out: last place
    resign(match, alice)
    resign(match, dave)  # last out: second
    match.refresh_from_db()
    assert match.result["winners"] == [2]
    after, places = stored(match, [alice, bob, carol, dave])
    assert places == [3, 4, 1, 2]
    assert after == hand_worked([3, 4, 1, 2])


def test_three_players_two_tie_above_the_leaver(db):
    match, (alice, bob, carol) = companies(3)
    resign(match, carol)
    quiet_turn(match, alice)
    quiet_turn(match, bob)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and sorted(match.result["winners"]) == [0, 1]
    after, places = stored(match, [alice, bob, carol])
    assert places == [1, 1, 3]
    assert after == hand_worked([1, 1, 3])


def test_three_players_second_match_starts_from_the_first_ones_ratings(db):
    first, users = companies(3)
    every_seat_moves(first)
    resign(first, users[0])
    resign(first, users[2])  # bob wins, carol second, alice last
    first_after, places = stored(first, users)
    assert places == [3, 1, 2] and first_after == hand_worked([3, 1, 2])
    second, _ = companies(3)
    resign(second, users[1])
    quiet_turn(second, users[0])
    quiet_turn(second, users[2])
    second.refresh_from_db()
    after, places = stored(second, users)
    assert places == [1, 3, 1]
    assert after == hand_worked([1, 3, 1], before=first_after)
    assert Rating.objects.get(user=users[0], game=COMPANIES).games == 2


def test_a_two_player_resignation_and_a_draw(alice, bob):
    match = create_rigged(game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0, rated=True)
    match = services.match_join(match_id=match.pk, user=bob)
    resign(match, alice)
    after, places = stored(match, [alice, bob])
    assert places == [2, 1] and after == hand_worked([2, 1])
    # A finished match's result without winners (a draw) is a tie; places come from the log.
    assert scale.final_places({"winners": [], "scores": [3, 3]}, 2, []) == [1, 1]
    assert scale.final_places({"winners": [1]}, 2, [0]) == [2, 1]


def test_the_rating_is_written_in_the_transaction_that_ends_the_match(db, monkeypatch):
    match, (alice, bob, carol) = companies(3)
    match = every_seat_moves(match)
    resign(match, carol)
    ply = Match.objects.get(pk=match.pk).ply

    def broken(before, places):
        raise RuntimeError("rating failed")

    monkeypatch.setattr("ratings.services.rate", broken)
    with pytest.raises(RuntimeError):
        resign(match, alice)  # would end the match: bob is the last player in
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.ply == ply  # the end rolled back
    assert not RatingChange.objects.exists()
    monkeypatch.undo()
    resign(match, alice)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert RatingChange.objects.filter(match=match).count() == 3


def test_a_match_is_rated_once(db):
    match, users = companies(3)
    resign(match, users[0])
    resign(match, users[1])
    match = Match.objects.get(pk=match.pk)
    before = list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games"))
    assert rate_match(match) == []  # rated already: nothing twice
    assert list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games")) == before


def test_a_casual_match_changes_no_rating(db):
    match, users = companies(3, rated=False)
    resign(match, users[0])
    resign(match, users[1])
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_guest_makes_a_rated_match_casual(alice):
    guest = User.objects.create(username="guest-1", nickname="Gus", is_guest=True)
    match = services.match_create(game="powerdrain", creator=alice, seat=0, rated=True)
    assert match.rated
    match = services.match_join(match_id=match.pk, user=guest)
    match.refresh_from_db()
    assert not match.rated
    resign(match, alice)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    own = services.match_create(game="powerdrain", creator=guest, seat=0, rated=True)
    assert not own.rated  # a guest's own match is casual too


def test_the_computer_against_itself_is_casual_but_a_person_against_it_is_rated(alice):
    watched = services.match_create(
        game="powerdrain", creator=alice, bots={0: "easy", 1: "easy"}, rated=True
    )
    assert not watched.rated
    played = services.match_create(
        game="powerdrain", creator=alice, seat=0, bots={1: "easy"}, rated=True
    )
    assert played.rated


def test_an_import_changes_no_rating(importer, alice, bob):
    match = create_rigged(game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0, rated=True)
    match = services.match_join(match_id=match.pk, user=bob)
    resign(match, bob)
    before = list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games"))
    changes = RatingChange.objects.count()
    record = importer.get(f"/m/{match.public_id}/record.json").json()
    response = importer.post("/m/import/", {"record": json.dumps(record)})
    assert response.status_code == 302
    imported = Match.objects.get(imported=True)
    assert imported.status == Match.Status.FINISHED and not imported.rated
    assert list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games")) == before
    assert RatingChange.objects.count() == changes
    call_command("recompute_ratings")  # a rebuild does not rate the import either
    assert list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games")) == before


def test_an_aborted_match_changes_no_rating(alice, bob):
    created = services.match_create(
        game="powerdrain",
        creator=alice,
        seat=0,
        time_control=TimeControl.parse("1+0"),
        rated=True,
    )
    match = services.match_join(match_id=created.pk, user=bob, now=T0)
    assert services.clock_flag(match_id=match.pk, now=T0 + FIRST_MOVE_MS)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.aborted
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    call_command("recompute_ratings")
    assert not Rating.objects.exists()


def snapshot():
    ratings = sorted(Rating.objects.values_list("user__username", "game", "mu", "sigma", "games"))
    changes = sorted(
        RatingChange.objects.values_list(
            "match_id", "user__username", "seat", "place", "mu_before", "sigma_before",
            "mu_after", "sigma_after",
        )
    )  # fmt: skip
    return ratings, changes


def play_randomly(match, users, rng):
    """Plays random legal moves through the services, sometimes resigning a seat, until
    the match ends."""
    engine = get_engine(match.game)
    while True:
        match = Match.objects.get(pk=match.pk)
        if match.status == Match.Status.FINISHED:
            return match
        state = engine.from_json(match.state)
        still_in = [s for s in range(match.players) if s not in dict(state.left)]
        if rng.random() < 0.04:
            resign(match, users[rng.choice(still_in)])
            continue
        seat = engine.to_move(state)[0]
        move = engine.random_move(state, seat, rng)
        services.move_play(match_id=match.pk, user=users[seat], ply=match.ply, move=move)


def test_recompute_gives_exactly_the_stored_ratings(db):
    rng = random.Random(28)
    people = members(4)
    played = 0
    for n in range(14):
        players = rng.choice([2, 2, 3])
        game = "powerdrain" if players == 2 and n % 2 else "hive" if players == 2 else COMPANIES
        users = rng.sample(people, players)
        match = services.match_create(
            game=game, creator=users[0], seat=0, players=players, rated=n % 5 != 4
        )
        for user in users[1:]:
            match = services.match_join(match_id=match.pk, user=user)
        match = play_randomly(match, users, rng)
        # A rated match that ended before every seat had moved is aborted: nothing is rated
        # (the seed of each match is its own, so now and then a three-player one is).
        played += match.rated and not match.aborted
    stored_values = snapshot()
    assert len(stored_values[1]) >= 20 and len({r[1] for r in stored_values[0]}) >= 2
    assert RatingChange.objects.values("match").distinct().count() == played
    call_command("recompute_ratings")
    assert snapshot() == stored_values
    RatingChange.objects.all().delete()  # even from nothing but the matches
    Rating.objects.update(mu=0.0, sigma=1.0, games=0)
    call_command("recompute_ratings")
    assert snapshot() == stored_values


def shown_on(page, username):
    row = re.search(rf'data-user="{username}".*?</tr>', page, re.S)
    return row and row.group(0)


def met_opponents(user, game, count=selectors.LEADERBOARD_OPPONENTS):
    """Gives ``user`` rated results against ``count`` different opponents in ``game`` (one
    recorded match of them all, as the leaderboard counts who met whom)."""
    match = Match.objects.create(game=game, seed=1, players=count + 1, rated=True, state={})
    others = [User.objects.get_or_create(username=f"opponent-{i}")[0] for i in range(count)]
    RatingChange.objects.bulk_create(
        RatingChange(
            match=match,
            user=u,
            game=game,
            seat=i,
            place=1 + i,
            mu_before=25,
            sigma_before=5,
            mu_after=25,
            sigma_after=5,
            at=match.created_at,
        )
        for i, u in enumerate([user, *others])
    )


def test_the_leaderboard_lists_settled_ratings_by_the_conservative_estimate(client, db):
    def rated(name, mu, sigma, games=300, met=True, **extra):
        user = User.objects.create(username=name, **extra)
        Rating.objects.create(user=user, game="hive", mu=mu, sigma=sigma, games=games)
        if met:
            met_opponents(user, "hive")
        return user

    rated("ann", 30.0, 1.5)  # 1800 ± 90: sure of 1530
    rated("ben", 29.0, 1.8)  # 1740 ± 108: higher, but sure of 1416 only
    rated("cat", 27.0, 1.0)  # 1620 ± 60: sure of 1440
    rated("computer-hard", 32.0, 1.0, bot_level="hard", nickname="Computer (Hard)")  # 1740
    rated("robo", 29.0, 1.7, is_program=True)  # sure of 1434, a program of the API
    rated("newcomer", 40.0, 1.0, games=9)  # one rated match short of the board
    rated("tenth", 20.0, 1.8, games=10)  # 1200 ± 108: just on it, last
    rated("unsure", 40.0, 3.0)  # 2400? ± 180: provisional, never listed
    rated("farmer", 40.0, 1.0, met=False)  # settled by beating the same few
    met_opponents(User.objects.get(username="farmer"), "hive", selectors.LEADERBOARD_OPPONENTS - 1)
    met_opponents(User.objects.get(username="farmer"), "powerdrain")  # another game's
    User.objects.create(username="nobody")
    page = client.get("/leaderboard/hive/").content.decode()
    order = re.findall(r'data-user="([\w-]+)"', page)
    assert order == ["computer-hard", "ann", "cat", "robo", "ben", "tenth"]
    assert ">1800 <small" in shown_on(page, "ann") and "bot" in shown_on(page, "computer-hard")
    assert ">1740 <small" in shown_on(page, "ben") and ">1416<" in shown_on(page, "ben")
    assert ">program<" in shown_on(page, "robo") and "bot-mark" not in shown_on(page, "ann")
    people = client.get("/leaderboard/hive/?who=people").content.decode()
    assert re.findall(r'data-user="([\w-]+)"', people) == ["ann", "cat", "ben", "tenth"]
    programs = client.get("/leaderboard/hive/?who=programs").content.decode()
    assert re.findall(r'data-user="([\w-]+)"', programs) == ["computer-hard", "robo"]
    assert client.get("/leaderboard/no-such-game/").status_code == 404
    empty = client.get("/leaderboard/high-voltage/").content.decode()
    assert 'data-user="' not in empty and "Nobody here has a settled rating yet." in empty


def play_rated(a, b, winner, game="powerdrain"):
    """A rated match of ``a`` against ``b`` that ``winner`` wins: the loser resigns after
    each has moved once."""
    match = create_rigged(game=game, creator=a, options=PD_OPTIONS, seat=0, rated=True)
    match = services.match_join(match_id=match.pk, user=b)
    engine = get_engine(game)
    for user, seat in ((a, 0), (b, 1)):
        move = next(iter(engine.legal_moves(engine.from_json(match.state), seat)))
        match = services.move_play(match_id=match.pk, user=user, move=move, ply=match.ply)
    resign(match, b if winner == a else a)
    return Match.objects.get(pk=match.pk)


def test_a_newcomer_against_settled_players_leaves_provisional_within_ten_to_twenty_games(db):
    """The model's parameters (ratings/scale.py): with openskill's defaults a newcomer
    needed about 160 games, and one game moved a settled rating by under 5 points."""
    rng = random.Random(3)
    settled = (scale.MODEL.mu, 55 / 60)  # the deviation a settled pool keeps (bench/ratings.py)
    me, games = (scale.MODEL.mu, scale.MODEL.sigma), 0
    while scale.shown(*me).provisional and games < 100:  # a fault fails here, never hangs
        games += 1
        me, _ = scale.rate([me, settled], [1, 2] if rng.random() < 0.5 else [2, 1])
    assert 10 <= games <= 20
    won, lost = scale.rate([settled, settled], [1, 2])
    swing = scale.shown(*won).rating - scale.shown(*settled).rating
    assert 5 <= swing <= 15 and scale.shown(*lost).rating - scale.shown(*settled).rating == -swing


def test_friends_who_only_play_each_other_stay_off_the_leaderboard_while_provisional(
    client, db, monkeypatch
):
    """Four new members play 15 rated matches each among themselves, a round a day: their
    ratings move (a rating learnt from uncertain ones stays uncertain: deviations of about
    160-200, bench/ratings.py) and the leaderboard, which lists settled ratings only, waits
    for them to settle."""
    day0, now = timezone.now(), [timezone.now()]
    monkeypatch.setattr(services.timezone, "now", lambda: now[0])  # the matches' ends
    friends = [User.objects.create(username=n) for n in ("fay", "gus", "hal", "ivy")]
    rng = random.Random(5)
    for day in range(15):
        now[0] = day0 + timedelta(days=day)  # a pair meets a few times, never six in a day
        order = rng.sample(friends, 4)
        for a, b in ((order[0], order[1]), (order[2], order[3])):
            play_rated(a, b, winner=a if rng.random() < 0.6 else b)
    ratings = Rating.objects.filter(game="powerdrain")
    assert all(r.games == 15 and 140 <= r.shown.deviation <= 220 for r in ratings)
    page = client.get("/leaderboard/powerdrain/").content.decode()
    assert 'data-user="' not in page


def test_lists_profile_and_match_page_show_ratings(client, alice, bob):
    match = create_rigged(game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0, rated=True)
    match = services.match_join(match_id=match.pk, user=bob)
    running = client.get(f"/m/{match.public_id}/").content.decode()
    assert running.count('<span class="rating"') == 2 and "1500?" in running
    assert "rated" in running
    resign(match, bob)
    page = client.get(f"/m/{match.public_id}/").content.decode()
    win, loss = (RatingChange.objects.get(match=match, user=u).delta for u in (alice, bob))
    assert win > 0 > loss
    assert f">+{win}</span>" in page and f">\u2212{-loss}</span>" in page
    history = client.get("/history/").content.decode()
    assert f">+{win}</span>" in history and "1500?" in history
    profile = client.get("/accounts/u/alice/").content.decode()
    assert 'id="ratings"' in profile and "<svg" in profile and "Powerdrain" in profile
    alice_now = Rating.objects.get(user=alice, game="powerdrain").shown
    assert f"{alice_now}" in profile and "<title>Powerdrain: " in profile


def test_a_running_match_shows_a_rating_changed_by_another_match_from_its_next_move(
    client, alice, bob
):
    """The seats' ratings are looked up once per match, not per move, and again once any
    rating changed (``ratings_version``): here alice wins another match meanwhile."""
    running = create_rigged(game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0)
    running = services.match_join(match_id=running.pk, user=bob)
    for _ in range(2):  # a render per position, the ratings looked up once
        running = play_a_move(running)
        assert client.get(f"/m/{running.public_id}/").content.decode().count(">1500?<") == 2
    other = create_rigged(game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0, rated=True)
    resign(services.match_join(match_id=other.pk, user=bob), bob)
    alice_now = Rating.objects.get(user=alice, game="powerdrain").shown
    assert str(alice_now) != "1500?"
    play_a_move(running)  # the next position is rendered with the ratings of now
    page = client.get(f"/m/{running.public_id}/").content.decode()
    assert f">{alice_now}<" in page


def test_the_seats_ratings_are_looked_up_once_per_match_while_none_changes(
    client, alice, bob, monkeypatch
):
    looked_up = []
    found = selectors._looked_up
    monkeypatch.setattr(selectors, "_looked_up", lambda m: looked_up.append(1) or found(m))
    running = create_rigged(game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0)
    running = services.match_join(match_id=running.pk, user=bob)
    for _ in range(3):
        running = play_a_move(running)
        assert client.get(f"/m/{running.public_id}/").status_code == 200
    assert looked_up == [1]


def test_api_selectors_have_lichess_shapes(client, alice, bob):
    match = create_rigged(game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0, rated=True)
    services.match_join(match_id=match.pk, user=bob)
    resign(match, bob)
    perfs = perfs_json(alice)
    rating = Rating.objects.get(user=alice, game="powerdrain")
    assert perfs["powerdrain"] == {
        "games": 1,
        "rating": round(60 * rating.mu),
        "rd": round(60 * rating.sigma),
        "prov": True,
        "mu": rating.mu,
        "sigma": rating.sigma,
    }
    assert perfs["hive"]["games"] == 0 and perfs["hive"]["rating"] == 1500
    history = {h["slug"]: h for h in rating_history_json(alice)}
    day = Match.objects.get(pk=match.pk).finished_at.date()
    assert history["powerdrain"]["points"] == [
        [day.year, day.month - 1, day.day, round(60 * rating.mu)]
    ]
    assert history["hive"]["points"] == [] and history["hive"]["name"].startswith("Hive")
    public = client.get("/api/user/alice")
    assert public.status_code == 200 and public.json()["perfs"] == perfs
    charted = client.get("/api/user/alice/rating-history")
    assert charted.status_code == 200 and charted.json() == rating_history_json(alice)
    assert client.get("/api/user/nobody/rating-history").status_code == 404


def test_nearest_level_picks_the_computer_nearest_my_rating(client, alice):
    for level, mu in (("easy", 20.0), ("medium", 26.0), ("hard", 33.0)):
        bot = User.objects.create(username=f"computer-{level}", bot_level=level)
        Rating.objects.create(user=bot, game="hive", mu=mu, sigma=3.0, games=50)
    assert nearest_level(alice, "hive") == "medium"  # 1500 vs 1560
    Rating.objects.create(user=alice, game="hive", mu=31.0, sigma=3.0, games=50)
    assert nearest_level(alice, "hive") == "hard"
    client.force_login(alice)
    response = client.post(
        "/matches/new/", {"game": "hive", "opponent": "nearest", "seat": "0", "rated": "1"}
    )
    assert response.status_code == 302
    match = Match.objects.get(game="hive")
    assert match.rated and [s.user.username for s in match.seat_list()] == [
        "alice",
        "computer-hard",
    ]


# -- the four points of issue 36 -------------------------------------------------------------


def test_power_companies_ranking_decides_the_places_of_the_seats_still_in(db):
    """Scores 40, 30, 20 among three still in: places 1, 2, 3, never 1, 2, 2."""
    assert scale.final_places({"winners": [1], "ranking": [3, 1, 2]}, 3, []) == [3, 1, 2]
    match, users = companies(4)
    result = {"winners": [2], "scores": [30, 0, 40, 20], "ranking": [2, 4, 1, 3]}
    result["left"], result["reason"] = [[1, "resigned"]], "quiet"
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, result=result, finished_at=match.created_at
    )
    match = Match.objects.get(pk=match.pk)
    assert rate_match(match)
    after, places = stored(match, users)
    assert places == [2, 4, 1, 3] and after == hand_worked([2, 4, 1, 3])


def test_recompute_rates_the_matches_in_the_order_they_ended_not_their_ids(alice, bob):
    first, second = (
        services.match_join(
            match_id=create_rigged(
                game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0, rated=True
            ).pk,
            user=bob,
        )
        for _ in range(2)
    )
    resign(second, bob)  # the later match ends first: alice wins it
    resign(first, alice)  # then bob wins the earlier one
    Match.objects.filter(pk=second.pk).update(finished_at=first.created_at)
    Match.objects.filter(pk=first.pk).update(finished_at=first.created_at + timedelta(minutes=1))
    stored_values = snapshot()
    assert stored_values[0][0][2:4] != stored_values[0][1][2:4]  # the order shows in the numbers
    call_command("recompute_ratings")
    assert snapshot() == stored_values


@pytest.mark.parametrize("rated", [True, False])
def test_a_rematch_is_rated_as_the_match_it_repeats(alice, bob, rated):
    match = create_rigged(game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0, rated=rated)
    match = services.match_join(match_id=match.pk, user=bob)
    resign(match, bob)
    rematches.rematch_offer(match_id=match.pk, user=alice)
    offer = rematches.rematch_accept(match_id=match.pk, user=bob)
    assert Match.objects.get(pk=offer.new_match_id).rated is rated


def test_a_deviation_exactly_at_the_provisional_limit_is_provisional(client, db):
    limit = scale.PROVISIONAL_RD
    at, below = scale.shown(25.0, limit / scale.SCALE), scale.shown(25.0, (limit - 1) / scale.SCALE)
    assert (at.deviation, at.provisional, str(at)) == (limit, True, "1500?")
    assert (below.deviation, below.provisional, str(below)) == (limit - 1, False, "1500")
    for name, deviation in (("edge", limit), ("inside", limit - 1), ("rounds-up", limit - 0.5)):
        user = User.objects.create(username=name)
        sigma = deviation / scale.SCALE
        Rating.objects.create(user=user, game="hive", mu=25.0, sigma=sigma, games=10)
        met_opponents(user, "hive")
        assert perfs_json(user)["hive"]["prov"] is (deviation != limit - 1)
    page = client.get("/leaderboard/hive/").content.decode()  # the settled one alone
    assert re.findall(r'data-user="([\w-]+)"', page) == ["inside"]
    assert ">1500 <small" in shown_on(page, "inside")


def test_the_chart_has_a_point_per_rated_match_and_the_api_one_per_day(client, alice, bob):
    """Three matches in a day were one dot alone in an empty plot."""
    for winner in (alice, bob, alice):
        play_rated(alice, bob, winner)
    profile = client.get("/accounts/u/alice/").content.decode()
    chart = profile[profile.index('<g class="series" data-game="powerdrain"') :].split("</g>\n")[0]
    assert chart.count('<circle class="dot"') == 3
    xs = re.findall(r'<circle class="dot" cx="([\d.]+)"', chart)
    assert len(set(xs)) == 3  # spread along the time they ended, not stacked on one day
    points = {h["slug"]: h["points"] for h in rating_history_json(alice)}["powerdrain"]
    last = Rating.objects.get(user=alice, game="powerdrain").shown.rating
    assert len(points) == 1 and points[0][3] == last


def test_rating_changes_are_written_with_their_sign_and_trend():
    assert [scale.signed(d) for d in (12, 1, -1, -9, 0)] == [
        "+12",
        "+1",
        "\u22121",
        "\u22129",
        "\u00b10",
    ]
    assert [scale.trend(d) for d in (1, -1, 0)] == ["up", "down", "even"]


def test_without_a_ranking_the_winners_come_first_and_nobody_winning_is_a_tie():
    assert scale.final_places({"winners": [1]}, 2, []) == [2, 1]
    assert scale.final_places({"winners": [0, 2]}, 3, []) == [1, 3, 1]
    assert scale.final_places({"winners": []}, 2, []) == [1, 1]
    # A leaver's seat outside the match (a log's slip) places nobody.
    assert scale.final_places({"winners": [1]}, 2, [2, -1]) == [2, 1]
