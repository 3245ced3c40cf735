"""Where feature apps (chat, ratings, …) plug into the match's pages and socket, so that the
games app calls them without importing them: each app adds its parts here in its
``AppConfig.ready``, and games only reads these registries.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

#: Each takes the match being rendered and returns values for every board fragment's
#: context (games.live.rendering ``board_page_context``): ratings adds each seat's rating.
board_context: list[Callable] = []

#: Per page ("match": games.views, "replay": games.replay_views, "join": the invite page),
#: callables that take the request and the match and return values for that page's
#: context: the chat adds its panel, the lessons offer a newcomer the game's lesson.
page_context: dict[str, list[Callable]] = {"match": [], "replay": [], "join": []}


@dataclass(frozen=True)
class SocketPart:
    """One feature's half of the match socket (games/live/consumers.py routes to it).

    ``frames``: a frame's class (``games.messages.Frame``: its kind, its ``"t"``, and its
    fields) to ``async handler(socket, frame)``, which receives the frame parsed into it;
    ``notices``: a channel-layer notice's type (``"chat.line"``, declared once with its
    shape in the app's ``messages.py``) to ``async handler(socket, event)``; ``opened``:
    ``async (socket)``, once the socket is accepted and its board sent (join groups, catch
    up); ``closed``: ``(socket)``, run in a database thread when the socket ends, whatever
    ended it.
    """

    frames: dict[str, Callable] = field(default_factory=dict)
    notices: dict[str, Callable] = field(default_factory=dict)
    opened: Callable | None = None
    closed: Callable | None = None


#: Callables ``(request, match, log, ply, moves)`` returning values for the replay's fragment
#: (games.replay_views): ``above_board`` and ``beside_board`` (safe HTML) and ``marks`` (a
#: move-list row's last ply to its mark), the computer analysis's graph, preferred move and
#: judgments. ``log`` is the match's log, ``ply`` the position shown, ``moves`` the rows.
replay_context: list[Callable] = []

#: Callables ``(match)`` returning keys to add to a finished match's record
#: (games.records ``export_record``): the analysis's ``analysis`` array.
record_context: list[Callable] = []
#: Relations of a match those callables read, which an export of many records loads with
#: its matches (``select_related``) instead of one query a record.
record_related: list[str] = []

#: Callables ``(match)`` returning keys for the API's ``gameStart`` and ``gameFinish`` lines
#: of ``match`` (api.selectors ``game_event``): a tournament says its match is one of its own
#: (lichess's ``source`` and ``tournamentId`` or ``swissId``), which the API cannot know.
game_event_context: list[Callable] = []

#: Callables ``(user)`` returning the lines a user's API event stream opens with, besides its
#: running matches (api.selectors ``pending_events``): the challenges app's open challenges
#: to and from the user. The API app does not import the apps that answer here.
event_stream_openers: list[Callable] = []

#: Callables ``()`` returning ``(group, notice)`` pairs, run in a database thread at each look
#: of the embedded default's poller (games/watcher.py, every ``WATCH_SECONDS``): what changed
#: in the worker's process that this process's sockets show. A tournament's version.
watched: list[Callable] = []

#: Callables ``(match)`` naming what made ``match`` when a feature app did (a tournament), as
#: ``{"name": …, "url": …, "back": …}`` (its name, its page, the way-back button's words), or
#: None: the match page names it, and a finished match leads back there instead of offering a
#: rematch or a new match (a tournament pairs its players itself).
origin_context: list[Callable] = []

#: Callables ``(request, match)`` returning safe HTML for the match's own page once it is over,
#: under its board (games.views ``match_page``): the analysis's Analyse button, its progress
#: and its result, where a player sees the match end rather than only on the replay. A running
#: match's page holds them hidden until its board says it finished (static/js/match.js).
finished_panels: list[Callable] = []

#: The feature apps' socket parts, among the games app's own (games.live.consumers
#: ``MatchConsumer.parts``: the board's first, the rematch offer's last).
socket_parts: list[SocketPart] = []


def board_extras(match) -> dict:
    """The values the feature apps add to a board fragment of ``match``."""
    extras: dict = {}
    for part in board_context:
        extras.update(part(match))
    return extras


def page_extras(page: str, request, match) -> dict:
    """The values the feature apps add to ``page`` ("match", "replay", "join") of ``match``."""
    extras: dict = {}
    for part in page_context[page]:
        extras.update(part(request, match))
    return extras


def replay_extras(request, match, log, ply: int, moves: list[dict]) -> dict:
    """The values the feature apps add to the replay fragment of ``match`` at ``ply``."""
    extras: dict = {}
    for part in replay_context:
        extras.update(part(request, match, log, ply, moves))
    return extras


def record_extras(match) -> dict:
    """The keys the feature apps add to ``match``'s record."""
    extras: dict = {}
    for part in record_context:
        extras.update(part(match))
    return extras


def game_event_extras(match) -> dict:
    """The keys the feature apps add to the API's ``gameStart``/``gameFinish`` of ``match``."""
    extras: dict = {}
    for part in game_event_context:
        extras.update(part(match))
    return extras


def stream_openers(user) -> list[dict]:
    """The lines the feature apps open ``user``'s API event stream with."""
    lines: list[dict] = []
    for part in event_stream_openers:
        lines += part(user)
    return lines


def finished_parts(request, match) -> list:
    """The feature apps' panels for ``match``'s page once it is over (``finished_panels``)."""
    return [html for part in finished_panels if (html := part(request, match))]


def match_origin(match) -> dict | None:
    """What made ``match``, if a feature app did (``origin_context``), else None."""
    for part in origin_context:
        found = part(match)
        if found:
            return found
    return None
