"""Helpers for the text-mode tests: turn it on, type in its field, read what the page says."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game
from tests.web.pages.test_online import invite, join
from tests.web.shown import page


def text_on(client: FlaskClient) -> None:
    """Turn text mode on for this browser, as a shared link does."""
    assert client.get("/?text=1").status_code == 200


def part(shown: str, element_id: str) -> str:
    """The text inside the element ``element_id`` of the page, tags left out."""
    found = re.search(rf'<(\w+) id="{element_id}"[^>]*>(.*?)</\1>', shown, re.S)
    assert found, f"no #{element_id} on the page"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(2))).split())


def board(client: FlaskClient, path: str = "/") -> str:
    """The text-mode page at ``path``, as HTML."""
    shown: str = client.get(path).get_data(as_text=True)
    assert 'id="text-command"' in shown, "the page is not in text mode"
    return shown


def type_in(client: FlaskClient, typed: str, path: str = "/") -> Any:
    """Type ``typed`` in the field of the page at ``path`` and send it, with its fields."""
    fields = page(client, path).form("/text").fields
    return client.post("/text", data={**fields, "command": typed})


def said(client: FlaskClient, typed: str, path: str = "/") -> tuple[str, str]:
    """Type ``typed``, follow the redirect: the announcement and the alerts of that page."""
    response = type_in(client, typed, path)
    assert response.status_code == 303
    shown = board(client, response.headers["Location"])
    return part(shown, "text-announce"), part(shown, "text-alerts")


def spectating(client: FlaskClient, app: Flask) -> tuple[FlaskClient, str]:
    """A browser in text mode watching the online match that ``client`` started and a friend
    joined, and the watch link's path."""
    guest = app.test_client()
    join(guest, invite(client))
    watch: str = api_game(client)["online"]["watch"].removeprefix("http://localhost")
    spectator = app.test_client()
    text_on(spectator)
    return spectator, watch
