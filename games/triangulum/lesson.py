"""Triangulum's lesson (games/teaching.py): open and secret points, a triangle, the reveal
of what the other seat wrote in secret, the end of a part."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.teaching import Lesson, Step

PASS = {"type": "pass"}


def _place(at, secret) -> dict:
    return {"type": "place", "open": at, "secret": secret}


def _triangle(*points) -> dict:
    return {"type": "triangulate", "points": list(points)}


def _placed(before: dict, move: dict, after: dict) -> bool:
    return move["type"] == "place"


def _third_then_scored(before: dict, move: dict, after: dict) -> bool | None:
    """A point first (Red answers), then a triangle that scores."""
    if move["type"] == "place":
        return None
    return len(after["triangles"][0]) > len(before["triangles"][0])


def _revealed(before: dict, move: dict, after: dict) -> bool:
    return move["type"] == "triangulate"


def _won_the_part(reason: str):
    """Done when the learner's move ends the part for ``reason`` and Red (seat 1) wins it."""

    def goal(before: dict, move: dict, after: dict) -> bool:
        ended = after["history"][len(before["history"]) :]
        return bool(ended) and (ended[0]["reason"], ended[0]["winner"]) == (reason, 1)

    return goal


def _part_over(before: dict, move: dict, after: dict) -> bool:
    return len(after["history"]) > len(before["history"])


# Blue's three open points; Red plays far away. Every secret point lands on a free point.
THREE = (
    (0, _place([5, 5], [40, 2])),
    (1, _place([40, 20], [43, 26])),
    (0, _place([17, 5], [41, 2])),
    (1, _place([42, 20], [44, 26])),
    (0, _place([5, 16], [42, 2])),
)
# The same, but Red's secret points were written on Blue's corners.
SPOILER = (
    (0, _place([5, 5], [40, 2])),
    (1, _place([40, 20], [17, 5])),
    (0, _place([17, 5], [41, 2])),
    (1, _place([42, 20], [44, 26])),
    (0, _place([5, 16], [42, 2])),
    (1, _place([41, 22], [43, 26])),
)

# Blue scores 340 in the first round; Red, the learner, answers last in the round.
AREA = (
    (0, _place([0, 0], [0, 27])),
    (1, _place([45, 28], [44, 0])),
    (0, _place([34, 0], [1, 27])),
    (1, _place([45, 4], [43, 0])),
    (0, _place([0, 20], [2, 27])),
    (1, _place([10, 28], [42, 0])),
    (0, _triangle([0, 0], [34, 0], [0, 20])),
)
# 399 turns of points, Blue's on the left, Red's on the right, their secret points in the
# empty column between: the learner, Red, plays the 400th.
_LEFT = [[x, y] for y in range(29) for x in range(21)]
_RIGHT = [[x, y] for y in range(29) for x in range(25, 46)]
LONG = tuple(
    (seat, _place((_RIGHT if seat else _LEFT)[turn // 2], [23 + seat, 28]))
    for turn in range(399)
    for seat in (turn % 2,)
)

LESSON = Lesson(
    intro=_(
        "Triangulum: you are Blue. Claim area with triangles of your own points, while "
        "both of you keep writing secret points that land only when someone triangulates."
    ),
    steps=(
        Step(
            key="place",
            teaches=("Board", "A turn", "View"),
            rule=_(
                "Each turn you set an open point that everybody sees and a secret point "
                "that only you see: Red only learns how many secret points you wrote."
            ),
            task=_("Set an open point, then a secret point, and confirm."),
            miss=_("Passing sets nothing: set an open and a secret point."),
            goal=_placed,
            solution=(_place([10, 10], [30, 20]),),
            wrong=PASS,
            secret=True,
        ),
        Step(
            key="triangle",
            teaches=("Board",),
            rule=_(
                "A triangle of three of your open points with none of Red's inside scores "
                "its area, the helper points inside it or on its edges."
            ),
            task=_(
                "Set a third open point at (5,16); after Red's answer, switch to triangle "
                "mode and close the triangle of your three points."
            ),
            miss=_("That is not the triangle of your three points."),
            goal=_third_then_scored,
            line=THREE[:-1],
            replies=((1, _place([41, 22], [43, 26])),),
            solution=(_place([5, 16], [42, 2]), _triangle([5, 5], [17, 5], [5, 16])),
            wrong=_triangle([5, 5], [17, 5], [40, 20]),
        ),
        Step(
            key="reveal",
            teaches=("View",),
            rule=_(
                "A triangle reveals every secret point first: one that lands on a point "
                "removes both, and a spoiled triangle scores nothing."
            ),
            task=_(
                "Red has written three secret points you cannot see. Close your triangle "
                "and watch where they land."
            ),
            miss=_("Close the triangle of your three points to see the reveal."),
            goal=_revealed,
            line=SPOILER,
            solution=(_triangle([5, 5], [17, 5], [5, 16]),),
            wrong=PASS,
            secret=True,
        ),
        Step(
            key="area",
            teaches=("Parts",),
            rule=_(
                "Once a player has 333 area or more, the part ends at the end of the round, "
                "so the second player still answers, and the larger total wins the part."
            ),
            task=_(
                "You play Red now. Blue has 340 area: answer with the triangle (45,28), "
                "(45,4), (10,28), which is larger, and win the part."
            ),
            miss=_("Blue keeps the larger total that way: close your large triangle."),
            goal=_won_the_part("area"),
            line=AREA,
            seat=1,
            solution=(_triangle([45, 28], [45, 4], [10, 28]),),
            wrong=PASS,
        ),
        Step(
            key="turns",
            teaches=("Parts",),
            rule=_("A part also ends after 400 turns, 200 for each of you."),
            task=_(
                "You play Red. This is the 400th turn: close the triangle (25,0), (45,0), "
                "(25,8) of your points, and the part ends with your area ahead."
            ),
            miss=_("With no area each, nobody wins the part: close your triangle."),
            goal=_won_the_part("turns"),
            line=LONG,
            seat=1,
            solution=(_triangle([25, 0], [45, 0], [25, 8]),),
            wrong=PASS,
        ),
        Step(
            key="part",
            teaches=("Parts", "Match"),
            rule=_(
                "A part ends at once after two passes in a row; the match has three parts, "
                "and the larger total of their results wins."
            ),
            task=_("Red has just passed: pass too and end this part."),
            miss=_("Setting a point carries on the part: pass to end it."),
            goal=_part_over,
            line=(*THREE, (1, PASS)),
            solution=(PASS,),
            wrong=_place([20, 20], [21, 21]),
        ),
    ),
    tip=_(
        "Tip: a triangle soon after your points are set leaves Red few secret points to "
        "spoil it, and a secret point on Red's likely corners may spoil theirs."
    ),
    refusals=(gettext_noop("A triangle needs three different points."),),
)
