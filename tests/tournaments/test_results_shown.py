"""What a tournament's page says of its results (issue #54, item 5): each pairing's result
between the names, the match's score unbroken; a finished tournament names its winner on a
podium of three; an Arena's performance is a whole rating, not "1688.27"."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.support import (
    finish,
    finish_round,
    make,
    members,
    next_round,
    refresh,
    running,
    start,
)
from tournaments import selectors

pytestmark = pytest.mark.django_db(transaction=True)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _played_swiss(clock, players):
    tournament = start(make(players[0], players=players, rounds=2), clock)
    finish_round(tournament, 1)
    tournament = next_round(tournament, clock)
    finish_round(tournament, 2)  # the last round: the tournament ends with it
    return refresh(tournament)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_finished_swiss_names_its_winner_on_a_podium_and_its_results(client, clock, language):
    players = members(4)
    tournament = _played_swiss(clock, players)
    assert tournament.status == tournament.Status.FINISHED
    html = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content
    html = html.decode()
    rows = selectors.standings(tournament)
    winner = rows[0].user.username
    said = {"en": f"{winner} won the tournament", "de": f"{winner} hat das Turnier gewonnen"}
    assert said[language] in _text(html)
    podium = re.findall(r'class="step place-(\d)" data-user="([\w-]+)"', html)
    assert podium == [(str(i + 1), r.user.username) for i, r in enumerate(rows[:3])]
    # Every played pairing says its result: seat 0 won each (the others resigned).
    pairings = html.split('class="card rounds"', 1)[1]
    assert pairings.count('<strong class="pairing-result"') == 4
    assert pairings.count(">1–0</strong>") == 4


def test_a_running_tournament_has_no_podium(client, clock):
    players = members(4)
    tournament = start(make(players[0], players=players, rounds=2), clock)
    finish_round(tournament, 1)
    html = client.get(refresh(tournament).get_absolute_url()).content.decode()
    assert "podium" not in html and ">1–0</strong>" in html


def test_a_table_of_three_shows_its_places(clock):
    players = members(3)
    tournament = start(
        make(players[0], players=players, game="high-voltage-companies", table_size=3, rounds=1),
        clock,
    )
    for pairing in running(tournament):
        finish(pairing)
    (table,) = [t for r in selectors.rounds(refresh(tournament)) for t in r["tables"]]
    assert table["result"] == "–".join(str(p) for p in table["pairing"].places)


def test_an_arenas_performance_is_a_whole_rating(clock):
    players = members(4)
    tournament = start(make(players[0], format="arena", players=players, minutes=10), clock)
    for pairing in running(tournament):
        finish(pairing)
    rows = selectors.standings(refresh(tournament))
    texts = [t for r in rows for t in r.tiebreak_texts]
    assert texts and all(re.fullmatch(r"-?\d+", t) for t in texts), texts


@pytest.mark.parametrize("language", ["en", "de"])
def test_winners_who_share_first_place_are_named_together(client, clock, language):
    players = members(4)
    tournament = start(make(players[0], players=players, rounds=1), clock)
    finish_round(tournament, 1)  # two winners of one point each, equal on every tie-break
    tournament = refresh(tournament)
    first = [r for r in selectors.standings(tournament) if r.rank == 1]
    assert len(first) == 2
    html = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content
    joined = {"en": " and ", "de": " und "}[language].join(r.user.username for r in first)
    said = {"en": "won the tournament together", "de": "haben das Turnier gemeinsam gewonnen"}
    assert f"{joined} {said[language]}" in _text(html.decode())
    ranks = re.findall(r'class="podium-place">(\d)<', html.decode())
    assert ranks[:2] == ["1", "1"]
