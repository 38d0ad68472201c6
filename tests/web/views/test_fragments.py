"""Fragments kept by their complete view model: the same model gives the kept HTML, any field
that differs gives its own, and so does another language."""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import urlsplit

from flask import Flask
from flask.testing import FlaskClient

from tests.web.pages.test_online import invite, join
from webapp.rules import Match
from webapp.web.action_table import board_buttons
from webapp.web.cycle.matches import Current
from webapp.web.views import board_view, fragments
from webapp.web.views import models as views


def view(app: Flask) -> views.BoardView:
    """The board view of a hot-seat game one move in."""
    match = Match.between("user", "user")
    match = match.played(match.game.play("B2"))
    with app.test_request_context("/"):
        return board_view.build(Current(match, "m" * 22, 1, frozenset("12")), board_buttons)


def test_the_same_model_is_rendered_once(app: Flask) -> None:
    model = view(app)
    fragments._rendered.cache_clear()
    with app.test_request_context("/"):
        first = fragments.fragment("_game.html", "game", model)
        again = fragments.fragment("_game.html", "game", replace(model))  # equal, not the same
    assert first is again and fragments._rendered.cache_info().hits == 1


def test_every_field_is_in_the_key(app: Flask) -> None:
    model = view(app)
    with app.test_request_context("/"):
        shown = fragments.fragment("_game.html", "game", model)
        renamed = fragments.fragment("_game.html", "game", replace(model, x_name="Somebody"))
        no_buttons = fragments.fragment("_game.html", "game", replace(model, buttons=()))
    assert "Somebody" in renamed and "Somebody" not in shown
    assert "Undo" in shown and "Undo" not in no_buttons


def test_the_language_is_in_the_key(app: Flask) -> None:
    model = view(app)
    with app.test_request_context("/"):
        english = fragments.fragment("_game.html", "game", model)
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        german = fragments.fragment("_game.html", "game", model)
    assert "Players" in english and "Spieler" in german and english != german


def _token(html: str) -> str:
    return html.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]


def test_a_kept_page_is_shown_to_each_browser_with_its_own_token_and_messages(
    app: Flask, client: FlaskClient
) -> None:
    """Two spectators of one match see the same page (one kept copy), each with the CSRF
    token of its own session, and a message flashed for one is not shown to the other."""
    assert join(app.test_client(), invite(client)).headers["X-Move-Result"] == "accepted"
    watch = urlsplit(client.get("/api/game").get_json()["online"]["watch"]).path
    fragments._page.cache_clear()
    first, second = app.test_client(), app.test_client()
    pages = [browser.get(watch).get_data(as_text=True) for browser in (first, second)]
    assert fragments._page.cache_info().hits >= 1  # the second was the first's page
    tokens = [_token(page) for page in pages]
    assert tokens[0] != tokens[1] and fragments.TOKEN not in pages[0] + pages[1]
    with first.session_transaction() as session:
        session["_flashes"] = [("error", "Only for the first browser")]
    shown = [browser.get(watch).get_data(as_text=True) for browser in (first, second)]
    assert "Only for the first browser" in shown[0] and "Only for the first browser" not in shown[1]
    assert fragments.MESSAGES not in shown[0] + shown[1]


def test_a_page_whose_context_is_unhashable_is_rendered_not_kept(app: Flask) -> None:
    fragments._page.cache_clear()

    @app.context_processor
    def unhashable() -> dict[str, list[str]]:
        return {"listed": ["a"]}

    with app.test_client() as browser:
        assert browser.get("/").status_code == 200
    assert fragments._page.cache_info().currsize == 0


def test_a_sessions_token_is_signed_once_and_passes(app: Flask, client: FlaskClient) -> None:
    """The token a kept page is given is signed once per session token (none expires), the
    same at each look, and a post that sends it is accepted; another browser has its own."""
    first = _token(client.get("/").get_data(as_text=True))
    fragments._signed.cache_clear()
    again = _token(client.get("/").get_data(as_text=True))
    assert _token(client.get("/").get_data(as_text=True)) == again
    assert fragments._signed.cache_info().hits >= 1
    other = _token(app.test_client().get("/").get_data(as_text=True))
    assert other not in (first, again)
    for token in (first, again):
        answer = client.post("/move", data={"cell": "B2", "csrf_token": token})
        assert answer.headers["X-Move-Result"] == "accepted"
        client.post("/undo", data={"csrf_token": token})
