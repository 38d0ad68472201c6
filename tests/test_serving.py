"""The serving module: gunicorn's settings, and one request at a time per process."""

from __future__ import annotations

import importlib
import io
import threading
import time
from collections.abc import Iterable
from typing import Any

import pytest

from webapp import serving


def test_the_app_is_served_by_threads() -> None:
    assert serving.worker_class == "gthread"
    assert serving.threads > 100  # room for the streams (settings.STREAMS) and the requests


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


class Recorder:
    """A WSGI app that notes how many requests run at once, and its bodies."""

    def __init__(self) -> None:
        self.running = 0
        self.most = 0
        self.bodies: list[bytes] = []
        self.closed = 0
        self.guard = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        with self.guard:
            self.running += 1
            self.most = max(self.most, self.running)
        self.bodies.append(environ["wsgi.input"].read())
        time.sleep(0.01)  # a request that takes a while: another would overlap it
        with self.guard:
            self.running -= 1
        start_response("200 OK", [])
        recorder = self

        class Answer(list[bytes]):
            def close(self) -> None:
                recorder.closed += 1

        return Answer([b"done"])


def _environ(path: str, body: bytes = b"") -> dict[str, Any]:
    return {"PATH_INFO": path, "CONTENT_LENGTH": str(len(body)), "wsgi.input": io.BytesIO(body)}


def test_requests_run_one_at_a_time_and_are_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serving, "LOCK_WAIT", 60.0)  # none waits long enough to run beside
    inner = Recorder()
    app = serving.one_at_a_time(inner)
    threads = [
        threading.Thread(target=lambda: app(_environ("/move", b"cell=B2"), lambda *a: None))
        for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert inner.most == 1 and inner.closed == 8
    assert inner.bodies == [b"cell=B2"] * 8


def test_streams_run_beside_the_requests() -> None:
    inner = Recorder()
    app = serving.one_at_a_time(inner)
    threads = [
        threading.Thread(target=lambda: list(app(_environ(serving.STREAMS), lambda *a: None)))
        for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert inner.most > 1


def test_a_slow_body_is_read_before_the_lock_is_taken() -> None:
    """While one client trickles its body, another request runs."""
    inner = Recorder()
    app = serving.one_at_a_time(inner)
    arrived = threading.Event()

    class Slow(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            arrived.wait(5)  # the body comes only once the other request has been served
            return super().read(size)

    slow = {"PATH_INFO": "/move", "CONTENT_LENGTH": "7", "wsgi.input": Slow(b"cell=A1")}
    thread = threading.Thread(target=lambda: app(slow, lambda *a: None))
    thread.start()
    app(_environ("/"), lambda *a: None)
    arrived.set()
    thread.join()
    assert inner.bodies == [b"", b"cell=A1"]


def test_a_request_that_waited_long_enough_runs_beside_the_slow_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A request held up (a store that does not answer) does not queue the others for longer
    than LOCK_WAIT: the next one runs, and ends, while it is still held."""
    monkeypatch.setattr(serving, "LOCK_WAIT", 0.05)
    held, served = threading.Event(), threading.Event()

    def inner(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        start_response("200 OK", [])
        if environ["PATH_INFO"] == "/slow":
            held.set()
            assert served.wait(10), "the other request was queued behind this one"
        else:
            served.set()
        return [b"done"]

    app = serving.one_at_a_time(inner)
    slow = threading.Thread(target=lambda: app(_environ("/slow"), lambda *a: None))
    slow.start()
    assert held.wait(10)
    assert app(_environ("/"), lambda *a: None) == [b"done"]
    slow.join(10)
    assert not slow.is_alive()
