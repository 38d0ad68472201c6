"""A browser's id: the same for its tabs (from its visitor id before anything is stored), kept
in its session once it changes something, and another browser's is another."""

from __future__ import annotations

from flask import Flask, session

from tests.conftest import api_game
from webapp.web.site import browsers
from webapp.web.site.sessions import VISITOR_COOKIE


def test_tabs_of_a_new_visitor_share_an_id_and_keep_it(app: Flask) -> None:
    with app.test_request_context(headers={"Cookie": "ttt_visitor=" + "v" * 43}):
        app.preprocess_request()
        first = browsers.browser_id()
    with app.test_request_context(headers={"Cookie": "ttt_visitor=" + "v" * 43}):
        app.preprocess_request()
        assert browsers.browser_id() == first
        browsers.keep()
        assert session[browsers.BROWSER_KEY] == first
    with app.test_request_context(headers={"Cookie": "ttt_visitor=" + "w" * 43}):
        app.preprocess_request()
        assert browsers.browser_id() != first


def test_two_first_requests_at_once_store_sessions_of_one_browser(app: Flask) -> None:
    """Issue 45's lost join: a new browser joins an arena and draws its name at once, each
    request without a session cookie, and keeps the cookie answered last (the name's). That
    session is the same browser's: it is in the arena it joined."""
    maker, tab = app.test_client(), app.test_client()
    headers = {"X-CSRFToken": api_game(maker)["csrf_token"]}
    made = maker.post("/api/arenas", json={"length": 60, "clock": 5}, headers=headers)
    arena_id = made.get_json()["id"]
    joiner = app.test_client()
    headers = {"X-CSRFToken": api_game(joiner)["csrf_token"]}
    visitor = joiner.get_cookie(VISITOR_COOKIE)
    assert visitor is not None
    tab.set_cookie(VISITOR_COOKIE, visitor.value)  # the same browser's other request
    assert joiner.post(f"/api/arenas/{arena_id}/join", headers=headers).status_code == 200
    assert tab.get("/api/name").status_code == 200  # stores a session of its own
    assert tab.get(f"/api/arenas/{arena_id}").get_json()["you"] is not None
