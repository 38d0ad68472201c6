"""Request bodies read into their Structs: a bad one is a 400 that names the field and says,
in the request's language, what is wrong with it."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.conftest import api_game
from tests.refusals import refusal
from tests.web.api.test_api import call
from tests.web.conftest import state
from tests.web.site.test_i18n import catalog
from webapp.web.views.bodies import NOT_A_STRING

BAD, MISSING = "invalid_field", "missing_field"
PEOPLE = {"x": "user", "o": "user"}
DEEP = "[" * 1000 + "]" * 1000


@pytest.mark.parametrize(
    ("path", "body", "field", "why"),
    [
        ("/api/move", {"cell": "A1", "ply": 3.5}, "ply", BAD),
        ("/api/move", {"cell": "A1", "ply": 50}, "ply", BAD),
        ("/api/move", {"cell": "A1", "ply": -1}, "ply", BAD),
        ("/api/move", {"cell": "A1", "ply": None}, "ply", BAD),
        ("/api/move", {"cell": "A1", "version": False}, "version", BAD),
        ("/api/move", {"cell": "A1", "version": -1}, "version", BAD),
        ("/api/move", {"cell": ["A1"], "ply": 0}, "cell", BAD),
        ("/api/move", {"cell": "a1", "ply": 0}, "cell", BAD),
        ("/api/move", {"version": 0}, "cell", MISSING),
        ("/api/step", {"to_end": True}, "ply", MISSING),
        ("/api/undo", {"ply": "0"}, "ply", BAD),
        ("/api/undo", {"game": 7}, "game", BAD),
        ("/api/resign", {"version": "3"}, "version", BAD),
        ("/api/abort", {"ply": 1.5}, "ply", BAD),
        ("/api/claim", {"game": None}, "game", BAD),
        ("/api/rematch", {"version": 2.5}, "version", BAD),
        ("/api/new", {"o": "user"}, "x", MISSING),
        ("/api/new", {"x": "user", "o": None}, "o", BAD),
        ("/api/new", {**PEOPLE, "position": "_xxoo_ox_"}, "position", BAD),
        ("/api/new", {**PEOPLE, "toss": 1}, "toss", BAD),
        ("/api/join", {}, "invite", MISSING),
        ("/api/join", {"invite": None}, "invite", BAD),
        ("/api/seat", {"seat": ["x"]}, "seat", BAD),
    ],
)
def test_a_bad_field_is_named_with_what_is_wrong(
    client: FlaskClient, path: str, body: Any, field: str, why: str
) -> None:
    before = state(client)
    response = call(client, path, body)
    assert response.status_code == 400
    assert refusal(response.get_json()) == (why, field)
    assert state(client) == before


@pytest.mark.parametrize(
    ("data", "field"),
    [('{"cell": "B3", "version": 1e400}', "version"), ('{"cell": "A1", "ply": -1e999}', "ply")],
)
def test_a_number_past_the_readers_range_is_named_as_its_field(
    client: FlaskClient, data: str, field: str
) -> None:
    before = state(client)
    headers = {"X-CSRFToken": api_game(client)["csrf_token"]}
    response = client.post("/api/move", data=data, headers=headers, content_type="application/json")
    assert response.status_code == 400
    assert refusal(response.get_json()) == (BAD, field)
    assert state(client) == before


@pytest.mark.parametrize(
    "data",
    [
        "[1, 2]",
        '"B2"',
        "7",
        "null",
        "{",
        "",
        '{"cell": "A1", "ply": 0',
        DEEP,
        '{"cell": "A1", "ply": 0, "pad": ' + DEEP + "}",
        '{"cell": "A1", "ply": 0.5, "pad": NaN}',  # no JSON, after a field of the wrong type
        '{"cell": "A1", "ply": 0.0, "pad": -Infinity}',
    ],
)
def test_a_body_that_is_no_json_object_names_no_field(client: FlaskClient, data: str) -> None:
    headers = {"X-CSRFToken": api_game(client)["csrf_token"]}
    response = client.post("/api/move", data=data, headers=headers, content_type="application/json")
    assert response.status_code == 400
    assert refusal(response.get_json()) == ("not_an_object", None)


def test_a_whole_number_may_be_written_3_0_but_never_true(client: FlaskClient) -> None:
    # JSON Schema's "integer", which the document says, counts 3.0 as one; msgspec's int does
    # not, so such a body is read again with its whole numbers made ints.
    moved = call(client, "/api/move", {"cell": "B2", "ply": 0.0})
    assert moved.status_code == 200 and moved.get_json()["moves"] == ["B2"]
    version = moved.get_json()["version"]
    undone = call(client, "/api/undo", {"version": float(version), "ply": 1e0})
    assert undone.status_code == 200 and undone.get_json()["moves"] == []
    refused = call(client, "/api/move", {"cell": "B2", "ply": True})
    assert refused.status_code == 400 and refusal(refused.get_json()) == (BAD, "ply")


def test_unknown_fields_are_ignored_and_an_optional_body_may_be_left_out(
    client: FlaskClient,
) -> None:
    moved = call(client, "/api/move", {"cell": "B2", "ply": 0, "comment": {"any": [1]}})
    assert moved.status_code == 200
    token = {"X-CSRFToken": api_game(client)["csrf_token"]}
    undone = client.post("/api/undo", headers=token)  # no body, no content type
    assert undone.status_code == 200 and undone.get_json()["moves"] == []


def test_a_body_not_sent_as_json_is_a_415(client: FlaskClient) -> None:
    token = {"X-CSRFToken": api_game(client)["csrf_token"]}
    for path in ("/api/move", "/api/undo"):
        response = client.post(path, data="ply=0", headers=token)
        assert response.status_code == 415 and refusal(response.get_json()) == ("not_json", None)


def test_the_message_is_in_the_language_asked_for_and_the_field_is_not(
    client: FlaskClient,
) -> None:
    headers = {"Accept-Language": "de", "X-CSRFToken": api_game(client)["csrf_token"]}
    response = client.post("/api/join", json={"invite": 7}, headers=headers)
    assert refusal(response.get_json()) == (BAD, "invite")
    # The subject here is the language: the words are the German catalog's, filled in.
    german = catalog("de")[NOT_A_STRING].string
    assert response.get_json()["error"] == german % {"name": "'invite'"}


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/message", {"phrase": 5}, "phrase"),
        ("/api/mute", {"muted": "yes"}, "muted"),
        ("/api/message", {}, "phrase"),
    ],
)
def test_every_api_blueprint_names_the_bad_field(
    client: FlaskClient, path: str, body: Any, field: str
) -> None:
    """One JSON error writer for the whole app: routes outside /api/'s first blueprint keep
    the ``field`` too."""
    response = call(client, path, body)
    assert response.status_code == 400
    assert refusal(response.get_json())[1] == field


@pytest.mark.parametrize(
    ("path", "body", "field", "says"),
    [
        ("/api/new", {**PEOPLE, "board": "4x4"}, "board", "3x3, 5x5, 7x7"),
        ("/api/pair", {"board": 5}, "board", "3x3, 5x5, 7x7"),
        ("/api/new", {**PEOPLE, "clock": -1}, "clock", "0 (no clock) to 604800"),
        ("/api/message", {"phrase": "hi"}, "phrase", "good_luck, well_played"),
        ("/api/mute", {"muted": "yes"}, "muted", "true or false"),
        ("/api/takeback", {"accept": 1}, "accept", "true or false"),
        ("/api/draw", {"accept": "no"}, "accept", "true or false"),
        ("/api/new", {"x": "robot", "o": "user"}, "x", "user, easy, medium, hard, friend"),
        ("/api/new", {"x": "user", "o": 2}, "o", "user, easy, medium, hard, friend"),
    ],
)
def test_a_bad_choice_says_what_the_field_takes(
    client: FlaskClient, path: str, body: Any, field: str, says: str
) -> None:
    """A program told only that "the request could not be understood" cannot find what to
    send: the message names the values the field takes."""
    before = state(client)
    response = call(client, path, body)
    assert response.status_code == 400
    assert refusal(response.get_json()) == (BAD, field)
    assert says in response.get_json()["error"]
    assert state(client) == before


@pytest.mark.parametrize("path", ["/api/move", "/api/step"])
def test_a_body_naming_no_state_is_told_to_send_the_version(client: FlaskClient, path: str) -> None:
    """It was told "The field 'ply' is required.", though version, which the docs advise,
    would do as well."""
    response = call(client, path, {"cell": "B2"})
    assert response.status_code == 400
    assert refusal(response.get_json()) == (MISSING, "ply")  # the field stays, for programs
    assert "'version' (or 'ply') is required" in response.get_json()["error"]


def test_a_bad_query_of_the_games_list_names_its_field(client: FlaskClient) -> None:
    response = client.get("/api/games?limit=x")
    assert response.status_code == 400
    assert refusal(response.get_json()) == (BAD, "limit")
    # It said "not a whole number in the documented range", and the range was not said.
    assert "whole number from 1 to 100" in response.get_json()["error"]
