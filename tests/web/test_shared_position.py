"""The fragments of one position rendered in this process start from one ``Position``
(games.live.rendering ``position``): the sockets that open one after another on a match
share its decoded state, move list and views, and write what each would have alone."""

from games import services
from games.live import fragments, rendering
from games.live.rendering import board_html, cached_board_html
from games.models import Match


def fresh(match) -> Match:
    return Match.objects.get(pk=match.pk)


def test_sockets_opening_on_one_position_share_it_and_get_their_own_fragment(match):
    fragments._entries.clear()
    pages = {seat: cached_board_html(fresh(match), seat) for seat in (None, 0, 1)}
    assert rendering.position(fresh(match)) is rendering.position(fresh(match))
    for seat, html in pages.items():  # each as rendered from a Position of its own
        assert html == board_html(fresh(match), seat)
    assert len(set(pages.values())) == 3


def test_a_new_ply_starts_from_a_new_position(match, alice):
    fragments._entries.clear()
    before = rendering.position(fresh(match))
    cached_board_html(fresh(match), None)
    services.move_play(match_id=match.pk, user=alice, ply=0, move={"type": "place", "at": [0, 0]})
    fragments._entries.clear()
    after = fresh(match)
    assert rendering.position(after) is not before
    for seat in (None, 0, 1):
        assert cached_board_html(after, seat) == board_html(fresh(match), seat)
