"""Quick messages on the board and through the API, between the two players of an online
match: each sees them in their own language; spectators see none."""

from __future__ import annotations

import re
from typing import Any, get_args

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, post
from tests.refusals import refusal
from tests.web.api.test_api import call
from tests.web.pages.test_online import fields
from tests.web.shown import page
from webapp.rules.said import PHRASES
from webapp.web.views.chat import Phrase


def say(client: FlaskClient, phrase: str) -> Any:
    """Press a quick message's button on the board."""
    return post(client, "/message", {**fields(client), "phrase": phrase})


def lines(client: FlaskClient, **headers: str) -> list[str]:
    """The message lines of the board of ``client``."""
    response = client.get("/", headers=headers)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    found = re.search(r'<ul class="chat-lines" id="chat-lines"( hidden)?>(.*?)</ul>', html, re.S)
    block = found.group(2) if found else ""
    return [item.split("</li>")[0].strip() for item in block.split("<li>")[1:]]


def test_the_api_lists_the_same_phrases_as_the_rules() -> None:
    assert set(get_args(Phrase)) == set(PHRASES)


def test_a_message_shows_on_both_boards_each_in_its_language(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    version = api_game(guest)["version"]
    assert say(client, "good_luck").headers["X-Move-Result"] == "accepted"
    assert api_game(guest)["version"] > version  # the guest's live board reloads
    assert lines(client) == ["You: Good luck"]
    assert lines(guest) == ["Your friend: Good luck"]
    assert lines(guest, **{"Accept-Language": "de"}) == ["Dein Freund: Viel Glück"]
    assert say(guest, "well_played").headers["X-Move-Result"] == "accepted"
    assert lines(client) == ["You: Good luck", "Your friend: Well played"]


def test_a_refused_message_changes_nothing_and_says_why(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    version = api_game(client)["version"]
    response = say(client, "hello")
    assert response.headers["X-Move-Result"] == "refused"
    assert "Choose one of the quick messages." in page(client).text
    for _ in range(5):
        say(client, "oops")
    assert say(client, "oops").headers["X-Move-Result"] == "refused"
    assert "at most 5 messages a minute" in page(client).text
    assert len(lines(client)) == 5 and api_game(client)["version"] == version + 5


def test_mute_hides_the_other_players_messages_and_stops_sending(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    say(guest, "thanks")
    assert post(client, "/mute", {**fields(client), "muted": "1"}).status_code == 303
    assert lines(client) == [] and "Unmute messages" in page(client).text
    assert say(client, "oops").headers["X-Move-Result"] == "refused"
    assert "unmute them to send one" in page(client).text
    say(guest, "oops")
    assert lines(client) == [] and lines(guest) == ["You: Thanks", "You: Oops"]
    post(client, "/mute", {**fields(client), "muted": "0"})
    assert lines(client) == ["Your friend: Thanks", "Your friend: Oops"]


def test_a_spectator_sees_no_messages_and_cannot_send(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    say(client, "good_luck")
    watch = page(client, "/").link("Watch link").removeprefix("http://localhost")
    spectator = app.test_client()
    shown = page(spectator, watch)
    assert "Good luck" not in shown.text and "Mute messages" not in shown.text
    match_id = watch.removeprefix("/watch/")
    form = {"match": match_id, "version": str(api_game(client)["version"]), "phrase": "oops"}
    assert post(spectator, "/message", form).headers["X-Move-Result"] == "refused"
    assert lines(client) == ["You: Good luck"]


def test_a_match_on_one_device_has_no_messages(client: FlaskClient) -> None:
    assert "Mute messages" not in page(client).text
    assert post(client, "/message", {"phrase": "oops"}).headers["X-Move-Result"] == "refused"


@pytest.fixture
def bots(app: Flask, client: FlaskClient) -> tuple[FlaskClient, FlaskClient]:
    """Two programs seated in one online match."""
    opened = call(client, "/api/new", {"x": "user", "o": "friend"}).get_json()
    friend = app.test_client()
    token = opened["online"]["invite"].rsplit("/", 1)[1]
    assert call(friend, "/api/join", {"invite": token}).status_code == 200
    return client, friend


def test_the_api_sends_and_mutes(bots: tuple[FlaskClient, FlaskClient]) -> None:
    host, friend = bots
    answer = call(host, "/api/message", {"phrase": "rematch"})
    assert answer.status_code == 200
    assert lines(friend) == ["Your friend: Rematch?"]
    messages = answer.get_json()["online"]["messages"]
    assert [(m["seat"], m["phrase"]) for m in messages] == [("1", "rematch")]
    assert messages[0]["at"].endswith("Z")
    assert api_game(friend)["online"]["messages"] == messages
    unknown = call(host, "/api/message", {"phrase": "hello"})
    assert unknown.status_code == 400 and refusal(unknown.get_json()) == ("invalid_field", "phrase")
    empty = call(host, "/api/message", {})
    assert empty.status_code == 400 and refusal(empty.get_json()) == ("missing_field", "phrase")
    assert call(friend, "/api/mute", {"muted": True}).status_code == 200
    refused = call(friend, "/api/message", {"phrase": "thanks"})
    assert refused.status_code == 409 and refusal(refused.get_json()) == ("muted", None)
    assert lines(friend) == [] and api_game(friend)["online"]["messages"] == []
    assert api_game(friend)["online"]["muted"] and not api_game(host)["online"]["muted"]
    assert len(api_game(host)["online"]["messages"]) == 1  # the host still sees their own
    assert call(friend, "/api/mute", {"muted": False}).status_code == 200
    assert lines(friend) == ["Your friend: Rematch?"]
    bad = call(friend, "/api/mute", {"muted": "yes"})
    assert bad.status_code == 400 and refusal(bad.get_json()) == ("invalid_field", "muted")


def test_the_document_lists_the_phrases_as_an_enum(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()
    schema = document["components"]["schemas"]["MessageBody"]["properties"]["phrase"]
    assert sorted(schema["enum"]) == sorted(PHRASES)
