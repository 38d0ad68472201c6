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


def test_a_listed_game_for_programs_is_its_entry_moves_and_review(client: FlaskClient) -> None:
    new_game(client, "user", "user")
    play(client, X_WINS)
    entry = client.get("/api/games").get_json()["games"][0]
    shown = client.get(f"/api/games/{entry['game']}").get_json()
    assert shown["game"] == entry
    assert [move["cell"] for move in shown["moves"]] == X_WINS
    assert [move["by"] for move in shown["moves"]] == ["X", "O", "X", "O", "X"]
    assert shown["moves"][0]["ply"] == 1
    assert shown["review"]["game"] == entry["game"]
    assert [move["cell"] for move in shown["review"]["moves"]] == X_WINS
    assert set(shown) == {"game", "moves", "review"}


def test_a_game_not_in_the_list_is_a_404_with_its_code(client: FlaskClient) -> None:
    new_game(client, "user", "user")
    play(client, X_WINS)
    game_id = client.get("/api/games").get_json()["games"][0]["game"]
    response = client.get("/api/games/unknown")
    assert response.status_code == 404 and refusal(response.get_json()) == ("unknown_game", None)
    token = client.get("/api/game").get_json()["csrf_token"]
    client.delete("/api/games", headers={"X-CSRFToken": token})
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 404 and response.get_json()["code"] == "unknown_game"
