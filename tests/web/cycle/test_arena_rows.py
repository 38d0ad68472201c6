"""An arena kept as rows (web/cycle/arenas.py, arena_steps.py): its head's tallies agree with
its rows after any play, a look shows the best players and the viewer's own row, and an arena
stored before (one record of every player) reads, turns into rows and plays on."""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game, post
from tests.web.pages.test_arenas import arena, joined, standing
from webapp.rules.arena import Arena, Player
from webapp.store.record import encode
from webapp.web.cycle import arenas as cycle_arenas


def rows_of(app: Flask, arena_id: str) -> list[dict[str, Any]]:
    """Every entry of the arena as the SQLite file keeps it, read apart from the app."""
    with sqlite3.connect(app.config["DATABASE"]) as db:
        found = db.execute(
            "SELECT data, waiting FROM arena_players WHERE arena_id = ?", (arena_id,)
        ).fetchall()
    return [{**json.loads(data), "flag": waiting} for data, waiting in found]


def check_tallies(app: Flask, client: FlaskClient, arena_id: str) -> dict[str, Any]:
    """The arena's answer, whose tallies must be those of its rows."""
    shown = standing(client, arena_id)
    entries = rows_of(app, arena_id)
    assert shown["players"] == len(entries)
    assert shown["playing"] == sum(1 for e in entries if e["match"])
    waiting = [e for e in entries if not (e["match"] or e["paused"] or e["withdrawn"])]
    assert shown["waiting"] == len(waiting) == sum(e["flag"] for e in entries)
    assert shown["games"] == sum(e["games"] for e in entries) // 2
    return shown


def test_the_tallies_are_the_rows_after_any_play(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    arena_id = arena(client, length=600)
    players = joined(app, arena_id, 7)
    chance = random.Random(7)
    for _round in range(12):
        for player in chance.sample(players, 4):
            player.get(f"/arenas/{arena_id}")  # to the board of a game it was paired in
            game = api_game(player)
            if (
                game["arena"] == arena_id
                and not game["ended_by"]
                and game["status"] == ("Game not finished")
            ):
                post(player, chance.choice(["/resign", "/abort"]))
        if chance.random() < 0.3:
            post(chance.choice(players), f"/arenas/{arena_id}/pause")
        if chance.random() < 0.3:
            post(chance.choice(players), f"/arenas/{arena_id}/join")
        clock.advance(chance.choice([0.5, 4.0]))
        shown = check_tallies(app, client, arena_id)
        assert shown["waiting"] <= 2
    assert check_tallies(app, client, arena_id)["games"] > 3


def test_a_look_shows_the_best_and_the_viewers_own_row(app: Flask, client: FlaskClient) -> None:
    arena_id = arena(client, starts_in=60)
    many = joined(app, arena_id, cycle_arenas.BEST + 3)
    last = standing(many[-1], arena_id)
    assert len(last["standings"]) == cycle_arenas.BEST + 1 and last["players"] == len(many)
    mine = last["standings"][-1]
    assert mine["you"] and mine["rank"] == 1 and last["you"]["joined"]
    assert not any(row["you"] for row in standing(client, arena_id)["standings"])


def test_an_arena_stored_as_one_record_reads_and_plays_on(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    arena_id = arena(client)
    a, b = joined(app, arena_id, 2)  # a game of theirs in play, kept as rows
    c, _d = joined(app, arena_id, 2)
    entries = sorted(rows_of(app, arena_id), key=lambda e: e["number"])
    old = Arena(
        clock(),
        60,
        5,
        True,
        tuple(
            Player(**{k: v for k, v in e.items() if k not in ("flag", "number")}) for e in entries
        ),
    )  # the arena as it was kept before: every player in its record, in the order they joined
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("DELETE FROM arena_players WHERE arena_id = ?", (arena_id,))
        db.execute("DELETE FROM arena_games WHERE arena_id = ?", (arena_id,))
        db.execute("UPDATE matches SET data = ? WHERE id = ?", (encode(old.to_dict()), arena_id))
    shown = check_tallies(app, client, arena_id)
    assert (shown["players"], shown["playing"]) == (4, 4)
    assert [row["name"] for row in shown["standings"]]  # named, in the order they joined
    x = next(p for p in (a, b) if standing(p, arena_id)["you"]["playing"])
    assert x.get(f"/arenas/{arena_id}").headers["Location"] == "/"
    assert post(x, "/resign").status_code == 303
    after = check_tallies(app, client, arena_id)
    assert after["games"] == 1 and sorted(r["points"] for r in after["standings"]) == [0, 0, 0, 2]
    assert len(rows_of(app, arena_id)) == 4 and standing(c, arena_id)["you"]["playing"]
