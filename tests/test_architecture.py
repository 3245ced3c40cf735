"""The code's floors hold (the import contracts in pyproject.toml), a contract fails the build
on an upward import, and no module imports itself round a circle."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "accounts", "lobby", "config", "challenges", "ratings", "api", "chat")


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
        ("games/services.py", "from games import push"),  # a writer calling a reaction
        ("games/presence.py", "from games import services"),  # a circle through the writers
        ("games/rules/hive/engine.py", "import django"),  # an engine that is no longer pure
        ("games/rules/hive/engine.py", "def lazy():\n    from ...models import Match"),  # lazily
        ("games/rules/hive/bot.py", "import chat"),  # rules reaching into the app
        ("games/rules/hive/bot.py", "from games.bots import levels"),  # rules leaning on bots
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
