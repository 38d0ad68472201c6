"""The review of a finished game (GET /review and GET /api/review): the first mistake named,
in the player's words, linked with the replay."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.conftest import api_game, play, post
from tests.refusals import code
from tests.web.conftest import new_game, state
from tests.web.shown import page

# Hot seat: X opens in the centre, O answers on an edge (B1, the mistake: X now wins), and X
# goes on to win down the diagonal.
EDGE_LOSES = ("B2", "B1", "A1", "C3", "A3", "C1", "A2")


def test_the_review_names_the_first_mistake_and_what_kept_the_draw(client: FlaskClient) -> None:
    play(client, EDGE_LOSES)
    review = client.get("/api/review").get_json()
    assert review["first_mistake"] == {"ply": 2, "cell": "B1", "by": "O"}
    second = review["moves"][1]
    assert second["before"] == {"result": "Draw", "moves": 8}
    assert second["after"]["result"] == "X wins" and second["mistake"]
    assert second["kept"] == ["A1", "A3", "C1", "C3"]
    assert review["summary"].startswith("O's move B1 lost the draw: it let X win in ")
    assert review["summary"].endswith("A1, A3, C1 or C3 kept the draw.")
    assert [move["mistake"] for move in review["moves"]].count(True) >= 1
    shown = page(client, "/review")
    assert shown.ids["review-summary"] == review["summary"]
    assert "draw → X wins in" in shown.text and "First mistake" in shown.text
    assert shown.link("Replay") == f"/replay/0?game={review['game']}"


def test_against_the_computer_the_review_speaks_to_the_person(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    play(client, ("A1", "A2", "C3"))  # hard answers B2, A3, then wins at C1
    review = client.get("/api/review").get_json()
    first = review["first_mistake"]
    assert first["by"] == "X"
    assert review["summary"].startswith(f"Your move {first['cell']} lost the draw")


def test_between_two_computers_the_review_names_the_mark_not_the_computer(
    client: FlaskClient,
) -> None:
    """Of two computers, "The computer's move B1" did not say which one made it."""
    for _game in range(30):  # easy plays at random: a slip comes within a few games
        new_game(client, "easy", "easy")
        post(client, "/finish")
        review = client.get("/api/review").get_json()
        if review["first_mistake"]:
            break
    first = review["first_mistake"]
    assert first, "thirty games of easy against easy without a slip"
    assert review["summary"].startswith(f"{first['by']}'s move {first['cell']} lost the")


def test_a_game_played_perfectly_says_so(client: FlaskClient) -> None:
    play(client, ("B2", "A1", "A3", "C1", "B1", "B3", "A2", "C2", "C3"))  # a draw, no slip
    review = client.get("/api/review").get_json()
    assert review["first_mistake"] is None
    assert review["summary"] == "Played perfectly: no move changed the result."


def test_the_review_opens_once_the_game_is_over_and_changes_nothing(
    client: FlaskClient,
) -> None:
    play(client, ("B2",))
    before = state(client)
    early = client.get("/api/review")
    assert early.status_code == 409 and code(early.get_json()) == "review_not_ready"
    response = client.get("/review")
    assert response.status_code == 409
    assert "The review opens once the game is over." in response.get_data(as_text=True)
    assert "review-link" not in page(client).html
    assert state(client) == before


def test_the_board_and_the_replay_link_to_the_review(client: FlaskClient) -> None:
    play(client, EDGE_LOSES)
    game_id = api_game(client)["game"]
    board = page(client)
    assert board.link("Review: where did it go wrong?") == f"/review?game={game_id}"
    assert page(client, f"/replay/3?game={game_id}").link("Review") == f"/review?game={game_id}"
    assert client.get("/review?game=someone-elses").status_code == 404
    refused = client.get("/api/review?game=someone-elses")
    assert (refused.status_code, refused.get_json()["code"]) == (404, "other_review")


def test_on_a_bigger_board_a_mistake_from_an_unproven_position_claims_no_draw_lost(
    client: FlaskClient,
) -> None:
    new_game(client, "user", "user", board="5x5")
    play(client, ["A1", "B1", "A2", "B2", "A3", "B3", "A4"])  # B3 lets X complete A1-A4
    reviewed = client.get("/api/review").get_json()
    first = reviewed["first_mistake"]
    assert first == {"ply": 6, "cell": "B3", "by": "O"}
    assert reviewed["moves"][5]["before"]["result"] == "Game not finished"  # no draw proven
    assert reviewed["summary"] == "O's move B3 let X win in 1 move."
