"""The Jinja2 environment of the live board fragments (``templates/jinja2/``).

Boards are rendered after every move for every seat and for spectators, so
their templates sit on the hot path of each move. Jinja2 compiles templates to
Python code and renders them several times faster than Django's engine; every
other page stays a Django template. The fragments use Django's own filters, and
Django's translation catalogues (``locale/``) through Jinja's i18n extension:
``{{ _("Your turn") }}``, ``{% trans %}…{% endtrans %}``, in the active language.
"""

from __future__ import annotations

import functools

from django.template import defaultfilters
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext, ngettext, npgettext, pgettext
from jinja2 import ChainableUndefined, ChoiceLoader, Environment, FileSystemLoader, PrefixLoader
from jinja2.compiler import CodeGenerator
from markupsafe import Markup, escape

from games.registry import all_games
from ratings.selectors import seat_ratings


def output(value) -> str:
    """What ``{{ value }}`` writes: numbers as they are (they hold no markup), markup as it
    is, anything else escaped. Numbers are about two thirds of a board's values, and
    markupsafe's ``escape`` wraps each in a new ``Markup``."""
    kind = type(value)
    if kind is int or kind is float:
        return str(value)
    if kind is Markup:
        return value
    return escape(value)


class FragmentCodeGenerator(CodeGenerator):
    """Compiles ``{{ value }}`` to ``environment.output(value)`` where Jinja writes
    ``escape(value)``. A value written this way is only ever joined into the template's
    output (or a block's, which Jinja wraps as markup), so a plain ``str`` is safe there."""

    def _output_child_pre(self, node, frame, finalize):
        if frame.eval_ctx.autoescape and not frame.eval_ctx.volatile:
            self.write("environment.output(")
            if finalize.src is not None:
                self.write(finalize.src)
            return
        super()._output_child_pre(node, frame, finalize)


class FragmentEnvironment(Environment):
    """Looks dict keys up before attributes, as Django templates do.

    Board contexts are plain dicts; Jinja's default order raises and catches an
    AttributeError for each of the hundreds of ``cell.x`` lookups of a board.
    """

    code_generator_class = FragmentCodeGenerator
    output = staticmethod(output)

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
    options["extensions"] = [*options.get("extensions", ()), "jinja2.ext.i18n"]
    env = FragmentEnvironment(**options)
    # Django's catalogues, looked up when a fragment renders, so in the viewer's language.
    env.install_gettext_callables(
        gettext, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext
    )
    env.globals.update(static=static, url=url, seat_ratings=seat_ratings)
    for name in ("capfirst", "date", "json_script", "pluralize", "yesno"):
        env.filters[name] = getattr(defaultfilters, name)
    return env
