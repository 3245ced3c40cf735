"""The High Voltage board: targets for the mover only, the opening choice, link previews."""

import json
import random
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from games import services
from games.high_voltage.engine import EMPTY, ENGINE, PLACEABLE, swamp_cells
from games.high_voltage.preview import previews
from games.live.rendering import board_html

SWAMPS = [[5, 5, 3], [10, 12, 2], [18, 3, 2], [7, 19, 1]]
BLUE_LINE = [[0, 5], [2, 6], [4, 5], [6, 6], [8, 5], [10, 6], [12, 5], [14, 6], [16, 5],
             [18, 6], [20, 5], [22, 6], [23, 8]]  # fmt: skip


class Targets(HTMLParser):
    """Collects every element carrying data-move, with its preview attributes."""

    def __init__(self, html: str):
        super().__init__()
        self.found: list[dict] = []
        self.mini_swamps = 0
        self._in_mini = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "svg":
            self._in_mini = "hv-mini" in attrs.get("class", "")
        if self._in_mini and attrs.get("class") == "hv-swamp-cell":
            self.mini_swamps += 1
        if "data-move" in attrs:
            self.found.append(
                {
                    "tag": tag,
                    "move": json.loads(attrs["data-move"]),
                    "links": attrs.get("data-links", ""),
                    "blocked": attrs.get("data-blocked", ""),
                }
            )

    def handle_endtag(self, tag):
        if tag == "svg":
            self._in_mini = False


def moves(html: str) -> list[dict]:
    return [t["move"] for t in Targets(html).found]


def segments(text: str) -> list[list[list[int]]]:
    out = []
    for part in filter(None, text.split(";")):
        x1, y1, x2, y2 = map(int, part.split(","))
        out.append([[x1, y1], [x2, y2]])
    return out


def new_match(alice, bob, swamps=SWAMPS):
    created = services.match_create(
        game="high-voltage", creator=alice, options={"swamps": swamps}, seat=0
    )
    return services.match_join(match_id=created.pk, user=bob)


def play(match, user, move):
    return services.move_play(match_id=match.pk, user=user, ply=match.ply, move=move)


def post(match, user, x, y):
    return play(match, user, {"type": "post", "at": [x, y]})


def state_of(match):
    return ENGINE.from_json(match.state)


def test_keep_and_mirror_buttons_are_offered_to_blue_only_with_the_mirrored_field(alice, bob):
    match = new_match(alice, bob)
    blue = board_html(match, 0)
    assert moves(blue) == [{"type": "keep"}, {"type": "mirror"}]
    assert "Keep the board — you place first" in blue
    assert "Mirror the swamps — red places first" in blue
    mirrored = [[y, x, s] for x, y, s in SWAMPS]
    for html in (blue, board_html(match, 1), board_html(match, None)):
        assert Targets(html).mini_swamps == len(swamp_cells(mirrored))
    for seat in (1, None):
        html = board_html(match, seat)
        assert "data-move" not in html
        assert "Blue is choosing" in html

    match = play(match, alice, {"type": "mirror"})
    assert state_of(match).swamps == tuple(tuple(s) for s in mirrored)
    red = board_html(match, 1)
    assert "hv-mini" not in red and "Keep the board" not in red
    assert len(moves(red)) == len(list(ENGINE.legal_moves(state_of(match), 1)))
    assert "data-move" not in board_html(match, 0)


def test_every_legal_post_is_a_target_for_the_mover_and_nobody_else(alice, bob):
    match = play(new_match(alice, bob), alice, {"type": "keep"})
    for mover, user, x, y in [(0, alice, 0, 5), (1, bob, 3, 14), (0, alice, 2, 6)]:
        state = state_of(match)
        html = board_html(match, mover)
        targets = Targets(html).found
        legal = list(ENGINE.legal_moves(state, mover))
        assert len(targets) == len(legal) > 400
        assert sorted(map(json.dumps, (t["move"] for t in targets))) == sorted(
            map(json.dumps, legal)
        )
        assert all(t["tag"] == "rect" for t in targets)
        for other in (1 - mover, None):
            assert "data-move" not in board_html(match, other)
        match = post(match, user, x, y)
    html = board_html(match, None)
    assert 'data-at="2,6" data-owner="0"' in html
    assert re.search(r'class="hv-post hv-seat-0[^"]* last"[^>]*data-at="2,6"', html)
    assert html.count('<line class="hv-seat-0"') == 2  # the link and its best-line glow


def test_preview_data_matches_the_engine_and_shows_a_link_a_crossing_line_blocks(alice, bob):
    match = play(new_match(alice, bob), alice, {"type": "keep"})
    match = post(match, alice, 10, 10)
    match = post(match, bob, 11, 9)
    match = post(match, alice, 20, 20)
    match = post(match, bob, 10, 11)  # red link (11,9)-(10,11) crosses (10,10)-(12,11)
    state = state_of(match)
    assert ENGINE.view(state, None)["links"][1] == [[[11, 9], [10, 11]]]
    targets = {tuple(t["move"]["at"]): t for t in Targets(board_html(match, 0)).found}
    blocked = targets[(12, 11)]
    assert ENGINE.preview_links(state, 0, [12, 11]) == [] == segments(blocked["links"])
    assert segments(blocked["blocked"]) == [[[12, 11], [10, 10]]]
    assert segments(targets[(8, 11)]["links"]) == [[[8, 11], [10, 10]]]
    for at, target in targets.items():
        assert segments(target["links"]) == ENGINE.preview_links(state, 0, list(at))


def test_preview_helper_agrees_with_the_engine_on_random_positions():
    rng = random.Random(7)
    for game in range(6):
        state = ENGINE.setup(2, seed=game)
        state = ENGINE.apply(state, 0, {"type": rng.choice(["keep", "mirror"])})
        for _ in range(rng.randrange(20, 120)):
            if state.result:
                break
            seat = ENGINE.to_move(state)[0]
            state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng))
        view = ENGINE.view(state, None)
        for seat in (0, 1):
            found = previews(view, seat)
            cells = [(x, y) for i, x, y in PLACEABLE[seat] if state.cells[i] == EMPTY]
            for at in cells:  # a free cell left out has no preview: it would link nothing
                made, blocked = map(segments, found.get(at, ("", "")))
                if not state.result:
                    assert made == ENGINE.preview_links(state, seat, list(at))
                for a, b in blocked:
                    assert a == list(at) and b in view["posts"][seat]


@pytest.mark.parametrize("viewer", ["alice", "bob", None])
def test_finished_match_page_shows_the_connection_and_no_targets(client, alice, bob, viewer):
    match = play(new_match(alice, bob, swamps=[[18, 18, 2]]), alice, {"type": "keep"})
    for n, (x, y) in enumerate(BLUE_LINE):
        match = post(match, alice, x, y)
        if n < len(BLUE_LINE) - 1:
            match = post(match, bob, 2 + n, 16)
    assert match.status == "finished" and match.result["reason"] == "connected"
    if viewer:
        client.force_login({"alice": alice, "bob": bob}[viewer])
    page = client.get(reverse("games:match", args=[match.public_id])).content.decode()
    assert "won by connection" in page
    assert "data-move" not in page
    assert "Resign" not in page
    assert page.count('<line class="hv-seat-0"') == 2 * (len(BLUE_LINE) - 1)  # lines + glow
    assert re.search(r"hv-span-0[^>]*>.*?<strong>23</strong>", page)
    replay = client.get(reverse("games:replay", args=[match.public_id]) + "?ply=5").content.decode()
    assert 'class="board-svg high-voltage' in replay and "data-move" not in replay
