"""What `make run` serves with DEBUG off, as the browser tests' server runs: static files under
their hashed names, cached for good, and the site's own error pages, never Django's debug ones.
"""

import re
import uuid
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests.browser.flows import create_match, sign_up

pytestmark = pytest.mark.browser

# collectstatic's manifest names each file after its content: name.<12 hex digits>.ext
HASHED = re.compile(r"^/static/.+\.[0-9a-f]{12}\.[a-z]+$")
DEBUG_PAGE_WORDS = ("Traceback", "DEBUG = True", "URLconf", "Request Method")


def test_a_match_page_loads_every_static_file_by_its_hashed_name_cached_for_good(new_page):
    """A browser keeps these files without asking again; a change gives a new name."""
    page = new_page()
    loaded = []
    page.on("response", lambda r: loaded.append(r) if "/static/" in r.url else None)
    sign_up(page)
    create_match(page, "triangulum")  # the board's own stylesheet and script too
    page.wait_for_load_state("load")
    paths = sorted(urlparse(r.url).path for r in loaded)
    board = [p for p in paths if p.startswith("/static/games/triangulum/board.")]
    assert [p.rsplit(".", 1)[1] for p in board] == ["css", "js"], paths
    for response in loaded:
        path = urlparse(response.url).path
        assert response.status == 200, path
        assert HASHED.match(path), path
        cache = response.header_value("cache-control")
        assert "max-age=315360000" in cache and "immutable" in cache, (path, cache)
    site_css = next(r for r in loaded if "/static/css/site." in r.url)
    assert site_css.header_value("content-encoding") in ("gzip", "br")  # the collected copy


@pytest.mark.parametrize(
    ("locale", "heading", "link"),
    [("en-GB", "Not found", "To the lobby"), ("de-DE", "Nicht gefunden", "Zur Lobby")],
)
def test_a_missing_page_is_the_sites_own_page_in_the_browsers_language(
    browser, server, locale, heading, link
):
    context = browser.new_context(locale=locale, base_url=server.url)
    try:
        page = context.new_page()
        for path in ("/no-such-page/", "/m/NOSUCHID/"):  # no route; a view's own 404
            assert page.goto(path).status == 404
            expect(page.locator("h1")).to_have_text(heading)
            expect(page.locator("header.topbar")).to_be_visible()
            text = page.content()
            assert not any(word in text for word in DEBUG_PAGE_WORDS), path
        page.get_by_role("link", name=link).click()
        expect(page.locator("#game-powerdrain")).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize(
    ("locale", "heading"), [("en-GB", "Form expired"), ("de-DE", "Formular abgelaufen")]
)
def test_a_form_older_than_a_log_in_in_another_tab_is_refused_on_the_sites_own_page(
    browser, server, locale, heading
):
    """Logging in gives a new CSRF token, so the other tab's form fails its check (403)."""
    context = browser.new_context(locale=locale, base_url=server.url)
    try:
        stale, fresh = context.new_page(), context.new_page()
        stale.goto("/accounts/login/")
        name = f"stale{uuid.uuid4().hex[:8]}"
        fresh.goto("/accounts/signup/")
        fresh.fill("#id_username", name)
        fresh.fill("#id_password1", "a-long-Passw0rd!")
        fresh.fill("#id_password2", "a-long-Passw0rd!")
        fresh.click("main form button.button")  # signing up logs in
        expect(fresh.locator(".who")).to_contain_text(name)
        stale.fill("#id_username", name)
        stale.fill("#id_password", "a-long-Passw0rd!")
        with stale.expect_response(lambda r: r.request.method == "POST") as sent:
            stale.click("main form button.button")
        assert sent.value.status == 403
        expect(stale.locator("h1")).to_have_text(heading)
        expect(stale.locator(".who")).to_contain_text(name)  # the site's header, logged in
        assert "CSRF" not in stale.locator("body").inner_text()  # Django's own page names it
    finally:
        context.close()


def test_a_host_the_site_does_not_serve_is_refused_without_a_debug_page(new_page, server):
    """ALLOWED_HOSTS holds: a request naming another host gets a bare 400."""
    response = new_page().request.get(server.url + "/", headers={"Host": "evil.example"})
    assert response.status == 400
    text = response.text()
    assert "Bad Request (400)" in text
    assert not any(word in text for word in ("DisallowedHost", *DEBUG_PAGE_WORDS))
