"""Your games for programs: GET /api/games, paged with the record, and DELETE /api/games;
answers checked against the OpenAPI document."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.refusals import refusal
from tests.web.conftest import new_game
from tests.web.pages.test_games import X_WINS, play


def test_the_api_lists_the_games_paged_with_the_record(client: FlaskClient) -> None:
    for _game in range(3):
        new_game(client, "user", "user")
        play(client, X_WINS)
    new_game(client, "user", "user")
    listed = client.get("/api/games?limit=2").get_json()
    assert listed["total"] == 3 and len(listed["games"]) == 2 and listed["limit"] == 2
    first = listed["games"][0]
    assert first["opponent"] == "self" and first["side"] == "both" and first["result"] == "X"
    assert first["ended_by"] == "line" and first["when"].endswith("Z")
    assert client.get("/api/games?offset=2").get_json()["games"][0]["moves"] == X_WINS
    token = client.get("/api/game").get_json()["csrf_token"]
    cleared = client.delete("/api/games", headers={"X-CSRFToken": token}).get_json()
    assert cleared["total"] == 0 and client.get("/api/games").get_json()["games"] == []


def test_a_query_out_of_range_is_a_400(client: FlaskClient) -> None:
    for query in ("offset=-1", "limit=0", "limit=101", "offset=x"):
        response = client.get(f"/api/games?{query}")
        assert response.status_code == 400, query
        assert refusal(response.get_json()) == ("invalid_field", query.split("=")[0])
