"""The server settles the arenas' clocks (web/cycle/settler.py): a game whose clock ran out
ends, counts and frees its players without anyone looking at it, once, however many settlers
pass; the settler's thread starts and stops cleanly."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, post
from tests.web.pages.test_arenas import arena, joined, sides, standing
from webapp import create_app
from webapp.store import StoreBusy
from webapp.web.cycle import arena_index, settler
from webapp.web.cycle import arenas as cycle_arenas


def settle(app: Flask) -> int:
    """One settler's pass, as its thread makes it; the games it ended."""
    with app.app_context():
        return settler.settle_due({})


def points(client: FlaskClient, arena_id: str) -> list[tuple[int, int, bool]]:
    """Each player's points, games and whether in a game, as a third party sees them."""
    rows = standing(client, arena_id)["standings"]
    return sorted((row["points"], row["games"], row["playing"]) for row in rows)


def test_a_game_whose_clock_ran_out_ends_and_counts_with_nobody_looking(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    arena_id = arena(client)
    x, o = sides(*joined(app, arena_id, 2), arena_id)
    for player, cell in ((x, "B2"), (o, "A1")):
        post(player, "/move", {"cell": cell})
    assert settle(app) == 0  # nobody's clock ran out
    clock.advance(6)  # X's 5 s ran out
    assert points(client, arena_id) == [(0, 0, True), (0, 0, True)]  # a look changes nothing
    assert settle(app) == 1 and settle(app) == 0  # ended once, however often settled
    assert points(client, arena_id) == [(0, 1, False), (2, 1, False)]


def test_while_one_settler_holds_an_arena_another_passes_it_by(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    arena_id = arena(client)
    sides(*joined(app, arena_id, 2), arena_id)
    with app.app_context():
        assert settler.settle_due({}, "one", 60.0) == 0  # nobody's clock ran out; one holds it
        clock.advance(app.config["ARENA_GRACE"] + 6)  # X never moved
        assert settler.settle_due({}, "two", 60.0) == 0  # one's to settle: two does nothing
        assert points(client, arena_id) == [(0, 0, True), (0, 0, True)]
        assert settler.settle_due({}, "one", 60.0) == 1
    assert points(client, arena_id) == [(0, 1, False), (2, 1, False)]


def test_at_the_arenas_end_the_podium_is_right_without_anyone_opening_the_game(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    arena_id = arena(client, length=10)
    sides(*joined(app, arena_id, 2), arena_id)
    clock.advance(app.config["ARENA_GRACE"] + 6)  # the arena is over; X never moved
    assert settle(app) == 1
    shown = standing(client, arena_id)
    assert shown["state"] == "over" and [r["points"] for r in shown["standings"]] == [2, 0]


def test_a_pairing_whose_match_was_never_made_is_made_by_the_settler(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    arena_id = arena(client)
    joined(app, arena_id, 1)

    def busy(*args: Any) -> None:
        raise StoreBusy("the new match's record is locked")

    monkeypatch.setattr(cycle_arenas, "commit", busy)
    joined(app, arena_id, 1)  # paired, and its match not made
    monkeypatch.undo()
    with app.app_context():
        (game,) = cycle_arenas.rows().games(arena_id)
        assert cycle_arenas.store().get(game) is None
        assert settler.settle_due({}) == 0
        assert cycle_arenas.store().get(game) is not None


def test_two_who_just_met_are_paired_again_by_the_settler_once_they_waited(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    arena_id = arena(client)
    x, _o = sides(*joined(app, arena_id, 2), arena_id)
    assert post(x, "/resign").status_code == 303
    assert [row[2] for row in points(client, arena_id)] == [False, False]
    clock.advance(app.config["ARENA_REMATCH_WAIT"])
    settle(app)
    assert [row[2] for row in points(client, arena_id)] == [True, True]


def test_the_settler_runs_in_the_background_and_stops_cleanly(
    clock: MovableClock, tmp_path: Path
) -> None:
    config = {"SECRET_KEY": "test-secret", "TESTING": True, "LIMITS": False, "CLOCK": clock}
    app = create_app({**config, "ARENA_SETTLE_EVERY": 0.02}, instance_path=str(tmp_path))
    client = app.test_client()
    arena_id = arena(client)
    sides(*joined(app, arena_id, 2), arena_id)
    clock.advance(app.config["ARENA_GRACE"] + 6)
    settler.start(app)
    try:
        deadline = time.monotonic() + 10
        while points(client, arena_id)[0][2] and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        settler.stop()
    assert points(client, arena_id) == [(0, 1, False), (2, 1, False)]
    assert not [t for t in threading.enumerate() if t.name == "arena-settler"]


def test_a_settler_at_rest_wakes_at_once_when_its_process_adds_an_arena(
    clock: MovableClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = {"SECRET_KEY": "test-secret", "TESTING": True, "LIMITS": False, "CLOCK": clock}
    app = create_app({**config, "ARENA_SETTLE_EVERY": 0.02}, instance_path=str(tmp_path))
    looked = threading.Event()
    followed = arena_index.followed

    def noting(now: float) -> tuple[list[str], float]:
        found = followed(now)
        looked.set()
        return found

    monkeypatch.setattr(arena_index, "followed", noting)
    settler.start(app)
    try:
        assert looked.wait(5)  # its first pass found no arena: it sleeps QUIET (10 s) now
        looked.clear()
        arena(app.test_client())
        assert looked.wait(5)  # woken by the arena's making, not by its timer
    finally:
        settler.stop()


def test_a_game_its_players_never_came_to_is_in_both_their_lists(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    arena_id = arena(client)
    players = joined(app, arena_id, 2)  # paired; neither comes to the board
    clock.advance(app.config["ARENA_GRACE"] + 6)
    assert settle(app) == 1
    lists = [player.get("/api/games").get_json()["games"] for player in players]
    assert sorted((games[0]["result"], games[0]["ended_by"]) for games in lists) == [
        ("lost", "time"),
        ("won", "time"),
    ]
