"""The docs do not rot: every backticked path in README.md and docs/*.md names a file or
folder of the tree, and every reference to a section (``README, "Tests"``,
``docs/api.md, "The ladder"``) anywhere in the project names a heading of that page."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: A backticked path with a folder and a file ending (``games/hive/engine.py``), or a
#: folder (``games/bots/``); placeholders (``games/<game>/``, ``…``) and globs are not paths.
PATH = re.compile(r"`((?:[\w.-]+/)+(?:[\w.-]+\.\w+)?)`")
SECTION = re.compile(r'(README|docs/[\w-]+\.md), "([^"]+)"')
SCANNED = ("*.py", "*.md", "*.html", "*.js", "*.toml", "*.po", "Makefile")
SKIPPED = {".venv", "node_modules", "mutants", "var", ".git", "__pycache__"}


def pages(root: Path) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


#: What the tree makes as it runs, and the recipe's example game of docs/architecture.md.
MADE = ("var/", "mutants/", "test-artifacts/")
EXAMPLE = "mygame"


def tree(root: Path) -> set[str]:
    """Every file and folder of ``root``, relative, folders with a trailing slash."""
    found = set()
    for path in root.rglob("*"):
        relative = path.relative_to(root)
        if not SKIPPED.intersection(relative.parts):
            found.add(relative.as_posix() + ("/" if path.is_dir() else ""))
    return found


def missing_paths(root: Path) -> list[tuple[str, str]]:
    """Backticked paths no file answers: from the root, or, as a table row says of its
    folder's files (``static/board.css`` in the row of ``games/<game>/``), below a folder."""
    everything = tree(root)
    missing = []
    for page in pages(root):
        for path in PATH.findall(page.read_text()):
            if path.startswith(MADE) or EXAMPLE in path or "*" in path:
                continue
            if path not in everything and not any(f.endswith("/" + path) for f in everything):
                missing.append((page.name, path))
    return missing


def headings(page: Path) -> set[str]:
    return {" ".join(m.group(1).split()) for m in re.finditer(r"^#+ (.+)$", page.read_text(), re.M)}


def scanned_files(root: Path):
    for pattern in SCANNED:
        for path in root.rglob(pattern):
            if not SKIPPED.intersection(path.relative_to(root).parts):
                yield path


def broken_sections(root: Path) -> list[tuple[str, str, str]]:
    broken = []
    for path in scanned_files(root):
        if path.name == Path(__file__).name:
            continue  # its own examples
        for page, section in SECTION.findall(path.read_text(errors="replace")):
            section = " ".join(section.replace("#", "").split())
            target = root / ("README.md" if page == "README" else page)
            if not target.exists() or section not in headings(target):
                broken.append((str(path.relative_to(root)), page, section))
    return broken


def test_every_backticked_path_in_the_docs_exists():
    assert missing_paths(ROOT) == []


def test_every_section_reference_names_a_heading():
    assert broken_sections(ROOT) == []


def test_a_moved_file_or_a_renamed_heading_is_caught(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "push.py").write_text('"""See docs/x.md, "Old heading"."""\n')
    (tmp_path / "docs" / "x.md").write_text("# X\n\n## Heading\n\n`games/push.py`, `games/`\n")
    (tmp_path / "README.md").write_text('# Front\n\n`chat/push.py` (docs/x.md, "Heading")\n')
    assert missing_paths(tmp_path) == [("README.md", "chat/push.py")]
    assert broken_sections(tmp_path) == [("games/push.py", "docs/x.md", "Old heading")]
