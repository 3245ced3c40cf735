"""The rules engines are pure (docs/rules.md §1): no Django, no Channels, no I/O, no clock.

Checked twice: statically over every module's imports and calls, and by importing every
declared engine in a fresh interpreter and looking at what got loaded.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "games" / "rules"
FORBIDDEN_MODULES = {
    "django", "channels", "daphne", "asgiref", "redis", "psycopg", "os", "io", "socket",
    "subprocess", "pathlib", "shutil", "time", "datetime", "threading", "asyncio", "urllib",
    "http", "sqlite3", "tempfile", "secrets",
}  # fmt: skip
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "__import__"}
MODULES = sorted(RULES.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(RULES)))
def test_no_rules_module_imports_the_web_or_does_io(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        else:
            names = []
        for name in names:
            assert name.split(".")[0] not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
            assert not name.startswith("games.") or name.startswith("games.rules"), (
                f"{path.name} imports {name} from outside the rules"
            )
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}"
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            # The module-level random generator is global state; engines use Random(seed).
            assert not (node.value.id == "random" and node.attr != "Random"), (
                f"{path.name} uses random.{node.attr}"
            )


def test_importing_every_engine_loads_no_web_module():
    engines = [p.parent.name for p in RULES.glob("*/engine.py")]
    code = (
        "import sys\n"
        + "".join(f"import games.rules.{name}.engine\n" for name in engines)
        + "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'django', 'channels', 'daphne', 'asgiref', 'redis', 'psycopg'})))"
    )
    root = RULES.parents[1]
    loaded = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    ).stdout.split()
    assert len(engines) == 5 and loaded == []
