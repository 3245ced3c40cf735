"""The code's floors hold (the import contracts in pyproject.toml), a contract fails the build
on an upward import, and no module imports itself round a circle."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import weakref
from pathlib import Path

import grimp
import pytest

from tooling import import_map

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = (
    "games",
    "accounts",
    "lobby",
    "config",
    "challenges",
    "ratings",
    "api",
    "chat",
    "clients",
    "tournaments",
    "analysis",
    "ladder",
    "clubs",
    "lessons",
)


def lint_imports(tree: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
    )


def test_the_import_contracts_hold():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("module", "line"),
    [
        ("games/services.py", "from games.live import push"),  # a writer calling a reaction
        ("games/presence.py", "from games import services"),  # a circle through the writers
        ("games/hive/engine.py", "import django"),  # an engine that is no longer pure
        ("games/hive/engine.py", "def lazy():\n    from ..models import Match"),  # lazily
        ("games/hive/grid.py", "import django"),  # a module the engine imports, no longer pure
        ("games/hive/bot.py", "import chat"),  # rules reaching into the app
        ("games/hive/bot.py", "from games.bots import levels"),  # rules leaning on bots
        ("games/hive/bot.py", "from games.hive import board"),  # rules leaning on the board
        ("games/triangulum/twin.py", "from games import registry"),  # a twin on the web side
        ("clients/sc2020/moves.py", "from games.hive import codes"),  # a client on the server
        ("games/live/consumers.py", "from chat import services"),  # the core calling a feature
        ("games/live/socket_play.py", "from ratings import selectors"),
        ("games/live/rendering.py", "def lazy():\n    from api import selectors"),
        ("games/services.py", "def lazy():\n    from tournaments import formats"),
        ("games/views.py", "from accounts.views import signup"),  # api, through accounts.views
        ("api/selectors.py", "from challenges.selectors import pending_events"),  # a loop
        ("tournaments/formats/swiss.py", "import django"),  # pairing that is no longer pure
        ("tournaments/formats/arena.py", "from games import registry"),
    ],
)
def test_an_upward_import_breaks_the_contracts(tmp_path, module, line):
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package,
            tmp_path / package,
            ignore=shutil.ignore_patterns("__pycache__", "static", "*.html", "*.md"),
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    planted = tmp_path / module
    planted.write_text(planted.read_text() + f"\n{line}\n")
    result = lint_imports(tmp_path)
    assert result.returncode != 0, result.stdout
    assert "BROKEN" in result.stdout


def test_the_import_map_has_no_folder_loop_no_arrow_back_up_and_every_module_on_a_floor(
    tmp_path,
):
    found = import_map.report(ROOT)
    assert (found["loops"], found["up"], found["unplaced"]) == ([], [], [])
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns(
            "__pycache__", "static", "*.html", "*.md", "migrations"
        ))  # fmt: skip
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    selectors = tmp_path / "api" / "selectors.py"
    selectors.write_text(selectors.read_text() + "\nfrom challenges import selectors as _\n")
    models = tmp_path / "games" / "models.py"
    models.write_text(models.read_text() + "\ndef _lazy():\n    from games import services\n")
    (tmp_path / "games" / "loose.py").write_text("")
    printed = subprocess.run(
        [sys.executable, "-m", "tooling.import_map", str(tmp_path)],
        env={**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"},
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert "folder loops: 1\n  api <-> challenges\n" in printed
    assert "arrows back up: 1\n  games.models -> games.services\n" in printed
    assert "modules on no floor: 1\ngames.loose\n" in printed


def test_no_module_imports_itself_round_a_circle():
    """Tarjan's strongly connected components over every import of the app, those inside
    functions included: each must be a single module."""
    graph = grimp.build_graph(*PACKAGES)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    assert circles == []


def test_bench_and_tests_share_tooling_and_neither_imports_the_other():
    graph = grimp.build_graph("bench", "tests", "tooling", *PACKAGES)
    for importer, imported in (("bench", "tests"), ("tests", "bench")):
        chain = graph.find_shortest_chain(importer=importer, imported=imported, as_packages=True)
        assert chain is None, f"{importer} imports {imported}: {chain}"


def test_every_reaction_lives_in_its_apps_reactions_module_and_every_signal_is_heard():
    """What the writers announce (each app's events.py) and the Django signals the apps
    react to reach receivers of ``<app>.reactions`` only, connected in the app's ``ready``;
    no signal is announced that nobody hears, and no module connects a receiver elsewhere."""
    import django.contrib.auth.signals as auth_signals
    import django.db.models.signals as model_signals
    from django.dispatch import Signal

    from challenges import events as challenge_events
    from chat import events as chat_events
    from games import events as game_events

    announced = [
        (module.__name__, name, signal)
        for module in (game_events, chat_events, challenge_events)
        for name, signal in vars(module).items()
        if isinstance(signal, Signal)
    ]
    django_signals = [
        ("django", name, signal)
        for module in (auth_signals, model_signals)
        for name, signal in vars(module).items()
        if isinstance(signal, Signal)
    ]
    for where, name, signal in announced + django_signals:
        receivers = [r() if isinstance(r, weakref.ref) else r for _key, r, *_ in signal.receivers]
        modules = {r.__module__ for r in receivers if r is not None}
        ours = {m for m in modules if m.split(".")[0] in PACKAGES}
        assert all(m.endswith(".reactions") for m in ours), (where, name, ours)
        if where != "django":
            assert ours, f"{where}.{name} is announced and nobody hears it"
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            text = path.read_text()
            if path.name != "apps.py":
                assert ".connect(" not in text.replace("websockets.connect(", ""), path
            assert "@receiver" not in text, path


def unlisted_games(root: Path) -> set[str]:
    """The game packages under ``root/games`` (those whose ``game.py`` declares ``GAME =
    Game(``) that the one list of games (``root/games/packages.py``) leaves out."""
    listed = import_map.listed_games(root)
    packages = {
        path.parent.name
        for path in (root / "games").glob("*/game.py")
        if "GAME = Game(" in path.read_text()
    }
    return {p for p in packages if f"games.{p}" not in listed}


def test_every_game_package_is_listed_and_stands_on_the_games_floor(tmp_path):
    assert unlisted_games(ROOT) == set()
    (tmp_path / "games" / "sixth").mkdir(parents=True)
    shutil.copy(ROOT / "games" / "packages.py", tmp_path / "games")
    (tmp_path / "games" / "sixth" / "game.py").write_text("GAME = Game(engine=None)\n")
    assert unlisted_games(tmp_path) == {"sixth"}  # a sixth game, not in the list
    listed = tmp_path / "games" / "packages.py"
    text = listed.read_text()
    listed.write_text(
        text.replace('    "games.powerdrain",\n', '    "games.powerdrain",\n    "games.sixth",\n')
    )
    assert unlisted_games(tmp_path) == set()  # its one line
    floor = import_map.floors(import_map.contracts(ROOT), import_map.listed_games(tmp_path))
    assert import_map.floor_of("games.sixth.board", floor) == floor["games.hive"]
