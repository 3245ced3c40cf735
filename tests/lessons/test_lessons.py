"""Every game has a lesson; every rule section of docs/rules.md for it is taught by a step,
and what a section can only be mentioned in passing is played: every kind of move of the
game's move table by the learner, every way a Triangulum part ends. Every step's scripted
moves are legal, reach a position where the learner moves, and its solution does the task
while its wrong move does not."""

import re

import pytest

from games.registry import all_games, get_engine
from lessons import steps
from tooling.servers import ROOT

RULES = (ROOT / "docs" / "rules.md").read_text()


def rule_sections(slug: str) -> list[str]:
    """The game's rule sections in docs/rules.md: its ### headings (their words, without the
    number) and the bold lead-ins of its paragraphs ("**Swamps.**"), but for the codes
    (the programs' notation, which a player never types). A lead-in needs no full stop of
    its own ("**The special chip**, once a game, …")."""
    heads = re.findall(r"^### [\d.]+ (.+)$", game_rules(slug), flags=re.M)
    leads = re.findall(r"^\*\*([^*]+?)\.?\*\*", game_rules(slug), flags=re.M)
    return [name for name in heads + leads if name != "Codes"]


def game_rules(slug: str) -> str:
    """The game's part of docs/rules.md."""
    part = re.split(r"^## ", RULES, flags=re.M)
    (body,) = [p for p in part if f"(slug `{slug}`)" in p.splitlines()[0]]
    return body


def shape(move: dict) -> tuple:
    """A kind of move: its type and its keys ("place" with a "plug" is a draft's place)."""
    return (move["type"], *sorted(set(move) - {"type", "special"}))


def table_moves(slug: str) -> set[tuple]:
    """The kinds of move in the game's move table (its rows' JSON column)."""
    rows = re.findall(r"^\| [^|]+ \| (`\{.+?)\| ", game_rules(slug), flags=re.M)
    examples = [m for row in rows for m in re.findall(r"`(\{.*?\})`", row)]
    return {
        (re.search(r'"type": "(\w+)"', m)[1], *sorted(set(re.findall(r'"(\w+)":', m)) - {"type"}))
        for m in examples
    }


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


@pytest.mark.parametrize("slug", GAMES)
def test_the_learner_plays_every_kind_of_move(slug):
    """A rule only read about is not learnt: every move of the table is in some solution."""
    kinds = table_moves(slug)
    assert kinds, f"no move table found for {slug}"
    played = {shape(move) for step in steps.lesson_of(slug).steps for move in step.solution}
    assert sorted(kinds - played) == [], "kinds of move no step has the learner play"


def test_every_way_a_triangulum_part_ends_is_played():
    reasons = set(re.findall(r"— (?:part reason )?`(\w+)`", game_rules("triangulum")))
    assert reasons == {"area", "passes", "turns"}
    reached = set()
    for step in steps.lesson_of("triangulum").steps:
        state, replied = steps.start("triangulum", step), 0
        for move in step.solution:
            tried, replied = steps.attempt("triangulum", step, state, replied, move)
            state = tried.state
        view = get_engine("triangulum").view(state, step.seat)
        reached |= {part["reason"] for part in view["history"]}
    assert reasons <= reached, "a way a part ends that no step plays to"


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
