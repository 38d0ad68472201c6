"""Drawn names in words: each language's order and agreement, the settings page that draws
another, and the API's name."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, post
from tests.web.shown import page, submit
from webapp.rules import names as rules_names
from webapp.web.site import names
from webapp.web.site.i18n import COOKIE


@pytest.mark.parametrize(
    ("code", "drawn", "shown"),
    [
        ("en", "quick-otter", "Quick Otter"),
        ("de", "quick-otter", "Schneller Otter"),
        ("de", "quick-bee", "Schnelle Biene"),
        ("de", "wise-zebra", "Weises Zebra"),
        ("fr", "quick-otter", "Loutre rapide"),
        ("fr", "proud-owl", "Chouette fière"),
        ("fr", "proud-fox", "Renard fier"),
        ("es", "calm-otter", "Nutria tranquila"),
        ("es", "calm-fox", "Zorro tranquilo"),
    ],
)
def test_a_name_is_put_in_each_languages_words(
    app: Flask, code: str, drawn: str, shown: str
) -> None:
    with app.test_request_context("/", headers={"Cookie": f"{COOKIE}={code}"}):
        assert names.shown(drawn) == shown


def test_every_name_has_words_in_every_language(app: Flask) -> None:
    every = [f"{a}-{b}" for a in rules_names.ADJECTIVES for b in rules_names.ANIMALS]
    for code in ("en", "de", "fr", "es"):
        with app.test_request_context("/", headers={"Cookie": f"{COOKIE}={code}"}):
            shown = {names.shown(name) for name in every}
        assert len(shown) == 256 and all(len(name.split()) == 2 for name in shown), code


def test_settings_draw_another_name_and_the_api_sees_it(client: FlaskClient) -> None:
    client.get("/")
    first = client.get("/api/name").get_json()  # the browser's id gives it: nothing is stored
    assert rules_names.is_name(first["id"]) and first["name"] in page(client, "/settings").text
    assert client.get("/api/name").get_json() == first and client.get_cookie("ttt_session") is None
    response = submit(client, "/settings/name", "/settings")
    assert response.status_code == 303
    again = page(client, response.headers["Location"])
    second = client.get("/api/name").get_json()
    assert second["id"] != first["id"]
    assert f"You have a new name: {second['name']}." in again.text


def test_the_api_draws_another(client: FlaskClient) -> None:
    token = api_game(client)["csrf_token"]
    first = client.get("/api/name").get_json()["id"]
    drawn = client.post("/api/name", headers={"X-CSRFToken": token}).get_json()
    assert drawn["id"] != first and client.get("/api/name").get_json() == drawn


def test_a_name_drawn_after_pairing_leaves_the_paired_seat_as_it_was(app: Flask) -> None:
    first, second = app.test_client(), app.test_client()
    post(first, "/pair")
    post(second, "/pair")
    first.get("/pair")
    before = {seat["name"] for seat in api_game(second)["seats"]}
    post(second, "/settings/name")
    assert {seat["name"] for seat in api_game(second)["seats"]} == before
