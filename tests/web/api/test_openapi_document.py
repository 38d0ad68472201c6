"""The OpenAPI document, built from the API's Structs and its table of routes: every route of
the app is in it, and its enums are the engine's."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from webapp.engine import BOARD_NAMES, PLAYER_KINDS, Status, geometry
from webapp.rules import FRIEND
from webapp.rules.arena import COMING, OVER, RUNNING
from webapp.rules.match import ENDINGS, SEAT_IDS
from webapp.rules.records import ENDED_BY, STATUSES
from webapp.rules.said import PHRASES
from webapp.web import layer  # noqa: F401  (loads every page, so every route is declared)
from webapp.web.api import api
from webapp.web.api.api_document import build, document, entry_routes
from webapp.web.site.refusals import catalog
from webapp.web.views.operations import DECLARED, Operation
from webapp.web.views.schema import OPPONENTS, PAIR_STATES, RESULTS, GameJson, MoveBody

# Flask answers these for every route by itself.
AUTOMATIC = {"HEAD", "OPTIONS"}

DOCUMENT = document()


def enums(node: Any) -> list[list[Any]]:
    """Every ``enum`` list anywhere in ``node``."""
    if isinstance(node, dict):
        found = [node["enum"]] if isinstance(node.get("enum"), list) else []
        return found + [e for value in node.values() for e in enums(value)]
    if isinstance(node, list):
        return [e for value in node for e in enums(value)]
    return []


def test_cells_kinds_and_statuses_are_the_engines() -> None:
    kinds = {*PLAYER_KINDS, FRIEND}
    statuses = {str(status) for status in Status}
    cells = set(geometry(7).cell_ids)  # every board's cells: the engine refuses off its board
    allowed = [
        cells,
        set(BOARD_NAMES),
        set(PLAYER_KINDS),
        kinds,
        statuses,
        set(STATUSES),  # a game's status: the engine's, and Game aborted
        {"X", "O"},
        {"X", "O", "both"},
        {"you", "friend"},
        set(ENDINGS),
        set(SEAT_IDS),
        set(ENDED_BY),
        set(PAIR_STATES),
        set(RESULTS),
        set(OPPONENTS),
        {"easy", "medium", "hard", "people"},
        set(PHRASES),
        {COMING, RUNNING, OVER},
    ]
    allowed.append({True})  # an arena a player makes: private, the literal true
    allowed.append(set(catalog()))  # an error's code
    found = [set(enum) for enum in enums(DOCUMENT)]
    assert found, "the document has no enums"
    for enum in found:
        assert enum in allowed, enum
    assert cells in found and set(PLAYER_KINDS) in found and kinds in found


def test_every_api_rule_is_in_the_document_and_every_path_is_a_rule(app: Flask) -> None:
    rules: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():  # one path may have a rule per method (/api/pair)
        if rule.rule.startswith("/api/"):
            path = re.sub(r"<(\w+)>", r"{\1}", rule.rule)  # Flask's <name>, OpenAPI's {name}
            rules.setdefault(path, set()).update(set(rule.methods or ()) - AUTOMATIC)
    documented = {path: {m.upper() for m in item} for path, item in DOCUMENT["paths"].items()}
    assert documented == rules
    assert len(rules) == 29


def test_the_document_is_built_once_and_served_as_built(client: FlaskClient) -> None:
    assert api.document() is DOCUMENT
    assert client.get("/api/openapi.json").get_json() == DOCUMENT


def test_the_game_has_its_two_seats_and_the_score_by_seat() -> None:
    game = DOCUMENT["components"]["schemas"]["GameJson"]
    assert {"seats", "score", "version", "tally"} <= set(game["required"])
    assert game["properties"]["seats"]["minItems"] == game["properties"]["seats"]["maxItems"] == 2
    seat = DOCUMENT["components"]["schemas"]["SeatJson"]
    assert set(seat["required"]) == {"id", "kind", "mark", "you", "name"}
    score = DOCUMENT["components"]["schemas"]["ScoreJson"]
    assert score["properties"]["wins"]["required"] == list(SEAT_IDS)


def test_a_move_and_a_step_need_a_ply_or_a_version() -> None:
    schemas = DOCUMENT["components"]["schemas"]
    either = [{"required": ["ply"]}, {"required": ["version"]}]
    assert schemas["MoveBody"]["anyOf"] == schemas["StepBody"]["anyOf"] == either
    assert "anyOf" not in schemas["ExpectedBody"]
    assert schemas["MoveBody"]["required"] == ["cell"]


def test_each_route_lists_the_refusals_of_its_kind() -> None:
    paths = DOCUMENT["paths"]
    assert set(paths["/api/game"]["get"]["responses"]) == {"200", "413", "503"}
    move = paths["/api/move"]["post"]
    assert set(move["responses"]) == {"200", "400", "403", "409", "413", "415", "422", "429", "503"}
    assert move["requestBody"]["required"] is True
    assert paths["/api/undo"]["post"]["requestBody"]["required"] is False
    events = paths["/api/events"]["get"]["responses"]["200"]["content"]
    assert list(events) == ["text/event-stream"]


def test_a_route_of_its_own_makes_a_document_of_its_own() -> None:
    route = Operation(
        "A try.", {409: "Never."}, body=MoveBody, answer=GameJson, method="POST", path="/api/try"
    )
    document = build((route,))
    assert list(document["paths"]) == ["/api/try"]
    assert "ReviewJson" not in document["components"]["schemas"]
    assert len(DECLARED) + len(entry_routes()) == 34
