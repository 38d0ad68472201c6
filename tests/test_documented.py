"""The check that every API answer the tests see is as the OpenAPI document says: it fails a
test on an answer outside it."""

from __future__ import annotations

import pytest
from flask import Flask

from tests.documented import DocumentedClient


def test_every_app_of_the_tests_makes_checking_clients(app: Flask) -> None:
    assert isinstance(app.test_client(), DocumentedClient)


def test_a_body_outside_its_schema_fails_the_test(app: Flask) -> None:
    app.view_functions["board.api_index"] = lambda: {"board": "_________"}
    with pytest.raises(AssertionError, match=r"outside the document.*required"):
        app.test_client().get("/api/game")


def test_a_status_the_route_does_not_list_fails_the_test(app: Flask) -> None:
    app.view_functions["review.api_review_page"] = lambda: ({"error": "I'm a teapot."}, 418)
    with pytest.raises(AssertionError, match="a status the document does not list"):
        app.test_client().get("/api/review")


def test_an_error_without_a_documented_code_fails_the_test(app: Flask) -> None:
    """So every API error a test meets carries one of the codes."""
    for body in ({"error": "Not over."}, {"error": "Not over.", "code": "made_up"}):
        app.view_functions["review.api_review_page"] = lambda body=body: (body, 409)
        with pytest.raises(AssertionError, match="outside the document"):
            app.test_client().get("/api/review")


def test_a_route_missing_from_the_document_fails_the_test(app: Flask) -> None:
    app.add_url_rule("/api/extra", "extra", lambda: {"extra": True})
    with pytest.raises(AssertionError, match="the document has no such route"):
        app.test_client().get("/api/extra")


def test_unrouted_addresses_and_methods_answer_the_error_body(app: Flask) -> None:
    client = app.test_client()
    assert client.get("/api/nothing").status_code == 404
    assert client.put("/api/move").status_code == 405
    assert client.get("/not-the-api").status_code == 404  # not checked: a page
