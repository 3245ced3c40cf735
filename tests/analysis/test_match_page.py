"""The analysis on a finished match's own page (issue #54, item 3), where a new player sees
the match end: the Analyse button there, back there after asking, its progress, then its
result (each seat's accuracy as a number and a bar, the worst moves in words) with the way to
the replay; held hidden on a running match until it ends; nothing for an aborted one."""

import re

import pytest

from tests.analysis.support import analyse_all, finished_powerdrain

pytestmark = pytest.mark.django_db


def _panel(html: str) -> str:
    found = re.search(r'<div class="finished-parts".*?</section>', html, re.S)
    return found.group(0) if found else ""


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_finished_match_page_offers_the_analysis_then_shows_it(client, alice, bob, language):
    match = finished_powerdrain(alice, bob)
    client.force_login(alice)
    url = f"/m/{match.public_id}/"
    panel = _panel(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert 'id="analyse"' in panel and 'name="back" value="match"' in panel
    assert "hidden" not in panel.split(">", 1)[0]
    asked = client.post(f"{url}analyse/", {"back": "match"})
    assert asked.status_code == 302 and asked["Location"] == url
    panel = _panel(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert 'id="analysis-progress"' in panel and "js/analysis" in panel
    assert analyse_all()
    panel = _panel(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert panel.count('class="accuracy-value"') == 2 and panel.count("accuracy-bar") == 2
    link = {"en": "See the analysis move by move", "de": "Die Analyse Zug für Zug ansehen"}
    assert f'href="/m/{match.public_id}/replay/">{link[language]}</a>' in panel
    # The replay's own button still leads back to the replay.
    other = finished_powerdrain(alice, bob)
    assert client.post(f"/m/{other.public_id}/analyse/")["Location"].endswith("/replay/")


def test_a_running_match_holds_the_button_until_it_ends(client, match, alice):
    client.force_login(alice)
    html = client.get(f"/m/{match.public_id}/").content.decode()
    assert re.search(r'<div class="finished-parts" data-when-finished hidden>', html)


def test_an_aborted_match_and_a_stranger_to_a_private_one_see_no_panel(client, alice, bob, carol):
    match = finished_powerdrain(alice, bob)
    match.private = True
    match.save(update_fields=["private"])
    client.force_login(carol)
    assert "finished-parts" not in client.get(f"/m/{match.public_id}/").content.decode()
    match.result = {**match.result, "aborted": True}
    match.save(update_fields=["result"])
    client.force_login(alice)
    assert "finished-parts" not in client.get(f"/m/{match.public_id}/").content.decode()
