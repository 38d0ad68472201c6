"""Every answer of the JSON API that a test client sees, held to the OpenAPI document."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import jsonschema_rs
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from webapp.web import layer  # noqa: F401  (loads every page, so every route is declared)
from webapp.web.api.api_document import document

DOCUMENT = document()

JSON = "application/json"
ERROR = {"$ref": "#/components/schemas/ErrorJson"}
# Werkzeug's own answers to an address or a method that no route has (OPTIONS is answered
# for every route, with an empty body).
UNROUTED = {404, 405}


class DocumentedClient(FlaskClient):
    """A test client that fails the test when an API answer is not what the document says:
    a status it does not list, another media type, or a JSON body outside its schema."""

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:
        """The response, once checked against the document."""
        response = super().open(*args, **kwargs)
        check(response)
        return response


def check(response: TestResponse) -> None:
    """Fail unless ``response``, if it answers an /api/ request, is as the document says."""
    request = response.request
    if not request.path.startswith("/api/") or request.method in ("HEAD", "OPTIONS"):
        return
    where = f"{request.method} {request.path} answered {response.status_code}"
    operation = _path(request.path).get(request.method.lower())
    if operation is None:
        assert response.status_code in UNROUTED, f"{where}, and the document has no such route"
        schema = ERROR
    else:
        answer = operation["responses"].get(str(response.status_code))
        assert answer is not None, f"{where}, a status the document does not list"
        assert response.mimetype in answer["content"], f"{where} with {response.mimetype}"
        schema = answer["content"][response.mimetype]["schema"]
    if response.mimetype == JSON:
        errors = [error.message for error in validator(schema).iter_errors(response.get_json())]
        assert not errors, f"{where} with a body outside the document: {errors}"


def _path(path: str) -> dict[str, Any]:
    """The document's item for ``path``: its own, or a templated one (``/api/arenas/{id}``)."""
    paths: dict[str, dict[str, Any]] = DOCUMENT["paths"]
    if path in paths:
        return paths[path]
    for template, item in paths.items():
        pattern = re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(template))
        if "{" in template and re.fullmatch(pattern, path):
            return item
    return {}


def validator(schema: dict[str, Any]) -> jsonschema_rs.Validator:
    """A validator of ``schema``, whose references point into the document's components."""
    return _compiled(json.dumps(schema, sort_keys=True))


@cache
def _compiled(schema: str) -> jsonschema_rs.Validator:
    """The validator of the schema written as ``schema`` (a dict cannot be a cache key)."""
    whole = {**json.loads(schema), "components": DOCUMENT["components"]}
    return jsonschema_rs.Draft202012Validator(whole)
