"""The API against its OpenAPI document, fuzzed by schemathesis: no 500, nothing undocumented.

The schema is the document the app builds from its Structs and serves
(``webapp.web.api.api_document.DOCUMENT``; tests/web/api/test_openapi_document.py checks that
/api/openapi.json is exactly it), loaded here rather than through a pytest fixture:
schemathesis's ``from_fixture`` does not work with pytest 9.2, which dropped ``Node._nodeid``.
"""

from __future__ import annotations

from typing import Any

import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from tests.conftest import api_game
from webapp.web import layer  # noqa: F401  (loads every page, so every route is declared)
from webapp.web.api.api_document import document

DOCUMENT = document()

# A position of nine X, O and _ has the documented shape, yet the rules may refuse it (too
# many X, say): the API answers 422, which schemathesis counts as a valid answer to valid data.
# So is a 404 for an invite or a match id that does not exist.
EXPECTED = ["2xx", "403", "404", "409", "422"]
CONFIG = schemathesis.Config.from_dict(
    {"checks": {"positive_data_acceptance": {"expected-statuses": EXPECTED}}}
)
schema = schemathesis.openapi.from_dict(DOCUMENT, config=CONFIG)


@schema.parametrize()
@settings(
    max_examples=50,
    deadline=None,
    # One browser session for all examples of an operation, as a program playing on would.
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_api_matches_its_document(case: schemathesis.Case, app: Flask, client: FlaskClient) -> None:
    """Every generated request gets a documented answer, never a server error."""
    # The operations were made before the app fixture existed, so the app is given to the call,
    # and to the schema for the probes some checks send on their own (without the token).
    case.operation.schema.app = app
    game = api_game(client)
    aim_at(case, game)
    case.call_and_validate(session=client, headers={"X-CSRFToken": game["csrf_token"]}, app=app)


def aim_at(case: schemathesis.Case, game: dict[str, Any]) -> None:
    """Point most generated ``ply`` and ``game`` fields at the game as it is.

    Random ones are nearly always stale, so moves would never land and the game never change.
    Plies above 6 are left as generated, so stale requests are still sent too.
    """
    body = case.body
    if not isinstance(body, dict):
        return
    ply = body.get("ply")
    if isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply <= 6:
        body["ply"] = game["ply"]
        if isinstance(body.get("game"), str):
            body["game"] = game["game"]
