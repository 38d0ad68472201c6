"""The serving module: gunicorn's settings, and what a worker does when told to stop."""

from __future__ import annotations

import importlib
import io
import os
import signal
import threading
import time
from typing import Any

import pytest
from flask import Flask

from webapp import serving
from webapp.settings import DEFAULTS
from webapp.web import live


def test_the_app_is_served_by_gevent_workers_with_room_beyond_the_streams() -> None:
    assert serving.worker_class == "gevent"
    # FLASK_STREAMS=20000 (the 10,000 watchers of tests/operations/test_watchers.py) still
    # leaves each worker room for pages and moves.
    assert serving.worker_connections > 20_000
    assert serving.worker_connections > int(DEFAULTS["STREAMS"])


def test_a_sigterm_ends_the_streams_then_runs_gunicorns_own_handler(app: Flask) -> None:
    """The handler that post_worker_init installs drains every hub, then calls the one that
    gunicorn had installed (which lets the requests finish and stops the worker)."""
    hub: live.Hub = app.extensions["live"]
    heard: list[int] = []
    before = signal.signal(signal.SIGTERM, lambda number, frame: heard.append(number))
    try:
        serving.post_worker_init(object())
        stream = live.events(hub, "m1", None, after=0, lifetime=60.0)
        assert next(stream).startswith("retry:")
        started = time.monotonic()
        waiting = threading.Thread(target=lambda: heard.append(len(list(stream))))
        waiting.start()
        time.sleep(0.1)  # the stream now waits for a change
        os.kill(os.getpid(), signal.SIGTERM)
        waiting.join(5)
        assert not waiting.is_alive() and time.monotonic() - started < 2
        assert signal.SIGTERM in heard  # gunicorn's handler ran
        assert hub.draining
    finally:
        signal.signal(signal.SIGTERM, before)
        for other in list(live._HUBS):  # the other apps of this test process stay as they were
            other.draining = False


@pytest.mark.parametrize(
    ("proxies", "trusted"),
    [(None, ""), ("0", ""), ("1", "127.0.0.1,::1"), ("2", "127.0.0.1,::1"), ("junk", "")],
)
def test_gunicorn_trusts_forwarded_headers_only_from_declared_proxies(
    monkeypatch: pytest.MonkeyPatch, proxies: str | None, trusted: str
) -> None:
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    if proxies is None:
        monkeypatch.delenv("FLASK_PROXIES", raising=False)
    else:
        monkeypatch.setenv("FLASK_PROXIES", proxies)
    try:
        assert importlib.reload(serving).forwarded_allow_ips == trusted
        assert serving.forwarder_headers == ""  # never SCRIPT_NAME or PATH_INFO from a header
    finally:
        monkeypatch.undo()
        importlib.reload(serving)


def test_a_chunked_body_is_given_its_length_and_read_up_to_one_byte_past_the_limit() -> None:
    seen: list[tuple[str, bytes]] = []

    def inner(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        seen.append((environ["CONTENT_LENGTH"], environ["wsgi.input"].read()))
        return []

    app = serving.measured_bodies(inner)
    for body in (b"a=1", b"x" * (serving.BODY_LIMIT * 2)):
        environ = {"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input": io.BytesIO(body)}
        app(environ, None)
        assert "HTTP_TRANSFER_ENCODING" not in environ
    assert seen[0] == ("3", b"a=1")
    assert seen[1][0] == str(serving.BODY_LIMIT + 1)  # over the limit: the app answers 413
