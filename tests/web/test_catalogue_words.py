"""Two ways English slips through onto a German page unnoticed: a catalogue entry whose
"translation" is its English text (the completeness test counts it translated), and a
refusal raised with a plain English string (makemessages never sees it). Both fail here."""

import ast
from pathlib import Path

from babel.messages.pofile import read_po
from django.conf import settings

from games.packages import PACKAGES as GAMES

ROOT = Path(settings.BASE_DIR)
CATALOGUE = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
#: The shared catalogue and each listed game's own (docs/languages.md).
CATALOGUES = [
    CATALOGUE,
    *(ROOT.joinpath(*g.split("."), "locale", "de", "LC_MESSAGES", "django.po") for g in GAMES),
]

#: Words that really are the same in German: a new entry left in English is not one of these.
SAME_IN_GERMAN = {
    "Arena",
    "Buchholz",
    "Sonneborn–Berger",
    "Chat",
    "Chips",
    "Clubs",
    "Computer (%(level)s)",
    "Lobby",
    "Name",
    "Normal",
    "OK",
    "Pause",
    "live",
    "%(minutes)d min + %(seconds)d s",
}

#: Where refusals stay in English: the Bot API answers programs (docs/api.md), as lichess's.
ENGLISH_ONLY = ("api/", "challenges/api.py", "tournaments/api.py")
PACKAGES = [
    "accounts",
    "api",
    "challenges",
    "chat",
    "config",
    "games",
    "lobby",
    "ratings",
    "tournaments",
]
#: And every listed game's package, wherever it lives (a game added is checked as it is added).
SOURCES = [*PACKAGES, *(g.replace(".", "/") for g in GAMES if g.split(".")[0] not in PACKAGES)]


def same_as_english(po: Path) -> set[str]:
    with po.open("rb") as f:
        catalogue = read_po(f)
    return {m.id for m in catalogue if m.id and isinstance(m.id, str) and m.string == m.id}


def test_no_translation_is_its_english_text_but_the_words_both_languages_share(tmp_path):
    for po in CATALOGUES:
        assert same_as_english(po) <= SAME_IN_GERMAN, po
    # An entry copied rather than translated is caught.
    text = CATALOGUE.read_text(encoding="utf-8")
    copied = text.replace('msgstr "Dein Zug."', 'msgstr "Your turn."')
    assert copied != text
    (tmp_path / "django.po").write_text(copied, encoding="utf-8")
    assert same_as_english(tmp_path / "django.po") - SAME_IN_GERMAN == {"Your turn."}


def _sources() -> dict[str, ast.Module]:
    files = [p for d in SOURCES for p in (ROOT / d).rglob("*.py") if "migrations" not in p.parts]
    return {p.relative_to(ROOT).as_posix(): ast.parse(p.read_text(encoding="utf-8")) for p in files}


def _name(node) -> str | None:
    return node.id if isinstance(node, ast.Name) else getattr(node, "attr", None)


def refusal_classes(trees) -> set[str]:
    """``Refused`` and every class derived from it, however deep."""
    classes, grew = {"Refused"}, True
    while grew:
        grew = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.ClassDef)
                    and node.name not in classes
                    and any(_name(base) in classes for base in node.bases)
                ):
                    classes.add(node.name)
                    grew = True
    return classes


def _plain_text(node) -> bool:
    """A string literal, an f-string, or one %-formatted or concatenated (never gettext)."""
    if isinstance(node, ast.BinOp):
        return _plain_text(node.left)
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def english_refusals(trees) -> list[str]:
    classes = refusal_classes(trees)
    found = []
    for path, tree in trees.items():
        if path.startswith(ENGLISH_ONLY):
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and _name(node.func) in classes
                and node.args
                and _plain_text(node.args[0])
            ):
                found.append(f"{path}:{node.lineno}: {ast.unparse(node)[:80]}")
    return found


def test_every_refusal_a_page_shows_goes_through_gettext():
    trees = _sources()
    assert english_refusals(trees) == [], "wrap these in gettext (and translate them)"
    # A new English-only refusal, of Refused or of a class derived from it, is found.
    extra = ast.parse(
        "class Late(TooMany):\n    pass\n"
        "def f():\n    raise Refused('No.')\n"
        "def g(n):\n    raise Late(f'{n} left') from None\n"
    )
    trees["games/extra.py"] = extra
    assert [line.split(": ")[0] for line in english_refusals(trees)] == [
        "games/extra.py:4",
        "games/extra.py:6",
    ]
