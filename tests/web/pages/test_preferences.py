"""The settings page: the display (the board, text mode, text mode with numpad digits) and the
language, each kept in its cookie; an unknown choice changes nothing and says so."""

from __future__ import annotations

import html

from flask.testing import FlaskClient

from tests.conftest import csrf_token, post
from tests.web.shown import page
from webapp.web.site import display as text
from webapp.web.site import i18n


def _cookie(client: FlaskClient, name: str) -> str | None:
    found = client.get_cookie(name)
    return found.value if found is not None else None


def test_the_page_shows_the_choices_with_this_browsers_checked(client: FlaskClient) -> None:
    shown = page(client, "/settings")
    assert "<h1>Settings</h1>" in shown.html
    assert shown.form("/settings").method == "post"
    assert '<input type="radio" name="display" value="normal" checked>' in shown.html
    assert '<input type="radio" name="language" value="en" checked>' in shown.html
    for value in ("on", "numpad"):
        assert f'name="display" value="{value}">' in shown.html
    assert '<label lang="de"><input type="radio" name="language" value="de"> Deutsch' in shown.html


def test_every_page_links_to_the_settings(client: FlaskClient) -> None:
    for path in ("/", "/new", "/games", "/settings"):
        assert page(client, path).link("Settings") == "/settings"


def test_saving_keeps_the_display_and_the_language_and_says_so_in_it(
    client: FlaskClient,
) -> None:
    answer = post(client, "/settings", {"display": "on", "language": "de"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/settings?saved=1"
    assert _cookie(client, text.COOKIE) == text.ON and _cookie(client, i18n.COOKIE) == "de"
    shown = client.get("/settings?saved=1").get_data(as_text=True)
    assert '<html lang="de">' in shown
    assert '<p class="message info" role="status">Einstellungen gespeichert.</p>' in shown
    assert '<input type="radio" name="display" value="on" checked>' in shown
    assert 'id="text-command"' in client.get("/").get_data(as_text=True)  # the board in words


def test_numpad_digits_and_back_to_the_board(client: FlaskClient) -> None:
    post(client, "/settings", {"display": "numpad", "language": "en"})
    assert _cookie(client, text.COOKIE) == text.NUMPAD
    typed = client.post(
        "/text", data={**page(client).form("/text").fields, "command": "7"}
    )  # 7 is A1 on the numpad layout
    assert typed.status_code == 303
    assert client.get("/api/game").get_json()["moves"] == ["A1"]
    post(client, "/settings", {"display": "normal", "language": "en"})
    assert _cookie(client, text.COOKIE) is None
    assert 'id="text-command"' not in client.get("/").get_data(as_text=True)


def test_an_unknown_choice_changes_nothing_and_says_so(client: FlaskClient) -> None:
    post(client, "/settings", {"display": "on", "language": "fr"})
    for form in (
        {"display": "braille", "language": "fr"},
        {"display": "on", "language": "xx"},
        {"language": "fr"},
    ):
        answer = post(client, "/settings", form)
        assert answer.status_code == 400
        assert "Set-Cookie" not in answer.headers or "ttt_" not in answer.headers["Set-Cookie"]
        assert "rien n'a été modifié" in html.unescape(answer.get_data(as_text=True))
    assert _cookie(client, text.COOKIE) == text.ON and _cookie(client, i18n.COOKIE) == "fr"


def test_saving_without_the_forms_token_is_refused(client: FlaskClient) -> None:
    csrf_token(client)  # the browser has a session and a token, which it leaves out here
    answer = client.post("/settings", data={"display": "on", "language": "de"})
    assert answer.status_code == 400
    assert _cookie(client, text.COOKIE) is None and _cookie(client, i18n.COOKIE) is None
