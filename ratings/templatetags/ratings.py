"""Ratings in Django templates: ``{% attach_ratings list … %}`` before a list of matches
gives every seat its ``rating`` and ``rating_delta`` (two queries for the whole page), and
``{% ratings_card player %}`` is a profile's ratings and history chart."""

from django import template

from ratings import chart, scale, selectors

register = template.Library()


@register.simple_tag
def attach_ratings(*lists) -> str:
    matches = []
    for items in lists:
        if items:
            matches.extend(getattr(items, "object_list", items))
    selectors.attach(matches)
    return ""


@register.inclusion_tag("ratings/_card.html")
def ratings_card(player) -> dict:
    rows = selectors.profile_rows(player)
    names = {row["slug"]: row["game"] for row in rows}
    return {
        "player": player,
        "rows": rows,
        "chart": chart.chart(selectors.history(player), names) if rows else None,
    }


@register.filter
def signed(delta: int) -> str:
    """+12, −9, ±0."""
    return scale.signed(delta)


@register.filter
def trend(delta: int) -> str:
    """up, down or even: the class of a rating change."""
    return scale.trend(delta)
