"""The board page rendered once per game state: what must still differ between sessions."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post
from tests.web.conftest import new_game
from webapp.board_page import BoardPages


def _page(client: FlaskClient, url: str = "/") -> str:
    return client.get(url).get_data(as_text=True)


def _fields(page: str, name: str) -> set[str]:
    return set(re.findall(rf'name="{name}" value="([^"]*)"', page))


def _cache(app: Flask) -> BoardPages:
    pages: BoardPages = app.extensions["board_pages"]
    return pages


def test_two_sessions_at_one_state_each_get_their_own_token_and_game(app: Flask) -> None:
    alice, bob = app.test_client(), app.test_client()
    for client in (alice, bob):
        post(client, "/move", {"cell": "B2"})
    alices, bobs = _page(alice), _page(bob)
    assert _cache(app)._page.cache_info().hits >= 1  # the second page came from the cache
    assert "<!--slot:" not in alices + bobs
    assert len(_fields(alices, "csrf_token")) == len(_fields(bobs, "csrf_token")) == 1
    assert _fields(alices, "csrf_token") != _fields(bobs, "csrf_token")
    assert _fields(alices, "game") == {api_game(alice)["game"]}
    assert _fields(bobs, "game") == {api_game(bob)["game"]} != _fields(alices, "game")
    assert _fields(alices, "ply") == _fields(bobs, "ply") == {"1"}
    # each session's forms work for it alone
    token = _fields(alices, "csrf_token").pop()
    assert bob.post("/move", data={"csrf_token": token, "cell": "A1"}).status_code == 400
    assert alice.post("/move", data={"csrf_token": token, "cell": "A1"}).status_code == 303


def test_a_page_from_the_cache_is_the_page_rendered_afresh(app: Flask, client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    post(client, "/move", {"cell": "A1"})
    for url in ("/", "/?hint=1"):
        fresh = _page(client, url)
        assert _page(client, url) == fresh  # a hit
        _cache(app)._page.cache_clear()
        _cache(app)._score.cache_clear()
        assert _page(client, url) == fresh  # rendered again
    assert _page(client, "/?hint=1") != _page(client, "/")


def test_the_score_is_each_sessions_own(app: Flask) -> None:
    winner, fresh = app.test_client(), app.test_client()
    play(winner, ("A1", "B1", "A2", "B2", "A3"))
    post(winner, "/undo")
    post(winner, "/move", {"cell": "A3"})  # counted again after the undo took it off
    play(fresh, ("A1", "B1", "A2", "B2", "A3"))
    assert re.search(r'data-player="Player 1">1<', _page(winner))
    post(fresh, "/score/reset")
    assert re.search(r'data-player="Player 1">0<', _page(fresh))
    assert re.search(r'data-player="Player 1">1<', _page(winner))


def test_messages_are_shown_once_on_a_cached_page(client: FlaskClient) -> None:
    post(client, "/move", {"cell": "B2"})
    _page(client)
    post(client, "/move", {"cell": "B2"})  # refused: taken
    shown = _page(client)
    assert shown.count('class="message error"') == 1 and "<!--slot:" not in shown
    assert 'class="message' not in _page(client)


def test_links_follow_the_address_the_page_was_asked_under(app: Flask) -> None:
    first = app.test_client().get("/", base_url="http://one.example/").get_data(as_text=True)
    second = app.test_client().get("/", base_url="http://two.example/g/").get_data(as_text=True)
    assert "http://one.example/new?" in first and "two.example" not in first
    assert "http://two.example/g/new?" in second and 'action="/g/move"' in second


def test_the_cache_keeps_at_most_its_size(app: Flask) -> None:
    app.extensions["board_pages"] = BoardPages(size=2)
    client = app.test_client()
    play(client, ("A1", "B1", "A2", "B2"))
    assert _cache(app)._page.cache_info().currsize == 2


def test_any_host_shares_one_cached_page_and_is_escaped_in_the_share_link(app: Flask) -> None:
    client = app.test_client()
    for n in range(5):
        page = client.get("/", headers={"Host": f"h{n}.example"}).get_data(as_text=True)
        assert f'href="http://h{n}.example/new?' in page
    assert _cache(app)._page.cache_info().currsize == 1
    page = client.get("/", headers={"Host": 'x.example"><b>'}).get_data(as_text=True)
    assert "<b>" not in page  # Werkzeug drops a host it cannot trust
    # The scheme is not checked (behind a proxy it comes from X-Forwarded-Proto): escaped.
    forged = client.get("/", environ_overrides={"wsgi.url_scheme": 'h"><b>'})
    page = forged.get_data(as_text=True)
    assert "<b>" not in page and 'href="h&#34;&gt;&lt;b&gt;://localhost/new?' in page
