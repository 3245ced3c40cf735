"""The table in German and English (docs/languages.md, "Languages"): the catalogue, pages, the switch,
rules pages, and each socket's fragments in its own viewer's language."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.template import engines
from django.utils import translation

from accounts.models import User
from games.boards import Words
from games.packages import PACKAGES as GAMES
from tests.web.support import connect

ROOT = Path(settings.BASE_DIR)
CATALOGUE = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"


def own_catalogue(package: str, root: Path = ROOT) -> Path:
    """A listed game's own German words (tooling/messages.py)."""
    return root.joinpath(*package.split("."), "locale", "de", "LC_MESSAGES", "django.po")


def msgids(po: Path) -> set[tuple[str | None, str]]:
    """The (context, msgid) of every entry of ``po``, a plural's by its singular."""
    with po.open("rb") as f:
        catalogue = read_po(f)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalogue if m.id}


def untranslated(po: Path) -> list[str]:
    """The msgids of ``po`` without a translation, or marked fuzzy (a fuzzy header, which
    ``pybabel compile`` skips the whole catalogue for, as ``""``)."""
    with po.open("rb") as f:
        catalogue = read_po(f)
    gaps = [""] if catalogue.fuzzy else []
    for message in catalogue:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            gaps.append(message.id if isinstance(message.id, str) else message.id[0])
    return gaps


def format_errors(po: Path) -> str:
    """What ``msgfmt -c`` finds wrong in ``po`` (a translation that drops or changes a
    ``%(name)s`` placeholder of a python-format entry, a broken header); empty if nothing."""
    done = subprocess.run(
        ["msgfmt", "-c", "-o", "/dev/null", str(po)], capture_output=True, text=True
    )
    return "" if done.returncode == 0 else done.stderr


def test_the_german_catalogues_are_complete(tmp_path):
    """`make messages` (tooling/messages.py) over a copy of the code: every msgid the code and
    templates mark is in the committed catalogue it belongs to, the shared one or a listed
    game's own, translated and not fuzzy, and ``msgfmt -c`` finds every translation's
    placeholders as in its English. A game's words are in its own catalogue only: none is left
    in the shared one, and each game's catalogue is its package's words, no more."""
    assert shutil.which("xgettext") and shutil.which("msgmerge") and shutil.which("msgfmt"), (
        "makemessages needs Debian's gettext: `make gettext` installs it"
    )
    committed = [CATALOGUE, *(own_catalogue(package) for package in GAMES)]
    for po in committed:
        assert format_errors(po) == "", po
        assert untranslated(po) == [], po
    copy = tmp_path / "src"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(
            ".*", "var", "build", "test-artifacts", "node_modules", "__pycache__", "*.mo"
        ),
    )
    subprocess.run(
        [sys.executable, "tooling/messages.py", *GAMES],
        cwd=copy,
        env={**_env(), "VAR_DIR": str(tmp_path / "var")},
        check=True,
        capture_output=True,
    )
    regenerated = copy / "locale" / "de" / "LC_MESSAGES" / "django.po"
    assert untranslated(regenerated) == [], "translate these in locale/de/LC_MESSAGES/django.po"
    shared = msgids(CATALOGUE)
    for package in GAMES:
        own = own_catalogue(package, copy)
        assert untranslated(own) == [], f"translate these in {own.relative_to(copy)}"
        assert msgids(own) == msgids(own_catalogue(package)), f"make messages, for {package}"
        assert not msgids(own) & shared, f"{package}'s own words, left in the shared catalogue"


def test_a_msgid_in_two_catalogues_reads_the_same_in_both():
    """Django merges the catalogues and the first listed wins (the shared one): a word two
    games share must not read one way on one game's page and another way on the other's."""
    seen: dict[tuple, tuple] = {}
    for po in (CATALOGUE, *(own_catalogue(package) for package in GAMES)):
        with po.open("rb") as f:
            for m in read_po(f):
                if m.id:
                    key = (m.context, m.id if isinstance(m.id, str) else tuple(m.id))
                    assert seen.setdefault(key, (m.string, po))[0] == m.string, (key, po)


def _env() -> dict:
    import os

    return {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}


def test_the_completeness_check_finds_a_missing_translation(tmp_path):
    """The check above fails on a catalogue with an empty or a fuzzy entry."""
    text = CATALOGUE.read_text(encoding="utf-8")
    broken = tmp_path / "django.po"
    broken.write_text(text.replace('msgstr "Dein Zug."', 'msgstr ""'), encoding="utf-8")
    assert untranslated(broken) == ["Your turn."]
    fuzzy = text.replace('msgid "Your turn."', '#, fuzzy\nmsgid "Your turn."')
    broken.write_text(fuzzy, encoding="utf-8")
    assert untranslated(broken) == ["Your turn."]
    broken.write_text(text.replace('msgid ""\nmsgstr ""', '#, fuzzy\nmsgid ""\nmsgstr ""', 1))
    assert untranslated(broken) == [""]


def test_the_completeness_check_finds_a_dropped_placeholder(tmp_path):
    """A German text without the English's ``%(name)s`` fails msgfmt -c; the committed one
    passes (the completeness test asks it)."""
    text = CATALOGUE.read_text(encoding="utf-8")
    english = 'msgid "%(name)s does not accept challenges."\nmsgstr "'
    assert english in text
    start = text.index(english) + len(english)
    end = text.index('"', start)
    broken = tmp_path / "django.po"
    broken.write_text(text[:start] + "Nimmt keine Herausforderungen an." + text[end:], "utf-8")
    assert "%(name)s" in text[start:end] and "name" in format_errors(broken)


def test_the_browser_language_picks_the_pages_language(client, db):
    german = client.get("/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,en;q=0.5").content.decode()
    assert '<html lang="de">' in german
    assert "Zuschauen" in german and "Verlauf" in german and "Anmelden" in german
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9").content.decode()
    assert '<html lang="en">' in english and "Watch" in english and "Zuschauen" not in english


def test_the_switch_is_remembered_for_a_visitor(client, db):
    response = client.post("/i18n/setlang/", {"language": "de", "next": "/watch/"})
    assert response.status_code == 302 and response["Location"] == "/watch/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Zuschauen" in page  # the choice beats the browser
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert "Watch" in client.get("/", HTTP_ACCEPT_LANGUAGE="de").content.decode()


def test_a_members_choice_follows_them_to_another_browser(client, alice):
    client.force_login(alice)
    client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    alice.refresh_from_db()
    assert alice.language == "de"
    from django.test import Client

    elsewhere = Client()  # no cookie, an English browser
    elsewhere.force_login(alice)
    page = elsewhere.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Abmelden" in page and "Zuschauen" in page


def test_a_choice_outside_the_languages_changes_nothing(client, alice):
    client.force_login(alice)
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    alice.refresh_from_db()
    assert alice.language == ""


def test_the_rules_page_in_german_names_the_seeds_pieces(client, db):
    german = client.get("/games/hive/rules/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Bienenkönigin" in german and "Grashüpfer" in german and "Brombeeren" in german
    english = client.get("/games/hive/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Bienenkönigin" not in english and "Surround the opposing bee" in english


@pytest.mark.parametrize(
    "slug", ["high-voltage", "high-voltage-companies", "triangulum", "powerdrain"]
)
def test_every_game_has_german_rules(client, db, slug):
    words = {
        "high-voltage": "Strommast",
        "high-voltage-companies": "Stromgesellschaft",
        "triangulum": "Geheimpunkt",
        "powerdrain": "Stecker",
    }
    page = client.get(f"/games/{slug}/rules/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert words[slug] in page and "<h2>Entscheidungen an diesem Tisch</h2>" in page


def test_fragments_can_translate_and_move_words_follow_the_language():
    template = engines["jinja2"].from_string('{{ _("Your turn.") }}')
    words = Words("set %(piece)s on %(where)s", piece=Words("Bee"), where="F6")
    with translation.override("de"):
        assert template.render({}) == "Dein Zug."
        assert str(words) == "Bienenkönigin auf F6 gesetzt"
    with translation.override("en"):
        assert template.render({}) == "Your turn."
        assert str(words) == "set Bee on F6"


@pytest.mark.django_db(transaction=True)
async def test_each_viewer_gets_fragments_in_their_own_language(match, alice, bob):
    """alice chose German on her profile, bob reads English; of two spectators one chose
    German with the switch (cookie), the other's browser asks for English. The spectators
    share one audience, so only the language in the fragment key keeps them apart."""
    from asgiref.sync import sync_to_async

    await sync_to_async(User.objects.filter(pk=alice.pk).update)(language="de")
    a, _ = await connect(match, alice)
    b, _ = await connect(match, bob, headers=[(b"accept-language", b"de")])
    german, _ = await connect(match, cookie=b"django_language=de")
    english, _ = await connect(match, headers=[(b"accept-language", b"en-US,en;q=0.8")])
    sockets = {"a": a, "b": b, "german": german, "english": english}
    first = {name: await s.receive_from(timeout=3) for name, s in sockets.items()}
    assert "Dein Zug." in first["a"] and "Your turn." not in first["a"]
    # bob is a member without a choice: his browser's language
    assert "Warte auf alice." in first["b"]

    await a.send_to(
        text_data=json.dumps({"t": "move", "move": '{"type":"place","at":[2,2]}', "ply": "0"})
    )
    after = {name: await s.receive_from(timeout=3) for name, s in sockets.items()}
    for name in ("a", "german", "b"):
        assert "Stecker 46 auf c3" in after[name] and "1 Zug" in after[name], name
    assert "plug 46 at c3" in after["english"] and "1 turn" in after["english"]
    assert "Stecker" not in after["english"]
    assert "Warte auf bob." in after["a"] and "Dein Zug." in after["b"]
    assert "Waiting for bob." in after["english"] and "Warte auf bob." in after["german"]
    for s in sockets.values():
        await s.disconnect()
