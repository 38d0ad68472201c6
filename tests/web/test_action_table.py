"""The action table: every form route, API route, OpenAPI operation and text-mode command of
an action comes from its row, and no action is wired anywhere else."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, post
from tests.documented import DOCUMENT
from tests.web.conftest import new_game, state
from webapp.web.action_table import ACTIONS, BY_NAME
from webapp.web.entry_table import ENTRIES
from webapp.web.text import text_commands
from webapp.web.views.operations import openapi_path

# The POST routes that are no row of either table: the mode bar (a new game, or the restart
# row), the computer instead of waiting, settings (and drawing a name), making an arena, the
# games list and text mode's one field.
NOT_ACTIONS = {
    "/mode",
    "/pair/computer",
    "/settings",
    "/games/clear",
    "/text",
    "/settings/name",
    "/api/name",
    "/arenas",
    "/api/arenas",
}


def test_every_post_route_is_a_row_of_the_table_or_no_action(app: Flask) -> None:
    posts = {rule.rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ())}
    from_table = {route for a in ACTIONS for route, _fixed in a.forms.values()}
    from_table |= {a.api for a in ACTIONS if a.api}
    from_table |= {e.form for e in ENTRIES} | {e.api for e in ENTRIES if e.method == "POST"}
    assert posts == from_table | NOT_ACTIONS
    assert not from_table & NOT_ACTIONS


def test_each_row_reaches_its_rule_by_its_form_and_its_api_route(app: Flask) -> None:
    endpoints = {rule.endpoint: rule.rule for rule in app.url_map.iter_rules()}
    for action in ACTIONS:
        for endpoint, (route, _fixed) in action.forms.items():
            assert endpoints[f"forms.{endpoint}"] == route
        if action.api:
            assert endpoints[f"forms.api_{action.name}"] == action.api
            made = {app.view_functions[f"forms.{e}"].__qualname__ for e in action.forms}
            assert made <= {app.view_functions[f"forms.api_{action.name}"].__qualname__}
            assert "post" in DOCUMENT["paths"][action.api]
            assert DOCUMENT["paths"][action.api]["post"]["summary"] == action.summary


def test_each_entry_answers_its_form_and_its_api_route_from_one_view(app: Flask) -> None:
    rules = {
        (rule.rule, method): rule.endpoint
        for rule in app.url_map.iter_rules()
        for method in rule.methods or ()
    }
    for entry in ENTRIES:
        form, api = rules[(entry.form, "POST")], rules[(entry.api, entry.method)]
        assert app.view_functions[form] is app.view_functions[api]
        operation = DOCUMENT["paths"][openapi_path(entry.api)][entry.method.lower()]
        assert operation["summary"] == entry.summary


def test_an_entry_answers_a_page_or_json_by_the_route_it_came_by(client: FlaskClient) -> None:
    response = post(client, "/new", {"x": "user", "o": "friend"})
    assert response.status_code == 303 and response.headers["Location"] == "/"
    invite = api_game(client)["online"]["invite"].rsplit("/", 1)[1]
    friend = client.application.test_client()
    joined = friend.post(
        "/api/join",
        json={"invite": invite},
        headers={"X-CSRFToken": api_game(friend)["csrf_token"]},
    )
    assert joined.status_code == 200 and joined.get_json()["you"] == "O"
    again = post(client, f"/join/{invite}", {})  # one's own invite: back to its page, which says so
    assert again.status_code == 303 and again.headers["Location"] == f"/join/{invite}"


def test_text_mode_knows_every_rows_words_and_help_lists_them() -> None:
    words = {word for action in ACTIONS for word in action.words}
    assert words <= set(text_commands.COMMANDS)
    assert {"undo", "next", "new", "resign", "claim", "rematch"} <= words
    assert text_commands.CHANGES["next"] == (BY_NAME["step"], {})


def test_the_same_row_answers_the_form_and_the_api(client: FlaskClient) -> None:
    new_game(client, "user", "user")
    post(client, "/move", {"cell": "B2"})
    assert api_game(client)["moves"] == ["B2"]
    response = client.post("/api/undo", json={}, headers={"X-CSRFToken": _token(client)})
    assert response.status_code == 200 and response.get_json()["moves"] == []


def test_a_field_the_board_never_posts_is_refused_and_changes_nothing(
    client: FlaskClient,
) -> None:
    new_game(client, "user", "user")
    before = state(client)
    response = post(client, "/mute", {"muted": "perhaps"})
    assert response.status_code == 303
    assert response.headers["X-Move-Result"] == "refused"
    assert state(client) == before


def _token(client: FlaskClient) -> str:
    token: str = api_game(client)["csrf_token"]
    return token
