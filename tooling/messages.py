"""`make messages`: the catalogues from the code, one shared and one per game package
(docs/languages.md, "Languages").

A game's own words sit in its package, ``<package>/locale/<lang>/LC_MESSAGES/django.po``, so
adding a game edits no shared catalogue. The shared one, ``locale/``, is made from everything
but the listed games' packages; then each package's from its own files alone, less every msgid
the shared catalogue already holds (xgettext's ``--exclude-file``): a word a game and shared code
both use stays shared, and the settings list the shared catalogue first (``LOCALE_PATHS``).
tests/web/test_languages.py runs this over a copy of the code and checks what it makes.

    .venv/bin/python tooling/messages.py [--language de] [PACKAGE ...]

With no package named, the list of games (``games.packages``).
"""

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: What makemessages reads beyond a package of its own: never the tests, bench or built files.
OPTIONS = {"no_obsolete": True, "no_location": True, "extensions": ["html", "txt", "py"]}
IGNORED = ["var/*", "build/*", "tests/*", "bench/*", "test-artifacts/*"]


def catalogue(folder: Path, language: str) -> Path:
    return folder / "locale" / language / "LC_MESSAGES" / "django.po"


def package_folder(package: str) -> Path:
    return ROOT.joinpath(*package.split("."))


def start(po: Path, shared: Path, folder: str) -> None:
    """A package's first catalogue: the shared one's header, not makemessages' fuzzy one (which
    ``pybabel compile`` skips). Without its own locale/, makemessages would write into the
    shared catalogue."""
    header = shared.read_text(encoding="utf-8").split("\n\n")[0].splitlines()
    comment = [
        f'# The words of {folder}/ alone (docs/languages.md, "Languages"); update with',
        "# `make messages`, translate every new entry, no fuzzy ones.",
    ]
    po.parent.mkdir(parents=True, exist_ok=True)
    body = [line for line in header if not line.startswith("#")]
    po.write_text("\n".join(comment + ["#", *body]) + "\n", encoding="utf-8")


def make(language: str, packages: list[str]) -> list[Path]:
    """Writes the shared catalogue, then each package's; returns their paths."""
    from django.core.management import call_command
    from django.core.management.commands.makemessages import Command

    folders = [package_folder(p) for p in packages]
    shared = catalogue(ROOT, language)
    os.chdir(ROOT)
    own = [f"{folder.relative_to(ROOT).as_posix()}/*" for folder in folders]
    call_command("makemessages", locale=[language], ignore_patterns=IGNORED + own, **OPTIONS)

    class PackageWords(Command):
        """makemessages with the shared catalogue's msgids left out."""

        xgettext_options = [*Command.xgettext_options, f"--exclude-file={shared}"]

    made = [shared]
    for folder in folders:
        if not catalogue(folder, language).exists():
            start(catalogue(folder, language), shared, folder.relative_to(ROOT).as_posix())
        os.chdir(folder)
        call_command(PackageWords(), locale=[language], ignore_patterns=IGNORED, **OPTIONS)
        made.append(catalogue(folder, language))
    os.chdir(ROOT)
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--language", default="de")
    parser.add_argument("packages", nargs="*", help="game packages (default: the list of games)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from games.packages import PACKAGES

    for path in make(args.language, args.packages or list(PACKAGES)):
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
