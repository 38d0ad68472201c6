"""Move clocks through the pages and the API: the clock chosen on /new, shown on the board and
in /api/game, and the deadline applied by the first read after it, once, whoever reads."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game, post
from tests.web.pages.test_arenas import arena, joined, sides, standing
from tests.web.pages.test_online import join, move
from tests.web.shown import page
from webapp.store import record as record_module
from webapp.web.cycle import cycle, deadlines
from webapp.web.live.stream import events as followed


def seated(app: Flask, clock: str) -> tuple[FlaskClient, FlaskClient, str]:
    """A friend online match with ``clock`` seconds a move: the host (X), the guest (O) and
    the match id."""
    host, guest = app.test_client(), app.test_client()
    post(host, "/new", {"x": "user", "o": "friend", "clock": clock})
    invite = page(host, "/").link(page(host, "/").ids["invite-link"])
    join(guest, invite.removeprefix("http://localhost"))
    return host, guest, api_game(host)["online"]["watch"].rsplit("/", 1)[1]


def test_the_board_and_the_api_show_the_clock(app: Flask) -> None:
    host, guest, _match = seated(app, "120")
    game = api_game(guest)
    assert game["clock"]["per_move"] == 120 and 118 <= game["clock"]["seconds_left"] <= 120
    assert game["clock"]["deadline"].endswith("Z") and game["ended_by"] is None
    shown = page(host, "/")
    assert "X moves by " in shown.text and " UTC" in shown.text


def test_the_setup_form_offers_the_clocks_and_refuses_a_bad_one(app: Flask) -> None:
    client = app.test_client()
    form = client.get("/new").get_data(as_text=True)
    for value in ('value="0"', 'value="30"', 'value="120"', 'value="86400"', 'value="259200"'):
        assert value in form
    refused = post(
        client, "/new", {"x": "user", "o": "friend", "clock": "604801"}, follow_redirects=True
    )
    assert "between 1 second and 7 days" in refused.get_data(as_text=True)
    assert api_game(client)["online"] is None


def test_a_kept_version_with_its_clock_running_is_read_without_decoding(
    app: Flask, clock: MovableClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, guest, match_id = seated(app, "60")
    move(host, "A1")
    move(guest, "B1")
    api_game(guest)  # the version the move saved, now kept
    decodes: list[str | bytes] = []

    def counted(text: str | bytes) -> Any:
        decodes.append(text)
        return json.loads(text)

    monkeypatch.setattr(record_module, "json", SimpleNamespace(loads=counted, dumps=json.dumps))
    clock.advance(30)
    assert api_game(guest)["clock"]["seconds_left"] == pytest.approx(30, abs=1)
    assert app.test_client().get(f"/watch/{match_id}").status_code == 200
    assert decodes == []
    clock.advance(31)  # run out: the read that sees it ends the game, once
    assert api_game(guest)["ended_by"] == "time"
    assert api_game(host)["ended_by"] == "time" and api_game(host)["score"]["wins"]["2"] == 1


def test_a_player_who_never_moved_gets_the_game_aborted(app: Flask, clock: MovableClock) -> None:
    host, guest, _match = seated(app, "1")
    clock.advance(1.1)
    game = api_game(guest)  # the first read after the deadline ends it
    assert game["ended_by"] == "abort" and game["clock"]["seconds_left"] is None
    assert game["score"] == {"wins": {"1": 0, "2": 0}, "draws": 0}
    assert "Game aborted" in page(host, "/").status


def test_the_player_to_move_loses_on_time_once(app: Flask, clock: MovableClock) -> None:
    host, guest, match_id = seated(app, "1")
    move(host, "A1")
    move(guest, "B1")
    clock.advance(1.1)
    spectator = app.test_client()
    assert page(spectator, f"/watch/{match_id}").status == "O wins on time"
    assert page(host, "/").status == "Your friend wins on time (O)"
    assert page(guest, "/").status == "You win on time! (O)"
    refused = move(host, "A2")
    assert refused.headers["X-Move-Result"] == "refused"
    game = api_game(guest)
    assert game["ended_by"] == "time" and game["score"]["wins"] == {"1": 0, "2": 1}
    assert game["version"] == api_game(host)["version"]  # one change, whoever read it


def test_a_move_in_time_winds_the_clock_again(app: Flask, clock: MovableClock) -> None:
    host, guest, _match = seated(app, "2")
    clock.advance(1.2)
    move(host, "A1")
    clock.advance(1.2)  # 2.4 s since the start, 1.2 s since X's move
    game = api_game(guest)
    assert game["ended_by"] is None and game["moves"] == ["A1"]


def test_a_deadline_read_before_a_move_is_not_applied_after_it(
    app: Flask, clock: MovableClock
) -> None:
    _host, guest, match_id = seated(app, "1")
    store, hub = app.extensions["match_store"], app.extensions["live"]
    before = store.get(match_id)
    clock.advance(1.1)
    with store.locked(match_id) as record:  # a move saved meanwhile: the version moves on
        data = dict(record.data)
        record.data = {**data, "moves": ["A1"], "deadline": clock() + 60}
    with app.test_request_context():
        after = cycle.settle(store, hub, before)
    assert after.version == before.version + 1 and after.data["ending"] == ""
    assert api_game(guest)["moves"] == ["A1"] and api_game(guest)["ended_by"] is None


def test_a_stream_wakes_at_the_deadline_and_applies_it(app: Flask, clock: MovableClock) -> None:
    host, guest, match_id = seated(app, "1")
    move(host, "A1")
    move(guest, "B1")
    store, hub = app.extensions["match_store"], app.extensions["live"]
    version = store.get(match_id).version
    clock.advance(1.1)  # the deadline has passed: the stream's first wake applies it
    stream = followed(hub, match_id, None, version, 5.0, deadlines.due(app, store, hub, match_id))
    event = next(chunk for chunk in stream if chunk.startswith("id:"))
    assert event.startswith(f"id: {version + 1}\n")
    assert store.get(match_id).data["ending"] == "timed_out"  # nobody but the stream read it


def test_a_stream_ends_an_arena_game_on_time_and_the_arena_counts_it(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    # A stream runs outside its request: the game's end it saves is counted by the arena
    # (cycle.saved), which needs the app; without it every such stream died in a traceback.
    arena_id = arena(client, clock=5)
    x, o = sides(*joined(app, arena_id, 2), arena_id)
    move(x, "A1")
    move(o, "B1")
    match_id = api_game(x)["online"]["watch"].rsplit("/", 1)[1]
    store, hub = app.extensions["match_store"], app.extensions["live"]
    version = store.get(match_id).version
    clock.advance(60)  # past X's deadline and the grace of a first move
    stream = followed(hub, match_id, None, version, 5.0, deadlines.due(app, store, hub, match_id))
    event = next(chunk for chunk in stream if chunk.startswith("id:"))
    assert event.startswith(f"id: {version + 1}\n")
    assert store.get(match_id).data["ending"] == "timed_out"
    points = sorted(row["points"] for row in standing(x, arena_id)["standings"])
    assert points == [0, 2]  # O won on time, counted once


def test_a_game_ended_by_the_clock_is_over_in_the_api_status(
    app: Flask, clock: MovableClock
) -> None:
    host, guest, match_id = seated(app, "30")
    move(host, "A1")
    move(guest, "B1")
    clock.advance(31)  # X, to move, runs out
    game = api_game(guest)
    assert (game["status"], game["ended_by"]) == ("O wins", "time")
    watched = page(app.test_client(), f"/watch/{match_id}").status
    assert watched.startswith(game["status"])  # the board's words: "O wins on time"
    assert page(guest, "/").status == "You win on time! (O)"
    assert "You win on time! (O)" in page(guest, "/?text=1").text


def test_an_aborted_game_is_over_in_the_api_status(app: Flask, clock: MovableClock) -> None:
    host, guest, _match = seated(app, "1")
    clock.advance(1.1)  # nobody moved: the clock calls the game off
    game = api_game(guest)
    assert (game["status"], game["ended_by"]) == ("Game aborted", "abort")
    assert page(host, "/").status.startswith(game["status"])  # "Game aborted: it counts for…"
    assert page(guest, "/?text=1").text.count("Game aborted: it counts for nobody") >= 1
