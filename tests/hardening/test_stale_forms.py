"""Stale forms: a post made for another state of the match (an earlier move, another game, an
undo since, another match) plays nothing. The board's forms carry the match and its version,
which grows with every change."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post, stored_match
from tests.refusals import code
from webapp.web.cycle.matches import StaleFormError

STALE = StaleFormError.refusal.message  # the words the board flashes


def _form_fields(client: FlaskClient) -> dict[str, str]:
    """The match and version that the board's forms send, read from the page."""
    page = client.get("/").get_data(as_text=True)
    match = re.search(r'name="match" value="([^"]*)"', page)
    version = re.search(r'name="version" value="([^"]+)"', page)
    assert match and version
    return {"match": match.group(1), "version": version.group(1)}


def _refused_as_stale(client: FlaskClient, response: Any) -> None:
    """A refusal that sends the browser back to the board, which says why once."""
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert response.headers["X-Move-Result"] == "refused"
    assert STALE in client.get("/").get_data(as_text=True)


def test_a_stale_request_has_its_code() -> None:
    """Programs tell a stale request by its code, the same in every language."""
    assert StaleFormError(0).code == "stale"


def test_double_click_plays_once(client: FlaskClient) -> None:
    """The second post of the same page is refused, even for a match not stored before."""
    fields = _form_fields(client)
    assert fields == {"match": "", "version": "0"}
    first = post(client, "/move", {"cell": "B2", **fields})
    second = post(client, "/move", {"cell": "A1", **fields})
    assert first.headers["X-Move-Result"] == "accepted"
    _refused_as_stale(client, second)
    assert api_game(client)["moves"] == ["B2"]


def test_back_button_form_is_refused(client: FlaskClient) -> None:
    """A form of an earlier board is refused."""
    post(client, "/move", {"cell": "B2", **_form_fields(client)})
    old = _form_fields(client)
    post(client, "/move", {"cell": "A1", **_form_fields(client)})
    _refused_as_stale(client, post(client, "/move", {"cell": "C3", **old}))
    assert api_game(client)["moves"] == ["B2", "A1"]


def test_tab_left_open_across_an_undo_and_another_move_is_refused(
    app: Flask, client: FlaskClient
) -> None:
    """The ply is the same as when the tab was shown, but the board is not: the version says so.

    Fails before the version: the form then carried the game id and the ply, both unchanged.
    """
    play(client, ("B2", "A1"))
    old_tab = _form_fields(client)  # shows B2, A1; X to move
    post(client, "/undo", _form_fields(client))  # the other tab takes A1 back...
    post(client, "/move", {"cell": "C3", **_form_fields(client)})  # ...and O plays C3 instead
    before = stored_match(app, client)
    assert api_game(client)["ply"] == 2 and before is not None

    _refused_as_stale(client, post(client, "/move", {"cell": "A3", **old_tab}))
    assert stored_match(app, client) == before
    assert api_game(client)["moves"] == ["B2", "C3"]


def test_api_move_with_the_version_before_an_undo_and_another_move_is_a_409(
    app: Flask, client: FlaskClient
) -> None:
    """The same through the API: the version of the old answer is a 409, even with its ply."""
    play(client, ("B2", "A1"))
    old = api_game(client)
    post(client, "/undo", _form_fields(client))
    post(client, "/move", {"cell": "C3", **_form_fields(client)})
    before = stored_match(app, client)
    headers = {"X-CSRFToken": old["csrf_token"]}
    for body in ({"version": old["version"]}, {"version": old["version"], "ply": old["ply"]}):
        response = client.post("/api/move", json={"cell": "A3", **body}, headers=headers)
        assert response.status_code == 409 and code(response.get_json()) == "stale"
    assert stored_match(app, client) == before
    fresh = api_game(client)
    response = client.post(
        "/api/move", json={"cell": "A3", "version": fresh["version"]}, headers=headers
    )
    assert response.status_code == 200 and response.get_json()["moves"] == ["B2", "C3", "A3"]


def test_tab_left_open_across_a_new_game_is_refused(app: Flask, client: FlaskClient) -> None:
    """A form of the game before a new one plays nothing in the new one."""
    post(client, "/move", {"cell": "A1", **_form_fields(client)})
    old = _form_fields(client)
    post(client, "/new", {"x": "user", "o": "user"})
    before = stored_match(app, client)
    _refused_as_stale(client, post(client, "/move", {"cell": "B2", **old}))
    assert stored_match(app, client) == before


def test_a_form_of_another_match_is_refused(app: Flask) -> None:
    """A form made for another browser's match at the same version changes neither match."""
    mine, theirs = app.test_client(), app.test_client()
    post(mine, "/move", {"cell": "A1", **_form_fields(mine)})
    post(theirs, "/move", {"cell": "A1", **_form_fields(theirs)})
    fields, before = _form_fields(theirs), stored_match(app, mine)
    assert fields["version"] == _form_fields(mine)["version"]
    _refused_as_stale(mine, post(mine, "/move", {"cell": "B2", **fields}))
    assert stored_match(app, mine) == before
    assert api_game(theirs)["moves"] == ["A1"]


def test_second_tab_step_buttons_are_refused(client: FlaskClient) -> None:
    """Next move and Play to the end from a page already stepped from play nothing."""
    post(client, "/new", {"x": "easy", "o": "easy"})
    fields = _form_fields(client)
    post(client, "/step", fields)
    _refused_as_stale(client, post(client, "/step", fields))
    _refused_as_stale(client, post(client, "/finish", fields))
    assert len(api_game(client)["moves"]) == 1


@pytest.mark.parametrize("version", ["zero", "", "-1", "1.0", " 1", "1e0", "99"])
def test_a_version_that_is_not_the_stored_one_is_stale(
    app: Flask, client: FlaskClient, version: str
) -> None:
    """A version that is garbage or not the stored one (here 1) is stale."""
    post(client, "/move", {"cell": "B2"})
    fields = _form_fields(client)
    assert fields["version"] == "1"
    before = stored_match(app, client)
    _refused_as_stale(client, post(client, "/move", {"cell": "A1", **fields, "version": version}))
    assert stored_match(app, client) == before


@pytest.mark.parametrize("match", ["", "x", "a" * 22])
def test_a_match_that_is_not_the_sessions_is_stale(
    app: Flask, client: FlaskClient, match: str
) -> None:
    """A form that names no match, or one that is not this session's, is stale."""
    post(client, "/move", {"cell": "B2"})
    before = stored_match(app, client)
    fields = {**_form_fields(client), "match": match}
    _refused_as_stale(client, post(client, "/move", {"cell": "A1", **fields}))
    assert stored_match(app, client) == before


@pytest.mark.parametrize(
    ("url", "players", "extra"),
    [
        ("/move", ("user", "user"), {"cell": "C3"}),
        ("/step", ("easy", "easy"), {}),
        ("/finish", ("easy", "easy"), {}),
        ("/undo", ("user", "user"), {}),
        ("/again", ("user", "user"), {}),
        ("/swap", ("user", "user"), {}),
    ],
)
def test_every_board_form_of_an_earlier_version_is_refused(
    app: Flask, client: FlaskClient, url: str, players: tuple[str, str], extra: dict[str, str]
) -> None:
    """Each of the board's forms, sent from a page one change old, changes nothing; from the
    page as it is now, the same form is accepted."""
    x, o = players
    post(client, "/new", {"x": x, "o": o})
    old = _form_fields(client)
    post(client, "/move" if x == "user" else "/step", {"cell": "A1", **old})
    before = stored_match(app, client)
    assert before is not None and before.version == int(old["version"]) + 1
    _refused_as_stale(client, post(client, url, {**old, **extra}))
    assert stored_match(app, client) == before
    accepted = post(client, url, {**_form_fields(client), **extra})
    assert accepted.headers["X-Move-Result"] == "accepted"
    after = stored_match(app, client)
    assert after is not None and after.version == before.version + 1


def test_play_again_and_swap_from_an_old_tab_keep_the_current_game(client: FlaskClient) -> None:
    """Play again and Swap sides from a tab showing the last game do not end the next one."""
    play(client, ("A1", "B1", "A2", "B2", "A3"))
    finished = _form_fields(client)  # the old tab shows the finished game
    post(client, "/again", finished)  # the other tab starts the next game...
    post(client, "/move", {"cell": "C3", **_form_fields(client)})  # ...and plays in it
    for url in ("/again", "/swap"):
        _refused_as_stale(client, post(client, url, finished))
        assert api_game(client)["moves"] == ["C3"]


def test_forms_without_match_and_version_are_checked_by_the_rules_alone(
    client: FlaskClient,
) -> None:
    """Scripts that send only a cell (the old contract) still play, and the rules refuse what
    is not legal: no stale check without the fields."""
    post(client, "/move", {"cell": "B2"})
    assert post(client, "/move", {"cell": "A1"}).headers["X-Move-Result"] == "accepted"
    refused = post(client, "/move", {"cell": "A1"})
    assert refused.headers["X-Move-Result"] == "refused"
    assert STALE not in client.get("/").get_data(as_text=True)
    assert api_game(client)["moves"] == ["B2", "A1"]
