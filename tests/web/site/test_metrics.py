"""The metrics: what each request counts, the game's counts, and who may read /metrics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from prometheus_client import REGISTRY

from tests.conftest import play, post
from webapp import create_app
from webapp.store import StoreBusy, StoreUnavailable
from webapp.web.site import metrics

PUBLIC = "203.0.113.7"  # an address of the documentation range: not this machine


def count(name: str, **labels: str) -> float:
    """A sample's value in this process's registry, 0 before its first count."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


def make_app(instance: Path, **settings: Any) -> Flask:
    """The app of one test, with ``settings`` added to the test settings."""
    config = {"SECRET_KEY": "test-secret", "TESTING": True, "LIMITS": False, **settings}
    return create_app(config, instance_path=str(instance))


def scrape(client: FlaskClient, address: str = "127.0.0.1", **headers: str) -> Any:
    """GET /metrics from ``address``."""
    return client.get("/metrics", environ_base={"REMOTE_ADDR": address}, headers=headers)


def test_requests_are_counted_by_route_template_method_and_status(client: FlaskClient) -> None:
    labels = {"route": "/join/<token>", "method": "GET", "status": "404"}
    before = count("ttt_http_requests_total", **labels)
    timed = count("ttt_http_request_duration_seconds_count", route="/join/<token>")
    client.get("/join/AAAAAAAAAAAAAAAAAAAAAA.secretsecretsecretsecr")
    assert count("ttt_http_requests_total", **labels) == before + 1
    assert count("ttt_http_request_duration_seconds_count", route="/join/<token>") == timed + 1
    text = scrape(client).get_data(as_text=True)
    assert 'route="/join/<token>"' in text and "secretsecret" not in text


def test_unknown_paths_and_methods_share_one_label_each(client: FlaskClient) -> None:
    before = count("ttt_http_requests_total", route="unmatched", method="other", status="405")
    client.open("/", method="BREW")
    client.get("/no/such/page")
    assert count("ttt_http_requests_total", route="unmatched", method="other", status="405") == (
        before + 1
    )
    assert "/no/such/page" not in scrape(client).get_data(as_text=True)


def test_a_429_is_counted_by_route(instance: Path) -> None:
    client = make_app(instance, LIMITS=True, LIMIT_CREATE="1 per minute").test_client()
    before = count("ttt_http_rate_limited_total", route="/new")
    statuses = [post(client, "/new", {"x": "user", "o": "user"}).status_code for _ in range(2)]
    assert statuses == [303, 429]
    assert count("ttt_http_rate_limited_total", route="/new") == before + 1


def failing(error: Exception) -> Any:
    """A store method that raises ``error``."""

    def fail(*_: Any, **__: Any) -> Any:
        raise error

    return fail


@pytest.mark.parametrize(
    ("method", "error", "path", "cause"),
    [
        ("get", StoreUnavailable("disk I/O error"), "/", "matches_unavailable"),
        ("locked", StoreBusy("locked"), "/move", "matches_busy"),
    ],
)
def test_a_store_failure_counts_a_store_error_and_a_503_by_cause(
    app: Flask,
    monkeypatch: pytest.MonkeyPatch,
    method: str,
    error: Exception,
    path: str,
    cause: str,
) -> None:
    client = app.test_client()
    page = client.get("/")  # before the failure: the form's token
    store, kind = cause.split("_")
    errors, refused = (
        count("ttt_store_errors_total", store=store, kind=kind),
        count("ttt_http_unavailable_total", cause=cause),
    )
    monkeypatch.setattr(app.extensions["match_store"], method, failing(error))
    token = page.get_data(as_text=True).split('name="csrf_token" value="')[1].split('"')[0]
    answer = client.open(
        path, method="POST" if path == "/move" else "GET", data={"csrf_token": token, "cell": "B2"}
    )
    assert answer.status_code == 503
    assert count("ttt_store_errors_total", store=store, kind=kind) == errors + 1
    assert count("ttt_http_unavailable_total", cause=cause) == refused + 1


def test_a_session_store_failure_is_a_503_of_its_own_cause(
    instance: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(instance, PROPAGATE_EXCEPTIONS=False)
    refused = count("ttt_http_unavailable_total", cause="sessions_unavailable")
    broken = failing(redis.ConnectionError("Connection refused"))
    monkeypatch.setattr(app.session_interface, "open_session", broken)
    assert app.test_client().get("/").status_code == 503
    assert count("ttt_http_unavailable_total", cause="sessions_unavailable") == refused + 1


def test_a_503_of_readyz_is_counted_as_not_ready(app: Flask, session_dir: Path) -> None:
    before = count("ttt_http_unavailable_total", cause="not_ready")
    session_dir.rmdir()
    assert app.test_client().get("/readyz").status_code == 503
    assert count("ttt_http_unavailable_total", cause="not_ready") == before + 1


def test_an_open_stream_is_counted_until_it_is_closed(client: FlaskClient) -> None:
    play(client, ["B2"])  # the browser has a stored match to follow
    before = count("ttt_live_streams_open")
    stream = client.get("/api/events", buffered=False)
    assert stream.status_code == 200 and stream.mimetype == "text/event-stream"
    assert count("ttt_live_streams_open") == before + 1
    stream.close()
    assert count("ttt_live_streams_open") == before


def test_the_game_counts_its_matches_by_kind_and_its_moves() -> None:
    created, moves = (
        count("ttt_matches_created_total", kind="online"),
        count("ttt_moves_applied_total"),
    )
    metrics.match_created("online")
    metrics.move_applied()
    metrics.move_applied(2)
    assert count("ttt_matches_created_total", kind="online") == created + 1
    assert count("ttt_moves_applied_total") == moves + 3


def test_metrics_are_text_for_a_loopback_client_and_store_no_session(
    client: FlaskClient, session_dir: Path
) -> None:
    for address in ("127.0.0.1", "::1", "::ffff:127.0.0.1"):
        answer = scrape(client, address)
        assert answer.status_code == 200, address
        assert answer.content_type.startswith("text/plain; version=0.0.4")
        assert "# TYPE ttt_http_requests_total counter" in answer.get_data(as_text=True)
        assert "Set-Cookie" not in answer.headers
    assert list(session_dir.iterdir()) == []


def test_metrics_are_not_found_for_anyone_else(client: FlaskClient) -> None:
    assert scrape(client, PUBLIC).status_code == 404
    # A proxy on this machine, with no proxy trusted (PROXIES=0): its clients are not local.
    assert scrape(client, **{"X-Forwarded-For": PUBLIC}).status_code == 404
    assert scrape(client, **{"X-Forwarded-For": "127.0.0.1"}).status_code == 404
    assert scrape(client, **{"X-Real-IP": "127.0.0.1"}).status_code == 404
    assert scrape(client, **{"Forwarded": "for=127.0.0.1"}).status_code == 404


def test_behind_a_trusted_proxy_the_forwarded_address_decides(instance: Path) -> None:
    client = make_app(instance, PROXIES=1).test_client()
    assert scrape(client, **{"X-Forwarded-For": PUBLIC}).status_code == 404
    # The proxy appends the address it saw: what the client claims before it is not read.
    assert scrape(client, **{"X-Forwarded-For": f"127.0.0.1, {PUBLIC}"}).status_code == 404
    assert scrape(client, **{"X-Forwarded-For": "127.0.0.1"}).status_code == 200
    assert scrape(client).status_code == 200  # a scraper on this machine, past the proxy


def test_with_a_port_of_their_own_the_app_port_does_not_serve_them(instance: Path) -> None:
    assert scrape(make_app(instance, METRICS_PORT=9464).test_client()).status_code == 404


def test_the_request_cycle_counts_new_matches_by_kind_and_the_moves_played(
    client: FlaskClient,
) -> None:
    created = count("ttt_matches_created_total", kind="computer")
    moves = count("ttt_moves_applied_total")
    post(client, "/new", {"x": "user", "o": "hard"})
    post(client, "/move", {"cell": "B2"})  # the person's move and the computer's reply
    assert count("ttt_matches_created_total", kind="computer") == created + 1
    assert count("ttt_moves_applied_total") == moves + 2


@pytest.mark.parametrize("path", ["/api/events", "/pair/events"])
def test_every_full_stream_is_a_503_counted_as_streams_full(client: FlaskClient, path: str) -> None:
    """One SSE answer for every stream: the pairing page's is refused and counted as the
    board's is (it was counted as "other")."""
    client.post("/api/new", json={"x": "user", "o": "user"}, headers=_token(client))
    client.application.extensions["live"].limit = 0
    before = count("ttt_http_unavailable_total", cause="streams_full")
    response = client.get(path)
    assert response.status_code == 503
    assert count("ttt_http_unavailable_total", cause="streams_full") == before + 1


def _token(client: FlaskClient) -> dict[str, str]:
    return {"X-CSRFToken": client.get("/api/game").get_json()["csrf_token"]}
