"""What the tests read of an API error: its code and the field it names, never its words (which
change with the wording and the language)."""

from __future__ import annotations

from typing import Any


def refusal(body: Any) -> tuple[str, str | None]:
    """The ``code`` of the API error ``body`` and the ``field`` it names (``None`` if none),
    once the body is checked to be an error with words for people and nothing else."""
    assert isinstance(body, dict) and set(body) <= {"error", "code", "field"}, body
    assert isinstance(body.get("error"), str) and body["error"], body
    assert isinstance(body.get("code"), str), body
    return body["code"], body.get("field")


def code(body: Any) -> str:
    """The ``code`` of the API error ``body``."""
    return refusal(body)[0]
