"""What the lobby says about each game: name, one-line description, rules page, options."""

from __future__ import annotations

from functools import cache

from django.utils import translation
from django.utils.translation import gettext
from markdown_it import MarkdownIt

from games.clock_words import control_label
from games.clocks import CORRESPONDENCE_DAYS, TimeControl
from games.registry import all_games, get_game


def games() -> list[dict]:
    """Returns every game with its lobby facts, in registry order."""
    return [game(g.slug) for g in all_games()]


def game(slug: str) -> dict:
    declared = get_game(slug)
    engine = declared.engine
    return {
        "slug": slug,
        "name": declared.name,
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
        (
            i,
            gettext("%(seat)s — moves first") % {"seat": gettext(seat["name"])}
            if i == first
            else gettext(seat["name"]),
        )
        for i, seat in enumerate(declared.board.SEATS[: declared.engine.max_players])
    ]


def time_controls(slug: str) -> list[tuple[str, str]]:
    """(form value, label) of the time controls offered for a game, untimed first."""
    presets = [TimeControl.parse(f"{m}+{s}") for m, s in get_game(slug).clock_presets]
    days = [TimeControl.parse(f"{d}d") for d in CORRESPONDENCE_DAYS]
    return [(c.code(), control_label(c)) for c in [TimeControl(), *presets, *days]]


# CommonMark and tables; raw HTML in a rules file is shown as text, never as markup.
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


def rules_html(slug: str) -> str:
    """The game's rules page as HTML, in the active language: ``rules.<language>.md`` of its
    package when there is one (``rules.de.md``), else the English ``rules.md``."""
    return _rules_html(slug, translation.get_language() or "en")


@cache
def _rules_html(slug: str, language: str) -> str:
    directory = get_game(slug).directory
    path = directory / f"rules.{language}.md"
    if not path.is_file():
        path = directory / "rules.md"
    return _markdown(path.read_text(encoding="utf-8"))


def _markdown(text: str) -> str:
    """Markdown as HTML, its headings one level down (``#`` is an ``h2``, at most ``h4``):
    the page's own title is its ``h1``."""
    tokens = _MARKDOWN.parse(text)
    for token in tokens:
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(max(int(token.tag[1]), 2), 4)}"
    return _MARKDOWN.renderer.render(tokens, _MARKDOWN.options, {})
