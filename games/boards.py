"""What board layouts share: a game's layout module (``Game.board``) offers ``SEATS`` (name
and colour per seat) and ``context(view, seat, legal) -> dict`` of layout values for the
package's Jinja2 template ``board.html``, which gets ``board`` (that dict), ``view`` and
``seats`` (the players strip, the same for every viewer), and ``describe(move, before,
after)``, the move list's words for a move from the spectator views around it. It sees only the viewer's
``view``, so it cannot leak what that viewer may not know. Clickable elements carry
``data-move`` (see ``static/js/match.js``).
"""

from __future__ import annotations

import json


def move_attr(move: dict) -> str:
    """The JSON a clickable board element carries in ``data-move``."""
    return json.dumps(move, separators=(",", ":"))
