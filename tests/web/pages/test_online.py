"""Online play through the pages: invite, join, turns, live refresh, endings, rematch, seats."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game, post
from tests.refusals import code
from tests.web.conftest import new_game
from tests.web.shown import page

X_WINS = ["A1", "B1", "A2", "B2", "A3"]
REFRESH = '<noscript><meta http-equiv="refresh" content="2"></noscript>'


def invite(host: FlaskClient) -> str:
    """Player 1 starts an online match as X; the invite link's path, from the board."""
    new_game(host, "user", "friend")
    shown = page(host, "/")
    assert shown.status == "Waiting for your friend to join"
    return shown.link(shown.ids["invite-link"]).removeprefix("http://localhost")


def join(guest: FlaskClient, path: str) -> Any:
    """Press Join on the invite's page."""
    shown = page(guest, path)
    return post(guest, shown.form(path).action)


def fields(client: FlaskClient, path: str = "/") -> dict[str, str]:
    """The board form's hidden fields (match and version), whatever buttons it has."""
    return next(form.fields for form in page(client, path).forms if form.action == "/move")


def move(client: FlaskClient, cell: str) -> Any:
    """Post a cell with the board's fields, as pressing it does (if it is a button)."""
    return post(client, "/move", {**fields(client), "cell": cell})


def play(host: FlaskClient, guest: FlaskClient, cells: list[str]) -> None:
    """Moves in turn, each from the board of the player whose turn it is."""
    for cell in cells:
        mover = host if page(host, "/").status.startswith("Your turn") else guest
        assert move(mover, cell).headers["X-Move-Result"] == "accepted"


def test_the_invite_link_is_shown_whole_and_names_an_unguessable_token(
    client: FlaskClient,
) -> None:
    path = invite(client)
    token = path.removeprefix("/join/")
    match_id, secret = token.split(".")
    assert len(secret) >= 22 and len(match_id) == 22  # 128 random bits each
    shown = page(client, "/")
    assert f"http://localhost{path}" in shown.text
    assert REFRESH in shown.html  # waiting for the friend, the page refreshes without JS
    assert not [a for t, a in shown.elements if t == "button" and a.get("name") == "cell"]


def test_the_invite_page_says_who_invited_and_changes_nothing_until_join(
    client: FlaskClient, guest: FlaskClient
) -> None:
    path = invite(client)
    before = api_game(client)["version"]
    shown = page(guest, path)
    assert shown.status == "You will play O."
    assert shown.form(path).method == "post"
    assert api_game(client)["version"] == before
    response = join(guest, path)
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert "You joined the match: you play O." in page(guest, "/").text
    assert page(guest, "/").status == "Waiting for X (your friend)"
    assert page(client, "/").status == "Your turn (X)"


@pytest.mark.parametrize(
    ("extra", "terms"),
    [
        ({"board": "7x7", "clock": "86400"}, "Board: 7x7, 5 in a row. Time per move: 1 day."),
        ({"board": "5x5", "clock": "30"}, "Board: 5x5, 4 in a row. Time per move: 30 seconds."),
        ({}, "Board: 3x3, 3 in a row. No clock."),
    ],
)
def test_the_invite_page_says_the_board_and_the_time_per_move(
    client: FlaskClient, guest: FlaskClient, extra: dict[str, str], terms: str
) -> None:
    """The friend agrees to a 7x7 game of a day a move, not to the 3x3 they would expect: the
    page said only "You will play O."."""
    new_game(client, "user", "friend", **extra)
    path = page(client, "/").link(page(client, "/").ids["invite-link"])
    assert page(guest, path.removeprefix("http://localhost")).ids["join-terms"] == terms


def test_a_full_match_offers_to_watch_and_seats_nobody_else(
    app: Flask, joined: str, client: FlaskClient
) -> None:
    third = app.test_client()
    shown = page(third, joined)
    assert shown.status == "This match already has two players."
    assert "/watch/" in shown.link("Watch the match")
    post(third, joined)
    assert api_game(third)["online"] is None  # still at no match of its own
    assert api_game(client)["online"]["presence"]["O"]["seated"]


def test_a_player_opening_their_own_invite_is_told_so_and_not_seated_twice(
    client: FlaskClient,
) -> None:
    path = invite(client)
    assert page(client, path).status == "This is your own invite link: send it to your friend."
    post(client, path)
    game = api_game(client)
    assert game["you"] == "X" and not game["online"]["full"]


def test_only_the_player_to_move_has_buttons_and_a_post_out_of_turn_changes_nothing(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    waiting = page(guest, "/")
    assert REFRESH in waiting.html and REFRESH not in page(client, "/").html
    assert not [a for t, a in waiting.elements if t == "button" and a.get("name") == "cell"]
    before = api_game(client)
    assert move(guest, "B2").headers["X-Move-Result"] == "refused"
    assert "It is not your turn." in page(guest, "/").text
    assert api_game(client)["version"] == before["version"]


def test_a_stale_board_is_refused_as_in_hot_seat(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    old = fields(client)
    assert move(client, "B2").headers["X-Move-Result"] == "accepted"
    move(guest, "A1")
    response = post(client, "/move", {**old, "cell": "C3"})
    assert response.headers["X-Move-Result"] == "refused"
    assert api_game(client)["moves"] == ["B2", "A1"]


def test_a_win_a_rematch_with_sides_swapped_and_the_score_on_both_boards(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    play(client, guest, X_WINS)
    assert page(client, "/").status == "You win! (X)"
    assert page(guest, "/").status == "Your friend wins (X)"
    assert REFRESH not in page(guest, "/").html  # the game is over
    assert page(client, "/").score() == {"You": 1, "Your friend": 0, "Draws": 0}
    assert page(guest, "/").score() == {"You": 0, "Your friend": 1, "Draws": 0}
    offer = page(guest, "/").form("/rematch")
    assert offer.buttons[0]["text"].strip() == "Offer a rematch"
    post(guest, "/rematch", offer.fields)
    assert REFRESH in page(guest, "/").html  # waiting for the answer
    accept = page(client, "/").form("/rematch")
    assert accept.buttons[0]["text"].strip() == "Accept the rematch"
    post(client, "/rematch", accept.fields)
    assert page(guest, "/").status == "Your turn (X)"
    assert page(client, "/").status == "Waiting for X (your friend)"
    play(client, guest, X_WINS)
    assert page(guest, "/").score() == {"You": 1, "Your friend": 1, "Draws": 0}


def test_resigning_counts_for_the_other_player(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    play(client, guest, ["B2", "A1"])
    shown = page(guest, "/")
    assert not shown.has_form("/abort")
    post(guest, "/resign", shown.form("/resign").fields)
    assert page(guest, "/").status == "Your friend wins (X): you resigned"
    assert page(client, "/").status == "You win! (X): your friend resigned"
    assert page(client, "/").score()["You"] == 1
    assert move(client, "C3").headers["X-Move-Result"] == "refused"
    assert "This game is over: offer a rematch to play again." in page(client, "/").text


def test_abort_before_each_side_has_moved_counts_for_nobody(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    move(client, "B2")
    post(guest, "/abort", page(guest, "/").form("/abort").fields)
    assert page(client, "/").status == "Game aborted: it counts for nobody"
    assert page(client, "/").score() == {"You": 0, "Your friend": 0, "Draws": 0}


def test_a_win_can_be_claimed_after_two_minutes_of_absence_not_before(
    clock: MovableClock,
    client: FlaskClient,
    guest: FlaskClient,
    joined: str,
) -> None:
    move(client, "B2")
    page(guest, "/")  # the guest was here just now
    assert not page(client, "/").has_form("/claim")
    post(client, "/claim", fields(client))
    assert "less than 2 minutes" in page(client, "/").text
    clock.advance(121)
    shown = page(client, "/")
    assert "Your friend has been away for 2 minutes." in shown.text
    post(client, "/claim", shown.form("/claim").fields)
    assert page(client, "/").status == "You win! (X): your friend left the game"


def test_an_inviter_who_closed_the_page_while_waiting_is_away_from_the_join(
    clock: MovableClock, client: FlaskClient, guest: FlaskClient
) -> None:
    path = invite(client)  # then the host closes the page, and the friend comes an hour later
    clock.advance(3600)
    assert join(guest, path).headers["X-Move-Result"] == "accepted"
    assert not page(guest, "/").has_form("/claim")
    post(guest, "/claim", fields(guest))
    assert "less than 2 minutes" in page(guest, "/").text
    clock.advance(121)
    assert page(guest, "/").has_form("/claim")


def test_no_win_is_claimed_from_a_friend_away_with_a_day_a_move(
    clock: MovableClock, client: FlaskClient, guest: FlaskClient
) -> None:
    new_game(client, "user", "friend", clock="86400")
    shown = page(client, "/")
    join(guest, shown.link(shown.ids["invite-link"]).removeprefix("http://localhost"))
    move(client, "B2")
    page(guest, "/")  # the friend saw it, and will answer tomorrow
    clock.advance(3600)
    assert not page(client, "/").has_form("/claim")
    post(client, "/claim", fields(client))
    assert api_game(client)["ended_by"] is None


def test_the_absent_player_can_play_on_until_the_win_is_claimed(
    clock: MovableClock,
    client: FlaskClient,
    guest: FlaskClient,
    joined: str,
) -> None:
    move(client, "B2")
    clock.advance(500)
    assert page(client, "/").has_form("/claim")
    assert move(guest, "A1").headers["X-Move-Result"] == "accepted"
    assert not page(client, "/").has_form("/claim")


def test_the_seat_link_moves_the_seat_and_the_old_browser_only_watches(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    link = page(guest, "/").link("Continue on another device").removeprefix("http://localhost")
    assert link not in page(client, "/").html  # shown on its own board only
    laptop = app.test_client()
    assert page(laptop, link).status == "You play O in this match."
    post(laptop, link)
    assert page(laptop, "/").status == "Waiting for X (your friend)"
    move(client, "B2")
    assert page(laptop, "/").status == "Your turn (O)"
    old = page(guest, "/")
    assert old.status == "O to move" and not old.has_form("/move")
    token = page(guest, "/new").forms[0].fields["csrf_token"]
    assert guest.post(link, data={"csrf_token": token}).status_code == 404  # it worked once
    assert api_game(guest)["you"] is None


def test_a_watch_link_shows_the_live_board_read_only(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    watch = page(client, "/").link("Watch link").removeprefix("http://localhost")
    spectator = app.test_client()
    shown = page(spectator, watch)
    assert shown.status == "X to move" and REFRESH in shown.html
    assert not shown.has_form("/move") and not shown.has_form("/resign")
    assert shown.ids["live"] == "" and "/board/events?match=" in shown.html
    match_id = watch.removeprefix("/watch/")
    response = post(spectator, "/move", {"match": match_id, "version": "2", "cell": "B2"})
    assert response.headers["X-Move-Result"] == "refused"
    assert api_game(client)["moves"] == []
    assert client.get(watch).headers["Location"] == "/"  # a player's own board is at /


@pytest.mark.parametrize(
    "path",
    [
        "/join/nothing",
        "/join/AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA",
        "/seat/AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA",
        "/watch/AAAAAAAAAAAAAAAAAAAAAA",
        "/watch/..",
    ],
)
def test_guessed_links_are_404_pages(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code == 404
    if not path.startswith("/watch"):
        assert post(client, path).status_code == 404


def test_a_wrong_secret_for_a_real_match_seats_nobody(app: Flask, client: FlaskClient) -> None:
    path = invite(client)
    forged = re.sub(r"\.[^.]+$", ".BBBBBBBBBBBBBBBBBBBBBB", path)
    stranger = app.test_client()
    assert stranger.get(forged).status_code == 404
    assert post(stranger, forged).status_code == 404
    assert not api_game(client)["online"]["full"]


def test_an_online_game_in_play_is_not_left_for_a_new_game(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    move(client, "B2")
    response = new_game(guest, "user", "hard")
    assert response.headers["X-Move-Result"] == "refused"
    assert "Resign or abort this online game first" in page(guest).text
    assert api_game(guest)["online"]["full"] and api_game(guest)["moves"] == ["B2"]
    refused = guest.post("/api/new", json={"x": "user", "o": "hard"}, headers=_token(guest))
    assert refused.status_code == 409 and code(refused.get_json()) == "online_in_play"
    assert api_game(guest)["moves"] == ["B2"]


def test_a_new_game_on_this_device_after_resigning_leaves_the_match_to_the_friend(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    move(client, "B2")
    post(guest, "/resign", fields(guest))
    new_game(guest, "user", "hard")
    assert api_game(guest)["online"] is None
    assert api_game(client)["moves"] == ["B2"] and api_game(client)["online"]["full"]


def _token(client: FlaskClient) -> dict[str, str]:
    return {"X-CSRFToken": api_game(client)["csrf_token"]}


def test_local_actions_are_refused_in_an_online_match(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    before = api_game(client)["version"]
    for action in ("/undo", "/again", "/swap", "/score/reset", "/step"):
        response = post(client, action, fields(client))
        assert response.headers["X-Move-Result"] == "refused", action
    assert api_game(client)["version"] == before


def test_without_javascript_a_frame_keeps_the_player_present(
    clock: MovableClock,
    app: Flask,
    client: FlaskClient,
    guest: FlaskClient,
    joined: str,
) -> None:
    assert '<noscript><iframe src="/here"' in page(client, "/").html
    clock.advance(500)
    response = client.get("/here")
    assert '<meta http-equiv="refresh" content="30">' in response.get_data(as_text=True)
    assert response.headers["X-Frame-Options"] == "SAMEORIGIN"
    assert "frame-ancestors 'self'" in response.headers["Content-Security-Policy"]
    assert client.get("/").headers["X-Frame-Options"] == "DENY"  # only this page is framed
    away = api_game(guest)["online"]["presence"]["X"]["away"]
    assert away is not None and away < 5  # noted at the moved clock, not 500 s ago
    spectator = app.test_client()
    assert spectator.get("/here").status_code == 200  # no seat: nothing noted, no error


def test_after_an_online_game_the_players_may_review_it_and_a_spectator_sees_no_link(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    play(client, guest, ["A1", "B1", "A2", "B2", "A3"])
    watch = page(client).link("Watch link").removeprefix("http://localhost")
    assert "review-link" in page(client).html and "review-link" in page(guest).html
    assert client.get("/api/review").get_json()["summary"].startswith("Your friend's move")
    spectator = app.test_client()
    assert "review-link" not in page(spectator, watch).html


def test_taking_a_seat_by_link_gives_the_browser_a_new_session_id(
    client: FlaskClient, guest: FlaskClient
) -> None:
    path = invite(client)
    page(guest, "/")
    post(guest, "/mode", {"mode": "easy"})  # the guest has a stored session of its own
    before = guest.get_cookie("ttt_session")
    assert before is not None
    assert join(guest, path).headers["X-Move-Result"] == "accepted"
    after = guest.get_cookie("ttt_session")
    assert after is not None and after.value != before.value
    assert api_game(guest)["you"] == "O" and api_game(client)["online"]["full"]
    stale = client.application.test_client()
    stale.set_cookie("ttt_session", before.value)
    assert api_game(stale)["you"] != "O"  # the old session id holds no seat


def test_a_player_opening_the_other_players_seat_link_is_told_so_and_keeps_their_seat(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    link = page(guest, "/").link("Continue on another device").removeprefix("http://localhost")
    shown = page(client, link)
    assert shown.status == (
        "This is the other player's link to continue on another device: you play the other "
        "side of this match."
    )
    assert not shown.has_form(link)
    token = page(client, "/new").forms[0].fields["csrf_token"]
    assert client.post(link, data={"csrf_token": token}).status_code == 303
    assert api_game(client)["you"] == "X" and api_game(guest)["you"] == "O"
