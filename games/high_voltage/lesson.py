"""High Voltage's lesson (games/teaching.py): the opening, the borders, links, a won line."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.teaching import Lesson, Step

SWAMPS = {"swamps": [[10, 15, 3], [4, 4, 2], [17, 5, 2], [14, 19, 1]]}
KEEP = (0, {"type": "keep"})


def _post(at) -> dict:
    return {"type": "post", "at": at}


def _kept(before: dict, move: dict, after: dict) -> bool:
    return move["type"] == "keep"


def _mirrored(before: dict, move: dict, after: dict) -> bool:
    return move["type"] == "mirror"


def _on_border(before: dict, move: dict, after: dict) -> bool:
    return move["at"][0] in (0, 23)


def _linked(before: dict, move: dict, after: dict) -> bool:
    return len(after["links"][0]) > len(before["links"][0])


def _won(before: dict, move: dict, after: dict) -> bool:
    return (after["outcome"] or {}).get("winners") == [0]


# Blue's line from column a to column w, a knight's move at a time; Red builds far away.
BLUE = [[x, 10 + (x // 2) % 2] for x in range(0, 23, 2)]
RED = [*([x, 20] for x in range(1, 22, 2)), [4, 22]]
WON_LINE = (
    KEEP,
    *(p for b, r in zip(BLUE, RED, strict=True) for p in ((0, _post(b)), (1, _post(r)))),
)

LESSON = Lesson(
    intro=_(
        "High Voltage: you are Blue and build a power line of pylons across the field, "
        "from the left edge to the right; Red builds from top to bottom."
    ),
    steps=(
        Step(
            key="opening",
            teaches=("Opening", "View"),
            rule=_(
                "Before the first pylon Blue chooses: keep the field and build first, or "
                "mirror the swamps across the diagonal and let Red build first."
            ),
            task=_("Keep the field, so that you build first."),
            miss=_("Mirroring lets Red build first: keep the field this time."),
            goal=_kept,
            options=SWAMPS,
            solution=({"type": "keep"},),
            wrong={"type": "mirror"},
        ),
        Step(
            key="mirror",
            teaches=("Opening",),
            rule=_(
                "Mirroring turns the field on the dotted diagonal: every swamp moves to its "
                "reflection, and Red sets the first pylon."
            ),
            task=_("Now try the other choice: mirror the swamps."),
            miss=_("Keeping leaves the swamps where they are: mirror them this time."),
            goal=_mirrored,
            options=SWAMPS,
            solution=({"type": "mirror"},),
            wrong={"type": "keep"},
        ),
        Step(
            key="field",
            teaches=("Field", "Swamps"),
            rule=_(
                "Only you may build on your own border, the columns a and x; nobody builds "
                "on a swamp or in a corner."
            ),
            task=_("Put a pylon on your own border, column a."),
            miss=_("That is open ground, not your border: use column a."),
            goal=_on_border,
            options=SWAMPS,
            line=(KEEP,),
            solution=(_post([0, 12]),),
            wrong=_post([6, 12]),
        ),
        Step(
            key="links",
            teaches=("Posts and links",),
            rule=_(
                "A new pylon links to each of yours a knight's move away (two cells one way, "
                "one to the side), unless the link would cross a line already on the field."
            ),
            task=_("Link a new pylon to your pylon at f11: a knight's move away from it."),
            miss=_("That pylon is no knight's move from f11, so nothing links."),
            goal=_linked,
            options=SWAMPS,
            line=(KEEP, (0, _post([5, 10])), (1, _post([12, 3]))),
            solution=(_post([7, 11]),),
            wrong=_post([6, 10]),
        ),
        Step(
            key="win",
            teaches=("Lines and score", "End"),
            rule=_(
                "A line joining both your borders wins at once; after 200 pylons the longer "
                "line wins."
            ),
            task=_("Your line reaches column w: link it to the right border and win."),
            miss=_("That pylon links to nothing: go a knight's move from your last pylon."),
            goal=_won,
            options=SWAMPS,
            line=WON_LINE,
            solution=(_post([23, 9]),),
            wrong=_post([23, 12]),
        ),
    ),
    tip=_(
        "Tip: links of both colours block each other, so a link across Red's path is worth "
        "more than a long one on open ground."
    ),
    refusals=(
        gettext_noop("No post may stand in a swamp."),
        gettext_noop("That border belongs to your opponent."),
    ),
)
