"""The match as the API answers it: its two seats, and the score by seat (online seats are in
tests/web/api/test_api_online.py)."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.conftest import api_game, play, post
from tests.web.api.test_api import call


def seats(game: dict[str, object]) -> list[tuple[object, ...]]:
    """The seats as (id, kind, mark, you)."""
    assert isinstance(game["seats"], list)
    return [(s["id"], s["kind"], s["mark"], s["you"]) for s in game["seats"]]


def test_hot_seat_holds_both_seats(client: FlaskClient) -> None:
    game = api_game(client)
    assert seats(game) == [("1", "user", "X", True), ("2", "user", "O", True)]
    assert game["score"] == {"wins": {"1": 0, "2": 0}, "draws": 0}


def test_against_the_computer_the_score_stays_with_the_seat_when_sides_swap(
    client: FlaskClient,
) -> None:
    call(client, "/api/new", {"x": "user", "o": "easy"})
    for cell in ("A1", "B1", "A2", "B2", "A3", "B3", "C1", "C2", "C3"):
        game = api_game(client)
        if game["turn"] != "X":
            break
        call(client, "/api/move", {"cell": cell, "ply": game["ply"]})
    game = api_game(client)
    assert seats(game) == [("1", "user", "X", True), ("2", "easy", "O", False)]
    counted = game["tally"]["wins"]
    assert game["score"]["wins"] == {"1": counted["You"], "2": counted["Computer (easy)"]}
    post(client, "/swap")
    swapped = api_game(client)
    assert seats(swapped) == [("1", "user", "O", True), ("2", "easy", "X", False)]
    assert swapped["score"] == game["score"]


def test_two_people_keep_their_wins_by_seat_across_a_swap(client: FlaskClient) -> None:
    play(client, ["A1", "B1", "A2", "B2", "A3"])  # Player 1 wins with X
    assert api_game(client)["score"] == {"wins": {"1": 1, "2": 0}, "draws": 0}
    post(client, "/swap")
    game = api_game(client)
    assert [s["mark"] for s in game["seats"]] == ["O", "X"]
    assert game["score"] == {"wins": {"1": 1, "2": 0}, "draws": 0}
