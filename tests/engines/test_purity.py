"""The rules engines are pure (docs/rules.md §1): no Django, no I/O, no clock, no global random
state.

Checked twice over the protocol (games/rules/) and each listed game's pure side (its package's
``__init__``, engine, bot knowledge and twin, with every module of the package they import):
statically, each import (relative ones resolved, those inside functions included) must name
games.rules, the game's own package or a pure part of the standard library, and the random
module may only give its Random class, seeded; then by importing every module in a fresh
interpreter and looking at what got loaded.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from games.packages import PACKAGES

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "games" / "rules"
#: The modules of a game through which the rest of the table reaches its rules.
ENTRIES = ("engine", "bot", "twin")
# The standard library an engine may import: computation only, no I/O, no clock, no process.
PURE_STDLIB = {
    "__future__", "abc", "bisect", "collections", "copy", "dataclasses", "enum", "functools",
    "heapq", "itertools", "json", "math", "operator", "random", "re", "string", "typing",
}  # fmt: skip
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "__import__"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, tree: ast.Module) -> list[tuple[ast.AST, str]]:
    """Every import in the module as (node, absolute module name); `from x import y` also
    yields x.y, since y may be a module."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.append((node, module))
            found += [(node, f"{module}.{alias.name}") for alias in node.names]
    return found


def source(name: str) -> Path | None:
    """The file of module ``name`` under ROOT, or None if it is no module of ours."""
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def pure_side(package: str) -> list[Path]:
    """The game package's ``__init__`` (run by any import of it) and its entries, with every
    module of the package they import, however deep."""
    found = {}
    todo = [f"{package}.{entry}" for entry in ENTRIES] + [package]
    while todo:
        name = todo.pop()
        path = source(name)
        if name in found or path is None:
            continue
        found[name] = path
        tree = ast.parse(path.read_text(encoding="utf-8"))
        todo += [n for _, n in imports(path, tree) if n.startswith(f"{package}.")]
    return list(found.values())


GAME_PACKAGES = {path: package for package in PACKAGES for path in pure_side(package)}
MODULES = sorted({*RULES.rglob("*.py"), *GAME_PACKAGES})


def allowed(name: str, path: Path) -> bool:
    if name == "games.rules" or name.startswith("games.rules."):
        return True
    if path in GAME_PACKAGES and f"{name}.".startswith(f"{GAME_PACKAGES[path]}."):
        return True  # the game's own modules: pure_side follows them, so they are checked too
    return name.split(".")[0] in PURE_STDLIB


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_rules_module_imports_only_the_rules_and_pure_standard_library(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node, name in imports(path, tree):
        assert allowed(name, path), f"{path.name}:{node.lineno} imports {name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_rules_module_never_touches_the_global_random_generator(path):
    """The random module's functions share one generator seeded from the OS; an engine draws
    only from a Random(seed) of its own, so the random module may give nothing but Random."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    bound = {"random"}  # the names the random module is known by in this module
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound |= {a.asname or a.name for a in node.names if a.name == "random"}
        if isinstance(node, ast.ImportFrom) and node.module == "random" and not node.level:
            names = [alias.name for alias in node.names]
            assert names == ["Random"], f"{path.name}:{node.lineno} imports {names} from random"
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in bound:
            parent = parents[node]
            assert isinstance(parent, ast.Attribute) and parent.attr == "Random", (
                f"{path.name}:{node.lineno} uses the random module beyond random.Random"
            )
        if isinstance(node, ast.Call):
            func = node.func
            callee = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if callee == "Random":  # unseeded, it would seed itself from the OS
                assert node.args or node.keywords, f"{path.name}:{node.lineno} Random() unseeded"


def test_importing_every_rules_module_loads_nothing_but_the_rules_and_the_standard_library():
    names = [module_name(path) for path in MODULES]
    parents = {".".join(n.split(".")[:end]) for n in names for end in range(1, n.count(".") + 1)}
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        + "".join(f"import {name}\n" for name in names)
        + "print(' '.join(sorted(m for m in set(sys.modules) - before\n"
        f"    if m.split('.')[0] not in sys.stdlib_module_names and m not in {set(names) | parents!r}"
        ")))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == []
