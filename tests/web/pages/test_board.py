"""The board page's contract, which other front ends and tests rely on, with the new controls."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.conftest import post
from tests.web.conftest import new_game
from tests.web.shown import page
from webapp.web.pages import board


def test_the_board_keeps_its_contract(client: FlaskClient) -> None:
    shown = page(client)
    assert '<p class="status" id="status">Player 1 to move (X)</p>' in shown.html
    assert '<p id="announce" class="visually-hidden" role="status"></p>' in shown.html
    move = shown.form("/move")
    assert move.method == "post" and {"csrf_token", "match", "version"} <= set(move.fields)
    assert '<button type="submit" name="cell" value="B2" aria-label="B2, empty"' in shown.html
    assert shown.link("New game") == "/new"
    assert "No moves yet." in shown.text
    post(client, "/move", {"cell": "B2"})
    assert "X B2" in page(client).text


def test_the_page_has_no_inline_style_or_script(client: FlaskClient) -> None:
    new_game(client, "user", "user", "XOOX_____")
    for url in ("/", "/?hint=1", "/new", "/new?position=XXXXXXXXX", "/replay/0"):
        html = page(client, url).html
        assert "style=" not in html and "<style" not in html
        # Scripts only from files (static/keys.js, copy.js), as the CSP's default-src 'self'
        # allows.
        scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.DOTALL)
        assert html.count("<script") == len(scripts) == 2
        assert all(" src=" in attributes and not body for attributes, body in scripts)


def test_computer_against_computer_keeps_its_controls(client: FlaskClient) -> None:
    new_game(client, "easy", "easy")
    shown = page(client)
    assert shown.form("/step").buttons[0]["text"].strip() == "Next move"
    assert shown.form("/finish").buttons[0]["text"].strip() == "Play to the end"
    post(client, "/finish", {})
    over = page(client)
    assert over.form("/again").buttons[0]["text"].strip() == "Play again"
    assert not over.has_form("/step")


def test_every_post_form_carries_the_csrf_token(client: FlaskClient) -> None:
    new_game(client, "user", "user", "XOOX__X__")
    for form in page(client).forms:
        assert form.method == "post" and form.fields.get("csrf_token")


def test_each_state_is_built_once_per_viewer_and_language_and_anew_after_a_change(
    client: FlaskClient,
) -> None:
    post(client, "/move", {"cell": "B2"})
    board._shown.cache_clear()
    assert "X B2" in page(client).text
    assert "X B2" in page(client).text
    assert board._shown.cache_info().misses == 1  # the second is the page kept whole
    post(client, "/move", {"cell": "A1"})  # its token is read from the kept page
    assert "O A1" in page(client).text  # a new version: built anew, never the kept one
    client.get("/language/de")
    assert "Spieler 1 am Zug (X)" in page(client).text
    assert board._shown.cache_info().misses == 3
