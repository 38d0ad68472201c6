"""deploy/nginx.conf in front of real gunicorn: live events pass at once, static files come
from nginx itself, a client that sends its headers slowly is cut, nginx's own errors carry the
app's security headers, and the app trusts exactly the one proxy (the scheme of its cookies and
links, the client's address)."""

from __future__ import annotations

import gzip
import json
import socket
import ssl
import time
from collections.abc import Iterator

import pytest

from tests.player import Player, Reply
from tests.servers import ROOT, GunicornServer, NginxServer, file_store_env, free_port
from tests.streams import Stream
from webapp.web.site.headers import HEADERS

HEADER_TIMEOUT = 1.0  # seconds: client_header_timeout as the tests set it (10 s committed)


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GunicornServer]:
    """gunicorn as served behind nginx: FLASK_PROXIES=1."""
    env = {**file_store_env(tmp_path_factory.mktemp("nginx")), "FLASK_PROXIES": "1"}
    running = GunicornServer(env).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def nginx(app_server: GunicornServer) -> Iterator[NginxServer]:
    """nginx in front of it, with a short header timeout."""
    settings = {"client_header_timeout": f"{HEADER_TIMEOUT:g}s"}
    running = NginxServer(f"127.0.0.1:{app_server.port}", settings).start()
    yield running
    running.stop()


def tls(nginx: NginxServer) -> ssl.SSLContext:
    """A client's TLS settings that trust nginx's certificate."""
    return ssl.create_default_context(cafile=str(nginx.certificate))


def raw(port: int, request: bytes) -> bytes:
    """Send ``request`` as it is and read the answer until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def header_lines(answer: bytes) -> list[tuple[str, str]]:
    """The header fields of a raw answer, in order, repeats kept."""
    head = answer.split(b"\r\n\r\n", 1)[0].decode()
    fields = [line.split(":", 1) for line in head.split("\r\n")[1:]]
    return [(name.strip().lower(), value.strip()) for name, value in fields]


def assert_security_headers(fields: list[tuple[str, str]], expected: dict[str, str]) -> None:
    """Each of the app's security headers once, with the value of ``expected``."""
    for name, value in expected.items():
        found = [given for field, given in fields if field == name.lower()]
        assert found == [value], f"{name}: {found}"


def cookie(reply: Reply, name: str) -> list[str]:
    """The attributes of the cookie ``name`` that ``reply`` sets."""
    (found,) = [c for c in reply.headers.get_all("Set-Cookie") or [] if c.startswith(name + "=")]
    return found.split("; ")


def test_a_live_event_leaves_nginx_after_each_move(nginx: NginxServer) -> None:
    """Each move's event comes out of nginx, unbuffered (how soon: bench/proxy.py's floor)."""
    player = Player()
    player.new_game(nginx.url)
    page = player.get(nginx.url)
    fields = page.board_fields
    stream = Stream(nginx.url, f"?match={fields['match']}&version={fields['version']}")
    try:
        deadline = time.monotonic() + 10
        while not stream.status:  # open through nginx before the first move
            assert time.monotonic() < deadline, "the stream did not open"
            time.sleep(0.01)
        for cell in ("B2", "A1", "C3"):
            page = player.get(nginx.url)
            moved = player.post(nginx.url, "/move", {**page.board_fields, "cell": cell}, page)
            assert moved.status == 303, moved.text
            stream.wait_for(int(page.field("version")) + 1)
        assert stream.status == 200
    finally:
        stream.close()


def test_a_client_that_sends_half_a_request_line_is_cut_by_nginx(nginx: NginxServer) -> None:
    with socket.create_connection(("127.0.0.1", nginx.http_port), timeout=10) as slow:
        started = time.monotonic()
        slow.sendall(b"GET / HT")
        assert slow.recv(65536) == b""  # closed by nginx, with no answer
        waited = time.monotonic() - started
    assert waited >= HEADER_TIMEOUT * 0.9, waited  # cut by that timeout, not at once
    assert Player().get(nginx.url).status == 200


def test_nginx_own_400_and_413_carry_the_security_headers(nginx: NginxServer) -> None:
    no_host = raw(nginx.http_port, b"GET / HTTP/1.1\r\n\r\n")
    assert no_host.startswith(b"HTTP/1.1 400 "), no_host[:200]
    assert b"<center>nginx</center>" in no_host  # nginx's page, not the app's
    assert_security_headers(header_lines(no_host), HEADERS)
    too_large = raw(
        nginx.http_port,
        b"POST /move HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 70000\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n\r\n",
    )
    assert too_large.startswith(b"HTTP/1.1 413 "), too_large[:200]
    assert_security_headers(header_lines(too_large), HEADERS)


def test_gunicorn_own_414_through_nginx_carries_the_security_headers(nginx: NginxServer) -> None:
    """A request line that nginx takes (up to 8 KiB) but gunicorn does not (4094 bytes,
    webapp/serving.py) is answered by gunicorn without the app: nginx adds the headers."""
    query = b"a" * 5000
    answer = raw(
        nginx.http_port, b"GET /?%s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % query
    )
    assert answer.startswith(b"HTTP/1.1 414 "), answer[:200]
    assert b"Request Line is too large" in answer  # gunicorn's page, passed on
    assert_security_headers(header_lines(answer), HEADERS)


def test_a_502_with_gunicorn_down_carries_the_security_headers() -> None:
    down = NginxServer(f"127.0.0.1:{free_port()}").start()  # nothing listens there
    try:
        answer = raw(
            down.http_port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
    finally:
        down.stop()
    assert answer.startswith(b"HTTP/1.1 502 "), answer[:200]
    assert_security_headers(header_lines(answer), HEADERS)


def test_the_app_pages_keep_their_own_headers_once(nginx: NginxServer) -> None:
    """nginx hides the app's copies and adds the same values, and a page's own ones (the
    frame /here allows its board to hold) win over the defaults."""
    request = b"GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    board = raw(nginx.http_port, request % b"/")
    assert board.startswith(b"HTTP/1.1 200 ")
    assert_security_headers(header_lines(board), HEADERS)
    here = raw(nginx.http_port, request % b"/here")
    assert here.startswith(b"HTTP/1.1 200 ")
    own = {
        "X-Frame-Options": "SAMEORIGIN",
        "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'",
    }
    assert_security_headers(header_lines(here), {**HEADERS, **own})


def test_cookies_and_links_are_https_over_https(nginx: NginxServer) -> None:
    """Served over HTTPS, the app learns it from nginx's X-Forwarded-Proto: its cookies are
    Secure and its links https://, at the Host and port the browser used (Flask-WTF checks
    the Referer of a form posted over HTTPS against them)."""
    player = Player(tls(nginx))
    page = player.get(nginx.https_url)
    assert page.status == 200
    assert f'id="share-link" href="{nginx.https_url}/' in page.text
    assert "Secure" in cookie(page, "ttt_visitor")
    referrer = {"Referer": nginx.https_url + "/"}
    fields = {"csrf_token": page.field("csrf_token"), "x": "user", "o": "user"}
    started = player.request(nginx.https_url, "POST", "/new", fields, headers=referrer)
    assert started.status == 303, started.text
    assert "Secure" in cookie(started, "ttt_session")


def test_a_client_cannot_claim_https_through_nginx(
    nginx: NginxServer, app_server: GunicornServer
) -> None:
    """nginx sets X-Forwarded-Proto itself: a plain request that claims HTTPS gets plain
    cookies. Sent straight to gunicorn, which trusts local proxies, the claim would work."""
    claim = {"X-Forwarded-Proto": "https"}
    through = Player().request(nginx.url, "GET", "/", headers=claim)
    assert through.status == 200
    assert "Secure" not in cookie(through, "ttt_visitor")
    assert f'id="share-link" href="{nginx.url}/' in through.text
    direct = Player().request(app_server.url, "GET", "/", headers=claim)
    assert "Secure" in cookie(direct, "ttt_visitor")


def test_the_app_trusts_exactly_one_proxy(nginx: NginxServer, app_server: GunicornServer) -> None:
    """The client's address is the one nginx appends to X-Forwarded-For, not one the client
    put before it: /metrics answers loopback clients only, so it tells which address the
    app took."""
    forged = {"X-Forwarded-For": "203.0.113.9"}
    assert Player().request(nginx.url, "GET", "/metrics", headers=forged).status == 200
    assert Player().request(app_server.url, "GET", "/metrics", headers=forged).status == 404


def test_static_files_come_from_nginx_itself_immutable_and_gzipped() -> None:
    """With gunicorn down, nginx still serves the static folder: a hashed name immutable and
    gzipped when asked, a plain name revalidated, each with the security headers."""
    manifest = json.loads((ROOT / "static" / "cache_manifest.json").read_text())
    down = NginxServer(f"127.0.0.1:{free_port()}").start()  # nothing listens there
    request = b"GET /static/%s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n%s\r\n"
    try:
        hashed = raw(down.http_port, request % (manifest["style.css"].encode(), b""))
        gzipped = raw(
            down.http_port,
            request % (manifest["style.css"].encode(), b"Accept-Encoding: gzip\r\n"),
        )
        plain = raw(down.http_port, request % (b"style.css", b""))
    finally:
        down.stop()
    css = (ROOT / "static" / "style.css").read_bytes()
    assert hashed.startswith(b"HTTP/1.1 200 ") and hashed.endswith(css)
    fields = header_lines(hashed)
    assert ("cache-control", "public, max-age=31536000, immutable") in fields
    assert not any(name == "set-cookie" for name, _ in fields)
    assert_security_headers(fields, HEADERS)
    assert ("content-encoding", "gzip") in header_lines(gzipped)
    assert gzip.decompress(gzipped.split(b"\r\n\r\n", 1)[1]) == css
    assert plain.startswith(b"HTTP/1.1 200 ") and plain.endswith(css)
    assert ("cache-control", "no-cache") in header_lines(plain)
    assert_security_headers(header_lines(plain), HEADERS)
