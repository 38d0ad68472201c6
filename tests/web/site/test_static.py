"""Static files: fingerprinted in the pages, immutable, precompressed, and served before Flask."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable
from pathlib import Path

import brotli  # type: ignore[import-untyped]  # Brotli ships no type information
import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from webapp.web.site.assets import IMMUTABLE, REVALIDATE

STATIC = Path(__file__).resolve().parents[3] / "static"
LINKED = re.compile(r'(?:href|src)="(/static/[^"]+)"')
FINGERPRINTED = re.compile(r"/static/[a-z]+-[0-9a-f]{32}\.(?:css|js|svg)")


@pytest.fixture(autouse=True)
def built() -> None:
    """The hashed copies are built by make (`flask digest compile`), never committed."""
    assert (STATIC / "cache_manifest.json").exists(), "run: make static/cache_manifest.json"


def fetch(client: FlaskClient, url: str, **headers: str) -> TestResponse:
    """``url`` read whole; the file WhiteNoise opened for it closed (as a server closes it)."""
    return client.get(url, headers=headers, buffered=True)


def linked(client: FlaskClient, path: str = "/") -> list[str]:
    """The static URLs that the page at ``path`` links to."""
    return LINKED.findall(client.get(path).get_data(as_text=True))


def stylesheet(client: FlaskClient) -> str:
    """The board's stylesheet URL."""
    (url,) = [url for url in linked(client) if url.endswith(".css")]
    return url


def test_every_static_link_in_a_page_is_fingerprinted(client: FlaskClient) -> None:
    urls = linked(client) + linked(client, "/new")
    assert any(url.endswith(".css") for url in urls) and any(url.endswith(".js") for url in urls)
    assert all(FINGERPRINTED.fullmatch(url) for url in urls), urls


def test_a_fingerprinted_file_is_immutable_with_no_cookie(client: FlaskClient) -> None:
    url = stylesheet(client)
    reply = fetch(client, url)
    assert reply.status_code == 200
    assert reply.headers["Cache-Control"] == IMMUTABLE == "public, max-age=31536000, immutable"
    assert reply.mimetype == "text/css"
    assert reply.data == (STATIC / "style.css").read_bytes()
    assert "Set-Cookie" not in reply.headers
    assert "cookie" not in reply.headers.get("Vary", "").lower()
    # The site's security headers, as on every other answer.
    assert reply.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize(
    ("encoding", "decode"), [("br", brotli.decompress), ("gzip", gzip.decompress)]
)
def test_a_file_is_sent_precompressed_when_asked(
    client: FlaskClient, encoding: str, decode: Callable[[bytes], bytes]
) -> None:
    url = stylesheet(client)
    reply = fetch(client, url, **{"Accept-Encoding": f"{encoding}, identity"})
    assert reply.headers["Content-Encoding"] == encoding
    assert reply.headers["Cache-Control"] == IMMUTABLE
    assert "Accept-Encoding" in reply.headers["Vary"]
    assert decode(reply.data) == (STATIC / "style.css").read_bytes()
    assert len(reply.data) < len((STATIC / "style.css").read_bytes())


def test_static_files_run_no_hook_and_write_no_session(
    app: Flask, client: FlaskClient, session_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """WhiteNoise answers before Flask: no session, CSRF token, cookie or log line."""
    hooked: list[str] = []
    app.before_request(lambda: hooked.append("before"))
    urls = linked(app.test_client())  # another browser's page: this client has no cookie yet
    sessions = set(session_dir.iterdir())
    hooked.clear()
    capsys.readouterr()
    for url in [*urls, "/static/style.css"]:
        reply = fetch(client, url, **{"Accept-Encoding": "gzip"})
        assert reply.status_code == 200 and "Set-Cookie" not in reply.headers
    assert hooked == []
    assert capsys.readouterr().err == ""  # no request line in the log
    assert client.get_cookie("ttt_session") is None and client.get_cookie("ttt_visitor") is None
    assert set(session_dir.iterdir()) == sessions


def test_the_unfingerprinted_name_still_works_but_is_asked_again(client: FlaskClient) -> None:
    """A page cached from before a deploy names the plain file: it gets the current one,
    revalidated each time (a 304 while unchanged), never kept as immutable."""
    reply = fetch(client, "/static/style.css")
    assert reply.status_code == 200
    assert reply.headers["Cache-Control"] == REVALIDATE == "no-cache"
    assert "Set-Cookie" not in reply.headers
    again = fetch(client, "/static/style.css", **{"If-None-Match": reply.headers["ETag"]})
    assert again.status_code == 304


def test_the_manifest_names_a_copy_of_each_file_with_its_hash() -> None:
    manifest = json.loads((STATIC / "cache_manifest.json").read_text())
    for name, hashed in manifest.items():
        assert (STATIC / hashed).read_bytes() == (STATIC / name).read_bytes()
        assert (STATIC / f"{hashed}.br").exists() and (STATIC / f"{hashed}.gz").exists()


def test_an_unknown_static_file_is_still_a_404(client: FlaskClient) -> None:
    assert fetch(client, "/static/nowhere.css").status_code == 404
