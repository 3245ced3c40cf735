"""Steps shared by browser tests: signing up, creating a match, joining by invite."""

from __future__ import annotations

import json
import uuid

from playwright.sync_api import expect


def sign_up(page, name: str | None = None) -> str:
    name = name or f"user{uuid.uuid4().hex[:8]}"
    page.goto("/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", "a-long-Passw0rd!")
    page.fill("#id_password2", "a-long-Passw0rd!")
    page.click("button:has-text('Create account')")
    expect(page.locator(".who")).to_contain_text(name)
    return name


def log_in(page, name: str, password: str = "a-long-Passw0rd!") -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", password)
    page.click("main form button.button")  # not the header's language buttons
    expect(page.locator(".who")).to_contain_text(name)


def create_match(
    page,
    slug: str,
    seat: str = "0",
    options: dict | None = None,
    players=None,
    private=True,
    time: str | None = None,
) -> str:
    """Creates a match from the lobby card of ``slug`` (``time``: a time control's form value,
    such as "10+5"); returns the invite URL."""
    page.goto("/")
    card = page.locator(f"#game-{slug}")
    card.locator("summary:has-text('New')").click()
    if players:  # first: the seats follow the number of players
        card.locator("select[name=players]").select_option(str(players))
    card.locator("select[name=seat]").select_option(seat)
    if time:
        card.locator("select[name=time_control]").select_option(time)
    card.locator(f"input[name=private][value='{'1' if private else ''}']").check()
    if options:
        card.locator("details.custom summary").click()
        card.locator("textarea[name=options_json]").fill(json.dumps(options))
    card.locator("button:has-text('Create the match')").click()
    expect(page.locator("#turn")).to_contain_text("Waiting for players")
    return page.locator("#invite-url").input_value()


def rig_hidden_setup(server, invite: str, options: dict) -> None:
    """Fixes a waiting match's hidden setup in the server's database, as only a test may:
    the lobby accepts the public parts of a setup alone (docs/rules.md §7)."""
    token = invite.rstrip("/").rsplit("/", 1)[1]
    code = (
        "from games.models import Match; from games.registry import get_engine; "
        f"m = Match.objects.get(invite={token!r}); e = get_engine(m.game); "
        f"m.options = {options!r}; "
        "m.state = e.to_json(e.setup(players=m.players, seed=m.seed, options=m.options)); "
        "m.save(update_fields=['options', 'state'])"
    )
    server.shell(code)


def join_as_guest(page, invite: str, nickname: str) -> str:
    """Joins as a guest called ``nickname`` plus a unique tail (a live guest's name is taken
    while their match runs, and the browser tests share one server); returns the name shown."""
    nickname = f"{nickname}{uuid.uuid4().hex[:4]}"
    page.goto(invite)
    page.fill("#id_nickname", nickname)
    page.click("button:has-text('Play as guest')")
    expect(page.locator("#board")).to_be_visible()
    return f"{nickname} (guest)"


def watch(page, match_url: str):
    """Opens ``match_url`` as a spectator and waits until the live socket is up."""
    page.goto(match_url)
    expect(page.locator(".spectating")).to_be_visible()
    expect(page.locator("#conn")).to_have_text("live")
    return page


def age_clock(server, public_id: str, seconds_left: float) -> None:
    """As if the running clock had been running until ``seconds_left`` remain: the stored
    turn start and deadline move back, and the flag is scheduled as after a move."""
    code = (
        "from games.models import Match; from games import reactions, services; "
        f"m = Match.objects.get(public_id={public_id!r}); now = services.server_now(); "
        f"shift = m.deadline - now - int({seconds_left} * 1000); "
        "Match.objects.filter(pk=m.pk).update(turn_started=m.turn_started - shift, "
        "deadline=m.deadline - shift); m.refresh_from_db(); reactions.after_position(m)"
    )
    server.shell(code)
