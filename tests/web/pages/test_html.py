"""Every page parses as valid HTML5 (html5lib in strict mode), with lang and title."""

from __future__ import annotations

import html5lib
import pytest
from flask.testing import FlaskClient

from tests.conftest import play, post


def _assert_valid(page: str) -> None:
    parser = html5lib.HTMLParser(strict=True)
    parser.parse(page)  # raises ParseError on the first error
    assert '<html lang="en">' in page and "<title>" in page


@pytest.mark.parametrize(
    "moves", [[], ["B2"], ["A1", "B1", "A2", "B2", "A3"], ["B2", "B2"]], ids=str
)
def test_board_pages_are_valid(client: FlaskClient, moves: list[str]) -> None:
    play(client, moves)
    _assert_valid(client.get("/").get_data(as_text=True))


def test_other_pages_are_valid(client: FlaskClient) -> None:
    _assert_valid(client.get("/new").get_data(as_text=True))
    _assert_valid(client.get("/nowhere").get_data(as_text=True))
    post(client, "/new", {"x": "easy", "o": "hard"})
    _assert_valid(client.get("/").get_data(as_text=True))
    post(client, "/new", {"x": "bogus"})
    _assert_valid(client.get("/new").get_data(as_text=True))
