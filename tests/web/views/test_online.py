"""An online match's answers read the seats' presence from the store once per request."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game
from tests.web.api.test_api import call
from tests.web.api.test_api_online import bots as bots  # the two seated programs
from webapp.web.live.live import TOUCH_EVERY


@pytest.fixture
def reads(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The matches whose presence the store was asked for, in order."""
    store = app.extensions["live"].store
    asked: list[str] = []
    seen: Callable[[str], dict[str, float]] = store.seen

    def counted(match_id: str) -> dict[str, float]:
        asked.append(match_id)
        return seen(match_id)

    monkeypatch.setattr(store, "seen", counted)
    return asked


def test_a_move_and_a_read_of_the_player_waiting_read_presence_once(
    bots: tuple[FlaskClient, FlaskClient], reads: list[str]
) -> None:
    host, _ = bots
    game = api_game(host)
    reads.clear()
    headers = {"X-CSRFToken": game["csrf_token"]}
    moved = host.post("/api/move", json={"cell": "B2", "version": game["version"]}, headers=headers)
    assert moved.status_code == 200 and not moved.get_json()["online"]["can_claim"]
    assert len(reads) == 1  # the claim's check (the other is to move) and the presence shown
    reads.clear()
    waiting = api_game(host)
    assert len(reads) == 1 and waiting["online"]["presence"]["O"]["away"] is not None


def test_a_claim_reads_presence_once_and_shows_the_claimer_just_seen(
    clock: MovableClock, bots: tuple[FlaskClient, FlaskClient], reads: list[str]
) -> None:
    host, _ = bots
    call(host, "/api/move", {"cell": "B2", "version": api_game(host)["version"]})
    clock.advance(121)
    token = api_game(host)["csrf_token"]  # its read touches the claimer: away 0 after it
    clock.advance(TOUCH_EVERY)  # the claim's answer touches it again
    reads.clear()
    claimed = host.post("/api/claim", json={}, headers={"X-CSRFToken": token}).get_json()
    assert claimed["online"]["ending"] == "claimed"
    # The claim's own reading, told of the claimer's touch after it: seen now, the other not.
    assert claimed["online"]["presence"]["X"]["away"] == 0.0
    assert claimed["online"]["presence"]["O"]["away"] >= 121 + TOUCH_EVERY
    assert len(reads) == 1
