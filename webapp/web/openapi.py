"""The OpenAPI 3.1 document of the JSON API, served at /api/openapi.json."""

from __future__ import annotations

from typing import Any

from ..engine import CELL_IDS, PLAYER_KINDS, Status

_CELL: dict[str, Any] = {"type": "string", "enum": list(CELL_IDS)}
_KIND: dict[str, Any] = {"type": "string", "enum": list(PLAYER_KINDS)}
_BOARD: dict[str, Any] = {"type": "string", "pattern": "^[XO_]{9}$", "examples": ["_XXOO_OX_"]}
_COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}
_PLY: dict[str, Any] = {
    "type": "integer",
    "minimum": 0,
    "maximum": 9,
    "description": "The ply of the game the request was made for (from `ply`); "
    "another value is refused with 409, so a program never plays on a board it has not seen.",
}
_VERSION: dict[str, Any] = {
    "type": "integer",
    "minimum": 0,
    "description": "The version of the match the request was made for (from `version`); "
    "another is refused with 409. Safer than `ply`: it changes with every change, undo too.",
}
_STATE: list[dict[str, Any]] = [{"required": ["ply"]}, {"required": ["version"]}]
_GAME_ID: dict[str, Any] = {
    "type": "string",
    "description": "The game id (from `game`); another id is refused with 409.",
}


def _object(properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    """A JSON Schema object."""
    return {"type": "object", "properties": properties, "required": required or []}


def _marks(value: dict[str, Any]) -> dict[str, Any]:
    """An object with exactly the keys X and O."""
    return {**_object({"X": value, "O": value}, ["X", "O"]), "additionalProperties": False}


_GAME: dict[str, Any] = _object(
    {
        "board": {**_BOARD, "description": "The position, row by row (A1 to C3), _ for empty."},
        "turn": {"enum": ["X", "O", None], "description": "The side to move; null when over."},
        "status": {"type": "string", "enum": [str(status) for status in Status]},
        "line": {
            "type": ["array", "null"],
            "items": _CELL,
            "description": "The winning cells, or null.",
        },
        "players": _marks(_KIND),
        "names": {
            **_marks({"type": "string"}),
            "description": "Who plays each mark, as the score names them (You, Computer, …).",
        },
        "moves": {"type": "array", "items": _CELL, "maxItems": 9},
        "start": _BOARD,
        "ply": {**_COUNT, "maximum": 9},
        "game": {"type": "string"},
        "version": {
            **_COUNT,
            "description": "Grows by one with every change of the match (0: not stored yet).",
        },
        "tally": {
            **_object(
                {
                    "wins": {"type": "object", "additionalProperties": _COUNT},
                    "draws": _COUNT,
                },
                ["wins", "draws"],
            ),
            "description": "Games won by each player (by name, whatever mark they played) "
            "and drawn in this match.",
        },
        "evaluation": {
            **_object(
                {
                    "result": {"type": "string", "enum": [str(status) for status in Status]},
                    "moves": {**_COUNT, "maximum": 9},
                    "best": {"type": "array", "items": _CELL, "uniqueItems": True},
                },
                ["result", "moves", "best"],
            ),
            "description": "The result with perfect play, how many moves until it, and the "
            "best moves (reading order). A finished game has 0 moves and no best moves.",
        },
        "csrf_token": {
            "type": "string",
            "description": "Send it back in the X-CSRFToken header of every POST.",
        },
    },
    [
        "board", "turn", "status", "line", "players", "names", "moves", "start", "ply",
        "game", "version", "tally", "evaluation", "csrf_token",
    ],
)  # fmt: skip

_ERROR: dict[str, Any] = _object({"error": {"type": "string"}}, ["error"])


def _json(schema_name: str, description: str) -> dict[str, Any]:
    """A JSON response of the named component schema."""
    schema = {"$ref": f"#/components/schemas/{schema_name}"}
    return {"description": description, "content": {"application/json": {"schema": schema}}}


# What any request may meet, whatever it asks.
_REFUSALS = {
    "413": _json("Error", "The request is larger than 16 KiB."),
    "503": _json("Error", "The game store is down or the game is busy; try again."),
}


def _operation(
    summary: str,
    body: dict[str, Any] | None = None,
    body_required: bool = True,
    errors: dict[str, str] | None = None,
) -> dict[str, Any]:
    """A POST operation: the JSON body, the game on success, errors as ``{"error": ...}``."""
    responses = {"200": _json("Game", "The game after the change.")}
    responses |= {code: _json("Error", text) for code, text in (errors or {}).items()}
    responses |= _REFUSALS
    operation: dict[str, Any] = {
        "summary": summary,
        "security": [{"csrf": []}],
        "responses": responses,
    }
    if body is not None:
        operation["requestBody"] = {
            "required": body_required,
            "content": {"application/json": {"schema": body}},
        }
    return operation


_COMMON_ERRORS = {
    "400": "The request is not of the documented shape; the message says why.",
    "403": "The X-CSRFToken header is missing or wrong.",
    "415": "The body is not sent as application/json.",
}

DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Tic-tac-toe",
        "version": "1.0.0",
        "description": "The match of this browser session, for programs. It uses the same "
        "session cookie as the pages. GET /api/game returns `csrf_token`; send it in the "
        'X-CSRFToken header of every POST. Errors are `{"error": message}` with a 4xx '
        "status and change nothing.",
    },
    "paths": {
        "/api/game": {
            "get": {
                "summary": "The current game, with the CSRF token for the POSTs.",
                "responses": {
                    "200": _json("Game", "The current game."),
                    **_REFUSALS,
                },
            }
        },
        "/api/new": {
            "post": _operation(
                "Start a new game, from the empty board or a position.",
                _object(
                    {
                        "x": _KIND,
                        "o": _KIND,
                        "position": {
                            "type": ["string", "null"],
                            "pattern": "^([XO_]{9})?$",
                            "description": "Nine cells row by row, _ for empty; null or empty "
                            "for the empty board.",
                        },
                        "toss": {
                            "type": "boolean",
                            "description": "Toss a coin that may swap x and o.",
                        },
                    },
                    ["x", "o"],
                ),
                errors={
                    **_COMMON_ERRORS,
                    "422": "The position cannot arise in a game (e.g. impossible counts).",
                },
            )
        },
        "/api/move": {
            "post": _operation(
                "Play a cell for the person to move; the computer replies at once.",
                {
                    **_object(
                        {"cell": _CELL, "ply": _PLY, "version": _VERSION, "game": _GAME_ID},
                        ["cell"],
                    ),
                    "anyOf": _STATE,
                },
                errors={
                    **_COMMON_ERRORS,
                    "409": "Stale, an occupied cell, the game over, or not a person's turn.",
                },
            )
        },
        "/api/step": {
            "post": _operation(
                "Computer against computer: play the next move, or every move left.",
                {
                    **_object(
                        {
                            "ply": _PLY,
                            "version": _VERSION,
                            "game": _GAME_ID,
                            "to_end": {
                                "type": "boolean",
                                "description": "Play to the end of the game, not one move.",
                            },
                        },
                    ),
                    "anyOf": _STATE,
                },
                errors={
                    **_COMMON_ERRORS,
                    "409": "A stale request, the game over, or a person plays in this game.",
                },
            )
        },
        "/api/undo": {
            "post": _operation(
                "Take back the last move; against the computer, its reply and the person's move.",
                _object({"ply": _PLY, "version": _VERSION, "game": _GAME_ID}),
                body_required=False,
                errors={**_COMMON_ERRORS, "409": "A stale request, or no move to take back."},
            )
        },
    },
    "components": {
        "schemas": {"Game": _GAME, "Error": _ERROR},
        "securitySchemes": {
            "csrf": {
                "type": "apiKey",
                "in": "header",
                "name": "X-CSRFToken",
                "description": "The `csrf_token` of GET /api/game, for the same session cookie.",
            }
        },
    },
}
