"""Every game has a lesson; every rule section of docs/rules.md for it is taught by a step;
every step's scripted moves are legal, reach a position where the learner moves, and its
solution does the task while its wrong move does not."""

import re

import pytest

from games.registry import all_games, get_engine
from lessons import steps
from tooling.servers import ROOT

RULES = (ROOT / "docs" / "rules.md").read_text()


def rule_sections(slug: str) -> list[str]:
    """The game's rule sections in docs/rules.md: its ### headings (their words, without the
    number) and the bold lead-ins of its paragraphs ("**Swamps.**"), but for the codes
    (the programs' notation, which a player never types)."""
    part = re.split(r"^## ", RULES, flags=re.M)
    (body,) = [p for p in part if f"(slug `{slug}`)" in p.splitlines()[0]]
    heads = re.findall(r"^### [\d.]+ (.+)$", body, flags=re.M)
    leads = re.findall(r"^\*\*([^*]+?)\.\*\*", body, flags=re.M)
    return [name for name in heads + leads if name != "Codes"]


GAMES = [game.slug for game in all_games()]
STEPS = [(slug, step) for slug in GAMES for step in steps.lesson_of(slug).steps]


def test_every_game_has_a_lesson():
    assert [slug for slug, _ in steps.lessons()] == GAMES
    for slug in GAMES:
        assert steps.lesson_of(slug).steps, slug


@pytest.mark.parametrize("slug", GAMES)
def test_every_rule_section_has_a_step(slug):
    sections = rule_sections(slug)
    assert sections, f"no rule sections found for {slug}"
    taught = {name for step in steps.lesson_of(slug).steps for name in step.teaches}
    assert [s for s in sections if s not in taught] == [], "rule sections without a step"
    assert taught <= set(sections), "a step teaches a section docs/rules.md does not have"


@pytest.mark.parametrize(("slug", "step"), STEPS, ids=[f"{s}-{st.key}" for s, st in STEPS])
def test_scripted_moves_are_legal_and_the_solution_does_the_task(slug, step):
    engine = get_engine(slug)
    state = steps.start(slug, step)  # every scripted move through engine.apply
    assert engine.to_move(state) == [step.seat], "the learner must be the one to move"
    replied = 0
    for i, move in enumerate(step.solution):
        tried, replied = steps.attempt(slug, step, state, replied, move)
        want = "done" if i == len(step.solution) - 1 else "on"
        assert (tried.result, tried.message) == (want, ""), move
        state = tried.state
    assert replied >= len(step.replies), "every scripted reply is played"
    if step.wrong is not None:
        tried, _ = steps.attempt(slug, step, steps.start(slug, step), 0, step.wrong)
        assert tried.result in ("missed", "refused") and tried.message


def test_keys_are_unique_and_stars_count_tries():
    for slug in GAMES:
        keys = [step.key for step in steps.lesson_of(slug).steps]
        assert len(keys) == len(set(keys)), slug
    assert [steps.stars(n) for n in (1, 2, 3, 4, 9)] == [3, 2, 1, 1, 1]
