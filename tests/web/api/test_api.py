"""The JSON API: game, new, move, step and undo, sharing the pages' session and token."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.conftest import api_game, post
from tests.documented import DOCUMENT
from tests.refusals import code, refusal
from tests.web.conftest import state
from tests.web.shown import page

BAD = "invalid_field"
MISSING = "missing_field"

GAME_KEYS = {
    "board",
    "turn",
    "status",
    "line",
    "players",
    "moves",
    "version",
    "start",
    "ply",
    "game",
    "csrf_token",
    "evaluation",
    "tally",
    "names",
    "you",
    "online",
    "seats",
    "score",
    "clock",
    "ended_by",
    "arena",
    "size",
    "in_a_row",
}


def call(
    client: FlaskClient, path: str, body: Any = None, token: bool = True, **kwargs: Any
) -> Any:
    """POST JSON to the API with the session's token in X-CSRFToken, as a program would."""
    headers = {"X-CSRFToken": api_game(client)["csrf_token"]} if token else {}
    return client.post(path, json=body, headers=headers, **kwargs)


def refused(
    client: FlaskClient,
    status: int,
    why: str,
    path: str,
    body: Any,
    field: str | None = None,
    **kw: Any,
) -> None:
    """The request is refused with ``status`` and the error's code ``why`` (naming the bad
    ``field`` of the body, if there is one), and changes nothing."""
    before = state(client)
    response = call(client, path, body, **kw)
    assert response.status_code == status, response.get_json()
    assert refusal(response.get_json()) == (why, field)
    assert state(client) == before


def test_game_keeps_its_keys_and_adds_evaluation_and_tally(client: FlaskClient) -> None:
    game = api_game(client)
    assert set(game) == GAME_KEYS
    assert game["board"] == "_________" and game["turn"] == "X" and game["line"] is None
    assert game["players"] == {"X": "user", "O": "user"}
    assert game["tally"] == {"wins": {"Player 1": 0, "Player 2": 0}, "draws": 0, "practice": False}
    assert game["evaluation"] == {
        "result": "Draw",
        "moves": 9,
        "best": sorted(game["evaluation"]["best"]),
    }
    assert len(game["evaluation"]["best"]) == 9


def test_new_move_and_undo(client: FlaskClient) -> None:
    response = call(client, "/api/new", {"x": "user", "o": "hard", "position": "_XXOO_OX_"})
    assert response.status_code == 200
    game = response.get_json()
    assert set(game) == GAME_KEYS
    assert game["board"] == "_XXOO_OX_" and game["ply"] == 0
    assert game["evaluation"] == {"result": "X wins", "moves": 1, "best": ["A1"]}
    moved = call(client, "/api/move", {"cell": "A1", "ply": 0}).get_json()
    assert moved["status"] == "X wins" and moved["line"] == ["A1", "A2", "A3"]
    assert moved["evaluation"] == {"result": "X wins", "moves": 0, "best": []}
    assert moved["tally"] == {
        "wins": {"You": 0, "Computer (hard)": 0},
        "draws": 0,
        "practice": True,
    }
    undone = call(client, "/api/undo").get_json()
    assert undone["board"] == "_XXOO_OX_" and undone["tally"]["wins"]["You"] == 0


def test_a_win_from_the_empty_board_counts(client: FlaskClient) -> None:
    call(client, "/api/new", {"x": "user", "o": "user"})
    for ply, cell in enumerate(["A1", "B1", "A2", "B2", "A3"]):
        game = call(client, "/api/move", {"cell": cell, "ply": ply}).get_json()
    assert game["tally"] == {"wins": {"Player 1": 1, "Player 2": 0}, "draws": 0, "practice": False}


def test_a_start_position_already_over_is_refused_with_its_result(client: FlaskClient) -> None:
    refused(
        client, 422, "finished_won", "/api/new", {"x": "user", "o": "user", "position": "XXXOO____"}
    )


def test_the_computer_replies_to_an_api_move(client: FlaskClient) -> None:
    call(client, "/api/new", {"x": "user", "o": "medium"})
    game = call(client, "/api/move", {"cell": "B2", "ply": 0}).get_json()
    assert game["ply"] == 2 and game["turn"] == "X" and game["moves"][0] == "B2"
    undone = call(client, "/api/undo", {"ply": 2, "game": game["game"]}).get_json()
    assert undone["moves"] == [] and undone["turn"] == "X"


def test_api_and_pages_share_one_game(client: FlaskClient) -> None:
    call(client, "/api/move", {"cell": "C3", "ply": 0})
    assert "C3, X" in page(client).cells()["C3"]
    post(client, "/move", {"cell": "A1"})
    assert api_game(client)["moves"] == ["C3", "A1"]


def test_a_wrong_ply_is_a_409_stale(client: FlaskClient) -> None:
    call(client, "/api/move", {"cell": "A1", "ply": 0})
    refused(client, 409, "stale", "/api/move", {"cell": "B2", "ply": 0})
    refused(client, 409, "stale", "/api/move", {"cell": "B2", "ply": 1, "game": "other"})
    refused(client, 409, "stale", "/api/undo", {"ply": 5})


def test_a_stale_refusal_tells_a_program_the_version_to_read_again(client: FlaskClient) -> None:
    """It said "This board has changed since the page was shown; nothing was played." to a
    program, which was shown no page, for an undo as for a move."""
    call(client, "/api/move", {"cell": "A1", "ply": 0})
    version = api_game(client)["version"]
    for path, body in (("/api/move", {"cell": "B2", "ply": 0}), ("/api/undo", {"ply": 5})):
        answer = call(client, path, body).get_json()
        assert answer["code"] == "stale" and "board" not in answer["error"]
        assert f"version {version} now" in answer["error"]
    shown = post(client, "/move", {"cell": "B2", "ply": 0, "version": 0})
    assert shown.headers["X-Move-Result"] == "refused"
    assert "This board has changed since the page was shown" in page(client).text


@pytest.mark.parametrize(
    ("body", "field", "why"),
    [
        ({"cell": "Z9", "ply": 0}, "cell", BAD),
        ({"cell": 7, "ply": 0}, "cell", BAD),
        ({"cell": "A1"}, "ply", MISSING),
        ({"ply": 0}, "cell", MISSING),
        ({"cell": "A1", "ply": "0"}, "ply", BAD),
        ({"cell": "A1", "ply": True}, "ply", BAD),
        ({"cell": "A1", "ply": 0, "game": None}, "game", BAD),
        ([1, 2], None, "not_an_object"),
    ],
)
def test_bad_moves_are_refused_naming_the_field(
    client: FlaskClient, body: Any, field: str | None, why: str
) -> None:
    refused(client, 400, why, "/api/move", body, field)


def test_engine_refusals_keep_the_engine_code(client: FlaskClient) -> None:
    call(client, "/api/move", {"cell": "A1", "ply": 0})
    refused(client, 409, "occupied_cell", "/api/move", {"cell": "A1", "ply": 1})
    call(client, "/api/new", {"x": "user", "o": "user", "position": "XOOX_____"})
    call(client, "/api/move", {"cell": "C1", "ply": 0})  # X wins down column 1
    refused(client, 409, "game_over", "/api/move", {"cell": "B2", "ply": 1})
    call(client, "/api/new", {"x": "user", "o": "user", "position": "XOOX_____"})
    refused(client, 409, "nothing_to_undo", "/api/undo", None)


def test_two_computers_do_not_take_moves(client: FlaskClient) -> None:
    call(client, "/api/new", {"x": "easy", "o": "hard"})
    refused(client, 409, "computer_to_move", "/api/move", {"cell": "A1", "ply": 0})


def test_two_computers_play_one_step_or_to_the_end(client: FlaskClient) -> None:
    call(client, "/api/new", {"x": "easy", "o": "hard"})
    first = call(client, "/api/step", {"ply": 0})
    assert first.status_code == 200
    assert first.get_json()["ply"] == 1 and first.get_json()["turn"] == "O"
    refused(client, 409, "stale", "/api/step", {"ply": 0})  # the page it was made for is gone
    done = call(client, "/api/step", {"ply": 1, "to_end": True}).get_json()
    assert done["status"] != "Game not finished" and done["turn"] is None
    assert done["moves"] == api_game(client)["moves"] and len(done["moves"]) >= 5
    refused(client, 409, "game_over", "/api/step", {"ply": done["ply"]})


@pytest.mark.parametrize(
    ("body", "field", "why"),
    [
        ({}, "ply", MISSING),
        ({"ply": "one"}, "ply", BAD),
        ({"ply": 0, "to_end": "yes"}, "to_end", BAD),
    ],
)
def test_bad_steps_are_refused_naming_the_field(
    client: FlaskClient, body: dict[str, Any], field: str, why: str
) -> None:
    call(client, "/api/new", {"x": "easy", "o": "hard"})
    refused(client, 400, why, "/api/step", body, field)


def test_a_person_does_not_step(client: FlaskClient) -> None:
    call(client, "/api/new", {"x": "user", "o": "hard"})
    refused(client, 409, "only_computers", "/api/step", {"ply": 0})


@pytest.mark.parametrize(
    ("body", "status", "field", "why"),
    [
        ({"x": "god", "o": "user"}, 400, "x", BAD),
        ({"x": "user"}, 400, "o", MISSING),
        ({"x": "user", "o": "hard", "position": "XXXXXXXXX"}, 422, None, "impossible_counts"),
        ({"x": "user", "o": "hard", "position": "XXX"}, 400, "position", BAD),
        ({"x": "user", "o": "hard", "position": "x________"}, 400, "position", BAD),
        ({"x": "user", "o": "hard", "position": 9}, 400, "position", BAD),
        ({"x": "user", "o": "hard", "toss": "yes"}, 400, "toss", BAD),
    ],
)
def test_bad_new_games_are_refused_naming_the_field(
    client: FlaskClient, body: Any, status: int, field: str | None, why: str
) -> None:
    refused(client, status, why, "/api/new", body, field)


def test_new_accepts_null_or_empty_position_and_a_toss(client: FlaskClient) -> None:
    for position in (None, ""):
        game = call(client, "/api/new", {"x": "user", "o": "user", "position": position}).get_json()
        assert game["start"] == "_________"
    game = call(client, "/api/new", {"x": "user", "o": "easy", "toss": True}).get_json()
    assert sorted(game["players"].values()) == ["easy", "user"]


def test_the_csrf_token_is_needed_in_the_header(client: FlaskClient) -> None:
    refused(client, 403, "csrf_token", "/api/move", {"cell": "A1", "ply": 0}, token=False)
    before = state(client)
    response = client.post("/api/undo", headers={"X-CSRFToken": "forged"})
    assert response.status_code == 403 and code(response.get_json()) == "csrf_token"
    assert state(client) == before


def test_a_body_that_is_not_json_is_refused(client: FlaskClient) -> None:
    before = state(client)
    token = {"X-CSRFToken": api_game(client)["csrf_token"]}
    response = client.post("/api/move", data="cell=A1", headers=token)
    assert response.status_code == 415 and code(response.get_json()) == "not_json"
    broken = client.post("/api/move", data="{", headers=token, content_type="application/json")
    assert broken.status_code == 400
    assert refusal(broken.get_json()) == ("not_an_object", None)
    assert state(client) == before


def test_http_errors_under_api_are_json(client: FlaskClient) -> None:
    wrong_method = client.get("/api/move")
    assert wrong_method.status_code == 405 and "POST" in wrong_method.headers["Allow"]
    assert code(wrong_method.get_json()) == "method_not_allowed"
    missing = client.get("/api/nothing")
    assert missing.status_code == 404 and code(missing.get_json()) == "not_found"


def test_the_openapi_document_describes_the_api(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()
    assert document == DOCUMENT  # what the schemathesis test fuzzes against
    assert document["openapi"].startswith("3.1")
    assert "/api/join" in document["paths"] and "/api/events" in document["paths"]
    game = document["components"]["schemas"]["GameJson"]
    assert set(game["required"]) == GAME_KEYS
