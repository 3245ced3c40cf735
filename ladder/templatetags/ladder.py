"""The program profile's ladder section: ``{% ladder_panel player %}``, for the program's own
account only (its owner logs in as it)."""

from django import template

from games.registry import GAMES, get_game
from ladder import selectors

register = template.Library()


@register.inclusion_tag("ladder/_panel.html", takes_context=True)
def ladder_panel(context, player):
    request = context.get("request")
    own = request is not None and request.user == player and player.is_program
    if not own:
        return {"show": False}
    entries = {e.game: e for e in selectors.entries_of(player)}
    rows = [{"slug": s, "name": get_game(s).name, "entry": entries.get(s)} for s in GAMES]
    return {"show": True, "rows": rows, "csrf_token": context.get("csrf_token")}
