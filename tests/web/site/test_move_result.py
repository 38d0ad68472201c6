"""Every answer to a POST (or DELETE) tells programs whether it took: ``X-Move-Result``,
``accepted`` or ``refused``, on every such route of the app, for a good and a bad request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game, post
from tests.web.conftest import new_game
from tests.web.pages.test_online import invite, join
from tests.web.shown import page
from webapp import create_app

Setup = Callable[[Flask, MovableClock], Any]  # a scene, then the request; its answer


def api(client: FlaskClient, path: str, body: dict[str, Any] | None = None, **kw: Any) -> Any:
    """A call of the JSON API with the session's CSRF header."""
    headers = {"X-CSRFToken": api_game(client)["csrf_token"]}
    return client.open(path, method=kw.get("method", "POST"), json=body or {}, headers=headers)


def fresh(app: Flask) -> FlaskClient:
    """A browser that has seen the board."""
    client = app.test_client()
    client.get("/")
    return client


def two_players(app: Flask) -> FlaskClient:
    """A browser with a game of two players on this device."""
    client = fresh(app)
    new_game(client, "user", "user")
    return client


def computers(app: Flask) -> FlaskClient:
    """A browser watching the computer play itself."""
    client = fresh(app)
    new_game(client, "easy", "hard")
    return client


def online(app: Flask) -> tuple[FlaskClient, FlaskClient, str]:
    """X and O seated in an online match, and its invite's path."""
    host, guest = fresh(app), fresh(app)
    path = invite(host)
    assert join(guest, path).status_code == 303
    return host, guest, path


def moved(app: Flask) -> FlaskClient:
    """X of an online match, having played B2."""
    host, _guest, _path = online(app)
    post(host, "/move", {"cell": "B2"})
    return host


def clocked(app: Flask) -> FlaskClient:
    """X of an online match with 30 s a move, having played B2: O's clock runs."""
    host, guest = fresh(app), fresh(app)
    new_game(host, "user", "friend", clock="30")
    shown = page(host, "/")
    assert join(guest, shown.link(shown.ids["invite-link"]).removeprefix("http://localhost"))
    post(host, "/move", {"cell": "B2"})
    return host


def resigned(app: Flask) -> FlaskClient:
    """X of an online match that X resigned."""
    host, _guest, _path = online(app)
    post(host, "/resign")
    return host


def away(app: Flask, clock: MovableClock) -> FlaskClient:
    """X of an online match whose O has been away for long, at O's turn."""
    host = moved(app)
    clock.advance(121)
    return host


def seat_token(app: Flask) -> str:
    """The token of O's link to continue on another device."""
    _host, guest, _path = online(app)
    link = page(guest, "/").link("Continue on another device")
    return link.removeprefix("http://localhost/seat/")


def seeking(app: Flask) -> FlaskClient:
    """A browser waiting to be paired."""
    client = fresh(app)
    post(client, "/pair")
    return client


GOOD: dict[str, Setup] = {
    "POST /move": lambda app, _: post(two_players(app), "/move", {"cell": "A1"}),
    "POST /undo": lambda app, _: post(_played(two_players(app)), "/undo"),
    "POST /again": lambda app, _: post(fresh(app), "/again"),
    "POST /swap": lambda app, _: post(fresh(app), "/swap"),
    "POST /score/reset": lambda app, _: post(fresh(app), "/score/reset"),
    "POST /step": lambda app, _: post(computers(app), "/step"),
    "POST /finish": lambda app, _: post(computers(app), "/finish"),
    "POST /mode": lambda app, _: post(fresh(app), "/mode", {"mode": "hard"}),
    "POST /new": lambda app, _: post(fresh(app), "/new", {"x": "user", "o": "hard"}),
    "POST /abort": lambda app, _: post(online(app)[0], "/abort"),
    "POST /resign": lambda app, _: post(online(app)[0], "/resign"),
    "POST /claim": lambda app, clock: post(away(app, clock), "/claim"),
    "POST /rematch": lambda app, _: post(resigned(app), "/rematch"),
    "POST /takeback": lambda app, _: post(moved(app), "/takeback"),
    "POST /draw": lambda app, _: post(moved(app), "/draw"),
    "POST /moretime": lambda app, _: post(clocked(app), "/moretime"),
    "POST /message": lambda app, _: post(online(app)[0], "/message", {"phrase": "thanks"}),
    "POST /mute": lambda app, _: post(online(app)[0], "/mute", {"muted": "1"}),
    "POST /games/clear": lambda app, _: post(fresh(app), "/games/clear"),
    "POST /join/<token>": lambda app, _: join(fresh(app), invite(fresh(app))),
    "POST /seat/<token>": lambda app, _: post(fresh(app), f"/seat/{seat_token(app)}"),
    "POST /pair": lambda app, _: post(fresh(app), "/pair"),  # waiting
    "POST /pair/cancel": lambda app, _: post(seeking(app), "/pair/cancel"),
    "POST /pair/computer": lambda app, _: post(seeking(app), "/pair/computer", {"level": "easy"}),
    "POST /settings": lambda app, _: post(
        fresh(app), "/settings", {"display": "normal", "language": "en"}
    ),
    "POST /settings/name": lambda app, _: post(fresh(app), "/settings/name"),
    "POST /text": lambda app, _: post(two_players(app), "/text", {"command": "B2"}),
    "POST /api/move": lambda app, _: api(two_players(app), "/api/move", {"cell": "A1", "ply": 0}),
    "POST /api/undo": lambda app, _: api(_played(two_players(app)), "/api/undo"),
    "POST /api/new": lambda app, _: api(fresh(app), "/api/new", {"x": "user", "o": "hard"}),
    "POST /api/step": lambda app, _: api(computers(app), "/api/step", {"ply": 0}),
    "POST /api/abort": lambda app, _: api(online(app)[0], "/api/abort"),
    "POST /api/resign": lambda app, _: api(online(app)[0], "/api/resign"),
    "POST /api/claim": lambda app, clock: api(away(app, clock), "/api/claim"),
    "POST /api/rematch": lambda app, _: api(resigned(app), "/api/rematch"),
    "POST /api/takeback": lambda app, _: api(moved(app), "/api/takeback"),
    "POST /api/draw": lambda app, _: api(moved(app), "/api/draw"),
    "POST /api/moretime": lambda app, _: api(clocked(app), "/api/moretime"),
    "POST /api/message": lambda app, _: api(online(app)[0], "/api/message", {"phrase": "thanks"}),
    "POST /api/mute": lambda app, _: api(online(app)[0], "/api/mute", {"muted": True}),
    "POST /api/join": lambda app, _: api(
        fresh(app), "/api/join", {"invite": invite(fresh(app)).removeprefix("/join/")}
    ),
    "POST /api/seat": lambda app, _: api(fresh(app), "/api/seat", {"seat": seat_token(app)}),
    "POST /api/pair": lambda app, _: api(fresh(app), "/api/pair"),
    "DELETE /api/pair": lambda app, _: api(_sought(fresh(app)), "/api/pair", method="DELETE"),
    "DELETE /api/games": lambda app, _: api(fresh(app), "/api/games", method="DELETE"),
    "POST /api/name": lambda app, _: api(fresh(app), "/api/name"),
    "POST /api/arenas": lambda app, _: api(fresh(app), "/api/arenas", {"length": 60, "clock": 5}),
    "POST /api/arenas/<arena_id>/join": lambda app, _: api(
        fresh(app), f"/api/arenas/{_arena(app)}/join"
    ),
    "POST /api/arenas/<arena_id>/pause": lambda app, _: _api_in_arena(app, "pause"),
    "POST /api/arenas/<arena_id>/withdraw": lambda app, _: _api_in_arena(app, "withdraw"),
    "POST /arenas": lambda app, _: post(
        fresh(app), "/arenas", {"length": "300", "clock": "10", "starts_in": "60"}
    ),
    "POST /arenas/<arena_id>/join": lambda app, _: post(fresh(app), f"/arenas/{_arena(app)}/join"),
    "POST /arenas/<arena_id>/pause": lambda app, _: _form_in_arena(app, "pause"),
    "POST /arenas/<arena_id>/withdraw": lambda app, _: _form_in_arena(app, "withdraw"),
}
# A request each route refuses: the cases first, then an empty form or body where
# that is refused, else no CSRF token.
BAD: dict[str, Setup] = {
    "POST /new": lambda app, _: post(fresh(app), "/new", {"x": "nobody", "o": "hard"}),
    "POST /settings": lambda app, _: post(fresh(app), "/settings", {"display": "big"}),
    "POST /join/<token>": lambda app, _: _own_invite(fresh(app)),
    "POST /games/clear": lambda app, _: fresh(app).post("/games/clear"),
    "POST /pair": lambda app, _: _in_play(app),
    "POST /pair/computer": lambda app, _: post(seeking(app), "/pair/computer", {"level": "god"}),
    "POST /text": lambda app, _: post(two_players(app), "/text", {"command": "12"}),
    "POST /settings/name": lambda app, _: fresh(app).post("/settings/name"),  # no CSRF token
    "POST /api/name": lambda app, _: fresh(app).post("/api/name"),
}
ACCEPT_ANYTHING = ("/again", "/swap", "/score/reset", "/pair/computer", "/api/games", "/api/pair")


def _arena(app: Flask) -> str:
    """A private arena starting in a minute; its id."""
    made = api(fresh(app), "/api/arenas", {"length": 60, "clock": 5, "starts_in": 60})
    return str(made.get_json()["id"])


def _in_arena(app: Flask) -> tuple[FlaskClient, str]:
    """A browser in an arena, and the arena's API path."""
    client, arena_id = fresh(app), _arena(app)
    post(client, f"/arenas/{arena_id}/join")
    return client, f"/api/arenas/{arena_id}"


def _api_in_arena(app: Flask, what: str) -> Any:
    """``POST /api/arenas/<id>/<what>`` by a browser in the arena."""
    client, path = _in_arena(app)
    return api(client, f"{path}/{what}")


def _form_in_arena(app: Flask, what: str) -> Any:
    """The arena page's form ``what``, by a browser in the arena."""
    client, path = _in_arena(app)
    return post(client, path.removeprefix("/api") + "/" + what)


def _played(client: FlaskClient) -> FlaskClient:
    post(client, "/move", {"cell": "A1"})
    return client


def _sought(client: FlaskClient) -> FlaskClient:
    api(client, "/api/pair")
    return client


def _own_invite(host: FlaskClient) -> Any:
    return post(host, invite(host))


def _in_play(app: Flask) -> Any:
    """Play someone from an online match still being played: refused."""
    host, _guest, _path = online(app)
    return post(host, "/pair")


def _bad(app: Flask, method: str, rule: str) -> Any:
    client = fresh(app)
    path = rule.replace("<token>", "AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA")
    if rule.endswith(ACCEPT_ANYTHING):  # no token
        return client.open(path, method=method)
    if rule.startswith("/api/"):
        return api(client, path, method=method)
    return post(client, path)


def _routes() -> list[str]:
    app = create_app({"SECRET_KEY": "x", "TESTING": True}, instance_path="/nonexistent")
    return sorted(
        f"{method} {rule.rule}"
        for rule in app.url_map.iter_rules()
        for method in (rule.methods or set()) - {"GET", "HEAD", "OPTIONS"}
    )


ROUTES = _routes()


def test_every_route_that_changes_something_has_a_good_request() -> None:
    assert sorted(GOOD) == ROUTES


@pytest.mark.parametrize("route", ROUTES)
def test_a_good_request_is_accepted(app: Flask, clock: MovableClock, route: str) -> None:
    response = GOOD[route](app, clock)
    assert response.status_code < 400, response.get_data(as_text=True)[:300]
    assert response.headers.get("X-Move-Result") == "accepted"


@pytest.mark.parametrize("route", ROUTES)
def test_a_bad_request_is_refused(app: Flask, clock: MovableClock, route: str) -> None:
    method, rule = route.split(" ")
    response = BAD[route](app, clock) if route in BAD else _bad(app, method, rule)
    assert response.headers.get("X-Move-Result") == "refused", response.status_code


def test_the_resign_question_and_waiting_to_be_paired_carry_it(app: Flask) -> None:
    host, _guest, _path = online(app)
    asked = post(host, "/text", {"command": "resign"})
    assert asked.status_code == 303 and "confirm=resign" in asked.headers["Location"]
    assert asked.headers["X-Move-Result"] == "accepted"
    waiting = post(fresh(app), "/pair")
    assert waiting.headers["Location"] == "/pair" and waiting.headers["X-Move-Result"] == "accepted"
