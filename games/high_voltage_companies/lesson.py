"""The power companies' lesson (games/teaching.py): a secret company and hidden cards, a
turn's actions, a declared line, the end with every company revealed."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.teaching import Lesson, Step

# A known deal (the lesson may fix what a match's creator may not): the top row holds
# seven crosses, so a line can run along it from W0 to E0. You run red, the other blue.
DEAL = {"cards": list(range(48)), "rotations": [0, 0, 0, 0], "companies": ["red", "blue"]}
MINE = {**DEAL, "first": 0}
END = {"type": "end"}


def _reveal(at) -> dict:
    return {"type": "reveal", "at": at}


def _put(at, rotation=0) -> dict:
    return {"type": "place", "to": at, "rotation": rotation}


def _row_turn(seat: int, col: int):
    at = [0, col]
    return ((seat, _reveal(at)), (seat, _put(at, col % 2)), (seat, END))


TOP_ROW = tuple(m for col in range(6) for m in _row_turn(col % 2, col))


def _revealed_and_placed(before: dict, move: dict, after: dict) -> bool | None:
    return True if move["type"] == "place" else None


def _rotated(before: dict, move: dict, after: dict) -> bool:
    return move["type"] == "rotate"


def _closed_top_row(before: dict, move: dict, after: dict) -> bool | None:
    if move["type"] == "declare":
        return True
    if move["type"] == "reveal" and move["at"] == [0, 6]:
        return None
    if move["type"] == "place" and move["to"] == [0, 6]:
        return None
    return False


def _moved_doubled_swapped(before: dict, move: dict, after: dict) -> bool | None:
    """A move into the gap, the double (the special chip), a swap, then the end of the turn."""
    kind = move["type"]
    if kind == "end":
        return (
            after["doubled"] is False
            and not after["special_available"][0]
            and (after["action_chips"][0] == 3)
        )
    return None if kind in ("move", "double", "swap") else False


def _ended(before: dict, move: dict, after: dict) -> bool | None:
    if move["type"] == "end":
        return after["outcome"] is not None
    return None if move["type"] in ("rotate", "move", "swap") else False


LESSON = Lesson(
    intro=_(
        "Power companies: each of you secretly runs one of four power companies. Build "
        "power lines between the distributors round the grid; every line scores for the "
        "companies of its colours."
    ),
    steps=(
        Step(
            key="company",
            teaches=(
                "Material and setup",
                "Grid",
                "Companies and chips",
                "Options",
                "A turn",
                "View",
            ),
            rule=_(
                "Your company's colour is shown to you alone; you cannot see the others' "
                "colours nor the face-down cards, and a card you reveal is seen only by "
                "you until you place it."
            ),
            task=_("Reveal a face-down card, then place it face up on its own place."),
            miss=_("Reveal a face-down card this time."),
            goal=_revealed_and_placed,
            options=MINE,
            solution=(_reveal([1, 1]), _put([1, 1])),
            secret=True,
        ),
        Step(
            key="rotate",
            teaches=("Cards", "Moves, notation, view"),
            rule=_(
                "Each card joins its edges with two coloured segments; rotating a face-up "
                "card is an action too, and moving or swapping cards costs an action chip."
            ),
            task=_("Rotate a face-up card a quarter turn."),
            miss=_("That is not a rotation: pick a face-up card and turn it."),
            goal=_rotated,
            options=MINE,
            solution=({"type": "rotate", "at": [3, 4], "rotation": 1},),
            wrong=_reveal([1, 1]),
        ),
        Step(
            key="double",
            teaches=("The special chip",),
            rule=_(
                "Moving a face-up card into the gap or swapping two face-up cards costs an "
                "action chip; your one special chip buys a double turn: a second action "
                "in the same turn."
            ),
            task=_(
                "Move the face-up card above the gap into it, double your turn, then swap "
                "the face-up cards left and right of the centre, and end your turn."
            ),
            miss=_("This time move a card into the gap first, then double and swap."),
            goal=_moved_doubled_swapped,
            options=MINE,
            solution=(
                {"type": "move", "from": [2, 3], "rotation": 0},
                {"type": "double"},
                {"type": "swap", "a": [3, 2], "b": [3, 4], "rotations": [0, 0]},
                END,
            ),
            wrong={"type": "rotate", "at": [3, 4], "rotation": 1},
        ),
        Step(
            key="declare",
            teaches=("Distributors", "Power lines", "Declaring", "Scoring a line"),
            rule=_(
                "A line from one distributor to another side, through at least four cards, "
                "may be declared when it passes a card you touched this turn: each colour "
                "on it scores, and a long line earns you point chips."
            ),
            task=_(
                "Reveal the last face-down card of the top row, place it there and "
                "declare the line from W0 to E0."
            ),
            miss=_("The line runs along the top row: reveal and place its last card, top right."),
            goal=_closed_top_row,
            options=MINE,
            line=TOP_ROW,
            solution=(_reveal([0, 6]), _put([0, 6]), {"type": "declare", "from": "E0"}),
            wrong=_reveal([5, 5]),
        ),
        Step(
            key="end",
            teaches=("End and score",),
            rule=_(
                "The game ends when the energy chips run out, when the last card is placed, "
                "or after a round of turns without a reveal or a line; then every company "
                "is revealed, and your company's track points plus your chips are your score."
            ),
            task=_(
                "Ampère's last turn was quiet: make a quiet turn too (rotate a card, then end it)."
            ),
            miss=_("A reveal or a line keeps the game going: rotate a card and end your turn."),
            goal=_ended,
            options={**DEAL, "first": 1},
            line=((1, {"type": "rotate", "at": [3, 4], "rotation": 1}), (1, END)),
            solution=({"type": "rotate", "at": [3, 4], "rotation": 2}, END),
            wrong=_reveal([1, 1]),
            secret=True,
        ),
    ),
    tip=_(
        "Tip: lines in your own colour score for you alone, so build them without giving "
        "away which colour is yours."
    ),
    refusals=(
        gettext_noop("Place the card where it lay or into the gap."),
        gettext_noop("Rotating must change the colours the card shows."),
        gettext_noop("The line must pass a card you touched this turn."),
    ),
)
