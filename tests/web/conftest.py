"""Helpers for the web tests: start a game through the setup form, as a person would."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.conftest import api_game, post


def new_game(client: FlaskClient, x: str, o: str, position: str = "", **extra: str) -> Any:
    """POST the setup form; the response is the redirect to the board."""
    response = post(client, "/new", {"x": x, "o": o, "position": position, **extra})
    assert response.status_code == 303
    return response


def state(client: FlaskClient) -> dict[str, Any]:
    """The match as /api/game shows it, without the CSRF token (its signature has a timestamp)
    and without how long each seat has been away."""
    data = api_game(client)
    data.pop("csrf_token")
    for seat in (data["online"] or {}).get("presence", {}).values():
        seat.pop("away")  # seconds since the seat was last seen: time passes between reads
    return data
