"""Odd requests against real gunicorn: unusable Host headers, unsafe ``next`` links, headers a
client should not be able to set, and what the refusals of the board's forms say.

Fails on 8ead360: these Hosts answered 500 (gunicorn's own when the error page failed too),
a newline in ``next`` answered 500, the language cookie had no ``Secure``, gunicorn took
``X-Forwarded-Proto`` from any local client, a ``SCRIPT_NAME`` header answered "500 Bad
Request", and a refused form post carried no ``X-Move-Result``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.player import TRACEBACK, Player, Reply
from tests.refusals import code
from tests.servers import GunicornServer, file_store_env

BAD_HOSTS = [
    "a" * 64 + ".example",  # a label over 63 characters
    "a..example",  # an empty label
    "xn--a",  # punycode that does not decode
    "xn--ls8h-.example",  # punycode that does not round-trip
    "example:port",  # a port that is not a number
]
PAGES = ["/", "/new", "/replay/0", "/language/de?next=/new", "/no-such-page"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GunicornServer]:
    """One server as behind HTTPS (secure cookies) but with no proxy declared (the default)."""
    env = {
        **file_store_env(tmp_path_factory.mktemp("edges")),
        "FLASK_SESSION_COOKIE_SECURE": "true",
    }
    running = GunicornServer(env, workers=1).start()
    yield running
    running.stop()


def _assert_bad_request_page(reply: Reply) -> None:
    assert reply.status == 400, reply.text
    assert TRACEBACK not in reply.text and 'File "' not in reply.text
    if reply.headers.get_content_type() == "application/json":
        assert code(reply.json()) == "bad_request"
    else:
        assert "Bad request" in reply.text and 'href="/static/style-' in reply.text


@pytest.mark.parametrize("host", BAD_HOSTS)
def test_an_unusable_host_gets_the_400_page(server: GunicornServer, host: str) -> None:
    player = Player()
    page = player.get(server.url)
    for path in PAGES:
        _assert_bad_request_page(player.request(server.url, "GET", path, headers={"Host": host}))
    reply = player.request(server.url, "GET", "/api/game", headers={"Host": host})
    _assert_bad_request_page(reply)
    assert reply.headers.get_content_type() == "application/json"
    fields = {"csrf_token": page.field("csrf_token"), **page.board_fields, "cell": "B2"}
    moved = player.request(server.url, "POST", "/move", fields, headers={"Host": host})
    _assert_bad_request_page(moved)
    assert moved.headers["X-Move-Result"] == "refused"
    assert player.game(server.url)["moves"] == []


@pytest.mark.parametrize(
    "unsafe", ["/%0Aboard", "/%0D%0ASet-Cookie:%20x=1", "/%5Cevil.example", "//evil.example"]
)
def test_an_unsafe_next_link_is_ignored(server: GunicornServer, unsafe: str) -> None:
    reply = Player().get(server.url, f"/language/de?next={unsafe}")
    assert reply.status == 303 and reply.headers["Location"] == "/"
    cookies = [cookie.split("=", 1)[0] for cookie in reply.headers.get_all("Set-Cookie") or []]
    assert "ttt_lang" in cookies and "x" not in cookies


def test_a_safe_next_link_is_followed(server: GunicornServer) -> None:
    reply = Player().get(server.url, "/language/fr?next=/new%3Fx%3Dhard")
    assert reply.status == 303 and reply.headers["Location"] == "/new?x=hard"


def test_the_language_cookie_is_secure_as_the_session_cookie_is(server: GunicornServer) -> None:
    reply = Player().get(server.url, "/language/de?next=/")
    (cookie,) = [c for c in reply.headers.get_all("Set-Cookie") or [] if c.startswith("ttt_lang")]
    assert cookie.startswith("ttt_lang=de;")
    assert "Secure" in cookie.split("; ") and "HttpOnly" in cookie.split("; ")


def test_a_local_client_cannot_claim_https_without_a_proxy(server: GunicornServer) -> None:
    """With FLASK_PROXIES=0, gunicorn takes no X-Forwarded-Proto: the share link says http."""
    page = Player().request(server.url, "GET", "/", headers={"X-Forwarded-Proto": "https"})
    assert page.status == 200
    assert 'id="share-link" href="http://' in page.text


def test_a_script_name_header_changes_nothing(server: GunicornServer) -> None:
    player = Player()
    for path in ("/", "/new"):
        reply = player.request(server.url, "GET", path, headers={"SCRIPT_NAME": "/elsewhere"})
        assert reply.status == 200, reply.text
        assert 'href="/static/style-' in reply.text


def test_a_refused_board_form_says_so(server: GunicornServer) -> None:
    """A post without a valid token is the 400 page, with ``X-Move-Result: refused``."""
    player = Player()
    page = player.get(server.url)
    fields = {"csrf_token": "forged", **page.board_fields, "cell": "B2"}
    reply = player.request(server.url, "POST", "/move", fields)
    assert reply.status == 400 and reply.headers["X-Move-Result"] == "refused"
    assert player.game(server.url)["moves"] == []
