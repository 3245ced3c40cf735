"""Each socket's messages are declared once (games/messages.py and each app's messages.py):
a notice's type string is written nowhere else in the code, every frame kind of the match
socket belongs to one part, and a frame reaches its handler as its class with its fields."""

import ast
from pathlib import Path

import pytest

from analysis import messages as analysis_messages
from chat import messages as chat_messages
from games import messages as games_messages
from games.live.consumers import MatchConsumer
from tournaments import messages as tournament_messages

ROOT = Path(__file__).resolve().parents[1]
DECLARING = [games_messages, chat_messages, analysis_messages, tournament_messages]
APPS = ["games", "chat", "analysis", "tournaments", "api", "accounts", "challenges", "ladder"]


def notice_types() -> dict[str, str]:
    """Each notice type string declared, to the module declaring it."""
    return {
        value: module.__name__
        for module in DECLARING
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, str) and "." in value
    }


def literals_elsewhere(types: set[str], root: Path = ROOT) -> list[tuple[str, str]]:
    """(file, type) for every string constant in the code that is a declared notice type,
    outside the modules that declare them."""
    declaring = {Path(m.__file__).resolve() for m in DECLARING}
    found = []
    for app in APPS:
        for path in sorted((root / app).rglob("*.py")):
            if path.resolve() in declaring or "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Constant) and node.value in types:
                    found.append((str(path.relative_to(root)), node.value))
    return found


def test_every_notice_type_is_written_once():
    types = notice_types()
    assert {"match.updated", "chat.line", "analysis.progress", "tournament.updated"} <= set(types)
    assert literals_elsewhere(set(types)) == []


def test_a_notice_type_written_again_is_found(tmp_path):
    (tmp_path / "chat").mkdir()
    (tmp_path / "chat" / "reactions.py").write_text('NOTICE = {"type": "chat.line"}\n')
    assert literals_elsewhere({"chat.line"}, tmp_path) == [("chat/reactions.py", "chat.line")]


def test_every_frame_kind_of_the_match_socket_has_one_handler():
    kinds = [declared.kind for part in MatchConsumer.parts() for declared in part.frames]
    assert len(kinds) == len(set(kinds)) and {"move", "chat", "analysis_watch"} <= set(kinds)


@pytest.mark.parametrize(
    ("declared", "raw", "fields"),
    [
        (games_messages.Move, {"t": "move", "move": {"at": 1}, "ply": 3, "x": 1}, ({"at": 1}, 3)),
        (games_messages.Move, {"t": "move"}, (None, None)),
        (chat_messages.Say, {"t": "chat", "room": "player", "text": "hi"}, ("player", "hi")),
        (tournament_messages.Sync, {"t": "sync", "version": 4}, (4,)),
        (tournament_messages.Sync, {"t": "sync", "version": True}, (None,)),
        (tournament_messages.Sync, {"t": "sync", "version": "4"}, (None,)),
    ],
)
def test_a_frame_is_parsed_into_its_fields_and_nothing_else(declared, raw, fields):
    parsed = declared.parse(raw)
    assert type(parsed) is declared
    assert tuple(getattr(parsed, name) for name in declared.names) == fields
    assert not hasattr(parsed, "x") and not hasattr(parsed, "__dict__")
