"""`make mutants`: mutmut over one area of guarded modules at a time (docs/tests.md,
"Mutation testing").

mutmut reads its settings from the ``pyproject.toml`` of the folder it runs in and keeps its
work in ``mutants/`` there, so each area runs in a folder of its own, ``var/mutants/<area>``:
links to the app's packages and files, and a copy of ``pyproject.toml`` whose ``[tool.mutmut]``
is the shared settings plus that area's modules, fast tests and pytest options
(``[tool.mutmut.areas.*]``; ``pytest_args``, say a Hypothesis profile of fewer examples).
One area can run alone, its results stay apart from the others', and its statistics run only
its own tests. ``--check`` is CI's dry run: every area's settings must name files that exist,
and mutmut must make mutants of one area's first module and import it with its tests.
"""

import argparse
import json
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "var" / "mutants"
# Keys of an area's table that are ours, not mutmut's.
AREA_KEYS = {"only_mutate", "tests", "pytest_args"}


def settings() -> tuple[dict, dict[str, dict]]:
    """The shared ``[tool.mutmut]`` settings and the areas, by name."""
    table = dict(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"])
    areas = table.pop("areas")
    return table, areas


def packages() -> list[str]:
    """The project's own packages, as the import contracts list them: each must reach the
    copy, or Django cannot set up there (a new app once stopped CI this way)."""
    linter = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return linter["root_packages"]


def check_paths(shared: dict, areas: dict[str, dict]) -> list[str]:
    """What the settings name that is not there: a setting that names a moved file would
    otherwise leave its modules unmutated, or its tests unrun, without a word."""
    named = list(shared["source_paths"]) + list(shared["also_copy"])
    for area in areas.values():
        named += area["only_mutate"] + area["tests"]
    missing = [p for p in named if not any(ROOT.glob(p.split("::")[0]))]
    missing += [
        f"{package}: a package of ours that is not copied (source_paths or also_copy)"
        for package in packages()
        if package not in named
    ]
    for name, area in areas.items():
        extra = set(area) - AREA_KEYS
        if extra:
            missing.append(f"{name}: unknown keys {sorted(extra)}")
        for pattern in area["only_mutate"]:
            if not any(pattern.startswith(f"{s}/") for s in shared["source_paths"]):
                missing.append(f"{name}: {pattern} lies outside source_paths")
    return missing


def toml_table(table: dict) -> str:
    """``table`` as the body of a TOML table: its values are strings, numbers and lists of
    strings, which JSON writes as TOML reads them."""
    return "".join(f"{key} = {json.dumps(value)}\n" for key, value in table.items())


def stage(name: str, shared: dict, area: dict) -> Path:
    """The area's folder: links to what mutmut copies, and the area's ``pyproject.toml``."""
    folder = WORK / name
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for entry in [*shared["source_paths"], *shared["also_copy"], "tests"]:
        (folder / entry).symlink_to(ROOT / entry)
    text = (ROOT / "pyproject.toml").read_text()
    head = text[: text.index("[tool.mutmut]")]
    mutmut = {
        **shared,
        "only_mutate": area["only_mutate"],
        "pytest_add_cli_args": shared["pytest_add_cli_args"] + area.get("pytest_args", []),
        "pytest_add_cli_args_test_selection": area["tests"],
    }
    (folder / "pyproject.toml").write_text(head + "[tool.mutmut]\n" + toml_table(mutmut))
    return folder


def mutmut(folder: Path, *args: str) -> subprocess.CompletedProcess:
    command = [str(Path(sys.executable).parent / "mutmut"), *args]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True)


def run(name: str, shared: dict, area: dict, children: int) -> dict[str, int]:
    """Runs one area and prints what survived; returns its counts by status."""
    folder = stage(name, shared, area)
    started = time.monotonic()
    done = mutmut(folder, "run", "--max-children", str(children))
    seconds = time.monotonic() - started
    if done.returncode != 0:
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n")
        raise SystemExit(f"mutants: mutmut failed in area {name}")
    listed = mutmut(folder, "results", "--all", "true").stdout.splitlines()
    counts: dict[str, int] = {}
    for line in listed:
        status = line.rpartition(": ")[2]
        counts[status] = counts.get(status, 0) + 1
    print(f"== {name}: {sum(counts.values())} mutants in {seconds / 60:.1f} min: {counts}")
    for line in listed:
        if not line.endswith(": killed"):
            print(line)
    return counts


def check(shared: dict, areas: dict[str, dict]) -> None:
    """The dry run: the settings name what exists, and mutmut makes the first mutant of each
    function of the first area's first module and runs that area's first test file against
    them, killing at least one (a copy that cannot import, or tests that cover nothing,
    stop here rather than in the next full run)."""
    missing = check_paths(shared, areas)
    if missing:
        raise SystemExit("mutants: the settings name what is not there:\n" + "\n".join(missing))
    area = next(iter(areas.values()))
    first = area["only_mutate"][0]
    folder = stage("check", shared, {"only_mutate": [first], "tests": area["tests"][:1]})
    module = first.removesuffix(".py").replace("/", ".")
    done = mutmut(folder, "run", "--max-children", "2", f"{module}.*__mutmut_1")
    listed = mutmut(folder, "results", "--all", "true").stdout
    killed = listed.count(": killed")
    if done.returncode != 0 or not killed:
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n")
        raise SystemExit(f"mutants: mutmut tested no mutant of {first}")
    shutil.rmtree(folder)
    print(f"mutants: {len(areas)} areas named rightly; {killed} mutants of {first} killed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("areas", nargs="*", help="areas to run (default: all)")
    parser.add_argument("--max-children", type=int, default=2)
    parser.add_argument("--check", action="store_true", help="CI's dry run")
    options = parser.parse_args()
    shared, areas = settings()
    if options.check:
        check(shared, areas)
        return
    unknown = set(options.areas) - set(areas)
    if unknown:
        raise SystemExit(f"mutants: no area {sorted(unknown)}; the areas: {sorted(areas)}")
    missing = check_paths(shared, areas)
    if missing:
        raise SystemExit("mutants: the settings name what is not there:\n" + "\n".join(missing))
    totals: dict[str, int] = {}
    started = time.monotonic()
    for name in options.areas or areas:
        for status, count in run(name, shared, areas[name], options.max_children).items():
            totals[status] = totals.get(status, 0) + count
    minutes = (time.monotonic() - started) / 60
    print(f"== all: {sum(totals.values())} mutants in {minutes:.1f} min: {totals}")


if __name__ == "__main__":
    main()
