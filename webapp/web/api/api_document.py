"""The API's routes as one table, and the OpenAPI 3.1 document built from it at start-up."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from ..action_table import ACTIONS
from ..entry_table import ENTRIES, openapi_path
from ..views.review_schema import ReviewJson
from ..views.schema import ErrorJson, GameJson, PairJson
from .api_arenas import ARENA_PATH, NO_ARENA, ArenaBody, ArenaJson, ArenaMadeJson
from .api_games import GAMES_QUERY, GamesJson
from .api_live import LiveGameJson
from .api_names import NameJson

REF = "#/components/schemas/{name}"
INFO = {
    "title": "Tic-tac-toe",
    "version": "1.0.0",
    "description": "The match of this browser session, for programs. It uses the same session "
    "cookie as the pages. GET /api/game returns `csrf_token`; send it in the X-CSRFToken "
    "header of every POST. Over HTTPS, a POST also needs a Referer header from the same site "
    "(as browsers send), such as `Referer: https://<host>/`; without it the 403 says so. "
    'Errors are `{"error": message}` with a 4xx status and change nothing; a 400 for a body of '
    "the wrong shape names its `field`. Online play: start with a `friend` player, send the "
    "`online.invite` link; the friend's program joins with POST /api/join, and each side "
    "follows GET /api/events (Server-Sent Events) to learn of the other's moves.",
}
CSRF = {
    "type": "apiKey",
    "in": "header",
    "name": "X-CSRFToken",
    "description": "The `csrf_token` of GET /api/game, for the same session cookie.",
}
# The refusals that depend on the kind of request, not on the route.
ANY_REQUEST = {
    413: "The request is larger than 16 KiB.",
    503: "The game store is down or the game is busy; try again.",
}
ANY_POST = {
    403: "The X-CSRFToken header is missing or wrong, or (over HTTPS) the same-site Referer "
    "is missing.",
    429: "Too many posts from this address by clients without a stored session "
    "(FLASK_LIMIT_NEW_SESSIONS), nothing changed; Retry-After says when to try again.",
}
ANY_BODY = {
    400: "The body is not of the documented shape: `error` says why, `field` names the field.",
    415: "The body is not sent as application/json.",
}
CHANGED = "The match after the change."
EVENTS_QUERY = [
    {
        "name": "match",
        "in": "query",
        "required": False,
        "schema": {"type": "string"},
        "description": "The match to follow (from a watch link); by default this session's.",
    },
    {
        "name": "version",
        "in": "query",
        "required": False,
        "schema": {"type": "integer", "minimum": 0},
        "description": "The version already seen: a newer one is sent at once.",
    },
]


@dataclass(frozen=True)
class Route:
    """One operation of the API: its request body, its answer (with ``answered``, the text
    of the 200) and why it may refuse, beyond what every request of its kind may meet."""

    method: str
    path: str
    summary: str
    refusals: dict[int, str] = field(default_factory=dict)
    body: type[msgspec.Struct] | None = None
    body_required: bool = True
    answer: Any = GameJson
    answered: str = CHANGED
    media: str = "application/json"
    query: list[dict[str, Any]] = field(default_factory=list)


ROUTES = (
    Route("GET", "/api/game", "The match, with the CSRF token for the POSTs.",
          answered="The match."),
    Route("GET", "/api/review", "The review of this session's finished game.",
          {409: "The game is not over yet."}, answer=ReviewJson, answered="The review."),
    Route("GET", "/api/events", "Server-Sent Events of a match's versions: an event (its id "
          "is the version) whenever the match changes; a comment now and then. The stream "
          "ends after a few minutes; reconnect with Last-Event-ID.",
          {404: "No such match, or this session has none yet.",
           503: "Too many streams open on this server, or the store is down; reload instead."},
          answer=str, answered='The event stream: `id: <version>` and `data: {"version": n}` '
          "per change.", media="text/event-stream", query=EVENTS_QUERY),
    Route("GET", "/api/pair", "Where this session stands in quick pairing: waiting, paired "
          "(with the match), or idle.", answer=PairJson, answered="Where the seeker stands."),
    Route("GET", "/api/games", "This browser's finished games, newest first, paged, and "
          "its record against each computer level and against people.",
          {400: "`offset` or `limit` is not a whole number in its range."},
          answer=GamesJson, answered="A page of games, and the record.", query=GAMES_QUERY),
    Route("DELETE", "/api/games", "Forget this browser's games (and so its record).",
          answer=GamesJson, answered="The empty list."),
    Route("GET", "/api/name", "This browser's drawn name, shown in paired games (drawn now "
          "if it had none).", answer=NameJson, answered="The name."),
    Route("POST", "/api/name", "Draw another name for this browser from the same words; "
          "games already paired keep the name they were paired with.",
          {409: "This browser waits for an opponent: its name stays until it is paired.",
           429: "Too many names drawn from this address in a short time."},
          answer=NameJson, answered="The new name."),
    Route("GET", "/api/live", "The games being played now by strangers met by quick pairing "
          "(never a friend's match made by link), the latest changed first, at most 50.",
          answer=list[LiveGameJson], answered="The games, each with a link to watch it."),
    Route("POST", "/api/arenas", "Make an arena: a timed tournament that pairs its waiting "
          "players again and again (any length and clock from 1 s).",
          {429: "Too many new games or arenas from this address in a short time."},
          body=ArenaBody, answer=ArenaMadeJson, answered="Its id and link."),
    Route("GET", "/api/arenas", "The public arenas coming or running, the soonest first "
          "(the site always has one coming).", answer=list[ArenaJson], answered="The arenas."),
    Route("GET", "/api/arenas/{arena_id}", "An arena: its state, times, standings and this "
          "browser's place.", {404: NO_ARENA}, answer=ArenaJson, answered="The arena.",
          query=ARENA_PATH),
    Route("GET", "/api/openapi.json", "This document.", answer=dict[str, Any],
          answered="The OpenAPI 3.1 document of this API."),
)  # fmt: skip


def action_routes() -> tuple[Route, ...]:
    """The operation of each action of the action table that has an API route."""
    return tuple(
        Route("POST", action.api, action.summary, action.refusals, action.body,
              action.body_required)
        for action in ACTIONS
        if action.api
    )  # fmt: skip


def entry_routes() -> tuple[Route, ...]:
    """The operation of each row of the entry table."""
    return tuple(
        Route(entry.method, openapi_path(entry.api), entry.summary, entry.refusals, entry.body,
              not entry.optional_body, answer=entry.answer or GameJson,
              answered=entry.answered, query=entry.query)
        for entry in ENTRIES
    )  # fmt: skip


def build(routes: tuple[Route, ...] | None = None) -> dict[str, Any]:
    """The OpenAPI 3.1 document of ``routes`` (by default every route: ROUTES, the actions'
    and the entries'), whose types' schemas are its components."""
    routes = routes if routes is not None else (*ROUTES, *action_routes(), *entry_routes())
    kinds = [ErrorJson, *(r.answer for r in routes), *(r.body for r in routes if r.body)]
    schemas, components = msgspec.json.schema_components(kinds, ref_template=REF)
    schema_of = dict(zip(kinds, schemas, strict=True))
    for body in {r.body for r in routes if r.body}:
        components[body.__name__].update(getattr(body, "schema_extra", {}))
    paths: dict[str, dict[str, Any]] = {}
    for route in routes:
        paths.setdefault(route.path, {})[route.method.lower()] = _operation(route, schema_of)
    return {
        "openapi": "3.1.0",
        "info": INFO,
        "paths": paths,
        "components": {"schemas": components, "securitySchemes": {"csrf": CSRF}},
    }


def _operation(route: Route, schema_of: dict[Any, dict[str, Any]]) -> dict[str, Any]:
    """The OpenAPI operation of ``route``: its parameters, body, answers and refusals."""
    refusals = dict(ANY_REQUEST)
    if route.method in ("POST", "DELETE"):
        refusals |= ANY_POST
    if route.body is not None:
        refusals |= ANY_BODY
    refusals |= route.refusals
    answers = {"200": _content(route.answered, route.media, schema_of[route.answer])}
    for status in sorted(refusals):
        answers[str(status)] = _content(refusals[status], "application/json", schema_of[ErrorJson])
    operation: dict[str, Any] = {"summary": route.summary, "responses": answers}
    if route.query:
        operation["parameters"] = route.query
    if route.method in ("POST", "DELETE"):
        operation["security"] = [{"csrf": []}]
    if route.body is not None:
        content = {"application/json": {"schema": schema_of[route.body]}}
        operation["requestBody"] = {"required": route.body_required, "content": content}
    return operation


def _content(description: str, media: str, schema: dict[str, Any]) -> dict[str, Any]:
    """An answer of ``media`` with ``schema``."""
    return {"description": description, "content": {media: {"schema": schema}}}


# Built once per process, when the app is made; GET /api/openapi.json serves it.
DOCUMENT = build()
