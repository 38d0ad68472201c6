"""An arena's standings as the page and the API show them: a player who paused and one who
withdrew each said for what they are."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import post
from tests.web.pages.test_arenas import arena, joined, standing
from tests.web.shown import page


def test_a_withdrawn_player_is_shown_withdrawn_not_paused(app: Flask, client: FlaskClient) -> None:
    arena_id = arena(client, starts_in=30)
    watcher, pausing, leaving = joined(app, arena_id, 3)
    post(pausing, f"/arenas/{arena_id}/pause")
    post(leaving, f"/arenas/{arena_id}/withdraw")
    rows = standing(watcher, arena_id)["standings"]
    flags = sorted((row["paused"], row["withdrawn"]) for row in rows)
    assert flags == [(False, False), (False, True), (True, False)]
    text = page(watcher, f"/arenas/{arena_id}").text
    assert text.count("· withdrawn") == 1 and text.count("· paused") == 1
    german = watcher.get(f"/arenas/{arena_id}", headers={"Accept-Language": "de"})
    assert "· zurückgezogen" in german.get_data(as_text=True)
