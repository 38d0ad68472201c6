"""Text mode's switch: a link first on every page, a cookie per browser, and ?text=1."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.web.conftest import new_game
from tests.web.text_pages import board, text_on

SWITCH = re.compile(
    r'<nav class="text-switch[^"]*"[^>]*><a href="([^"]+)" id="text-switch">([^<]+)</a>'
)


def switch(client: FlaskClient, path: str = "/") -> tuple[str, str]:
    """The switch's address and words on the page at ``path``."""
    shown = client.get(path).get_data(as_text=True)
    found = SWITCH.search(shown)
    assert found, f"no switch on {path}"
    return found.group(1).replace("&amp;", "&"), found.group(2)


def test_the_switch_is_the_first_link_of_every_page(client: FlaskClient) -> None:
    for path in ("/", "/new", "/replay/0", "/no-such-page"):
        shown = client.get(path).get_data(as_text=True)
        body = shown[shown.index("<body>") :]
        first_link = re.search(r"<a [^>]*>", body)
        assert first_link and 'id="text-switch"' in first_link.group(0), path


def test_in_normal_mode_a_visible_copy_of_the_switch_ends_the_page(client: FlaskClient) -> None:
    shown = client.get("/").get_data(as_text=True)
    assert '<nav class="text-switch on-focus"' in shown  # shown when focused: a skip link
    footer = re.search(
        r'<footer class="text-switch"><a href="([^"]+)">Text mode</a></footer>', shown
    )
    assert footer and footer.group(1) == "/text/on?next=/"
    text_on(client)
    assert "<footer" not in board(client)


def test_the_switch_turns_text_mode_on_and_off_and_the_browser_remembers(
    client: FlaskClient,
) -> None:
    target, words = switch(client, "/new")
    assert words == "Text mode" and target == "/text/on?next=/new"
    response = client.get(target)
    assert response.status_code == 303 and response.headers["Location"] == "/new"
    assert "ttt_text=on" in response.headers["Set-Cookie"]
    board(client)  # the board is in text mode from now on, without ?text=1
    target, words = switch(client)
    assert words == "Normal mode"
    client.get(target)
    assert 'name="cell"' in client.get("/").get_data(as_text=True)


def test_a_shared_link_with_text_1_turns_it_on_and_is_remembered(client: FlaskClient) -> None:
    assert 'id="text-command"' not in client.get("/").get_data(as_text=True)
    text_on(client)
    board(client, "/")
    assert 'id="text-command"' not in client.get("/?text=0").get_data(as_text=True)
    assert 'id="text-command"' not in client.get("/").get_data(as_text=True)


def test_the_switch_leads_back_to_the_page_without_text_in_its_address(
    client: FlaskClient,
) -> None:
    new_game(client, "user", "hard")
    target, _words = switch(client, "/?text=1&hint=1")
    assert target == "/text/off?next=/?hint%3D1"


@pytest.mark.parametrize("target", ["https://example.com/", "//example.com/", "/\\example.com"])
def test_the_switch_only_goes_back_to_this_site(client: FlaskClient, target: str) -> None:
    response = client.get("/text/on", query_string={"next": target})
    assert response.headers["Location"] == "/"


def test_other_players_see_the_board_as_it_was(client: FlaskClient) -> None:
    text_on(client)
    other = client.application.test_client()
    shown = other.get("/").get_data(as_text=True)
    assert 'name="cell"' in shown and 'id="text-command"' not in shown
