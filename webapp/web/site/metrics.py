"""The site's Prometheus metrics, counted in each gunicorn worker and summed at /metrics."""

from __future__ import annotations

import functools
import ipaddress
import os

from flask import Blueprint, Flask, Response, current_app, g, request
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
)
from prometheus_client.exposition import choose_encoder
from prometheus_client.multiprocess import MultiProcessCollector

from ...store import REDIS_ERRORS, StoreBusy
from . import sessions
from .limits import limiter

# No "_created" series beside each count: several workers have no one creation time, and
# Prometheus's rate() does without.
disable_created_metrics()  # type: ignore[no-untyped-call]  # untyped in the library
# Labels hold only what the app chose (route templates, not paths; known methods), so a
# client cannot grow the number of series.
REQUESTS = Counter(
    "ttt_http_requests",
    "Requests answered, by route template, method and status.",
    ("route", "method", "status"),
)
LATENCY = Histogram(
    "ttt_http_request_duration_seconds",
    "Seconds from a request's arrival to its answer (a stream's: to its start), by route.",
    ("route",),
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
)
RATE_LIMITED = Counter(
    "ttt_http_rate_limited",
    "Requests refused (429) by the limits per client, by route.",
    ("route",),
)
UNAVAILABLE = Counter("ttt_http_unavailable", "Requests answered 503, by cause.", ("cause",))
STORE_ERRORS = Counter(
    "ttt_store_errors", "Requests that a store failed, by store and kind.", ("store", "kind")
)
MATCHES_CREATED = Counter("ttt_matches_created", "Matches created, by kind.", ("kind",))
MOVES_APPLIED = Counter("ttt_moves_applied", "Moves applied to matches, the computer's too.")
ARENA_PAIRING = Histogram(
    "ttt_arena_pairing_wait_seconds",
    "Seconds two free players of a running arena waited before it paired them (two who "
    "just met: from the end of their wait for another opponent).",
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0),
)
ARENA_BOOKS = Counter(
    "ttt_arena_books_refused",
    "Arena scorings refused because the books would go wrong: a game counted again "
    "(counted_again), or a player's entry for a game its list does not show (unlisted).",
    ("why",),
)
# livesum: the streams of the workers alive now; a dead worker's are dropped (exporter.py).
STREAMS_OPEN = Gauge(
    "ttt_live_streams_open",
    "Live streams (Server-Sent Events) open now.",
    multiprocess_mode="livesum",
)

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
# 503s whose cause no store failure named: the endpoint's own refusal.
ENDPOINT_CAUSES = {"health.readyz": "not_ready"}
# Headers that only a proxy adds, which werkzeug's ProxyFix does not read: a request that
# carries one came through a proxy, so it is no loopback client even if the proxy runs here.
UNREAD_FORWARDING = ("X-Real-IP", "Forwarded")
_CAUSE = "unavailable_cause"  # in g: what failed this request, said by store_failed

bp = Blueprint("metrics", __name__)


def init_app(app: Flask) -> None:
    """Serve /metrics, outside sessions and limits."""
    sessions.SESSIONLESS.add("metrics.metrics")
    limiter.exempt(bp)
    app.register_blueprint(bp)


def match_created(kind: str) -> None:
    """Count a new match of ``kind``, a fixed word of the app's (never a client's text)."""
    MATCHES_CREATED.labels(kind).inc()


def move_applied(moves: int = 1) -> None:
    """Count ``moves`` moves applied to a match."""
    MOVES_APPLIED.inc(moves)


def arena_paired(waited: float) -> None:
    """Count an arena's pairing of two players free for ``waited`` seconds."""
    ARENA_PAIRING.observe(waited)


def arena_books_refused(why: str) -> None:
    """Count an arena scoring refused: ``counted_again`` or ``unlisted`` (fixed words)."""
    ARENA_BOOKS.labels(why).inc()


def store_failed(error: Exception) -> None:
    """Count a store failure that fails the request; its 503 is counted with this cause."""
    if isinstance(error, REDIS_ERRORS):  # raised by Flask-Session, opening or saving
        store, kind = "sessions", "unavailable"
    else:
        store, kind = "matches", "busy" if isinstance(error, StoreBusy) else "unavailable"
    STORE_ERRORS.labels(store, kind).inc()
    g.setdefault(_CAUSE, f"{store}_{kind}")


def unavailable(cause: str) -> None:
    """Name what makes this request a 503 (``streams_full``), unless a store failure did."""
    g.setdefault(_CAUSE, cause)


def answered(route: str | None, method: str, status: int, seconds: float) -> None:
    """Count one answered request; ``route`` is its template, ``None`` if none matched."""
    label = route or "unmatched"
    counted, timed = _series(label, method if method in METHODS else "other", status)
    counted.inc()
    timed.observe(seconds)
    if status == 429:
        RATE_LIMITED.labels(label).inc()
    elif status == 503:
        cause = g.get(_CAUSE) or ENDPOINT_CAUSES.get(request.endpoint or "", "other")
        UNAVAILABLE.labels(cause).inc()


# The labels are the app's own few words (routes, methods, statuses), so the series they name
# are few: each is resolved once per process rather than looked up at every request.
@functools.lru_cache(maxsize=1024)
def _series(route: str, method: str, status: int) -> tuple[Counter, Histogram]:
    """The request counter's and the latency histogram's series of these labels."""
    return REQUESTS.labels(route, method, status), LATENCY.labels(route)


def stream_opened(response: Response) -> None:
    """Count ``response``'s stream open until the server closes it."""
    STREAMS_OPEN.inc()
    response.call_on_close(STREAMS_OPEN.dec)


def registry() -> CollectorRegistry:
    """Every worker's metrics when gunicorn's workers share a folder, else this process's."""
    if "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
        return REGISTRY
    collected = CollectorRegistry()
    # Reads every worker's files at each scrape; the library leaves it untyped.
    MultiProcessCollector(collected)  # type: ignore[no-untyped-call]
    return collected


@bp.get("/metrics")
def metrics() -> Response:
    """The metrics in Prometheus's text format, to loopback clients only; not found for
    anyone else, and for everyone when they have a port of their own (METRICS_PORT)."""
    if current_app.config["METRICS_PORT"] or not from_loopback():
        # Plain, not the error page: that one renders a form, which would store a session.
        return Response("Not Found\n", 404, mimetype="text/plain")
    encode, content_type = choose_encoder(request.headers.get("Accept", ""))
    answer = Response(encode(registry()), content_type=content_type)
    answer.cache_control.no_store = True
    return answer


def from_loopback() -> bool:
    """Whether the client is on this machine. Behind PROXIES proxies the address is the one
    they forwarded (werkzeug's ProxyFix, limits.py); with none trusted, a forwarded request
    is not local, whatever the proxy's own address."""
    headers = request.headers
    if any(name in headers for name in UNREAD_FORWARDING):
        return False
    if not current_app.config["PROXIES"] and "X-Forwarded-For" in headers:
        return False
    try:
        address = ipaddress.ip_address(request.remote_addr or "")
    except ValueError:  # a Unix socket has no address
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return address.is_loopback
