"""The engine protocol of docs/rules.md §1, checked the same way for every declared game.

Driven by the declarations of the listed games (``games.registry``, and what each game's
package says for its tests, ``<package>/facts.py``): every game, every player count and
every lobby option is played out in seeded random games, and at sampled positions
the engine must agree with itself (listed moves and near misses against ``apply``),
survive a JSON round trip, hide every secret its ``twin`` changes, and name every
move. Every move has a code (docs/rules.md §1.4) that reads back to exactly that move.
A sixth game gets all of this by being listed: ``tests/tictactoe`` is one, written by
docs/architecture.md's "Adding a game" and never shipped, which tests/test_adding_a_game.py
lists with one line and plays here beside the five.
"""

from __future__ import annotations

import json
import random
import string
from functools import partial
from itertools import islice

import pytest

from games.registry import GAMES, IllegalMove
from games.rules import CODE_PATTERN, MAX_CODE_LENGTH
from tests.engines.harness import check_agreement, choose_move, key, random_game
from tests.facts import FACTS


def get_game(slug):
    return GAMES[slug]


def all_games():
    return list(GAMES.values())


SEEDS = range(3)
LAZY_CODES = 500  # of a huge lazy move list, the first moves are coded (and random ones)
CODE_CHARACTERS = string.ascii_letters + string.digits + "._~-"


def variants():
    """(slug, players, options) for every player count and every boolean lobby option."""
    for game in all_games():
        engine = game.engine
        for players in range(engine.min_players, engine.max_players + 1):
            yield game.slug, players, None
        for option in game.options:
            if option["type"] == "bool":
                yield game.slug, engine.min_players, {option["name"]: True}


VARIANTS = [pytest.param(*v, id=f"{v[0]}-{v[1]}p-{json.dumps(v[2])}") for v in variants()]


def positions(slug, players, options, seed, count):
    """A seeded sample of ``count`` running positions of one random game, and its end."""
    plies = list(random_game(get_game(slug).engine, players, seed, options))
    rng = random.Random(seed)
    running = plies[:-1]
    return rng.sample(running, min(count, len(running))), plies[-1][0]


@pytest.fixture(params=list(GAMES))
def game(request):
    return get_game(request.param)


def test_the_declaration_describes_the_game(game):
    engine = game.engine
    assert engine.slug in GAMES and engine.name and game.description
    assert 1 <= engine.min_players <= engine.max_players
    assert len(game.board.SEATS) >= engine.max_players
    assert (game.directory / "rules.md").is_file() and (game.directory / "board.html").is_file()
    assert game.public_options == FACTS[engine.slug].PUBLIC_OPTIONS


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_random_games_end_with_an_outcome_the_table_can_word(slug, players, options):
    game = get_game(slug)
    engine = game.engine
    for seed in SEEDS:
        final = list(random_game(engine, players, seed, options))[-1][0]
        result = engine.outcome(final)
        assert engine.to_move(final) == []
        assert set(result["winners"]) <= set(range(players))
        assert len(result["scores"]) == players
        assert not game.reason_text(result["reason"]).startswith("("), result["reason"]
        assert engine.view(final, None)["outcome"] == result


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_legal_moves_agree_with_apply_on_near_misses(slug, players, options):
    game = get_game(slug)
    engine = game.engine
    for seed in SEEDS:
        rng = random.Random(seed)
        sample, final = positions(slug, players, options, seed, 4)
        for state, seat, _ in sample:
            # Where the board builds moves itself, the move list may be huge and lazy.
            lazy = None if game.lists_legal_moves else partial(engine.is_legal, state, seat)
            check_agreement(engine, state, seat, rng, is_listed=lazy)
        for seat in range(players):
            assert list(engine.legal_moves(final, seat)) == []


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_json_round_trip_keeps_views_moves_and_outcome(slug, players, options):
    engine = get_game(slug).engine
    for seed in SEEDS:
        replay = engine.setup(players, seed, options)
        for n, (state, seat, move) in enumerate(random_game(engine, players, seed, options)):
            data = engine.to_json(state)
            assert json.loads(json.dumps(data)) == data
            assert key(engine.to_json(replay)) == key(data), "same seed and moves, other state"
            if n % 9 == 0 or move is None:
                restored = engine.from_json(data)
                assert engine.to_json(restored) == data
                for viewer in [*range(players), None]:
                    assert engine.view(restored, viewer) == engine.view(state, viewer)
                assert engine.outcome(restored) == engine.outcome(state)
                if move is not None:
                    after = engine.to_json(engine.apply(restored, seat, move))
                    assert after == engine.to_json(engine.apply(state, seat, move))
            if move is not None:
                replay = engine.apply(replay, seat, move)


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_views_never_show_another_seats_secret(slug, players, options):
    """A viewer's view is the same in a twin position whose other secrets differ.

    Games without secrets show everyone the same view. For games with secrets the
    twin must really change something in the default setup (else this test could not
    fail); an option may remove the secrets (a Powerdrain draft has no hidden order).
    """
    game = get_game(slug)
    engine = game.engine
    changed = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        sample, _ = positions(slug, players, options, seed, 12)
        for state, _, _ in sample:
            views = {viewer: engine.view(state, viewer) for viewer in [*range(players), None]}
            json.dumps(views[None])
            if not game.has_secrets:
                assert all(view == views[None] for view in views.values())
                continue
            for viewer, view in views.items():
                other = game.twin(state, viewer, rng)
                assert engine.view(other, viewer) == view, f"seat {viewer} sees a secret"
                changed += key(engine.to_json(other)) != key(engine.to_json(state))
    assert changed or not game.has_secrets or options, "the twin never changed a secret"


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_notation_names_every_move(slug, players, options):
    engine = get_game(slug).engine
    for state, _, move in random_game(engine, players, 0, options):
        if move is not None:
            text = engine.notation(state, move)
            assert isinstance(text, str) and text.strip() and "\n" not in text


def test_views_carry_the_keys_the_web_layer_reads(game):
    engine = game.engine
    state = engine.setup(players=engine.min_players, seed=5)
    for seat in [*range(engine.min_players), None]:
        view = engine.view(state, seat)
        assert view["players"] == engine.min_players
        assert view["to_move"] == engine.to_move(state)
        assert view["outcome"] is None
        assert len(view["scores"]) == engine.min_players


def test_junk_moves_raise_illegal_move_and_nothing_else(game):
    engine = game.engine
    state = engine.setup(players=engine.min_players, seed=3)
    seat = engine.to_move(state)[0]
    nested: list = []
    for _ in range(200):
        nested = [nested]
    junk = [None, 1, "x", [], {}, {"type": None}, {"type": "x" * 10_000}, {"type": []}]
    for move in [*junk, {"type": "place", "at": nested}, {"type": "post", "at": [1.5, 2]}]:
        with pytest.raises(IllegalMove):
            engine.apply(state, seat, move)
    for seat_junk in [-1, engine.max_players, 99]:
        with pytest.raises(IllegalMove):
            engine.apply(state, seat_junk, choose_move(engine, state, seat, random.Random(1)))


def coded_moves(game, state, seat, rng) -> list[dict]:
    """The moves whose codes are checked: all listed ones, or for a huge lazy list its
    first ``LAZY_CODES`` and a sample from the engine's own sampler (every kind of move)."""
    engine = game.engine
    if game.lists_legal_moves:
        return list(engine.legal_moves(state, seat))
    moves = list(islice(engine.legal_moves(state, seat), LAZY_CODES))
    return moves + [engine.random_move(state, seat, rng) for _ in range(60)]


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_every_listed_move_has_its_own_code_that_decodes_to_it(slug, players, options):
    game = get_game(slug)
    engine = game.engine
    for seed in SEEDS:
        rng = random.Random(seed)
        sample, _ = positions(slug, players, options, seed, 4)
        start = engine.setup(players, seed, options)
        for state, seat, _ in [(start, engine.to_move(start)[0], None), *sample]:
            moves = coded_moves(game, state, seat, rng)
            codes: dict[str, str] = {}
            for move in moves:
                code = engine.encode(state, move)
                assert CODE_PATTERN.fullmatch(code) and len(code) <= MAX_CODE_LENGTH, code
                assert set(code) <= set(CODE_CHARACTERS), code
                assert codes.setdefault(code, key(move)) == key(move), (
                    f"{code!r} is the code of {codes[code]} and of {key(move)}"
                )
            for move in moves:
                decoded = engine.decode(state, engine.encode(state, move))
                assert key(decoded) == key(move) and decoded == move, (decoded, move)


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_random_games_replay_their_move_log_from_codes(slug, players, options):
    engine = get_game(slug).engine
    for seed in SEEDS:
        replay = engine.setup(players, seed, options)
        log = []
        for state, seat, move in random_game(engine, players, seed, options):
            if move is None:
                assert key(engine.to_json(replay)) == key(engine.to_json(state))
                break
            log.append(engine.encode(state, move))
            assert engine.to_move(replay) == [seat]
            decoded = engine.decode(replay, log[-1])
            assert key(decoded) == key(move), (log[-1], decoded, move)
            replay = engine.apply(replay, seat, decoded)


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_a_code_decodes_only_as_it_is_written(slug, players, options):
    """Every one-character edit of a legal code is refused or is another move's own code."""
    game = get_game(slug)
    engine = game.engine
    rng = random.Random(7)
    sample, _ = positions(slug, players, options, 0, 3)
    for state, seat, _ in sample:
        moves = coded_moves(game, state, seat, rng)
        for move in rng.sample(moves, min(15, len(moves))):
            code = engine.encode(state, move)
            edits = {code[:i] + code[i + 1 :] for i in range(len(code))}
            for i in range(len(code) + 1):
                edits |= {code[:i] + c + code[i:] for c in rng.sample(CODE_CHARACTERS, 6)}
                edits |= {code[:i] + c + code[i + 1 :] for c in rng.sample(CODE_CHARACTERS, 6)}
            for edit in edits - {code}:
                try:
                    decoded = engine.decode(state, edit)
                except IllegalMove:
                    continue
                assert engine.encode(state, decoded) == edit, (code, edit, decoded)
                assert engine.is_legal(state, seat, decoded), (edit, decoded)


def test_bad_codes_raise_illegal_move_saying_why(game):
    engine = game.engine
    state = engine.setup(players=engine.min_players, seed=3)
    junk = ["", " ", "x", "zz99", "-", "~", "..", "k7 ", "k7/", "é", "a\x00", "%20", "keep\n"]
    junk += ["x" * (MAX_CODE_LENGTH + 1), "1" * 10_000_000, "Q" * 65]
    for code in junk:
        with pytest.raises(IllegalMove) as refused:
            engine.decode(state, code)
        message = str(refused.value)
        assert len(message) < 600 and ("code" in message)
        if len(code) > MAX_CODE_LENGTH:
            assert f"at most {MAX_CODE_LENGTH} characters" in message
    for code in [None, 5, b"k7", ["k7"], {"type": "keep"}]:
        with pytest.raises(IllegalMove, match="a string"):
            engine.decode(state, code)
    for code in FACTS[engine.slug].ILLEGAL_AT_START:
        with pytest.raises(IllegalMove, match=f"No legal move has the code '{code}'"):
            engine.decode(state, code)
    *_, (before, _, last), (final, _, _) = random_game(engine, engine.min_players, 3)
    with pytest.raises(IllegalMove, match="game is over"):
        engine.decode(final, engine.encode(before, last))


def test_junk_moves_have_no_code(game):
    engine = game.engine
    state = engine.setup(players=engine.min_players, seed=3)
    nested: list = []
    for _ in range(200):
        nested = [nested]
    move = choose_move(engine, state, engine.to_move(state)[0], random.Random(1))
    junk = [None, 1, "x", [], {}, {"type": None}, {"type": "x" * 100}, {"type": []}]
    junk += [
        {**move, "extra": 1},
        {"type": "place", "at": nested},
        {"type": "post", "at": [1.5, 2]},
    ]
    junk += [{"type": "post", "at": [True, 2]}, {"type": "set", "piece": "ANT", "to": [9, 9, 9]}]
    for bad in junk:
        with pytest.raises(IllegalMove):
            engine.encode(state, bad)
