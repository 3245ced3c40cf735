"""Powerdrain's lesson (games/teaching.py): placing, voltage, draining, the end."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.teaching import Lesson, Step

POTENTIALS = {"rows": [1, 3, 5, 7, 9], "cols": [1, 3, 5, 7, 9]}
REST = ["22", "24", "26", "28", "42", "44", "48", "62", "64", "66", "68", "82", "84", "86"]


def _cell(view: dict, at) -> dict | None:
    return view["cells"][at[0]][at[1]]


def _two_placed(before: dict, move: dict, after: dict) -> bool | None:
    """Done with the learner's second plug (the computer's answer between them)."""
    return True if after["placed"] >= 3 else None


def _most_voltage(before: dict, move: dict, after: dict) -> bool:
    return _cell(after, move["at"])["base"] == 14


def _drained(before: dict, move: dict, after: dict) -> bool:
    return _cell(after, [2, 2])["final"] == 0


def _chose_and_placed(before: dict, move: dict, after: dict) -> bool:
    return move["at"] == [0, 0] and _cell(after, [0, 0])["base"] == 14


def _won(before: dict, move: dict, after: dict) -> bool:
    return (after["outcome"] or {}).get("winners") == [1]


END_PLUGS = ["82", "84", "86", "24", "42", "44", "68", "48", "26", "22", "62", "64", "88", "28"]
END_PLUGS += ["66", "46"]
END_LINE = (
    (0, [1, 2]), (1, [4, 4]), (0, [2, 4]), (1, [1, 1]), (0, [0, 0]), (1, [2, 0]), (0, [1, 0]),
    (1, [1, 3]), (0, [2, 2]), (1, [4, 3]), (0, [4, 1]), (1, [4, 0]), (0, [2, 3]), (1, [2, 1]),
    (0, [0, 4]),
)  # fmt: skip

LESSON = Lesson(
    intro=_(
        "Powerdrain: you are Positive (+) or Negative (−) and plug sixteen plugs into a "
        "5×5 power grid. Whoever has more active plugs at the end wins."
    ),
    steps=(
        Step(
            key="place",
            teaches=("Play", "View"),
            rule=_(
                "Each turn you plug the next plug of the pile into an empty section; "
                "everybody sees which plugs are left, but not in which order they come."
            ),
            task=_(
                "Plug the next plug, 46, into any empty section; when Negative, the Easy "
                "computer, has answered, plug your next one."
            ),
            miss=_("Any empty section will do here."),
            goal=_two_placed,
            options={**POTENTIALS, "plugs": ["46", "88", *REST]},
            easy=True,
            solution=({"type": "place", "at": [2, 2]}, {"type": "place", "at": [0, 0]}),
        ),
        Step(
            key="voltage",
            teaches=("Voltage",),
            rule=_(
                "A plug's voltage is how far its first digit is from its row's number plus "
                "how far its second digit is from its column's number."
            ),
            task=_("Plug 88 into the section where it gets the highest voltage."),
            miss=_(
                "Not the highest: look for the row and the column whose numbers are "
                "farthest from 8."
            ),
            goal=_most_voltage,
            options={**POTENTIALS, "plugs": ["88", "46", *REST]},
            solution=({"type": "place", "at": [0, 0]},),
            wrong={"type": "place", "at": [4, 4]},
        ),
        Step(
            key="drain",
            teaches=("Voltage",),
            rule=_(
                "A plug loses the voltage of every opposite plug directly above, below, "
                "left or right of it; diagonal neighbours do not count."
            ),
            task=_("Drain Negative's plug in the middle: put your 88 right beside it."),
            miss=_("That does not touch it on a side: diagonal neighbours drain nothing."),
            goal=_drained,
            options={**POTENTIALS, "plugs": ["22", "24", "88", *REST[2:], "46"]},
            line=((0, {"type": "place", "at": [4, 4]}), (1, {"type": "place", "at": [2, 2]})),
            solution=({"type": "place", "at": [1, 2]},),
            wrong={"type": "place", "at": [1, 1]},
        ),
        Step(
            key="draft",
            teaches=("Setup",),
            rule=_(
                "A match may be set up with the draft option: then there is no pile, and "
                "each turn you choose any plug that is left, then its section."
            ),
            task=_(
                "Here you draft: choose the plug that gets the most voltage in the top-left "
                "section, and plug it in there."
            ),
            miss=_(
                "Not the most: top left, the row and the column both have 1, so look for 8 and 8."
            ),
            goal=_chose_and_placed,
            options={**POTENTIALS, "plugs": ["46", "88", *REST], "draft": True},
            solution=({"type": "place", "plug": "88", "at": [0, 0]},),
            wrong={"type": "place", "plug": "22", "at": [0, 0]},
        ),
        Step(
            key="end",
            teaches=("End",),
            rule=_(
                "After sixteen plugs, whoever has more active plugs (voltage above 0) wins; "
                "with as many active plugs each, the higher total voltage wins."
            ),
            task=_("You play Negative now: plug the last plug so that you win."),
            miss=_("Positive wins that way: count the active plugs and the voltage again."),
            goal=_won,
            options={**POTENTIALS, "plugs": END_PLUGS},
            line=tuple((seat, {"type": "place", "at": at}) for seat, at in END_LINE),
            seat=1,
            solution=({"type": "place", "at": [0, 1]},),
            wrong={"type": "place", "at": [3, 3]},
        ),
    ),
    tip=_(
        "Tip: a plug far from its row's and column's numbers is strong, and one beside a "
        "weak opposite plug drains it for good."
    ),
    refusals=(gettext_noop("That section already holds a plug."),),
)
