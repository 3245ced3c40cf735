"""The Jinja2 environment of the live board fragments (``templates/jinja2/``).

Boards are rendered after every move for every seat and for spectators, so
their templates sit on the hot path of each move. Jinja2 compiles templates to
Python code and renders them several times faster than Django's engine; every
other page stays a Django template. The fragments use Django's own filters.
"""

from __future__ import annotations

import functools

from django.template import defaultfilters
from django.templatetags.static import static
from django.urls import reverse
from jinja2 import ChainableUndefined, ChoiceLoader, Environment, FileSystemLoader, PrefixLoader

from games.registry import all_games


class FragmentEnvironment(Environment):
    """Looks dict keys up before attributes, as Django templates do.

    Board contexts are plain dicts; Jinja's default order raises and catches an
    AttributeError for each of the hundreds of ``cell.x`` lookups of a board.
    """

    def getattr(self, obj, attribute):
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


@functools.lru_cache(maxsize=4096)
def url(name: str, *args) -> str:
    """Django's ``{% url %}``; remembered, as fragments ask for the same few on every move."""
    return reverse(name, args=args)


def environment(**options) -> Environment:
    # Missing values print as nothing and chain (``a.b.c``), as in Django templates.
    options["undefined"] = ChainableUndefined
    # Each game's board.html sits in its package and is found as games/<slug>/board.html.
    boards = PrefixLoader(
        {"games": PrefixLoader({g.slug: FileSystemLoader(g.directory) for g in all_games()})}
    )
    options["loader"] = ChoiceLoader([options["loader"], boards])
    env = FragmentEnvironment(**options)
    env.globals.update(static=static, url=url)
    for name in ("capfirst", "date", "json_script", "pluralize", "yesno"):
        env.filters[name] = getattr(defaultfilters, name)
    return env
