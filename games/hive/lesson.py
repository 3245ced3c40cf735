"""Hive's lesson (games/teaching.py): setting, the bee by the fourth move, moving, the
surrounded bee."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.teaching import Lesson, Step

# The three fields round the right-hand corner are brambles: a piece there leaves Blue no field.
CORNER = {"blocked": [[4, -4, 0], [5, -4, -1], [4, -5, 1]]}
FAR = {"blocked": [[5, -5, 0], [-5, 5, 0], [0, 5, -5]]}
# Three brambles round the middle field, where Blue's bee will stand.
NEAR = {"blocked": [[1, -1, 0], [-1, 1, 0], [1, 0, -1]]}


def _set(piece: str, to) -> dict:
    return {"type": "set", "piece": piece, "to": to}


def _drag(a, b) -> dict:
    return {"type": "drag", "from": a, "to": b}


def _skipped(before: dict, move: dict, after: dict) -> bool:
    return move["type"] == "skip"


def _sets(piece: str):
    def goal(before: dict, move: dict, after: dict) -> bool:
        return move["type"] == "set" and move["piece"] == piece

    return goal


def _moved_bee(before: dict, move: dict, after: dict) -> bool:
    return move["type"] == "drag" and move["from"] == before["bees"][0]


def _won(before: dict, move: dict, after: dict) -> bool:
    return (after["outcome"] or {}).get("winners") == [0]


THREE_EACH = (
    (0, _set("ANT", [0, 0, 0])),
    (1, _set("ANT", [1, -1, 0])),
    (0, _set("SPIDER", [-1, 1, 0])),
    (1, _set("SPIDER", [2, -2, 0])),
    (0, _set("GRASSHOPPER", [-2, 2, 0])),
    (1, _set("GRASSHOPPER", [3, -3, 0])),
)
# Blue's bee in the middle, three sides blocked, one taken by Red's grasshopper and one by
# Blue's own ant: one side is left.
HEMMED = (
    (0, _set("GRASSHOPPER", [0, -1, 1])),
    (1, _set("BEE", [0, 0, 0])),
    (0, _set("BEE", [0, -2, 2])),
    (1, _set("ANT", [0, 1, -1])),
)

LESSON = Lesson(
    intro=_(
        "Hive: you are Red. Set your insects on the board and move them so that Blue's bee "
        "ends up surrounded on all six sides."
    ),
    steps=(
        Step(
            key="first",
            teaches=("Board", "Pieces", "View"),
            rule=_(
                "Each of you holds eleven insects; a turn either sets one from your hand or "
                "moves one on the board, and nothing goes on the bramble fields."
            ),
            task=_("Set your bee anywhere on the board: pick it from your hand first."),
            miss=_("That is not your bee: pick the bee from your hand."),
            goal=_sets("BEE"),
            options=FAR,
            solution=(_set("BEE", [0, 0, 0]),),
            wrong=_set("ANT", [0, 0, 0]),
        ),
        Step(
            key="touch",
            teaches=("Setting",),
            rule=_(
                "A new insect must touch one of yours and none of Blue's; the board only "
                "offers such fields."
            ),
            task=_("Set an ant from your hand."),
            miss=_("That is not an ant: pick an ant from your hand."),
            goal=_sets("ANT"),
            options=FAR,
            line=((0, _set("BEE", [0, 0, 0])), (1, _set("BEE", [1, -1, 0]))),
            solution=(_set("ANT", [-1, 1, 0]),),
            wrong=_set("SPIDER", [-1, 1, 0]),
        ),
        Step(
            key="bee",
            teaches=("Setting",),
            rule=_("Your bee must be on the board by your fourth move."),
            task=_("This is your fourth move and your bee is still in your hand: set it."),
            miss=_("Only the bee may be set now."),
            goal=_sets("BEE"),
            options=FAR,
            line=THREE_EACH,
            solution=(_set("BEE", [-3, 3, 0]),),
            wrong=_set("ANT", [-3, 3, 0]),
        ),
        Step(
            key="move",
            teaches=("Moving",),
            rule=_(
                "Once your bee is set your insects may move: the bee one step, the spider "
                "exactly three, the ant as far as it likes, the beetle also onto others, the "
                "grasshopper jumps over a row; the hive must never split."
            ),
            task=_("Move your bee one step on the board."),
            miss=_("That sets a new insect: move your bee this time."),
            goal=_moved_bee,
            options=NEAR,
            line=HEMMED,
            solution=(_drag([0, -2, 2], [-1, -1, 2]),),
            wrong=_set("ANT", [0, -3, 3]),
        ),
        Step(
            key="skip",
            teaches=("Moving",),
            rule=_(
                "A player who can neither set nor move skips the turn; skipping is allowed "
                "only then."
            ),
            task=_(
                "You play Blue: Red's ant sits in a corner walled in by brambles, so your "
                "first insect has nowhere to go. Skip this move."
            ),
            miss=_("Skipping is the only move left here."),
            goal=_skipped,
            options=CORNER,
            line=((0, _set("ANT", [5, -5, 0])),),
            seat=1,
            solution=({"type": "skip"},),
        ),
        Step(
            key="surround",
            teaches=("End",),
            rule=_(
                "A bee with all six sides closed, by insects of either colour, brambles or "
                "the edge, loses; after 30 moves each, the bee with more free sides wins."
            ),
            task=_("Blue's bee has one free side left: close it and win."),
            miss=_("Blue's bee still has a free side: move your bee into it."),
            goal=_won,
            options=NEAR,
            line=(
                *HEMMED,
                (0, _drag([0, -2, 2], [-1, -1, 2])),
                (1, _set("SPIDER", [0, 2, -2])),
            ),
            solution=(_drag([-1, -1, 2], [-1, 0, 1]),),
            wrong=_drag([-1, -1, 2], [-2, 0, 2]),
        ),
    ),
    tip=_(
        "Tip: keep your own bee's sides open, and save ants to run round the hive to the "
        "last free side of Blue's bee."
    ),
    refusals=(gettext_noop("Your bee must be set by your 4th move: set the BEE now."),),
)
