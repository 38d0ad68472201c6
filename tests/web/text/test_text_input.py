"""Text mode's field: moves in every notation and commands, through the same actions as the
board's buttons; refusals in words that change nothing."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game
from tests.web.conftest import new_game
from tests.web.pages.test_online import invite, join
from tests.web.shown import page
from tests.web.text_pages import board, part, said, spectating, text_on, type_in
from webapp.web.text import text_commands


@pytest.fixture
def hot_seat(client: FlaskClient) -> FlaskClient:
    """A hot-seat game in text mode."""
    new_game(client, "user", "user")
    text_on(client)
    return client


@pytest.mark.parametrize("typed", ["B2", "b2", "b 2", " B  2 ", "2 2", "2  2"])
def test_every_notation_plays_its_cell(hot_seat: FlaskClient, typed: str) -> None:
    version = api_game(hot_seat)["version"]
    announced, alerts = said(hot_seat, typed)
    game = api_game(hot_seat)
    assert game["board"] == "____X____" and game["version"] == version + 1
    assert announced == "Player 1 played B2. Player 2 to move (O)." and alerts == ""


def test_row_then_column_is_the_console_games_order(hot_seat: FlaskClient) -> None:
    said(hot_seat, "1 3")
    assert api_game(hot_seat)["board"] == "__X______"


def test_a_digit_alone_plays_only_once_the_numpad_layout_is_chosen(hot_seat: FlaskClient) -> None:
    announced, alerts = said(hot_seat, "7")
    assert "numpad" in alerts and api_game(hot_seat)["board"] == "_" * 9
    announced, _alerts = said(hot_seat, "numpad")
    assert announced == "Digits now play as on a numeric keypad: 7 is A1, 3 is C3."
    said(hot_seat, "7")
    said(hot_seat, "3")
    assert api_game(hot_seat)["board"] == "X_______O"
    said(hot_seat, "numpad")
    assert "numpad" in said(hot_seat, "5")[1]


def test_a_taken_cell_is_refused_in_words_and_changes_nothing(hot_seat: FlaskClient) -> None:
    said(hot_seat, "b2")
    version = api_game(hot_seat)["version"]
    response = type_in(hot_seat, "B2")
    assert response.headers["X-Move-Result"] == "refused"
    shown = board(hot_seat)
    assert part(shown, "text-alerts") == "B2 is taken by X." and part(shown, "text-announce") == ""
    assert 'role="alert"' in shown and api_game(hot_seat)["version"] == version


@pytest.mark.parametrize("typed", ["D4", "0 3", "4 1", "xyz", "A", "", "12", "789"])
def test_what_is_not_a_cell_is_refused_in_words(hot_seat: FlaskClient, typed: str) -> None:
    assert said(hot_seat, typed)[1] == "That is not a cell: try A1 to C3."
    assert api_game(hot_seat)["version"] == 0 or api_game(hot_seat)["board"] == "_" * 9


def test_a_field_posted_twice_plays_nothing(hot_seat: FlaskClient) -> None:
    """Two cells in one post (A1 and B2): it played the first, where the board's forms refuse
    a field posted twice."""
    fields = page(hot_seat, "/").form("/text").fields
    response = hot_seat.post("/text", data={**fields, "command": ["A1", "B2"]})
    assert response.headers["X-Move-Result"] == "refused"
    assert "not filled in as the board fills it" in part(board(hot_seat), "text-alerts")
    assert api_game(hot_seat)["moves"] == []


def test_against_the_computer_the_announcement_names_both_moves(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    text_on(client)
    announced, _alerts = said(client, "a1")
    moves = api_game(client)["moves"]
    assert moves[0] == "A1" and len(moves) == 2
    assert announced == f"You played A1. The computer (hard) played {moves[1]}. Your turn (X)."


def test_a_stale_field_is_refused_as_the_board_refuses_a_stale_button(
    hot_seat: FlaskClient,
) -> None:
    fields = page(hot_seat, "/").form("/text").fields  # as shown before another tab played
    said(hot_seat, "a1")
    response = hot_seat.post("/text", data={**fields, "command": "c3"})
    assert response.headers["X-Move-Result"] == "refused"
    assert "changed since the page was shown" in part(board(hot_seat), "text-alerts")
    assert api_game(hot_seat)["board"] == "X________"


def test_the_commands_that_tell(hot_seat: FlaskClient) -> None:
    for cell in ("a1", "b1", "a2", "b2", "a3"):
        said(hot_seat, cell)
    assert said(hot_seat, "board")[0] == (
        "Row A: X, X, X. Row B: O, O, empty. Row C: empty, empty, empty. X wins with A1, A2, A3."
    )
    assert said(hot_seat, "moves")[0] == "Moves: 1. X A1, 2. O B1, 3. X A2, 4. O B2, 5. X A3."
    assert said(hot_seat, "SCORE")[0] == "Score: Player 1 1, Player 2 0; 0 draws."
    assert said(hot_seat, "clock")[0] == "This game has no clock."
    assert said(hot_seat, "review")[0].startswith("O's move B1 lost the draw")
    assert said(hot_seat, "hint")[0].startswith("There is no hint here")
    help_text = said(hot_seat, "help")[0]
    for word in ("board", "moves", "score", "clock", "hint", "undo", "new", "rematch", "resign"):
        assert word in help_text


def test_hint_undo_and_new_change_through_the_actions(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    text_on(client)
    assert said(client, "hint")[0] == "With best play: draw. Every move draws."
    said(client, "b2")
    assert said(client, "undo")[0] == "2 moves taken back. Your turn (X)."
    assert api_game(client)["moves"] == []
    said(client, "b2")
    assert said(client, "new")[0] == "A new game started. Your turn (X)."
    assert api_game(client)["moves"] == []
    assert said(client, "review")[0] == "The review opens once the game is over."


def test_commands_are_understood_in_the_pages_language(hot_seat: FlaskClient) -> None:
    hot_seat.get("/language/de")
    said(hot_seat, "b2")
    assert said(hot_seat, "züge")[0] == "Züge: 1. X B2."
    assert said(hot_seat, "moves")[0] == "Züge: 1. X B2."  # English words work everywhere
    assert said(hot_seat, "b2")[1] == "B2 ist schon von X belegt."


def test_resigning_online_asks_first(client: FlaskClient, app: Flask) -> None:
    guest = app.test_client()
    join(guest, invite(client))
    text_on(client)
    said(client, "b2")
    response = type_in(client, "resign")
    assert response.headers["Location"] == "/?confirm=resign"
    shown = board(client, "/?confirm=resign")
    assert part(shown, "text-alerts") == "Do you want to resign? Type yes to resign."
    assert said(client, "no", "/?confirm=resign")[0] == "You did not resign: the game goes on."
    assert api_game(client)["online"]["ending"] is None
    announced, _alerts = said(client, "YES", "/?confirm=resign")
    assert announced == "Your friend wins (O): you resigned."


def test_a_cell_typed_at_the_resign_question_answers_no_and_plays(
    client: FlaskClient, app: Flask
) -> None:
    join(app.test_client(), invite(client))
    text_on(client)
    assert type_in(client, "resign").headers["Location"] == "/?confirm=resign"
    response = type_in(client, "b2", "/?confirm=resign")
    assert response.headers["X-Move-Result"] == "accepted"
    announced = part(board(client, response.headers["Location"]), "text-announce")
    assert "B2" in announced and "resign" not in announced
    game = api_game(client)
    assert game["board"] == "____X____" and game["online"]["ending"] is None
    taken = type_in(client, "resign")
    assert type_in(client, "B2", taken.headers["Location"]).headers["X-Move-Result"] == "refused"


def test_a_spectator_cannot_resign_the_watched_match_nor_their_own(
    client: FlaskClient, app: Flask
) -> None:
    spectator = app.test_client()
    join(app.test_client(), invite(spectator))  # the spectator's own live match
    join(app.test_client(), invite(client))
    watch = api_game(client)["online"]["watch"].removeprefix("http://localhost")
    text_on(spectator)
    response = type_in(spectator, "resign", watch)
    assert response.headers["X-Move-Result"] == "refused"
    assert response.headers["Location"] == watch
    alerts = part(board(spectator, watch), "text-alerts")
    assert alerts == "You are watching this match: only its two players can play."
    fields = page(spectator, watch).form("/text").fields
    answered = spectator.post("/text", data={**fields, "confirm": "resign", "command": "yes"})
    assert answered.headers["X-Move-Result"] == "refused"
    assert api_game(spectator)["online"]["ending"] is None
    assert api_game(client)["online"]["ending"] is None


def test_a_spectator_is_not_asked_whether_to_resign(client: FlaskClient, app: Flask) -> None:
    spectator, watch = spectating(client, app)
    shown = board(spectator, f"{watch}?confirm=resign")  # a link made so
    assert "Do you want to resign?" not in part(shown, "text-alerts")
    assert page(spectator, f"{watch}?confirm=resign").form("/text").fields.get("confirm") is None


def test_a_spectator_may_ask_but_not_play(client: FlaskClient, app: Flask) -> None:
    spectator, watch = spectating(client, app)
    announced, alerts = said(spectator, "moves", watch)
    assert announced == "No moves yet."
    announced, alerts = said(spectator, "b2", watch)
    assert alerts == "You are watching this match: only its two players can play."
    assert api_game(client)["moves"] == []


def test_a_spectators_help_lists_what_works_there(client: FlaskClient, app: Flask) -> None:
    """It said "Type a cell to play it" and listed resign, draw, claim..., which all answer a
    spectator "only its two players can play"."""
    spectator, watch = spectating(client, app)
    announced, _alerts = said(spectator, "help", watch)
    assert announced == (
        "You are watching: no move is played here. Commands: help, board, moves, score, clock."
    )
    text_on(client)
    assert said(client, "help")[0].startswith("Type a cell to play it")  # a player's stays


def test_clock_says_by_when_the_player_to_move_must_move_and_the_time_left(
    client: FlaskClient, app: Flask
) -> None:
    new_game(client, "user", "friend", clock="120")
    text_on(client)
    shown = page(client)
    join(app.test_client(), shown.link(shown.ids["invite-link"]).removeprefix("http://localhost"))
    deadline = api_game(client)["clock"]["deadline"]  # e.g. 2026-11-26T14:05:30Z
    # Two minutes a move: "2 minutes left", or, a second later on a slow machine, seconds.
    told = re.compile(rf"X moves by {deadline[11:19]} UTC\. (2 minutes|1[01]\d seconds) left\.")
    announced, _alerts = said(client, "clock")
    assert told.fullmatch(announced), announced
    # The page says by when; the time left, which a page cannot keep current, is the command's.
    assert part(board(client), "text-clock") == f"X moves by {deadline[11:19]} UTC."
    said(client, "resign")
    said(client, "yes", "/?confirm=resign")
    assert said(client, "clock")[0] == (
        "The clock is stopped: it runs while a game is being played."
    )


@pytest.mark.parametrize(
    ("seconds", "said_left"),
    [
        (1, "1 second left."),
        (119, "119 seconds left."),
        (185, "3 minutes left."),
        (86_400, "24 hours left."),
    ],
)
def test_the_time_left_is_read_in_a_unit_that_fits(
    app: Flask, seconds: int, said_left: str
) -> None:
    with app.test_request_context("/"):
        assert text_commands.time_left(seconds) == said_left


def test_claim_wins_from_a_friend_away_for_two_minutes_and_the_page_says_so(
    clock: MovableClock, client: FlaskClient, app: Flask
) -> None:
    guest = app.test_client()
    join(guest, invite(client))
    text_on(client)
    said(client, "b2")
    page(guest, "/")  # the friend was here just now
    announced, alerts = said(client, "claim")
    assert "less than 2 minutes" in alerts and api_game(client)["status"] == "Game not finished"
    clock.advance(121)
    assert part(board(client), "text-alerts") == (
        "Your friend has been away for 2 minutes: type claim to claim the win."
    )
    announced, alerts = said(client, "claim")
    assert announced == "You win! (X): your friend left the game." and alerts == ""
