"""A request answered with a cookie another tab has just replaced leaves the browser's new
cookie alone (config/sessions.py): logging in in one tab, while another polled the challenge
bar with the old cookie, logged the browser out again (the browser flow in
tests/browser/test_reopen_flow.py failed so now and then)."""

from django.conf import settings
from django.test import Client

PASSWORD = "a-long-Passw0rd!"


def test_a_page_of_another_tab_does_not_delete_a_login_it_did_not_see(alice, bob):
    tab = Client()
    tab.login(username="alice", password="pw-alice-123")
    old = tab.cookies[settings.SESSION_COOKIE_NAME].value

    other_tab = Client()  # the same browser: the same cookie, then a login as someone else
    other_tab.cookies[settings.SESSION_COOKIE_NAME] = old
    other_tab.post("/accounts/login/", {"username": "bob", "password": "pw-bob-123"})
    assert other_tab.cookies[settings.SESSION_COOKIE_NAME].value != old

    # The first tab's poll, sent with the old cookie before the login's answer arrived.
    answer = tab.get("/challenges/bar/")
    assert settings.SESSION_COOKIE_NAME not in answer.cookies  # neither deleted nor replaced
    assert "Cookie" in answer["Vary"]


def test_logging_out_still_deletes_the_cookie(alice):
    browser = Client()
    browser.login(username="alice", password="pw-alice-123")
    answer = browser.post("/accounts/logout/")
    cookie = answer.cookies[settings.SESSION_COOKIE_NAME]
    assert cookie.value == "" and cookie["max-age"] == 0
