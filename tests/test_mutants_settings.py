"""The mutation runs copy the whole app: a package left out of mutmut's settings makes the
copy fail to set Django up, which CI's dry run otherwise finds only after its whole suite."""

import tomllib

from tooling import mutants


def test_the_settings_name_every_package_and_only_what_exists():
    shared, areas = mutants.settings()
    assert mutants.check_paths(shared, areas) == []


def test_a_package_left_out_of_the_copy_is_named():
    shared, areas = mutants.settings()
    shared = {**shared, "source_paths": [p for p in shared["source_paths"] if p != "games"]}
    for area in areas.values():
        area["only_mutate"] = [p for p in area["only_mutate"] if not p.startswith("games/")]
    missing = mutants.check_paths(shared, areas)
    assert any(line.startswith("games:") for line in missing), missing


def test_every_installed_app_of_ours_is_a_package_the_contracts_list():
    from django.conf import settings

    ours = {app.split(".")[0] for app in settings.INSTALLED_APPS}
    listed = set(mutants.packages())
    project = tomllib.loads((mutants.ROOT / "pyproject.toml").read_text())
    assert project["tool"]["importlinter"]["root_packages"] == mutants.packages()
    assert {app for app in ours if (mutants.ROOT / app).is_dir()} <= listed
