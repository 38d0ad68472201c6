"""Metrics and logs under real gunicorn with two workers: counts that add up whichever worker
answered, one JSON line per request on stderr, the request id both ways, a port of their own
for the metrics, and the open streams of a worker that died leaving the sum."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.player import Player
from tests.servers import GunicornServer, file_store_env, free_port
from tests.streams import Stream

HEX_ID = 32


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    """GET ``url`` on a new connection: its status, headers and body."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, dict(error.headers), error.read().decode()


def total(metrics_url: str, name: str, **labels: str) -> float:
    """The sum of the samples ``name`` whose labels include ``labels``, as scraped now."""
    status, _, text = get(metrics_url)
    assert status == 200, text
    return sum(
        sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == name and labels.items() <= sample.labels.items()
    )


def logged(server: GunicornServer) -> list[str]:
    """Every line the server has written to stderr so far."""
    server.log.seek(0)
    return server.log.read().decode(errors="replace").splitlines()


def request_lines(server: GunicornServer) -> list[dict[str, Any]]:
    """The request lines of the server's stderr, read as JSON."""
    found = [json.loads(line) for line in logged(server) if line.startswith("{")]
    return [line for line in found if line["event"] == "request"]


def poll(check: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait until ``check()`` holds, failing after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the condition did not hold in time"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GunicornServer]:
    """gunicorn as ``make run`` serves it, two workers, the metrics folder left to the master."""
    running = GunicornServer(file_store_env(tmp_path_factory.mktemp("served"))).start()
    yield running
    running.stop()


def test_counts_add_up_across_the_workers(server: GunicornServer) -> None:
    sent, pids = 0, set()
    with ThreadPoolExecutor(8) as pool:
        # Until each worker has answered some (the workers race to accept each connection).
        while len(pids) < 2:
            assert sent < 2000, "one worker answered every request"
            list(pool.map(lambda _: get(server.url + "/livez"), range(16)))
            sent += 16
            pids = {line["pid"] for line in request_lines(server) if line["route"] == "/livez"}
    counted = total(server.url + "/metrics", "ttt_http_requests_total", route="/livez")
    assert counted == sent
    timed = total(
        server.url + "/metrics", "ttt_http_request_duration_seconds_count", route="/livez"
    )
    assert timed == sent
    # No other line per request: gunicorn's access log is off, each answer has its JSON line.
    assert len([line for line in request_lines(server) if line["route"] == "/livez"]) == sent
    assert not [line for line in logged(server) if "livez" in line and not line.startswith("{")]


def test_the_server_opens_no_control_socket(server: GunicornServer) -> None:
    """Signals restart it; a socket at gunicorn's one path per user would be shared by every
    server on the machine."""
    assert logged(server), "the server wrote nothing: its log is not the one read here"
    assert not [line for line in logged(server) if "Control socket listening" in line]


def test_each_line_is_json_with_the_request_id_sent_back(server: GunicornServer) -> None:
    status, headers, _ = get(server.url + "/livez", {"X-Request-ID": "edge-42.a_b"})
    assert status == 200 and headers["X-Request-ID"] == "edge-42.a_b"
    _, headers, _ = get(server.url + "/join/AAAAAAAAAAAAAAAAAAAAAA.SECRET", {"X-Request-ID": "a b"})
    made = headers["X-Request-ID"]
    assert len(made) == HEX_ID and made != "a b"

    def lines_of(request_id: str) -> list[dict[str, Any]]:
        return [line for line in request_lines(server) if line["request_id"] == request_id]

    poll(lambda: len(lines_of("edge-42.a_b")) == 1 and len(lines_of(made)) == 1)
    [kept], [new] = lines_of("edge-42.a_b"), lines_of(made)
    assert (kept["method"], kept["route"], kept["status"]) == ("GET", "/livez", 200)
    assert kept["level"] == "info" and kept["duration_ms"] >= 0 and kept["timestamp"]
    assert (new["route"], new["status"]) == ("/join/<token>", 404)
    assert not [line for line in logged(server) if "SECRET" in line]


def test_metrics_are_refused_to_a_client_forwarded_by_a_proxy(server: GunicornServer) -> None:
    status, _, _ = get(server.url + "/metrics", {"X-Forwarded-For": "203.0.113.7"})
    assert status == 404


def test_metrics_on_their_own_port_and_a_dead_workers_streams_leave_the_sum(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "metrics"
    folder.mkdir()
    (folder / "counter_999999.db").write_bytes(b"a previous server's counts")
    port = free_port()
    env = {
        **file_store_env(tmp_path),
        "PROMETHEUS_MULTIPROC_DIR": str(folder),
        "FLASK_METRICS_PORT": str(port),
    }
    server = GunicornServer(env).start()
    try:
        assert not (folder / "counter_999999.db").exists()  # emptied at start
        scraped = f"http://127.0.0.1:{port}/metrics"
        assert get(server.url + "/metrics")[0] == 404
        player = Player()
        player.new_game(server.url)
        streams = [Stream(server.url, sid=player.sid) for _ in range(2)]
        poll(lambda: total(scraped, "ttt_live_streams_open") == 2)
        # A browser leaves: its stream ends at the next heartbeat and is uncounted.
        streams.pop().close()
        poll(lambda: total(scraped, "ttt_live_streams_open") == 1)
        # A worker dies with a stream open: gunicorn's master drops its live gauge.
        poll(lambda: any(line["route"] == "/api/events" for line in request_lines(server)))
        pids = {line["pid"] for line in request_lines(server) if line["route"] == "/api/events"}
        for pid in pids:  # the worker of the stream still open is among them
            os.kill(pid, signal.SIGKILL)
        poll(lambda: total(scraped, "ttt_live_streams_open") == 0)
        streams[0].close()
    finally:
        server.stop()
