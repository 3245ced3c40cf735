"""A three-round Swiss at 1+0 played to its end by four members in their browsers and two
programs over the API, while a spectator's page shows the standings change live.

Each member's open tournament page goes to their match when it starts ("your next match");
there they make their first move and resign at their next turn, and go back to the
tournament page for the next round. The programs play every match their event stream
announces (``gameStart``) and resign at their turn from the second ply on: every match has a
winner within a few moves, and every round is real (the worker starts each one 3 s after the
last ended, as ``TOURNAMENT_ROUND_PAUSE_SECONDS`` says for this server). A two-round Swiss
of two members shows a player who stays on her finished match page taken to round 2's.
"""

from __future__ import annotations

import json
import threading
import time

import pytest
from playwright.sync_api import Error, expect

from tests.browser.conftest import screenshot
from tests.browser.flows import log_in
from tooling.programs import Client, play
from tooling.world import run_in

pytestmark = pytest.mark.browser


def _programs_play(server, tokens: dict, stop: threading.Event, played: list) -> list:
    """Each program reads its event stream and plays every match it announces."""

    def run(name, token):
        client = Client(server.url, token)
        response, lines = client.stream("/api/stream/event", within=600)
        seen = set()
        for event in lines:
            if stop.is_set():
                break
            if not event or event.get("type") != "gameStart":
                continue
            game = event["game"]["gameId"]
            if game in seen:
                continue
            seen.add(game)
            played.append((name, game))
            threading.Thread(
                target=play, args=(client, game, len(seen)), kwargs={"plies": 2}, daemon=True
            ).start()
        response.close()

    threads = [threading.Thread(target=run, args=item, daemon=True) for item in tokens.items()]
    for thread in threads:
        thread.start()
    return threads


class Member:
    """One member's page, stepped without blocking so four play at once in one thread."""

    def __init__(self, page, name, tournament_url):
        self.page, self.name, self.url = page, name, tournament_url
        self.moved = False
        self.matches: set[str] = set()  # the match pages it was taken to

    def step(self) -> None:
        page = self.page
        if "/m/" not in page.url:
            return  # on the tournament page: it goes to the match when one starts
        self.matches.add(page.url)
        board = page.locator("#board")
        if board.count() == 0:
            return
        if board.get_attribute("data-status") == "finished":
            self.moved = False
            try:
                page.goto(self.url)
            except Error as error:  # the page went on by itself, to the next round's match
                if "ERR_ABORTED" not in error.message:
                    raise
            return
        if page.locator("#turn").text_content().strip() != "Your turn.":
            return
        if not self.moved:
            target = page.locator(".pd-cell.target").first
            if target.count():
                target.click()
                self.moved = True
            return
        page.once("dialog", lambda dialog: dialog.accept())
        page.locator("#match-controls button:has-text('Resign')").click()
        expect(board).to_have_attribute("data-status", "finished")


def test_four_members_and_two_programs_play_a_swiss_while_a_spectator_watches(new_page, server):
    members = [f"tm{i}-{int(time.time()) % 100000}" for i in range(4)]
    programs = [f"tp{i}-{int(time.time()) % 100000}" for i in range(2)]
    world = run_in(
        server.env,
        {
            "users": [{"name": m, "token": False} for m in members]
            + [{"name": p, "program": True} for p in programs]
        },
    )
    tokens = world["tokens"]
    # A program makes the tournament through the API, as lichess's Swiss endpoint does.
    owner = Client(server.url, tokens[programs[0]])
    created = owner.post(
        "/api/swiss/new",
        data={
            "name": "Friday Swiss",
            "game": "powerdrain",
            "clock.limit": "60",
            "clock.increment": "0",
            "nbRounds": "3",
            "waitMinutes": "30",
        },
    )
    assert created.status_code == 200, created.text
    tid = created.json()["id"]
    for name in programs:
        assert Client(server.url, tokens[name]).post(f"/api/tournament/{tid}/join").ok
    url = f"/t/{tid}/"

    pages = []
    for name in members:
        page = new_page()
        log_in(page, name)
        page.goto(url)
        page.click(".tournament-you button:has-text('Join')")
        expect(page.locator("#tournament-you")).to_contain_text("You are in")
        pages.append(Member(page, name, url))
    spectator = new_page()
    spectator.goto(url)
    expect(spectator.locator(".standings-table tbody tr")).to_have_count(6)
    spectator.evaluate("window.stayed = true")  # gone if the page reloads

    stop, played = threading.Event(), []
    _programs_play(server, tokens, stop, played)
    time.sleep(1)  # the programs' event streams are open
    # The creator starts it now rather than in half an hour (its page's "Start now").
    server.shell(
        "from tournaments import services; from accounts.models import User; "
        "from games.services import server_now; "
        f"services.tournament_start_now(public_id={tid!r}, "
        f"user=User.objects.get(username={programs[0]!r}), now=server_now())"
    )

    versions, points_seen = set(), []
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        for member in pages:
            member.step()
        live = spectator.locator("#tournament-live")
        versions.add(live.get_attribute("data-version"))
        points = spectator.locator(".standings-table td.points").all_text_contents()
        if not points_seen or points != points_seen[-1]:
            points_seen.append(points)
        if spectator.locator(".tournament-status").text_content().strip().startswith("Finished"):
            break
        time.sleep(0.2)
    stop.set()
    status = spectator.locator(".tournament-status")
    expect(status).to_contain_text("Finished")
    assert spectator.evaluate("window.stayed === true")  # every change came over the socket
    final = [float(p.replace("½", ".5")) for p in points_seen[-1]]
    assert sum(final) == 9, points_seen  # three rounds of three decided matches
    assert len(points_seen) >= 4, points_seen  # the spectator saw the standings move
    assert all(len(m.matches) == 3 for m in pages), [(m.name, m.matches) for m in pages]
    assert len({g for _, g in played}) >= 3  # the programs played through their streams
    rounds = spectator.locator(".rounds details.round")
    expect(rounds).to_have_count(3)
    screenshot(spectator, "tournament-swiss-finished")
    result = json.loads(Client(server.url, tokens[programs[1]]).get(f"/api/tournament/{tid}").text)
    assert result["isFinished"] and result["nbPlayers"] == 6


def test_a_swiss_player_on_her_finished_match_page_is_taken_to_her_next_round(new_page, server):
    """#55: after round 1 a player stayed on her finished match page, and round 2 began
    without her page moving. Now it goes there when the round starts (3 s after the last
    match of round 1 ended, on this server)."""
    from tests.browser.test_arena_flow import _play_out, _taken_to_a_match

    stamp = int(time.time() * 1000) % 10**7
    maker_name, rival_name = f"swiss{stamp}-a", f"swiss{stamp}-b"
    run_in(server.env, {"users": [{"name": n, "token": False} for n in (maker_name, rival_name)]})
    maker, rival = new_page(), new_page(390, 844)
    log_in(maker, maker_name)
    log_in(rival, rival_name)
    maker.goto("/tournaments/new/")
    maker.fill("input[name=name]", "Two-round Swiss")
    maker.select_option("select[name=game]", "powerdrain")
    maker.check("input[name=format][value=swiss]")
    maker.fill("input[name=rounds]", "2")
    maker.select_option("select[name=time_control]", "3+2")
    maker.check("input[name=join]")
    maker.click("button:has-text('Create the tournament')")
    expect(maker.locator("h1")).to_have_text("Two-round Swiss")
    rival.goto(maker.url)
    rival.click(".tournament-you button:has-text('Join')")
    expect(rival.locator("#tournament-you")).to_contain_text("You are in")
    maker.click("button:has-text('Start now')")

    first = _taken_to_a_match(maker, set())
    assert _taken_to_a_match(rival, set()) == first
    _play_out(maker, rival)
    # Both stay on their finished pages: round 2 takes them to its match when it starts.
    for page in (maker, rival):
        page.wait_for_url(lambda url: "/m/" in url and url != first, timeout=10_000)
        expect(page.locator("#board")).to_have_attribute("data-status", "active")
    assert maker.url == rival.url != first
