"""An arena and quick pairing never both pair one browser: joining an arena gives up a seek,
and seeking leaves the arena's pairing (a pause), so that no opponent is left playing nobody."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.web.pages.test_arenas import api, arena, standing


def test_a_seeker_who_joins_an_arena_stops_seeking(app: Flask, client: FlaskClient) -> None:
    arena_id = arena(client, length=600, clock=30)
    seeker, other, stranger = app.test_client(), app.test_client(), app.test_client()
    assert api(seeker, "/api/pair").get_json()["state"] == "waiting"
    assert api(other, f"/api/arenas/{arena_id}/join").status_code == 200
    assert api(seeker, f"/api/arenas/{arena_id}/join").get_json()["you"]["playing"]
    assert seeker.get("/api/pair").get_json()["state"] == "idle"
    assert api(stranger, "/api/pair").get_json()["state"] == "waiting"  # not met by the seeker


def test_a_player_waiting_in_an_arena_who_seeks_is_paused_there(
    app: Flask, client: FlaskClient
) -> None:
    arena_id = arena(client, length=600, clock=30)
    player, stranger, other = app.test_client(), app.test_client(), app.test_client()
    assert not api(player, f"/api/arenas/{arena_id}/join").get_json()["you"]["playing"]
    assert api(stranger, "/api/pair").get_json()["state"] == "waiting"
    assert api(player, "/api/pair").get_json()["state"] == "paired"
    assert standing(player, arena_id)["you"]["paused"]
    assert not api(other, f"/api/arenas/{arena_id}/join").get_json()["you"]["playing"]
