"""Counting an arena game (web/cycle/arena_count.py): an entry counts a game only as its
browser's list shows it, and never twice, however the books went wrong before."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from prometheus_client import REGISTRY

from tests.conftest import api_game, post
from tests.web.cycle.test_arena_rows import rows_of
from tests.web.pages.test_arenas import arena, joined, sides, standing
from webapp.rules import read
from webapp.store.record import encode
from webapp.web.cycle import arena_count, arenas


def played_out(app: Flask, client: FlaskClient) -> tuple[str, FlaskClient, FlaskClient]:
    """An arena whose two players were paired: its id, X and O, at their board."""
    arena_id = arena(client)
    x, o = sides(*joined(app, arena_id, 2), arena_id)
    return arena_id, x, o


def refused(why: str) -> float:
    """How many arena scorings this process refused for ``why`` (its metric)."""
    return REGISTRY.get_sample_value("ttt_arena_books_refused_total", {"why": why}) or 0.0


def entries(app: Flask, arena_id: str) -> dict[str, dict[str, Any]]:
    """The arena's entries by mark played (or ``""`` once freed) and browser."""
    return {e["browser"]: e for e in rows_of(app, arena_id)}


def test_a_game_is_counted_once_even_when_its_players_are_put_back_in_it(
    app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    arena_id, x, o = played_out(app, client)
    match_id = api_game(x)["online"]["watch"].rsplit("/", 1)[-1]
    before = entries(app, arena_id)  # both in the game, as paired
    post(o, "/resign")
    assert sorted(r["points"] for r in standing(x, arena_id)["standings"]) == [0, 2]
    # The books gone wrong: both entries back in the counted game, as if never counted.
    counted = entries(app, arena_id)
    with sqlite3.connect(app.config["DATABASE"]) as db:
        for browser, entry in counted.items():
            playing = {k: before[browser][k] for k in ("match", "key", "mark")}
            kept = {k: v for k, v in {**entry, **playing}.items() if k != "flag"}
            db.execute(
                "UPDATE arena_players SET data = ?, waiting = 0 WHERE arena_id = ? AND browser = ?",
                (encode(kept), arena_id, browser),
            )
        db.execute(
            "INSERT INTO arena_games VALUES (?, ?, ?)",
            (arena_id, match_id, encode(sorted(before))),
        )
    counted_again = refused("counted_again")
    with app.app_context(), caplog.at_level(logging.ERROR):
        record = arenas.store().get(match_id)
        assert record is not None
        arena_count.count(match_id, read(record.data))
    after = entries(app, arena_id)
    assert sorted((e["points"], e["games"]) for e in after.values()) == [(0, 1), (2, 1)]
    assert "second count refused" in caplog.text and match_id in caplog.text
    assert refused("counted_again") == counted_again + 1


def test_an_entry_counts_no_game_its_list_does_not_show(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    arena_id, x, o = played_out(app, client)
    lost = next(b for b, e in entries(app, arena_id).items() if e["mark"] == "X")
    history = app.extensions["history"]
    kept = history.add

    def add(browser: str, game_id: str, when: float, entry: dict[str, Any]) -> None:
        if browser != lost:  # a list that does not take the game: X's
            kept(browser, game_id, when, entry)

    monkeypatch.setattr(history, "add", add)
    unlisted = refused("unlisted")
    post(o, "/resign")
    after = entries(app, arena_id)
    assert (after[lost]["points"], after[lost]["games"]) == (0, 0)
    assert not x.get("/api/games").get_json()["games"]
    (mine,) = o.get("/api/games").get_json()["games"]
    assert mine["result"] == "lost"
    assert [e["games"] for b, e in after.items() if b != lost] == [1]
    assert not standing(x, arena_id)["you"]["playing"]  # freed all the same
    assert refused("unlisted") == unlisted + 1
