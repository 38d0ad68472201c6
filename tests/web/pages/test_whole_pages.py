"""The board page kept whole per state, viewer, language and display: shown again with each
request's own CSRF token and messages, and made anew for anything else."""

from __future__ import annotations

import re
import sqlite3

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post, stored_match
from tests.web.conftest import new_game
from webapp.store.record import encode
from webapp.web.pages import whole_pages
from webapp.web.views import fragments


def _token(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found, "the page has no CSRF token"
    return found.group(1)


def test_a_board_seen_again_is_made_once(client: FlaskClient) -> None:
    play(client, ["B2"])
    client.get("/")
    made = whole_pages.made()
    pages = [client.get("/").get_data(as_text=True) for _ in range(3)]
    assert whole_pages.made() == made
    # The same but for the token, which is signed with the time (a new second, a new token).
    shown = {page.replace(_token(page), "") for page in pages}
    assert len(shown) == 1
    assert fragments.TOKEN not in pages[0] and fragments.MESSAGES not in pages[0]


@pytest.mark.parametrize("display", ["", "on"])
def test_two_new_visitors_share_the_page_each_with_its_own_token(app: Flask, display: str) -> None:
    first, second = app.test_client(), app.test_client()
    for browser in (first, second):
        browser.set_cookie("ttt_text", display)
    pages = [browser.get("/").get_data(as_text=True) for browser in (first, second)]
    tokens = [_token(page) for page in pages]
    assert tokens[0] != tokens[1]
    assert pages[0].replace(tokens[0], "") == pages[1].replace(tokens[1], "")
    # Each token is its own browser's: the first move of each is accepted.
    for browser, token in zip((first, second), tokens, strict=True):
        answer = browser.post("/move", data={"cell": "A1", "csrf_token": token})
        assert answer.headers["X-Move-Result"] == "accepted"
    second_token = first.post("/move", data={"cell": "A2", "csrf_token": tokens[1]})
    assert second_token.status_code == 400


def test_a_message_is_shown_once_to_its_browser_alone(app: Flask, client: FlaskClient) -> None:
    play(client, ["B2"])
    client.get("/")
    other = app.test_client()
    play(other, ["B2"])
    post(client, "/move", {"cell": "B2"})  # occupied: refused with a message
    shown = client.get("/").get_data(as_text=True)
    assert "occupied" in shown.lower()
    assert "occupied" not in client.get("/").get_data(as_text=True).lower()
    assert "occupied" not in other.get("/").get_data(as_text=True).lower()


def test_each_language_display_and_hint_has_its_own_page(client: FlaskClient) -> None:
    play(client, ["B2"])
    english = client.get("/").get_data(as_text=True)
    client.set_cookie("ttt_lang", "de")
    german = client.get("/").get_data(as_text=True)
    client.set_cookie("ttt_text", "on")
    text = client.get("/").get_data(as_text=True)
    client.delete_cookie("ttt_text")
    client.set_cookie("ttt_lang", "en")
    assert 'lang="en"' in english and 'lang="de"' in german
    assert 'id="text-announce"' in text and 'id="text-announce"' not in german
    hinted = client.get("/?hint=1").get_data(as_text=True)
    assert hinted != client.get("/").get_data(as_text=True)


def test_a_new_version_is_made_anew(client: FlaskClient) -> None:
    new_game(client, "user", "user")
    before = client.get("/").get_data(as_text=True)
    made = whole_pages.made()
    play(client, ["A1"])
    after = client.get("/").get_data(as_text=True)
    assert whole_pages.made() > made
    assert 'value="A1"' in before and 'value="A1"' not in after


def test_text_modes_page_with_a_message_says_it(client: FlaskClient) -> None:
    client.set_cookie("ttt_text", "on")
    play(client, ["B2"])
    post(client, "/move", {"cell": "B2"})  # occupied: refused with a message
    assert "occupied" in client.get("/").get_data(as_text=True).lower()
    assert "occupied" not in client.get("/").get_data(as_text=True).lower()


def test_a_head_request_leaves_no_page_for_the_gets_of_its_path(app: Flask) -> None:
    # A HEAD's header links back to the board, a GET's to its own path: the language links
    # of the GET after a HEAD of the same path (and state, in another browser) keep the query.
    looked, shown = app.test_client(), app.test_client()
    for browser in (looked, shown):
        play(browser, ["B2"])
    assert looked.head("/?hint=1").status_code == 200
    for browser in (looked, shown):
        page = browser.get("/?hint=1").get_data(as_text=True)
        assert re.findall(r'href="([^"]*)" lang="de"', page) == ["/language/de?next=/?hint%3D1"]


def test_a_version_saved_again_with_other_moves_shows_them(app: Flask, client: FlaskClient) -> None:
    play(client, ["B2"])
    assert 'value="A1"' in client.get("/").get_data(as_text=True)  # kept, A1 free
    saved = stored_match(app, client)
    assert saved is not None and saved.data is not None
    # The same id, version and game with other moves, as a store that lost acknowledged
    # writes (a Redis failover) could save again: the board shows what is stored.
    with sqlite3.connect(app.config["DATABASE"]) as db:
        again = encode({**saved.data, "moves": ["A1"]})
        db.execute("UPDATE matches SET data = ? WHERE id = ?", (again, saved.match_id))
    assert api_game(client)["board"] == "X________"
    page = client.get("/").get_data(as_text=True)
    assert 'value="A1"' not in page and 'value="B2"' in page
