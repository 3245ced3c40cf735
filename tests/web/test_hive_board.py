"""The Hive board: every legal move clickable for the mover only, stacks, brambles, status."""

import json
from html.parser import HTMLParser

import pytest

from games import services
from games.hive.engine import ENGINE
from games.live.rendering import board_html
from tests.web.support import BLOCKED, MIDGAME, set_


class Board(HTMLParser):
    """Collects the clickable moves, selectable sources, stacks, fields and reserves."""

    def __init__(self, html: str):
        super().__init__()
        self.moves: list[dict] = []
        self.groups: list[str] = []
        self.selects: list[str] = []
        self.stacks: dict[str, dict] = {}
        self.blocked: list[str] = []
        self.fields = 0
        self.kinds: dict[tuple[int, str], int] = {}
        self._reserve = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if "data-move" in a:
            self.moves.append(json.loads(a["data-move"]))
            self.groups.append(a.get("data-group"))
        if "data-select" in a:
            self.selects.append(a["data-select"])
        if "hx-stack" in cls:
            self.stacks[a["data-field"]] = {
                "height": int(a["data-height"]),
                "top": a["data-top"],
                "owner": int(a["data-owner"]),
            }
        if "hx-field" in cls:
            self.fields += 1
            if "blocked" in cls:
                self.blocked.append(a["data-field"])
        if "hx-reserve" in cls:
            self._reserve = int(a["data-seat"])
        if "hx-kind" in cls:
            self.kinds[(self._reserve, a["data-kind"])] = int(a["data-count"])


def key(move) -> str:
    return json.dumps(move, sort_keys=True)


def new_match(alice, bob, blocked=BLOCKED):
    created = services.match_create(
        game="hive", creator=alice, options={"blocked": blocked}, seat=0
    )
    return services.match_join(match_id=created.pk, user=bob)


def play(match, users, moves):
    for move in moves:
        mover = ENGINE.to_move(ENGINE.from_json(match.state))[0]
        match = services.move_play(match_id=match.pk, user=users[mover], ply=match.ply, move=move)
    return match


def state_of(match):
    return ENGINE.from_json(match.state)


@pytest.fixture
def midgame(alice, bob):
    return play(new_match(alice, bob), [alice, bob], MIDGAME)


def test_first_move_offers_every_free_field_for_every_kind(alice, bob):
    match = new_match(alice, bob)
    board = Board(board_html(match, 0))
    legal = list(ENGINE.legal_moves(state_of(match), 0))
    assert len(legal) == 88 * 5
    assert sorted(map(key, board.moves)) == sorted(map(key, legal))
    assert set(board.selects) == {
        "set-BEE",
        "set-SPIDER",
        "set-BEETLE",
        "set-GRASSHOPPER",
        "set-ANT",
    }
    # Each destination belongs to the reserve piece it sets.
    assert all(g == f"set-{m['piece']}" for g, m in zip(board.groups, board.moves, strict=True))
    for seat in (1, None):
        other = Board(board_html(match, seat))
        assert other.moves == [] and other.selects == []


def test_mover_gets_exactly_the_legal_moves_mid_game_and_nobody_else_any(midgame):
    state = state_of(midgame)
    assert ENGINE.to_move(state) == [0]
    legal = list(ENGINE.legal_moves(state, 0))
    assert any(m["type"] == "drag" for m in legal) and any(m["type"] == "set" for m in legal)
    html = board_html(midgame, 0)
    board = Board(html)
    assert len(board.moves) == len(legal)
    assert sorted(map(key, board.moves)) == sorted(map(key, legal))
    # Sources: the kinds in hand and the red pieces that can move; groups match them.
    for group, move in zip(board.groups, board.moves, strict=True):
        if move["type"] == "drag":
            assert group == "from-" + ",".join(map(str, move["from"]))
        else:
            assert group == f"set-{move['piece']}"
    assert set(board.groups) <= set(board.selects)
    drag_sources = {",".join(map(str, m["from"])) for m in legal if m["type"] == "drag"}
    assert {s for s in board.selects if s.startswith("from-")} == {
        f"from-{f}" for f in drag_sources
    }
    assert "Pick a piece from your hand" in html
    for seat in (1, None):
        other = board_html(midgame, seat)
        assert "data-move" not in other and "data-select" not in other


def test_stacks_render_with_their_height_and_top_piece(midgame):
    for seat in (0, 1, None):
        board = Board(board_html(midgame, seat))
        assert board.stacks["0,0,0"] == {"height": 2, "top": "BEETLE", "owner": 1}
        assert board.stacks["3,-2,-1"] == {"height": 1, "top": "ANT", "owner": 0}
        assert len(board.stacks) == 6
    html = board_html(midgame, None)
    assert 'class="hx-badge"' in html and "Blue Beetle on Red Bee" in html


def test_all_fields_and_the_three_brambles_are_drawn(midgame):
    board = Board(board_html(midgame, None))
    assert board.fields == 91
    assert sorted(board.blocked) == sorted(",".join(map(str, b)) for b in BLOCKED)
    assert board_html(midgame, None).count('href="#hx-bramble"') == 3


def test_reserves_round_last_move_and_free_fields_around_the_bees(midgame):
    html = board_html(midgame, 1)
    board = Board(html)
    view = ENGINE.view(state_of(midgame), 1)
    for seat in (0, 1):
        for kind, count in view["reserves"][seat].items():
            assert board.kinds[(seat, kind)] == count
    assert board.kinds[(0, "ANT")] == 2 and board.kinds[(1, "BEETLE")] == 1
    assert "Round <strong>6</strong> of 30" in html
    assert view["free_around_bee"] == [4, 4]
    assert html.count('data-free="4"') == 2
    assert html.count("hx-bee-free seat-0") == 4 and html.count("hx-bee-free seat-1") == 4
    assert html.count('class="hx-last-from"') == 1 and html.count("hx-last-to") == 1


def test_bee_must_be_set_is_announced_and_only_the_bee_is_offered(alice, bob):
    moves = [set_("ANT", [0, 0, 0]), set_("ANT", [1, -1, 0]), set_("ANT", [-1, 1, 0])]
    moves += [set_("ANT", [2, -1, -1]), set_("SPIDER", [-2, 1, 1]), set_("SPIDER", [3, -2, -1])]
    match = play(new_match(alice, bob), [alice, bob], moves)
    html = board_html(match, 0)
    board = Board(html)
    assert "Red must set the bee this move" in html
    assert set(board.selects) == {"set-BEE"}
    assert {m["piece"] for m in board.moves} == {"BEE"}
    assert "Red must set the bee this move" in board_html(match, None)


def test_skip_button_when_skipping_is_the_only_move(alice, bob):
    # Blue's beetles cover both red pieces: red can neither set nor move.
    match = new_match(alice, bob)
    match.state = {
        "blocked": BLOCKED,
        "board": [
            [[0, 0, 0], [[0, "BEE"], [1, "BEETLE"]]],
            [[1, -1, 0], [[0, "ANT"], [1, "BEETLE"]]],
            [[2, -2, 0], [[1, "BEE"]]],
        ],
        "moves": [3, 3],
    }
    match.save()
    assert list(ENGINE.legal_moves(state_of(match), 0)) == [{"type": "skip"}]
    html = board_html(match, 0)
    assert Board(html).moves == [{"type": "skip"}]
    assert "Skip this move" in html
    assert "Skip this move" not in board_html(match, 1)
    match = services.move_play(match_id=match.pk, user=alice, ply=match.ply, move={"type": "skip"})
    assert "Red skipped." in board_html(match, None)
    assert Board(board_html(match, 1)).moves


def test_match_page_renders_for_both_seats_and_a_spectator(client, midgame, alice, bob, carol):
    for user in (alice, bob, carol):
        client.force_login(user)
        page = client.get(f"/m/{midgame.public_id}/")
        assert page.status_code == 200
        text = page.content.decode()
        assert 'class="board-svg hive' in text and "games/hive/board.css" in text


def test_the_brambles_are_named_in_the_readers_language(midgame):
    from django.utils import translation

    with translation.override("de"):
        html = board_html(midgame, None)
    assert html.count("<title>Brombeeren ") == 3


def test_the_layouts_words_follow_the_language_of_each_render():
    """The layout's words are remembered per language (games.boards ``gettext``): a German
    render after an English one is in German, and the English one after it in English."""
    from django.utils import translation

    from games.hive import board

    state = ENGINE.setup(players=2, seed=3)
    for _ in range(4):
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, next(iter(ENGINE.legal_moves(state, seat))))
    view = ENGINE.view(state, None)
    names = {}
    for language in ("en", "de", "en"):
        with translation.override(language):
            layout = board.context(view, None, [])
            names.setdefault(language, set()).add(
                tuple(s["label"] for s in layout["stacks"]) + (layout["reserves"][0]["name"],)
            )
    assert len(names["en"]) == 1
    assert names["en"] != names["de"]
