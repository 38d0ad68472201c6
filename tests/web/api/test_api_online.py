"""Online play through the JSON API, as a program (a bot) plays it, and the event stream."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game
from tests.refusals import code, refusal
from tests.web.api.test_api import call
from webapp.store import StoreUnavailable
from webapp.web.live.stream import events as followed


def token_of(link: str) -> str:
    """The invite token: the invite link's last part."""
    return link.rsplit("/", 1)[1]


@pytest.fixture
def bots(app: Flask, client: FlaskClient) -> tuple[FlaskClient, FlaskClient]:
    """Two programs seated in one online match: the first plays X."""
    opened = call(client, "/api/new", {"x": "user", "o": "friend"}).get_json()
    assert opened["you"] == "X" and opened["online"]["full"] is False
    friend = app.test_client()
    joined = call(friend, "/api/join", {"invite": token_of(opened["online"]["invite"])})
    assert joined.status_code == 200, joined.get_json()
    assert joined.get_json()["you"] == "O" and joined.get_json()["online"]["invite"] is None
    return client, friend


def test_new_with_a_friend_returns_the_invite_and_presence(client: FlaskClient) -> None:
    game = call(client, "/api/new", {"x": "friend", "o": "user"}).get_json()
    assert game["you"] == "O" and game["players"] == {"X": "user", "O": "user"}
    assert "/join/" in game["online"]["invite"]
    presence = game["online"]["presence"]
    assert presence["O"]["seated"] and presence["O"]["away"] is not None
    assert presence["X"] == {"seated": False, "away": None}


def test_a_friend_must_play_against_a_person(client: FlaskClient) -> None:
    response = call(client, "/api/new", {"x": "friend", "o": "hard"})
    assert response.status_code == 422 and code(response.get_json()) == "friend_against_you"


def test_join_refuses_a_full_match_and_an_unknown_invite(
    app: Flask, bots: tuple[FlaskClient, FlaskClient]
) -> None:
    host, _ = bots
    match_id = token_of(host.get("/api/game").get_json()["online"]["watch"])
    third = app.test_client()
    unknown = call(third, "/api/join", {"invite": f"{match_id}.{'A' * 22}"})
    assert unknown.status_code == 404 and code(unknown.get_json()) == "unknown_link"
    # Not a string at all is a body of the wrong shape: a 400 that names the field.
    wrong = call(third, "/api/join", {"invite": 7})
    assert wrong.status_code == 400 and refusal(wrong.get_json()) == ("invalid_field", "invite")
    assert api_game(third)["online"] is None


def test_a_program_may_send_the_whole_link_that_the_api_gives(
    app: Flask, client: FlaskClient
) -> None:
    """GET /api/game gives online.invite and online.seat as links; sent as they are, the
    invite was refused "This invite link is not valid: ask your friend for a new one."."""
    opened = call(client, "/api/new", {"x": "user", "o": "friend"}).get_json()
    friend = app.test_client()
    joined = call(friend, "/api/join", {"invite": opened["online"]["invite"]})
    assert joined.status_code == 200 and joined.get_json()["you"] == "O"
    laptop = app.test_client()
    moved = call(laptop, "/api/seat", {"seat": api_game(friend)["online"]["seat"]})
    assert moved.status_code == 200 and moved.get_json()["you"] == "O"


def test_a_second_join_is_a_409_that_says_the_match_is_full(
    app: Flask, client: FlaskClient
) -> None:
    opened = call(client, "/api/new", {"x": "user", "o": "friend"}).get_json()
    token = token_of(opened["online"]["invite"])
    assert call(app.test_client(), "/api/join", {"invite": token}).status_code == 200
    late = call(app.test_client(), "/api/join", {"invite": token})
    assert late.status_code == 409 and code(late.get_json()) == "match_full"
    own = call(client, "/api/join", {"invite": token})
    assert own.status_code == 409 and code(own.get_json()) == "own_invite"


def test_moves_out_of_turn_are_409_and_moves_in_turn_reach_both(
    bots: tuple[FlaskClient, FlaskClient],
) -> None:
    host, friend = bots
    early = call(friend, "/api/move", {"cell": "B2", "version": api_game(friend)["version"]})
    assert early.status_code == 409 and code(early.get_json()) == "not_your_turn"
    moved = call(host, "/api/move", {"cell": "B2", "version": api_game(host)["version"]})
    assert moved.status_code == 200
    assert api_game(friend)["moves"] == ["B2"]


def test_resign_rematch_abort_and_claim_through_the_api(
    clock: MovableClock, bots: tuple[FlaskClient, FlaskClient]
) -> None:
    host, friend = bots
    own_turn = call(host, "/api/claim", {})
    assert own_turn.status_code == 409 and code(own_turn.get_json()) == "no_claim"
    call(host, "/api/move", {"cell": "B2", "ply": 0})
    assert call(friend, "/api/abort", {}).json["online"]["ending"] == "aborted"
    offer = call(friend, "/api/rematch", {}).get_json()
    assert offer["online"]["rematch"] == "you"
    rematch = call(host, "/api/rematch", {}).get_json()
    assert rematch["you"] == "O" and rematch["ply"] == 0  # sides swapped
    call(friend, "/api/move", {"cell": "A1", "ply": 0})
    clock.advance(121)
    assert api_game(friend)["online"]["can_claim"]
    claimed = call(friend, "/api/claim", {}).get_json()
    assert claimed["online"]["ending"] == "claimed" and claimed["online"]["winner"] == "X"
    over = call(host, "/api/resign", {})
    assert over.status_code == 409 and code(over.get_json()) == "game_ended"


def test_local_matches_refuse_online_actions(client: FlaskClient) -> None:
    for path in ("/api/resign", "/api/abort", "/api/claim"):
        response = call(client, path, {})
        assert response.status_code == 409 and code(response.get_json()) == "not_online"


def test_a_rematch_on_one_device_swaps_sides_once_the_game_is_over(client: FlaskClient) -> None:
    refused = call(client, "/api/rematch", {})
    assert refused.status_code == 409 and code(refused.get_json()) == "game_not_over"
    for cell in ("A1", "B1", "A2", "B2", "A3"):
        call(client, "/api/move", {"cell": cell, "version": api_game(client)["version"]})
    rematch = call(client, "/api/rematch", {}).get_json()
    assert rematch["moves"] == [] and rematch["names"] == {"X": "Player 2", "O": "Player 1"}
    assert rematch["score"]["wins"] == {"1": 1, "2": 0}


def read_events(app: Flask, client: FlaskClient, url: str, **headers: str) -> str:
    """The whole body of a short stream (the app's streams last a fraction of a second)."""
    app.config["STREAM_LIFETIME"] = 0.3
    response = client.get(url, headers=headers)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    return response.get_data(as_text=True)


def test_the_stream_sends_a_newer_version_at_once_with_its_id(
    app: Flask, bots: tuple[FlaskClient, FlaskClient]
) -> None:
    host, friend = bots
    version = api_game(host)["version"]
    call(host, "/api/move", {"cell": "B2", "version": version})
    body = read_events(app, friend, f"/api/events?version={version}")
    assert body.startswith("retry: 1000\n\n")
    assert f'id: {version + 1}\ndata: {{"version": {version + 1}}}\n\n' in body
    seen = read_events(app, friend, "/api/events", **{"Last-Event-ID": str(version + 1)})
    assert "id:" not in seen and seen.startswith("retry: 1000\n\n")


def test_anyone_can_follow_a_match_by_its_id_but_not_a_match_that_is_not_there(
    app: Flask, bots: tuple[FlaskClient, FlaskClient]
) -> None:
    host, _ = bots
    match_id = host.get("/api/game").get_json()["online"]["watch"].rsplit("/", 1)[1]
    stranger = app.test_client()
    assert "id: " in read_events(app, stranger, f"/api/events?match={match_id}&version=0")
    unknown = stranger.get(f"/api/events?match={'A' * 22}")
    assert unknown.status_code == 404 and code(unknown.get_json()) == "unknown_match"
    none = stranger.get("/api/events")  # no match of its own
    assert none.status_code == 404 and code(none.get_json()) == "no_match"


def test_a_full_server_refuses_a_stream_with_a_503(app: Flask, bots: Any) -> None:
    app.config["STREAMS"] = 0
    app.extensions["live"].limit = 0
    response = bots[0].get("/api/events")
    assert response.status_code == 503 and code(response.get_json()) == "streams_full"


def test_a_store_that_fails_ends_the_stream_quietly_and_spares_the_board(
    clock: MovableClock,
    app: Flask,
    bots: tuple[FlaskClient, FlaskClient],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host, _ = bots
    store = app.extensions["match_store"]

    def down(*args: Any) -> Any:
        raise StoreUnavailable("down")

    monkeypatch.setattr(store, "touch", down)
    clock.advance(60)  # past the touch's throttle
    assert host.get("/").status_code == 200  # presence could not be noted: the page stays
    monkeypatch.setattr(store, "get", down)
    hub = app.extensions["live"]
    stream = followed(hub, "A" * 22, "1", after=0, lifetime=5)
    assert list(stream) == ["retry: 1000\n\n"]  # no event, no error: the browser reconnects
    assert hub.streams == 0


def test_each_program_holds_its_own_seat_and_one_that_moved_away_holds_none(
    app: Flask, bots: tuple[FlaskClient, FlaskClient]
) -> None:
    host, friend = bots
    seats = [("1", "user", "X"), ("2", "user", "O")]
    for program, held in ((host, [True, False]), (friend, [False, True])):
        game = api_game(program)
        assert [(s["id"], s["kind"], s["mark"]) for s in game["seats"]] == seats
        assert [s["you"] for s in game["seats"]] == held
        assert game["score"] == {"wins": {"1": 0, "2": 0}, "draws": 0}
    laptop = app.test_client()
    call(laptop, "/api/seat", {"seat": token_of(api_game(friend)["online"]["seat"])})
    assert [s["you"] for s in api_game(friend)["seats"]] == [False, False]
    assert [s["you"] for s in api_game(laptop)["seats"]] == [False, True]


def test_a_program_can_move_its_seat_to_another_program(
    app: Flask, bots: tuple[FlaskClient, FlaskClient]
) -> None:
    _, friend = bots
    link = api_game(friend)["online"]["seat"]
    laptop = app.test_client()
    moved = call(laptop, "/api/seat", {"seat": token_of(link)})
    assert moved.status_code == 200 and moved.get_json()["you"] == "O"
    assert api_game(friend)["you"] is None  # the old session only watches
    again = call(app.test_client(), "/api/seat", {"seat": token_of(link)})
    assert again.status_code == 404 and code(again.get_json()) == "stale_seat_link"
    wrong = call(laptop, "/api/seat", {"seat": 5})
    assert wrong.status_code == 400 and refusal(wrong.get_json()) == ("invalid_field", "seat")


def test_a_program_cannot_take_its_opponents_seat_and_keeps_its_own(
    bots: tuple[FlaskClient, FlaskClient],
) -> None:
    host, friend = bots
    theirs = token_of(api_game(friend)["online"]["seat"])
    taken = call(host, "/api/seat", {"seat": theirs})
    assert taken.status_code == 409 and code(taken.get_json()) == "other_seat_link"
    assert api_game(host)["you"] == "X" and api_game(friend)["you"] == "O"


def test_a_claim_while_the_absent_players_clock_runs_has_its_own_code(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    opened = call(client, "/api/new", {"x": "user", "o": "friend", "clock": 86400}).get_json()
    friend = app.test_client()
    call(friend, "/api/join", {"invite": token_of(opened["online"]["invite"])})
    call(client, "/api/move", {"cell": "B2", "version": api_game(client)["version"]})
    clock.advance(3600)  # the friend is away, with most of a day left to move
    claimed = call(client, "/api/claim", {})
    assert claimed.status_code == 409 and code(claimed.get_json()) == "clock_runs"
    assert api_game(client)["online"]["ending"] is None
