"""Bodies that are not what they claim: JSON nested a thousand deep, chunked forms over the
limit, and API posts over HTTPS without a Referer."""

from __future__ import annotations

import http.client
import logging
import urllib.parse
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from tests.conftest import api_game
from tests.player import Player
from tests.refusals import refusal
from tests.servers import GunicornServer, file_store_env

DEEP = "[" * 1000 + "]" * 1000  # about 2,000 bytes that made the JSON parser recurse to death


@pytest.mark.parametrize("path", ["/api/move", "/api/new", "/api/step", "/api/undo"])
def test_deeply_nested_json_is_a_400_not_a_traceback(
    client: FlaskClient, path: str, caplog: pytest.LogCaptureFixture
) -> None:
    before = api_game(client)
    headers = {"X-CSRFToken": before["csrf_token"], "Content-Type": "application/json"}
    with caplog.at_level(logging.DEBUG):
        response = client.post(path, data=DEEP, headers=headers)
    assert response.status_code == 400
    assert refusal(response.get_json()) == ("not_an_object", None)
    assert not [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert api_game(client)["version"] == before["version"]


def test_an_api_post_over_https_without_a_referer_is_told_so(client: FlaskClient) -> None:
    token = api_game(client)["csrf_token"]
    headers = {"X-CSRFToken": token}
    secure = {"base_url": "https://localhost"}
    response = client.post("/api/move", json={"cell": "B2", "ply": 0}, headers=headers, **secure)
    assert response.status_code == 403
    assert refusal(response.get_json()) == ("referrer_required", None)
    assert api_game(client)["moves"] == []
    headers["Referer"] = "https://localhost/"
    response = client.post("/api/move", json={"cell": "B2", "ply": 0}, headers=headers, **secure)
    assert response.status_code == 200 and response.get_json()["moves"] == ["B2"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GunicornServer]:
    """gunicorn as ``make run`` serves it, on the default stores, in a private directory."""
    running = GunicornServer(file_store_env(tmp_path_factory.mktemp("bodies"))).start()
    yield running
    running.stop()


def _chunked_move(server: GunicornServer, player: Player, padding: int) -> http.client.HTTPResponse:
    """POST the board's move form for B2 in chunks, with ``padding`` bytes of an extra field."""
    page = player.get(server.url)
    fields = {"csrf_token": page.field("csrf_token"), **page.board_fields, "cell": "B2"}
    body = urllib.parse.urlencode({**fields, "pad": "x" * padding}).encode()
    chunks = (body[i : i + 4096] for i in range(0, len(body), 4096))
    address = urllib.parse.urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=30)
    headers = {
        "Cookie": player.cookies(),
        "Content-Type": "application/x-www-form-urlencoded",
    }
    connection.request("POST", "/move", chunks, headers, encode_chunked=True)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def test_a_chunked_body_over_the_limit_is_refused_whole(server: GunicornServer) -> None:
    player = Player()
    response = _chunked_move(server, player, 1024 * 1024)
    assert response.status == 413
    assert response.headers["X-Content-Type-Options"] == "nosniff"  # the app's own page
    assert player.game(server.url)["moves"] == []
    response = _chunked_move(server, player, 100)  # a small chunked form still plays
    assert response.status == 303 and response.headers["X-Move-Result"] == "accepted"
    assert player.game(server.url)["moves"] == ["B2"]
