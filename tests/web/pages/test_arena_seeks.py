"""An arena and quick pairing never both pair one browser: joining an arena gives up a seek,
and seeking, inviting or joining a friend, or taking a seat leaves the arena's pairing (a
pause), so that no opponent is left playing nobody."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import post
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


def test_a_player_waiting_in_an_arena_who_joins_a_friend_is_paused_there(
    app: Flask, client: FlaskClient
) -> None:
    arena_id = arena(client, length=600, clock=30)
    player, host, other = app.test_client(), app.test_client(), app.test_client()
    assert not api(player, f"/api/arenas/{arena_id}/join").get_json()["you"]["playing"]
    opened = api(host, "/api/new", {"x": "user", "o": "friend"}).get_json()
    token = opened["online"]["invite"].rsplit("/", 1)[1]
    assert api(player, "/api/join", {"invite": token}).get_json()["you"] == "O"
    assert standing(player, arena_id)["you"]["paused"]
    assert not api(other, f"/api/arenas/{arena_id}/join").get_json()["you"]["playing"]


def test_a_player_waiting_in_an_arena_who_takes_a_seat_is_paused_there(
    app: Flask, client: FlaskClient
) -> None:
    arena_id = arena(client, length=600, clock=30)
    player, host, friend, other = (app.test_client() for _ in range(4))
    opened = api(host, "/api/new", {"x": "user", "o": "friend"}).get_json()
    api(friend, "/api/join", {"invite": opened["online"]["invite"].rsplit("/", 1)[1]})
    seat = host.get("/api/game").get_json()["online"]["seat"].rsplit("/", 1)[1]
    assert not api(player, f"/api/arenas/{arena_id}/join").get_json()["you"]["playing"]
    assert api(player, "/api/seat", {"seat": seat}).get_json()["you"] == "X"
    assert standing(player, arena_id)["you"]["paused"]
    assert not api(other, f"/api/arenas/{arena_id}/join").get_json()["you"]["playing"]


@pytest.mark.parametrize("route", ["/api/new", "/mode"])
def test_a_player_waiting_in_an_arena_who_invites_a_friend_is_paused_there(
    app: Flask, client: FlaskClient, route: str
) -> None:
    arena_id = arena(client, length=600, clock=30)
    host, friend, other = app.test_client(), app.test_client(), app.test_client()
    assert not api(host, f"/api/arenas/{arena_id}/join").get_json()["you"]["playing"]
    if route == "/api/new":
        opened = api(host, "/api/new", {"x": "user", "o": "friend"}).get_json()
    else:
        post(host, "/mode", {"mode": "friend"})
        opened = host.get("/api/game").get_json()
    assert standing(host, arena_id)["you"]["paused"]
    token = opened["online"]["invite"].rsplit("/", 1)[1]
    assert api(friend, "/api/join", {"invite": token}).get_json()["you"] == "O"
    assert not api(other, f"/api/arenas/{arena_id}/join").get_json()["you"]["playing"]
