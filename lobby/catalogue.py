"""What the lobby says about each game: name, one-line description, rules page, options."""

from __future__ import annotations

import html
import re
from functools import cache

from games.clocks import CORRESPONDENCE_DAYS, PRESETS, TimeControl
from games.registry import all_games, get_game


def games() -> list[dict]:
    """Returns every game with its lobby facts, in registry order."""
    return [game(g.slug) for g in all_games()]


def game(slug: str) -> dict:
    declared = get_game(slug)
    engine = declared.engine
    return {
        "slug": slug,
        "name": engine.name,
        "description": declared.description,
        "min_players": engine.min_players,
        "max_players": engine.max_players,
        "player_counts": list(range(engine.min_players, engine.max_players + 1)),
        "seat_choices": seat_choices(declared),
        "options": list(declared.options),
        "time_controls": time_controls(slug),
    }


def seat_choices(declared) -> list[tuple[int, str]]:
    """(seat, label) by the seat's name, the one that moves first marked, so nobody has to
    know that "Seat 1" is Blue."""
    first = declared.first_seat
    return [
        (i, f"{seat['name']} — moves first" if i == first else seat["name"])
        for i, seat in enumerate(declared.board.SEATS[: declared.engine.max_players])
    ]


def time_controls(slug: str) -> list[tuple[str, str]]:
    """(form value, label) of the time controls offered for a game, untimed first."""
    presets = [TimeControl.parse(f"{m}+{s}") for m, s in PRESETS[slug]]
    days = [TimeControl.parse(f"{d}d") for d in CORRESPONDENCE_DAYS]
    return [(c.code(), c.label()) for c in [TimeControl(), *presets, *days]]


@cache
def rules_html(slug: str) -> str:
    """Returns the game's ``rules.md`` as HTML (headings, paragraphs, lists, **bold**)."""
    text = (get_game(slug).directory / "rules.md").read_text(encoding="utf-8")
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
