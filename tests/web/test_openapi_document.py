"""The OpenAPI document (webapp/web/openapi.json) is data: its enums must follow the engine's."""

from __future__ import annotations

from typing import Any

from webapp.engine import CELL_IDS, PLAYER_KINDS, Status
from webapp.rules import FRIEND
from webapp.rules.match import ENDINGS
from webapp.web.api import DOCUMENT


def enums(node: Any) -> list[list[Any]]:
    """Every ``enum`` list anywhere in ``node``."""
    if isinstance(node, dict):
        found = [node["enum"]] if isinstance(node.get("enum"), list) else []
        return found + [e for value in node.values() for e in enums(value)]
    if isinstance(node, list):
        return [e for value in node for e in enums(value)]
    return []


def test_cells_kinds_and_statuses_are_the_engines() -> None:
    kinds = [*PLAYER_KINDS, FRIEND]
    allowed = [list(CELL_IDS), list(PLAYER_KINDS), kinds, [str(status) for status in Status],
               ["X", "O", None], ["X", "O", "both", None], ["you", "friend", None],
               [*ENDINGS, None]]  # fmt: skip
    found = enums(DOCUMENT)
    assert found, "the document has no enums"
    for enum in found:
        assert enum in allowed, enum
    assert list(CELL_IDS) in found and kinds in found


def test_every_api_route_is_documented() -> None:
    paths = set(DOCUMENT["paths"])
    assert paths == {
        "/api/game", "/api/new", "/api/move", "/api/step", "/api/undo", "/api/join",
        "/api/resign", "/api/abort", "/api/claim", "/api/rematch", "/api/events", "/api/seat",
        "/api/review",
    }  # fmt: skip
    required = DOCUMENT["components"]["schemas"]["Game"]["required"]
    assert "version" in required and "score" not in required
