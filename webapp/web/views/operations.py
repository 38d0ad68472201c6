"""What a route answers, declared beside it: one view registered at its page's route and its
API route (answering the page or JSON by the route it was reached by), and the OpenAPI
operation of the API route, which the document collects."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import msgspec
from flask import Blueprint

from .schema import GameJson

View = TypeVar("View", bound=Callable[..., Any])
CHANGED = "The match after the change."


@dataclass(frozen=True)
class Operation:
    """One operation of the API: its request body, its answer (with ``answered``, the text
    of the 200) and why it may refuse, beyond what every request of its kind may meet."""

    summary: str
    refusals: dict[int, str] = field(default_factory=dict)
    body: type[msgspec.Struct] | None = None
    body_required: bool = True
    answer: Any = GameJson
    answered: str = CHANGED
    media: str = "application/json"
    query: list[dict[str, Any]] = field(default_factory=list)
    method: str = "GET"
    path: str = ""  # the route's, as OpenAPI writes it


# Every operation declared by a read's route, in the order the modules were loaded.
DECLARED: list[Operation] = []


def parameter(name: str, where: str, description: str, **schema: Any) -> dict[str, Any]:
    """An OpenAPI parameter: ``where`` is ``path`` (always required) or ``query`` (optional);
    ``schema`` its JSON schema, a string by default."""
    return {
        "name": name,
        "in": where,
        "required": where == "path",
        "schema": schema or {"type": "string"},
        "description": description,
    }


def openapi_path(route: str) -> str:
    """A Flask route (``/api/arenas/<arena_id>``) as an OpenAPI path (``{arena_id}``)."""
    return re.sub(r"<(\w+)>", r"{\1}", route)


def read(
    bp: Blueprint,
    page: str | None,
    api: str,
    operation: Operation,
    method: str = "GET",
    api_method: str | None = None,
) -> Callable[[View], View]:
    """Register the decorated view at ``page`` (none: the API alone) and at ``api`` (with
    ``api_method``, by default the page's ``method``), under one endpoint each, and declare
    ``operation`` for ``api``: the view asks ``for_api()`` which one it was reached by."""
    verb = api_method or method

    def register(view: View) -> View:
        if page is not None:
            bp.add_url_rule(page, view.__name__, view, methods=[method])
        bp.add_url_rule(api, f"api_{view.__name__}", view, methods=[verb])
        DECLARED.append(replace(operation, method=verb, path=openapi_path(api)))
        return view

    return register
