"""A player who leaves a finished online game for another match: the other is told so and is
never started on a rematch against nobody; the leaver's seat link brings them back."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game, post
from tests.refusals import code
from tests.web.api.test_api import call
from tests.web.conftest import new_game
from tests.web.pages.test_online import X_WINS, fields, invite, join, move, play
from tests.web.pages.test_pair import press
from tests.web.shown import page


def finished(app: Flask) -> tuple[FlaskClient, FlaskClient]:
    """Host (X) and friend (O) after X won; X has offered a rematch."""
    host, friend = app.test_client(), app.test_client()
    assert join(friend, invite(host)).headers["X-Move-Result"] == "accepted"
    play(host, friend, X_WINS)
    assert post(host, "/rematch", fields(host)).headers["X-Move-Result"] == "accepted"
    return host, friend


def rematch_buttons(client: FlaskClient) -> list[tuple[str, bool]]:
    """The rematch button's words and whether it is disabled."""
    shown = page(client, "/")
    return [
        (button["text"].strip(), "disabled" in button)
        for form in shown.forms
        for button in form.buttons
        if button.get("formaction") == "/rematch"
    ]


def test_a_rematch_offered_by_a_player_who_left_is_not_accepted_against_nobody(
    app: Flask,
) -> None:
    host, friend = finished(app)
    assert rematch_buttons(friend) == [("Accept the rematch", False)]
    new_game(host, "user", "easy")
    before = api_game(friend)
    assert rematch_buttons(friend) == [("Your friend left", True)]
    assert before["online"]["rematch"] is None
    assert before["online"]["presence"]["X"]["seated"] is False
    assert post(friend, "/rematch", fields(friend)).headers["X-Move-Result"] == "refused"
    assert "Your friend has left this match" in page(friend, "/").text
    answer = call(friend, "/api/rematch", {})
    assert answer.status_code == 409 and code(answer.get_json()) == "opponent_left"
    after = api_game(friend)
    assert (after["moves"], after["score"]) == (before["moves"], before["score"])
    assert api_game(host)["players"]["O"] == "easy"  # the leaver's own game, untouched


def test_the_leavers_seat_link_brings_them_back_to_a_rematch(app: Flask) -> None:
    host, friend = finished(app)
    link = page(host, "/").link("Continue on another device").removeprefix("http://localhost")
    new_game(host, "user", "easy")
    back = app.test_client()
    assert post(back, page(back, link).form(link).action).headers["X-Move-Result"] == "accepted"
    assert rematch_buttons(friend) == [("Offer a rematch", False)]
    assert api_game(friend)["online"]["presence"]["X"]["seated"]
    assert post(friend, "/rematch", fields(friend)).headers["X-Move-Result"] == "accepted"
    assert post(back, "/rematch", fields(back)).headers["X-Move-Result"] == "accepted"
    assert api_game(back)["you"] == "O" and api_game(friend)["you"] == "X"


def test_a_stranger_who_left_is_called_the_opponent(app: Flask) -> None:
    first, second = app.test_client(), app.test_client()
    assert press(first) == "/pair" and press(second) == "/"
    first.get("/pair")
    assert post(first, "/resign", fields(first)).headers["X-Move-Result"] == "accepted"
    new_game(first, "user", "hard")
    assert rematch_buttons(second) == [("Your opponent left", True)]
    answer = call(second, "/api/rematch", {})
    assert answer.status_code == 409 and code(answer.get_json()) == "opponent_left"


def test_a_rematch_accepted_long_after_the_offer_gives_the_offerer_time_to_come(
    clock: MovableClock, app: Flask
) -> None:
    _host, friend = finished(app)  # the host offered, then closed the page
    clock.advance(600)
    assert post(friend, "/rematch", fields(friend)).headers["X-Move-Result"] == "accepted"
    assert move(friend, "B2").headers["X-Move-Result"] == "accepted"  # sides swapped: X
    assert not page(friend, "/").has_form("/claim")
    clock.advance(121)
    assert page(friend, "/").has_form("/claim")


def test_the_player_told_their_friend_left_is_offered_no_rematch_message(app: Flask) -> None:
    host, friend = finished(app)
    assert "Rematch?" in page(friend, "/").text
    new_game(host, "user", "easy")
    for shown in (page(friend, "/"), page(friend, "/?text=1")):
        assert "Good luck" in shown.text and "Rematch?" not in shown.text
    answer = call(friend, "/api/message", {"phrase": "rematch"})
    assert answer.status_code == 409 and code(answer.get_json()) == "opponent_left"
