"""The serving module: gunicorn's settings, and what a worker does when told to stop."""

from __future__ import annotations

import importlib
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import IO, Any

import pytest
from flask import Flask

from tests.servers import ROOT, GunicornServer, file_store_env, free_port, wait_until_answers
from webapp import serving
from webapp.settings import DEFAULTS
from webapp.web.live import live
from webapp.web.live.stream import events as followed
from webapp.web.site import exporter


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
        stream = followed(hub, "m1", None, after=0, lifetime=60.0)
        assert next(stream).startswith("retry:")
        waiting = threading.Thread(target=lambda: heard.append(len(list(stream))))
        waiting.start()
        time.sleep(0.1)  # the stream now waits for a change
        os.kill(os.getpid(), signal.SIGTERM)
        waiting.join(30)  # the stream ends, long before its 60 s lifetime
        assert not waiting.is_alive()
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


@pytest.mark.parametrize("metrics_port", [False, True], ids=["make-run", "metrics-port"])
def test_gunicorn_starts_as_make_run_does_without_a_warning(
    tmp_path: Path, metrics_port: bool
) -> None:
    """``make run``'s command, with every worker serving, says no warning: gunicorn's master
    (which loads webapp.serving, and with FLASK_METRICS_PORT serves the metrics) imports
    nothing that takes ssl's names before the gevent workers patch it (a MonkeyPatchWarning
    in each worker, when the master had imported redis through settings)."""
    env = {**os.environ, **file_store_env(tmp_path), "WEB_WORKERS": "2", "FLASK_LOG_FORMAT": "json"}
    if metrics_port:
        env["FLASK_METRICS_PORT"] = str(free_port())
    port = free_port()
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(
            [
                gunicorn,
                "--config",
                "python:webapp.serving",
                "--bind",
                f"127.0.0.1:{port}",
                "wsgi:app",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        try:
            url = f"http://127.0.0.1:{port}/static/favicon.svg"
            wait_until_answers(url, server, log)
            _until_every_worker_answered(url, log, workers=2)
        finally:
            server.send_signal(signal.SIGTERM)  # by its PID; the master stops its workers
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(10)
        log.seek(0)
        said = log.read().decode(errors="replace")
    assert "Booting worker" in said
    assert [line for line in said.splitlines() if "Warning" in line] == []


def _until_every_worker_answered(url: str, log: IO[bytes], workers: int) -> None:
    """Ask ``url`` on new connections until ``workers`` workers have each answered one
    request (its log line names its pid): each has then patched and loaded the app."""
    deadline = time.monotonic() + 30
    lines: list[str] = []
    while time.monotonic() < deadline:
        with urllib.request.urlopen(url, timeout=5) as answer:
            answer.read()
        log.seek(0)
        lines = log.read().decode(errors="replace").splitlines()
        answered = {json.loads(line)["pid"] for line in lines if line.startswith("{")}
        booted = {
            int(pid) for pid in re.findall(r"Booting worker with pid: (\d+)", "\n".join(lines))
        }
        if len(answered & booted) >= workers:
            return
        time.sleep(0.02)
    raise AssertionError(f"not every worker answered within 30 s: {lines[-20:]}")


def test_the_masters_default_metrics_address_is_the_settings_one() -> None:
    """exporter, run in gunicorn's master, writes settings' default again rather than import
    settings (and with it redis)."""
    assert DEFAULTS["METRICS_HOST"] == exporter.METRICS_HOST


def test_every_line_the_server_writes_is_json_gunicorns_own_included(tmp_path: Path) -> None:
    """gunicorn's warnings (a malformed request line) and notices (its workers booting) are
    JSON lines as the app's are, and gunicorn writes no access line of its own."""
    env = {**file_store_env(tmp_path), "FLASK_LOG_FORMAT": "json"}
    server = GunicornServer(env, workers=1).start()
    try:
        with urllib.request.urlopen(server.url + "/", timeout=5) as answer:
            answer.read()
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as raw:
            raw.sendall(b"NOT A REQUEST LINE\r\n\r\n")
            assert raw.recv(4096).startswith(b"HTTP/1.1 400")
        lines = _log_lines(server, until="Invalid request")
    finally:
        server.stop()
    said = [json.loads(line) for line in lines]  # each line is JSON, or this fails
    invalid = [line for line in said if line["event"].startswith("Invalid request from ip=")]
    assert invalid and invalid[0]["logger"] == "gunicorn.error"
    assert invalid[0]["level"] == "warning" and "timestamp" in invalid[0]
    assert any(line["event"].startswith("Booting worker") for line in said)
    assert "/" in [line["route"] for line in said if line["event"] == "request"]


def _log_lines(server: GunicornServer, until: str) -> list[str]:
    """The server's lines once one of them holds ``until`` (within 10 s)."""
    deadline = time.monotonic() + 10
    while True:
        server.log.seek(0)
        text = server.log.read().decode(errors="replace")
        if until in text or time.monotonic() > deadline:
            return text.splitlines()
        time.sleep(0.05)
