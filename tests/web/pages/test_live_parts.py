"""The board's live stream: each event carries the parts that changed since the version the
page shows, written once per role and version and shared by every stream of that role, with
a mark in place of the browser's CSRF token; a reconnect catches up from its last id."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, post
from tests.web.cycle.test_deadlines import seated
from tests.web.pages.test_online import fields, move
from tests.web.shown import page
from webapp.web.views import board_parts, live_parts


def events(app: Flask, client: FlaskClient, url: str, **headers: str) -> list[dict[str, Any]]:
    """The events of a short stream, each its id and data."""
    app.config["STREAM_LIFETIME"] = 0.3
    response = client.get(url, headers=headers)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    body = response.get_data(as_text=True)
    found = re.findall(r"^id: (\d+)\ndata: (.*)$", body, flags=re.MULTILINE)
    return [{"id": int(number), **json.loads(data)} for number, data in found]


def stream_of(client: FlaskClient, path: str = "/") -> str:
    """The live stream's address, as the board page names it."""
    shown = page(client, path)
    return re.search(r'data-events="([^"]+)"', shown.html).group(1).replace("&amp;", "&")


def test_a_players_event_carries_the_changed_parts_with_the_token_left_out(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    url = stream_of(guest)
    version = int(fields(guest)["version"])
    move(client, "B2")
    (event,) = events(app, guest, url)
    assert event["id"] == event["version"] > version
    parts = event["parts"]
    assert {"banner", "grid", "moves"} <= set(parts) and "share" in parts and "modes" not in parts
    assert "Your turn (O)" in parts["banner"] and 'value="B2"' not in parts["grid"]
    assert f'name="version" value="{event["version"]}"' in parts["grid"]
    assert "players" not in parts and "reset" not in parts  # unchanged: not sent again
    # From no version at all, every part; the forms' token is a mark, never this browser's.
    token = re.search(r'name="csrf_token" value="([^"]+)"', page(guest, "/").html).group(1)
    (whole,) = events(app, guest, url.replace(f"version={version}", "version=0"))
    assert set(whole["parts"]) == set(board_parts.PARTS)
    assert 'name="csrf_token"' in whole["parts"]["chat"] and token not in json.dumps(whole)


def test_every_spectator_gets_the_same_bytes_rendered_once(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    watch = page(client, "/").link("Watch link").removeprefix("http://localhost")
    spectators = [app.test_client() for _ in range(3)]
    urls = [stream_of(spectator, watch) for spectator in spectators]
    move(client, "A1")
    made = live_parts.renderings()
    seen = [events(app, spectator, url) for spectator, url in zip(spectators, urls, strict=True)]
    assert seen[0] == seen[1] == seen[2] and len(seen[0]) == 1
    assert live_parts.renderings() == made + 1  # one rendering for the three
    parts = seen[0][0]["parts"]
    assert "<button" not in parts["grid"] and "O to move" in parts["banner"]


def next_event(chunks: Iterator[bytes]) -> dict[str, Any]:
    """The next event an open stream writes, as ``events`` gives it (its comments skipped)."""
    for chunk in chunks:
        found = re.search(r"^id: (\d+)\ndata: (.*)$", chunk.decode(), flags=re.MULTILINE)
        if found:
            return {"id": int(found.group(1)), **json.loads(found.group(2))}
    raise AssertionError("the stream ended without an event")


def test_spectators_from_different_versions_each_get_the_parts_changed_since_their_own(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    """Open streams of one role share the text written for the version they come from; one
    from another version is never handed it."""
    watch = page(client, "/").link("Watch link").removeprefix("http://localhost")
    spectators = [app.test_client() for _ in range(3)]
    urls = [stream_of(spectator, watch) for spectator in spectators]
    version = int(re.search(r"version=(\d+)", urls[0]).group(1))
    urls[2] = urls[2].replace(f"version={version}", "version=0")  # a page from the start
    opened = [
        spectator.get(url, buffered=False) for spectator, url in zip(spectators, urls, strict=True)
    ]
    chunks = [iter(response.response) for response in opened]
    try:
        move(client, "A1")
        first, second, from_start = (next_event(stream) for stream in chunks)
        assert first == second and "modes" not in first["parts"] and "grid" in first["parts"]
        assert set(from_start["parts"]) == set(board_parts.PARTS)
        assert from_start["id"] == first["id"]
        move(guest, "B2")
        third, fourth, later = (next_event(stream) for stream in reversed(chunks))
        assert third == fourth == later and later["id"] > first["id"]
        assert "modes" not in later["parts"] and "X to move" in later["parts"]["banner"]
    finally:
        for response in opened:
            response.close()


def test_a_reconnect_catches_up_from_its_last_id_and_an_unknown_match_is_404(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    url = stream_of(guest)
    before = int(fields(guest)["version"])
    move(client, "B2")
    (event,) = events(app, guest, url, **{"Last-Event-ID": str(before)})
    assert "grid" in event["parts"]
    assert events(app, guest, url, **{"Last-Event-ID": str(event["id"])}) == []
    assert guest.get("/board/events?match=nothere").status_code == 404


def test_in_text_mode_the_event_says_what_happened_since_the_page(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    watch = page(client, "/").link("Watch link").removeprefix("http://localhost")
    spectator = app.test_client()
    assert spectator.get(f"{watch}?text=1").status_code == 200
    url = stream_of(spectator, watch)
    assert "seen=0" in url and "/board/events?" in url
    move(client, "B2")
    (event,) = events(app, spectator, url)
    assert event["announce"] == "Player 1 played B2. O to move."
    assert "Row B: empty, X, empty" in event["parts"]["position"]
    assert event["fields"] == {"version": event["version"]} and event["title"] == "O to move"
    assert event["since"]["seen"] == "1"  # what the page shows now, for its next stream
    move(guest, "A1")
    (later,) = events(app, spectator, url, **{"Last-Event-ID": str(event["id"])})
    assert later["announce"] == "Player 2 played A1. X to move."  # since the last event


def test_a_clock_that_runs_out_reaches_the_board_as_parts(app: Flask, clock: MovableClock) -> None:
    host, guest, _match = seated(app, "1")
    move(host, "A1")
    move(guest, "B1")
    watch = page(host, "/").link("Watch link").removeprefix("http://localhost")
    spectator = app.test_client()
    url = stream_of(spectator, watch)
    assert 'id="clock"' in page(spectator, watch).html
    clock.advance(1.1)  # nobody asks: the stream wakes at the deadline, and ends the game
    (event,) = events(app, spectator, url)
    assert "O wins on time" in event["parts"]["banner"]
    assert event["parts"]["clock"].strip() == ""  # no clock runs any longer


def test_a_stream_whose_seat_moved_away_ends_without_the_seats_parts(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    app.config["STREAM_LIFETIME"] = 0.3
    link = page(guest, "/").link("Continue on another device").removeprefix("http://localhost")
    opened = guest.get(stream_of(guest))  # the stream starts as seat 2's, and waits
    laptop = app.test_client()
    page(laptop, link)
    post(laptop, link)  # the seat (and a new seat link) is the laptop's now
    move(client, "B2")
    body = opened.get_data(as_text=True)
    assert "id:" not in body and "Continue on another device" not in body  # it just ended
    again = stream_of(guest).replace("version=", "version=0&was=")
    (event,) = events(app, guest, again)  # opened again, as who the browser is now
    assert "Continue on another device" not in json.dumps(event) and "O to move" in json.dumps(
        event
    )


def test_an_event_is_kept_under_the_version_its_record_shows(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    """A spectator's version is the last that changed what spectators see: a message saves
    a version they do not see, and their parts are kept under their own version."""
    watch = page(client, "/").link("Watch link").removeprefix("http://localhost")
    spectator = app.test_client()
    url = stream_of(spectator, watch)
    move(client, "B2")
    (first,) = events(app, spectator, url)
    post(client, "/message", {"match": fields(client)["match"], "phrase": "good_luck"})
    later = events(app, spectator, url, **{"Last-Event-ID": str(first["id"])})
    assert later == []  # the message is the players' alone


def test_a_spectators_parts_are_in_the_spectators_language(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    watch = page(client, "/").link("Watch link").removeprefix("http://localhost")
    spectator = app.test_client()
    spectator.get("/language/de")
    url = stream_of(spectator, watch)
    move(client, "B2")
    (event,) = events(app, spectator, url)
    status = page(spectator, watch).status  # the German page's status now
    assert status != "O to move" and f">{status}</p>" in event["parts"]["banner"]
    assert event["title"] == status
