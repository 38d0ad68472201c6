"""The OpenAPI 3.1 document, built from the operations declared beside the routes, the
action table's and the entry table's."""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from ..action_table import ACTIONS
from ..action_views import entries
from ..entry_table import ENTRIES
from ..site.refusals import catalog
from ..views.operations import DECLARED, Operation, openapi_path
from ..views.schema import ErrorJson, GameJson

REF = "#/components/schemas/{name}"
INFO = {
    "title": "Tic-tac-toe",
    "version": "1.0.0",
    "description": "The match of this browser session, for programs. It uses the same session "
    "cookie as the pages. GET /api/game returns `csrf_token`; send it in the X-CSRFToken "
    "header of every POST. Over HTTPS, a POST also needs a Referer header from the same site "
    "(as browsers send), such as `Referer: https://<host>/`; without it the 403 says so. "
    'Errors are `{"error": message, "code": code}` with a 4xx or 5xx status and change '
    "nothing: `code` says why to programs, the same in every language; a 400 for a body of "
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


def entry_routes() -> tuple[Operation, ...]:
    """The operation of each row with an API route: the entry table's, and the action
    table's made into entries."""
    rows = (*ENTRIES, *(entry for action in ACTIONS for entry in entries(action)))
    return tuple(
        Operation(
            entry.summary,
            entry.refusals,
            entry.body,
            entry.body_required,
            answer=entry.answer or GameJson,
            answered=entry.answered,
            query=entry.query,
            method=entry.method,
            path=openapi_path(entry.api),
        )
        for entry in rows
        if entry.api
    )


@functools.cache
def document() -> dict[str, Any]:
    """The document of every route: the reads' (declared beside them), the actions' and the
    entries'; built once, at the first request for it, when every page's module is loaded."""
    return build((*DECLARED, *entry_routes()))


def build(routes: tuple[Operation, ...]) -> dict[str, Any]:
    """The OpenAPI 3.1 document of ``routes``, whose types' schemas are its components."""
    kinds = [ErrorJson, *(r.answer for r in routes), *(r.body for r in routes if r.body)]
    schemas, components = msgspec.json.schema_components(kinds, ref_template=REF)
    schema_of = dict(zip(kinds, schemas, strict=True))
    for body in {r.body for r in routes if r.body}:
        components[body.__name__].update(getattr(body, "schema_extra", {}))
    # Every refusal's code: the schema of the error's code lists them all.
    components[ErrorJson.__name__]["properties"]["code"]["enum"] = sorted(catalog())
    paths: dict[str, dict[str, Any]] = {}
    for route in routes:
        paths.setdefault(route.path, {})[route.method.lower()] = _operation(route, schema_of)
    return {
        "openapi": "3.1.0",
        "info": INFO,
        "paths": paths,
        "components": {"schemas": components, "securitySchemes": {"csrf": CSRF}},
    }


def _operation(route: Operation, schema_of: dict[Any, dict[str, Any]]) -> dict[str, Any]:
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
