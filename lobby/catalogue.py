"""What the lobby says about each game: name, one-line description, rules page, options."""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

from games.boards import board_module
from games.registry import ENGINES, get_engine


def _package(slug: str):
    return import_module(ENGINES[slug].partition(":")[0].rsplit(".", 1)[0])


def playable(slug: str) -> bool:
    """A game is offered once it has a board renderer as well as an engine."""
    module = f"{_package(slug).__name__}.board"
    return find_spec(module) is not None and hasattr(import_module(module), "context")


def games() -> list[dict]:
    """Returns every playable game with its lobby facts, in registry order."""
    return [game(slug) for slug in ENGINES if playable(slug)]


def game(slug: str) -> dict:
    engine = get_engine(slug)
    return {
        "slug": slug,
        "name": engine.name,
        "description": _package(slug).DESCRIPTION,
        "min_players": engine.min_players,
        "max_players": engine.max_players,
        "player_counts": list(range(engine.min_players, engine.max_players + 1)),
        "seat_choices": [(i, f"Seat {i + 1}") for i in range(engine.max_players)],
        "options": getattr(board_module(slug), "OPTIONS", []),
    }


@cache
def rules_html(slug: str) -> str:
    """Returns the game's ``rules.md`` as HTML (headings, paragraphs, lists, **bold**)."""
    text = (Path(_package(slug).__file__).parent / "rules.md").read_text(encoding="utf-8")
    return _markdown(text)


def _inline(text: str) -> str:
    text = html.escape(text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", text)


def _markdown(text: str) -> str:
    out, paragraph, items = [], [], []

    def flush():
        if paragraph:
            out.append(f"<p>{_inline(' '.join(paragraph))}</p>")
            paragraph.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for line in text.splitlines():
        stripped = line.strip()
        heading = re.match(r"(#{1,4})\s+(.*)", stripped)
        if heading:
            flush()
            level = min(max(len(heading.group(1)), 2), 4)
            out.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif re.match(r"[-*]\s+", stripped):
            if paragraph:
                flush()
            items.append(stripped[2:].strip())
        elif not stripped:
            flush()
        elif items and line.startswith((" ", "\t")):
            items[-1] += " " + stripped
        else:
            if items:
                flush()
            paragraph.append(stripped)
    flush()
    return "\n".join(out)
