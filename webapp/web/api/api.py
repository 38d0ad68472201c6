"""The OpenAPI document's route. The API's other routes are declared beside their pages
(one view per read), in the action table (action_views.py) and in the entry table; they
share the session and the CSRF token (header ``X-CSRFToken``) with the pages, and refuse
with ``{"error", "code", "field"?}``, changing nothing (docs/api.md)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from flask.typing import ResponseReturnValue

from ..views.answers import answer
from ..views.operations import Operation, read
from .api_document import document

bp = Blueprint("api", __name__)
DOCUMENT = Operation(
    "This document.", answer=dict[str, Any], answered="The OpenAPI 3.1 document of this API."
)


@read(bp, None, "/api/openapi.json", DOCUMENT)
def openapi() -> ResponseReturnValue:
    """The OpenAPI 3.1 document of this API."""
    return answer(document())
