"""Share: a plain link to /new that holds the position and players and only fills the form."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, post
from tests.web.conftest import new_game, state
from tests.web.shown import Page, page


def chosen(shown: Page) -> dict[str, str]:
    """The players checked and the position filled in the setup form."""
    values = {"position": ""}
    for tag, attrs in shown.elements:
        radio = tag == "input" and attrs.get("type") == "radio" and "checked" in attrs
        if radio and attrs["name"] != "board":  # the board's: tests/web/api/test_bigboards.py
            values[attrs["name"]] = attrs["value"]
        if tag == "input" and attrs.get("id") == "position":
            values["position"] = attrs.get("value", "")
    return values


def test_the_board_shows_a_share_link_with_its_url(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    post(client, "/move", {"cell": "B2"})
    board = api_game(client)["board"]
    shown = page(client)
    url = shown.link("Share this position")
    assert url == f"http://localhost/new?position={board}&x=user&o=hard"
    # Shown in full in a field that keeps it on one line, to copy without JavaScript; with
    # it, a Copy button does it.
    fields = [a for tag, a in shown.elements if tag == "input" and a.get("id") == "share-url"]
    assert fields[0]["value"] == url and "readonly" in fields[0]
    assert (
        f'class="copy" data-copy="{url.replace("&", "&amp;")}" hidden>Copy</button>' in shown.html
    )


def test_opening_a_shared_link_fills_the_form_and_changes_no_game(client: FlaskClient) -> None:
    post(client, "/move", {"cell": "A1"})
    before = state(client)
    shown = page(client, "/new?position=_XXOO_OX_&x=user&o=hard")
    assert chosen(shown) == {"x": "user", "o": "hard", "position": "_XXOO_OX_"}
    assert state(client) == before
    response = client.post("/new", data=shown.form("/new").fields | chosen(shown))
    assert response.status_code == 303
    game = api_game(client)
    assert game["start"] == "_XXOO_OX_" and game["players"] == {"X": "user", "O": "hard"}
    assert game["moves"] == []


def test_a_shared_link_round_trips_a_finished_game(client: FlaskClient) -> None:
    new_game(client, "easy", "medium")
    post(client, "/finish", {})
    finished = api_game(client)
    query = parse_qs(urlsplit(page(client).link("Share this position")).query)
    assert query == {"position": [finished["board"]], "x": ["easy"], "o": ["medium"]}


@pytest.mark.parametrize(
    "query",
    [
        "x=god&o=hard",
        "x=user&x=hard&o=",
        "position=" + "X" * 5000,
        "position=%3Cscript%3Ealert(1)%3C/script%3E",
        "position=%00%FF%FE",
        "position=XXXXXXXXX&x=easy&o=easy",
        "position=_XXOO_OX_&position=bad",
        "x[]=user&o={}",
    ],
)
def test_any_query_shows_the_form_and_never_fails(client: FlaskClient, query: str) -> None:
    before = state(client)
    response = client.get(f"/new?{query}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<script>" not in html
    form = Page(html).form("/new")
    assert "csrf_token" in form.fields
    values = chosen(Page(html))
    assert values["x"] in ("user", "easy", "medium", "hard")
    assert len(values["position"]) <= 60
    assert state(client) == before


def test_a_bad_shared_position_is_explained_next_to_its_field(client: FlaskClient) -> None:
    shown = page(client, "/new?position=XXXXXXXXX&x=user&o=user")
    assert "Impossible counts: 9 X and 0 O." in shown.ids["position-problem"]
    field = next(a for tag, a in shown.elements if tag == "input" and a.get("id") == "position")
    assert field["aria-invalid"] == "true"
    assert "position-problem" in field["aria-describedby"]
    assert "position-problem" not in page(client, "/new?position=_XXOO_OX_").ids


def test_unknown_players_in_a_link_keep_the_current_ones(client: FlaskClient) -> None:
    new_game(client, "medium", "user")
    assert chosen(page(client, "/new?x=expert&o=robot")) == {
        "x": "medium",
        "o": "user",
        "position": "",
    }


@pytest.mark.parametrize(("board", "cell"), [("5x5", "C3"), ("7x7", "D4")])
def test_a_bigger_boards_shared_link_starts_on_its_board(
    app: Flask, client: FlaskClient, board: str, cell: str
) -> None:
    new_game(client, "user", "hard", board=board)
    post(client, "/move", {"cell": cell})
    position = api_game(client)["board"]
    link = page(client).link("Share this position").removeprefix("http://localhost")
    friend = app.test_client()  # a browser whose own game is on 3x3
    shown = page(friend, link)
    assert "position-problem" not in shown.ids
    checked = {a["name"]: a["value"] for tag, a in shown.elements if "checked" in a}
    assert checked["board"] == board
    started = friend.post("/new", data=shown.form("/new").fields | chosen(shown) | checked)
    assert started.headers["X-Move-Result"] == "accepted"
    assert api_game(friend)["start"] == position
