"""The import map: which folder imports which, any folder loop, and any arrow back up a floor.

A module's floor is its layer in ``pyproject.toml``'s floors contract (docs/architecture.md,
"Floors"), counted from the ground; an arrow back up is a direct import of a module on a
higher floor. The contract checks chains too, but only between the modules it names: this
also lists the modules it leaves out (none should be: ``clients`` has its own contract; a
folder whose ``__init__`` imports nothing needs no floor of its own, its modules have theirs). A folder loop is two app folders that import each other.
``config`` (the site: its settings and routes on top, its helpers for limits, languages and
templates below) and ``accounts`` (the user model beneath the games, its pages above them)
span the floors by design and are left out of the folder loops; their modules keep the floors.
Every game package in the one list of games (``games/packages.py``) stands on the floor of the
boards' helpers (``games.boards``), named in the contract or not: adding a game is its package
and its line in that list, and its arrows are checked here all the same.

    .venv/bin/python -m tooling.import_map [TREE]
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections import Counter
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
SPANNING = {"config", "accounts"}
GAMES_FLOOR = "games.boards"  # the floor every listed game package stands on


def contracts(root: Path = ROOT) -> dict:
    return tomllib.loads((root / "pyproject.toml").read_text())["tool"]["importlinter"]


def listed_games(root: Path = ROOT) -> tuple[str, ...]:
    """``PACKAGES`` of ``root/games/packages.py``, read without importing it (``root`` may be
    another tree than the one running)."""
    tree = ast.parse((root / "games" / "packages.py").read_text())
    for node in tree.body:
        targets = [node.target] if isinstance(node, ast.AnnAssign) else getattr(node, "targets", [])
        if any(getattr(target, "id", None) == "PACKAGES" for target in targets):
            return tuple(ast.literal_eval(node.value))
    raise ValueError(f"{root / 'games' / 'packages.py'} has no PACKAGES")


def floors(config: dict, games: tuple[str, ...] = ()) -> dict[str, int]:
    layers = next(c for c in config["contracts"] if c["type"] == "layers")["layers"]
    floor = {
        module.strip(): len(layers) - i
        for i, line in enumerate(layers)
        for module in line.replace("|", ":").split(":")
    }
    return {**dict.fromkeys(games, floor[GAMES_FLOOR]), **floor}


def floor_of(module: str, floor: dict[str, int]) -> int | None:
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in floor:
            return floor[".".join(parts[:end])]
    return None


def arrows(graph, packages) -> list[tuple[str, str]]:
    return [
        (importer, imported)
        for importer in sorted(graph.modules)
        for imported in sorted(graph.find_modules_directly_imported_by(importer))
        if imported.split(".")[0] in packages
    ]


def _folder_only(graph, module: str) -> bool:
    """A package whose ``__init__`` imports nothing, its modules on floors of their own
    (``games.live``): a folder, not a module that needs a floor."""
    return bool(graph.find_children(module)) and not graph.find_modules_directly_imported_by(module)


def report(root: Path = ROOT) -> dict:
    config = contracts(root)
    packages = config["root_packages"]
    sys.path.insert(0, str(root))
    graph = grimp.build_graph(*packages, cache_dir=None)
    floor = floors(config, listed_games(root))
    every = arrows(graph, packages)
    folders = Counter(
        (a.split(".")[0], b.split(".")[0]) for a, b in every if a.split(".")[0] != b.split(".")[0]
    )
    loops = sorted(
        (a, b)
        for a, b in folders
        if a < b and (b, a) in folders and not SPANNING.intersection((a, b))
    )
    up = [
        (a, b)
        for a, b in every
        if (fa := floor_of(a, floor)) is not None
        and (fb := floor_of(b, floor)) is not None
        and fb > fa
    ]
    unplaced = sorted(
        m
        for m in graph.modules
        if "." in m
        and ".migrations" not in m
        and not m.startswith("clients")
        and floor_of(m, floor) is None
        and not _folder_only(graph, m)
    )
    return {"folders": folders, "loops": loops, "up": up, "unplaced": unplaced}


def main() -> None:
    found = report(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT)
    for (a, b), count in sorted(found["folders"].items()):
        print(f"{a} -> {b}: {count}")
    print(
        f"folder loops: {len(found['loops'])}",
        *(f"  {a} <-> {b}" for a, b in found["loops"]),
        sep="\n",
    )
    print(
        f"arrows back up: {len(found['up'])}", *(f"  {a} -> {b}" for a, b in found["up"]), sep="\n"
    )
    print(f"modules on no floor: {len(found['unplaced'])}", *found["unplaced"], sep="\n")


if __name__ == "__main__":
    main()
