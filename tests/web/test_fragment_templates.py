"""The live fragments' template environment (config/jinja.py) writes values as Jinja's own
autoescaping does, numbers, markup and text with nothing to escape without the detour
through ``escape``."""

import pytest
from django.template import engines
from django.utils.safestring import mark_safe
from jinja2 import DictLoader, Environment
from markupsafe import Markup

SOURCE = """{% macro cell(v) %}<i>{{ v }}</i>{% endmacro -%}
{% set block %}<b>{{ value }}</b>{% endset -%}
{{ value }}|{{ cell(value) }}|{{ block }}|{{ [value] | first }}|{{ value ~ '&' }}"""

VALUES = [
    3,
    -2.5,
    True,
    None,
    "<script>alert('x')</script> & \"q\"",
    Markup("<em>safe</em>"),
    mark_safe("<em>Django's safe</em>"),
    "370,50 380,60 390,50",
    "",
    *"&<>'\"",
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_values_are_written_as_with_jinjas_own_escaping(value):
    ours = engines["jinja2"].env.overlay(loader=DictLoader({"t": SOURCE}))
    stock = Environment(autoescape=True, loader=DictLoader({"t": SOURCE}))
    written = ours.get_template("t").render(value=value)
    assert written == stock.get_template("t").render(value=value)
    assert "<script>" not in written and "&amp;amp;" not in written
