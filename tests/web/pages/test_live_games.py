"""The games being played now: ``/live``, its stream and ``GET /api/live`` list the games of
strangers in play, and never a friend's match made by link."""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, post
from tests.web.pages.test_online import invite, join
from tests.web.shown import page
from webapp.web.site.i18n import COOKIE


def paired(app: Flask) -> tuple[FlaskClient, FlaskClient]:
    """Two strangers seated by quick pairing; X first, then O."""
    first, second = app.test_client(), app.test_client()
    post(first, "/pair")
    post(second, "/pair")
    first.get("/pair")
    x_first = first.get("/api/game").get_json()["you"] == "X"
    return (first, second) if x_first else (second, first)


def listed(client: FlaskClient) -> list[dict[str, object]]:
    """What ``GET /api/live`` lists."""
    response = client.get("/api/live")
    assert response.status_code == 200
    games: list[dict[str, object]] = response.get_json()
    return games


def test_a_paired_game_is_listed_with_its_names_board_clock_and_watch_link(app: Flask) -> None:
    x, _o = paired(app)
    post(x, "/move", {"cell": "B2"})
    watcher = app.test_client()
    (game,) = listed(watcher)
    names = {seat["mark"]: seat["name"] for seat in x.get("/api/game").get_json()["seats"]}
    assert game["names"] == names and game["board"] == "____X____"
    assert game["clock"]["per_move"] == 30 and game["clock"]["seconds_left"] == 30  # type: ignore[index]
    watch = str(game["watch"]).removeprefix("http://localhost")
    assert watch == x.get("/api/game").get_json()["online"]["watch"].removeprefix(
        "http://localhost"
    )
    shown = page(watcher, "/live")
    assert f"Watch {names['X']} against {names['O']}" in shown.text
    assert 'aria-label="X on B2"' in shown.html
    assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in shown.html
    assert page(watcher, watch).status  # the link shows the board to a spectator


def test_a_friends_match_made_by_link_is_never_listed(app: Flask, client: FlaskClient) -> None:
    guest = app.test_client()
    assert join(guest, invite(client)).status_code == 303
    post(client, "/move", {"cell": "A1"})
    assert listed(app.test_client()) == []
    assert "Nobody is playing someone right now." in page(app.test_client(), "/live").text


def test_a_game_over_or_out_of_time_is_no_longer_listed(app: Flask, clock: MovableClock) -> None:
    x, _o = paired(app)
    post(x, "/move", {"cell": "A1"})
    assert len(listed(x)) == 1
    clock.advance(31)  # O's clock ran out, though nobody saved the end yet
    assert listed(x) == []
    x2, _o2 = paired(app)
    post(x2, "/resign")
    assert listed(x2) == []


def test_text_mode_reads_each_board_in_words_in_the_pages_language(app: Flask) -> None:
    x, _o = paired(app)
    post(x, "/move", {"cell": "C3"})
    reader = app.test_client()
    reader.set_cookie(COOKIE, "de")
    reader.set_cookie("ttt_text", "on")
    shown = page(reader, "/live")
    assert "X auf C3" in shown.text and "mini-board" not in shown.html
    assert "Live-Partien" in shown.text


def test_the_stream_sends_the_list_and_each_change(app: Flask) -> None:
    app.config["STREAM_LIFETIME"], app.config["LIVE_EVERY"] = 0.3, 0.01
    watcher = app.test_client()
    body = watcher.get("/live/events").get_data(as_text=True)
    (first,) = [json.loads(data) for data in re.findall(r"^data: (.*)$", body, re.MULTILINE)]
    assert "Nobody is playing someone right now." in first["html"]
    x, _o = paired(app)
    post(x, "/move", {"cell": "B2"})
    body = watcher.get("/live/events").get_data(as_text=True)
    (now,) = [json.loads(data) for data in re.findall(r"^data: (.*)$", body, re.MULTILINE)]
    assert 'aria-label="X on B2"' in now["html"] and "<html" not in now["html"]
