"""Arenas through the pages and the API: making one, joining, being paired and taken to the
board, points counted once per game (a win, a loss on time, an abort), pausing, withdrawing,
the end and its podium, the site's arena always coming, and the arena's stream."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game, post
from tests.refusals import code, refusal
from tests.web.shown import page
from webapp.store import StoreBusy
from webapp.web.cycle import arenas as cycle_arenas


def api(client: FlaskClient, path: str, body: dict[str, Any] | None = None) -> Any:
    """A POST of the JSON API with the session's CSRF header."""
    headers = {"X-CSRFToken": api_game(client)["csrf_token"]}
    return client.post(path, json=body, headers=headers)


def arena(client: FlaskClient, length: int = 60, clock: int = 5, starts_in: int = 0) -> str:
    """A private arena made by ``client``; its id."""
    made = api(
        client,
        "/api/arenas",
        {"length": length, "clock": clock, "starts_in": starts_in, "private": True},
    )
    assert made.status_code == 200
    return str(made.get_json()["id"])


def joined(app: Flask, arena_id: str, count: int) -> list[FlaskClient]:
    """``count`` browsers that joined the arena by its page's form."""
    players = [app.test_client() for _ in range(count)]
    for player in players:
        assert post(player, f"/arenas/{arena_id}/join").status_code == 303
    return players


def standing(client: FlaskClient, arena_id: str) -> dict[str, Any]:
    """The arena as the API answers it to ``client``."""
    response = client.get(f"/api/arenas/{arena_id}")
    assert response.status_code == 200
    found: dict[str, Any] = response.get_json()
    return found


def to_board(client: FlaskClient, arena_id: str) -> dict[str, Any]:
    """Open the arena's page, which takes a paired player to the board; their game."""
    assert client.get(f"/arenas/{arena_id}").headers["Location"] == "/"
    return api_game(client)


def sides(one: FlaskClient, other: FlaskClient, arena_id: str) -> tuple[FlaskClient, FlaskClient]:
    """X and O of the game the arena paired ``one`` and ``other`` in."""
    game = to_board(one, arena_id)
    assert to_board(other, arena_id)["online"]["watch"] == game["online"]["watch"]
    return (one, other) if game["you"] == "X" else (other, one)


def test_two_players_are_paired_and_a_win_counts_once(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    arena_id = arena(client)
    a, b = joined(app, arena_id, 2)
    x, o = sides(a, b, arena_id)
    game = api_game(x)
    assert game["arena"] == arena_id and game["clock"]["per_move"] == 5
    assert all(seat["name"] for seat in game["seats"]) and game["online"]["full"]
    for cells in (("A1", "B1"), ("A2", "B2")):
        post(x, "/move", {"cell": cells[0]})
        post(o, "/move", {"cell": cells[1]})
    post(x, "/move", {"cell": "A3"})
    assert api_game(x)["status"] == "X wins"
    rows = {row["you"]: row for row in standing(x, arena_id)["standings"]}
    assert (rows[True]["points"], rows[True]["games"], rows[True]["rank"]) == (2, 1, 1)
    assert (rows[False]["points"], rows[False]["games"]) == (0, 1)
    (entry, *_rest) = x.get("/api/games").get_json()["games"]
    assert entry["arena"] == arena_id and entry["result"] == "won"
    assert not standing(x, arena_id)["you"]["playing"]  # waiting a moment for another
    clock.advance(app.config["ARENA_REMATCH_WAIT"])
    again = to_board(x, arena_id)  # nobody else came: paired again with the only other one
    assert again["arena"] == arena_id and again["ply"] == 0 and again["game"] != game["game"]
    assert standing(o, arena_id)["you"] == {
        "joined": True,
        "paused": False,
        "points": 0,
        "playing": True,
    }
    refused = api(x, "/api/rematch")
    assert refused.status_code == 409 and code(refused.get_json()) == "game_not_over"


def test_a_join_saved_is_answered_so_even_if_its_pairings_match_is_not_made_yet(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    arena_id = arena(client)
    (first,) = joined(app, arena_id, 1)
    second = app.test_client()

    def busy(*args: Any) -> None:
        raise StoreBusy("the new match's record is locked")

    monkeypatch.setattr(cycle_arenas, "commit", busy)
    answered = api(second, f"/api/arenas/{arena_id}/join")
    assert answered.status_code == 200 and answered.get_json()["you"]["playing"]
    monkeypatch.undo()  # the store is free again: the next look makes the match
    game = to_board(second, arena_id)
    assert to_board(first, arena_id)["online"]["watch"] == game["online"]["watch"]


def test_a_game_lost_on_time_counts_as_a_loss(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    arena_id = arena(client)
    x, o = sides(*joined(app, arena_id, 2), arena_id)
    for player, cell in ((x, "B2"), (o, "A1"), (x, "C3")):
        post(player, "/move", {"cell": cell})
    clock.advance(6)  # O's 5 s ran out; the next look at the match ends the game
    assert api_game(x)["ended_by"] == "time"
    points = sorted(row["points"] for row in standing(x, arena_id)["standings"])
    assert points == [0, 2]


def test_an_aborted_game_counts_for_nobody(app: Flask, client: FlaskClient) -> None:
    arena_id = arena(client)
    x, _o = sides(*joined(app, arena_id, 2), arena_id)
    assert post(x, "/abort").status_code == 303
    rows = standing(x, arena_id)["standings"]
    assert [(row["points"], row["games"]) for row in rows] == [(0, 0), (0, 0)]


def test_pausing_and_withdrawing_keep_a_player_out_of_the_pairing(
    app: Flask, client: FlaskClient
) -> None:
    arena_id = arena(client, starts_in=30)
    a, b, c = joined(app, arena_id, 3)
    assert "You are in: you are paired when it starts." in page(a, f"/arenas/{arena_id}").text
    post(a, f"/arenas/{arena_id}/pause")
    post(b, f"/arenas/{arena_id}/withdraw")
    refused = post(b, f"/arenas/{arena_id}/pause")
    assert refused.headers["X-Move-Result"] == "refused"
    assert standing(a, arena_id)["you"] == {
        "joined": True,
        "paused": True,
        "points": 0,
        "playing": False,
    }
    assert standing(b, arena_id)["you"] == {
        "joined": False,
        "paused": False,
        "points": 0,
        "playing": False,
    }
    assert standing(c, arena_id)["state"] == "coming"
    again = post(c, f"/arenas/{arena_id}/join", follow_redirects=True).get_data(as_text=True)
    assert "You are in this arena already." in again


def test_at_the_end_nobody_is_paired_the_games_in_play_count_and_the_podium_shows(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    arena_id = arena(client, length=20, clock=30)
    x, o = sides(*joined(app, arena_id, 2), arena_id)
    clock.advance(21)
    assert standing(x, arena_id)["state"] == "over"
    post(x, "/resign")  # the game in play ends after the arena: it counts, and nobody waits
    shown = page(o, f"/arenas/{arena_id}")
    assert "This arena is over." in shown.text and "Podium" in shown.text
    mine = next(seat["name"] for seat in api_game(o)["seats"] if seat["you"])
    assert standing(o, arena_id)["standings"][0] == {
        "rank": 1,
        "name": mine,
        "points": 2,
        "games": 1,
        "streak": 1,
        "you": True,
        "playing": False,
        "paused": False,
        "withdrawn": False,
    }
    again = api(o, f"/api/arenas/{arena_id}/join")
    assert again.status_code == 409 and code(again.get_json()) == "arena_over"
    assert '<meta http-equiv="refresh"' not in shown.html


def test_the_site_always_has_a_public_arena_coming(app: Flask, clock: MovableClock) -> None:
    visitor = app.test_client()
    (first,) = visitor.get("/api/arenas").get_json()
    assert first["state"] == "coming" and not first["private"]
    assert visitor.get("/api/arenas").get_json() == [first]  # one, however often asked
    clock.advance(app.config["ARENA_FIRST_IN"] + 1)
    running, coming = visitor.get("/api/arenas").get_json()
    assert (running["id"], running["state"], coming["state"]) == (first["id"], "running", "coming")
    assert coming["starts"] == running["ends"]
    assert first["id"] in page(visitor, "/arenas").html


def test_a_players_arena_is_private_and_never_listed(client: FlaskClient) -> None:
    private = arena(client)
    public = api(client, "/api/arenas", {"length": 60, "clock": 5, "private": False})
    assert public.status_code == 400
    assert refusal(public.get_json()) == ("invalid_field", "private")
    by_form = post(client, "/arenas", {"length": "300", "clock": "10", "starts_in": "60"})
    listed = {item["id"] for item in client.get("/api/arenas").get_json()}
    assert private not in listed and by_form.headers["Location"].split("/")[-1] not in listed
    assert standing(client, private)["private"] is True


@pytest.mark.parametrize(
    ("field", "value", "range_"),
    [
        ("length", 0, "1 to 604800"),
        ("clock", 604801, "1 to 604800"),
        ("starts_in", -1, "0 to 604800"),
        ("length", "long", "1 to 604800"),
    ],
)
def test_an_arena_value_out_of_range_is_named_with_its_range(
    client: FlaskClient, field: str, value: object, range_: str
) -> None:
    refused = api(client, "/api/arenas", {"length": 60, "clock": 5, field: value})
    assert refused.status_code == 400 and refusal(refused.get_json()) == ("invalid_field", field)


@pytest.mark.parametrize("left_out", ["length", "clock"])
def test_an_arena_field_left_out_is_a_missing_field(client: FlaskClient, left_out: str) -> None:
    body = {name: value for name, value in {"length": 60, "clock": 5}.items() if name != left_out}
    refused = api(client, "/api/arenas", body)
    assert refused.status_code == 400 and refusal(refused.get_json()) == ("missing_field", left_out)


def test_the_form_makes_an_arena_and_refuses_a_choice_it_does_not_offer(
    client: FlaskClient,
) -> None:
    made = post(client, "/arenas", {"length": "300", "clock": "10", "starts_in": "60"})
    assert made.status_code == 303 and made.headers["Location"].startswith("/arenas/")
    assert "Arena: 5 minutes, 10 s a move" in page(client, made.headers["Location"]).text
    refused = post(client, "/arenas", {"length": "7", "clock": "10", "starts_in": "60"})
    assert refused.headers["X-Move-Result"] == "refused"


def test_an_arena_on_a_larger_board_says_so_on_its_page(client: FlaskClient) -> None:
    chosen = {"length": "300", "clock": "10", "starts_in": "60", "board": "7x7"}
    made = post(client, "/arenas", chosen)
    shown = page(client, made.headers["Location"]).text
    assert "Arena: 5 minutes, 10 s a move, on 7x7, 5 in a row" in shown


@pytest.mark.parametrize(
    ("language", "running", "coming"),
    [
        ("en", r"(10:00|9:5\d) left\.", r"1:(30|2\d) to go\."),
        ("de", r"Noch (10:00|9:5\d)\.", r"Noch 1:(30|2\d) bis zum Start\."),
        ("fr", r"Il reste (10:00|9:5\d)\.", r"Début dans 1:(30|2\d)\."),
        ("es", r"Quedan (10:00|9:5\d)\.", r"Empieza en 1:(30|2\d)\."),
    ],
)
def test_an_arenas_page_says_the_time_in_minutes_and_seconds(
    client: FlaskClient, language: str, running: str, coming: str
) -> None:
    """Without JavaScript it said "600 seconds left." and "90 seconds to go."."""
    for made, said in ((arena(client, length=600), running), (arena(client, starts_in=90), coming)):
        shown = client.get(f"/arenas/{made}", headers={"Accept-Language": language})
        assert re.search(said, shown.get_data(as_text=True)), shown.get_data(as_text=True)


@pytest.mark.parametrize("board", ["9x9", "5X5"])
def test_the_form_refuses_a_board_it_does_not_offer(client: FlaskClient, board: str) -> None:
    chosen = {"length": "300", "clock": "10", "starts_in": "60", "board": board}
    refused = post(client, "/arenas", chosen)
    assert refused.status_code == 303 and refused.headers["X-Move-Result"] == "refused"
    assert "Choose one of the lengths" in page(client, refused.headers["Location"]).text


@pytest.mark.parametrize("length", ["9" * 5000, "²"])
def test_the_form_refuses_a_length_that_is_no_short_number(
    client: FlaskClient, length: str
) -> None:
    refused = post(client, "/arenas", {"length": length, "clock": "10", "starts_in": "60"})
    assert refused.status_code == 303 and refused.headers["X-Move-Result"] == "refused"
    assert "Choose one of the lengths" in page(client, refused.headers["Location"]).text


def test_an_unknown_arena_is_a_404_everywhere(client: FlaskClient) -> None:
    assert client.get("/arenas/AAAAAAAAAAAAAAAAAAAAAA").status_code == 404
    assert client.get("/arenas/nope").status_code == 404
    assert client.get("/arenas/AAAAAAAAAAAAAAAAAAAAAA/events").status_code == 404  # a page's
    for answer in (
        client.get("/api/arenas/AAAAAAAAAAAAAAAAAAAAAA"),
        api(client, "/api/arenas/AAAAAAAAAAAAAAAAAAAAAA/join"),
    ):
        assert answer.status_code == 404 and code(answer.get_json()) == "no_arena"
    short = api(client, "/api/arenas", {"length": 0, "clock": 5})
    assert short.status_code == 400 and refusal(short.get_json()) == ("invalid_field", "length")


def test_the_stream_sends_the_standings_and_the_viewers_row(
    app: Flask, client: FlaskClient
) -> None:
    app.config["STREAM_LIFETIME"], app.config["LIVE_EVERY"] = 0.3, 0.01
    arena_id = arena(client, starts_in=30)
    (player,) = joined(app, arena_id, 1)
    body = player.get(f"/arenas/{arena_id}/events").get_data(as_text=True)
    (event,) = [json.loads(d) for d in re.findall(r"^data: (.*)$", body, re.MULTILINE)]
    assert 'data-player="0"' in event["html"] and "<html" not in event["html"]
    assert event["you"] == [1, 0, 0, 0, False]
    watcher = app.test_client().get(f"/arenas/{arena_id}/events").get_data(as_text=True)
    assert '"you": null' in watcher
