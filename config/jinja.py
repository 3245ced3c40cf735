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
import re

from django.template import defaultfilters
from django.templatetags.static import static
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext, npgettext, pgettext, trans_real
from jinja2 import (
    ChainableUndefined,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PrefixLoader,
)
from jinja2.compiler import CodeGenerator
from markupsafe import Markup, escape

from games.registry import all_games

# The characters markupsafe's ``escape`` replaces.
_ESCAPED = re.compile("[&<>'\"]").search


def output(value) -> str:
    """What ``{{ value }}`` writes: numbers as they are (they hold no markup), markup as it
    is (markupsafe's or Django's), text without a character to escape as it is, anything
    else escaped. Numbers are about two thirds of a board's values, and markupsafe's
    ``escape`` wraps each value in a new ``Markup``: a Triangulum board writes hundreds of
    short texts (its finished parts' triangles), which that made a tenth of a move's CPU."""
    kind = type(value)
    if kind is int or kind is float:
        return str(value)
    if kind is Markup or kind is SafeString:
        return value
    if kind is str and _ESCAPED(value) is None:
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


@functools.cache
def words_in(language: str) -> dict:
    """A render's ``gettext`` and ``ngettext`` in ``language``, for the fragments rendered on
    every move: given in the render's context, they take the place of the globals that look
    the active language up (a context variable of asgiref's) on every word, and each msgid is
    translated once per process and language (the msgids are the templates' own, so this
    memory stays the size of the catalogue)."""
    catalogue = trans_real.translation(language)
    known: dict[str, str] = {}

    def translated(message: str) -> str:
        text = known.get(message)
        if text is None:
            text = known[message] = catalogue.gettext(message) if message else message
        return text

    # Markup, as Jinja's own newstyle gettext gives where autoescaping is on, as it is in
    # every fragment. Not ``pass_context``: Jinja derives a new context for each call of such
    # a function inside a loop (a seat card's words, a board's), which cost more than the word.
    def gettext(message: str, **variables) -> str:
        text = Markup(translated(message))
        if not variables and "%" not in text:
            return text  # what ``text % {}`` gives, without markupsafe's escaping of nothing
        return text % variables

    def ngettext(singular: str, plural: str, number: int, **variables) -> str:
        variables.setdefault("num", number)
        return Markup(catalogue.ngettext(singular, plural, number)) % variables

    # ``_`` too: the i18n extension's own ``_`` resolves ``gettext`` and calls it, for every word.
    return {"gettext": gettext, "ngettext": ngettext, "_": gettext}


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
    env.globals.update(static=static, url=url)
    for name in ("capfirst", "date", "json_script", "pluralize", "yesno"):
        env.filters[name] = getattr(defaultfilters, name)
    return env
