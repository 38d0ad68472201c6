"""Refusals' codes: each one unique and snake_case, written in one of three places, listed by
the OpenAPI document and by docs/api.md, and given its status by code, subclasses too."""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

import webapp
from tests.documented import DOCUMENT
from tests.refusals import refusal
from tests.web.api.test_api import call
from webapp.engine import Refusal
from webapp.rules import UnknownLinkError, actions, errors
from webapp.rules.errors import BadStartError, OnlyComputersError, RuleError
from webapp.web.site.refusals import catalog, status_of

API_DOC = Path(__file__).resolve().parents[3] / "docs" / "api.md"
ROW = re.compile(r"^\| `([a-z0-9_]+)` \| (\d{3}|its own) \| .+ \|$", re.MULTILINE)


def every_refusal() -> dict[str, set[int]]:
    """Each code of a refusal named in a module of webapp, with the refusals that carry it
    (by identity, wherever each is imported); refusals kept in one dict (one refusal, in the
    words for a friend or for a stranger) count as one."""
    found: dict[str, set[int]] = {}
    for info in pkgutil.walk_packages(webapp.__path__, "webapp."):
        if info.name.endswith(".__main__"):  # runs a program when imported
            continue
        for value in vars(importlib.import_module(info.name)).values():
            kept = list(value.values()) if isinstance(value, dict) else [value]
            codes = {each.code for each in kept if isinstance(each, Refusal)}
            if len(codes) == 1 and len(kept) > 1:  # one refusal's variants
                found.setdefault(codes.pop(), set()).add(id(value))
            elif isinstance(value, Refusal):
                found.setdefault(value.code, set()).add(id(value))
    return found


def test_every_code_is_one_refusals_and_snake_case() -> None:
    found = every_refusal()
    assert {code for code, where in found.items() if len(where) > 1} == set()
    assert [code for code in found if not re.fullmatch(r"[a-z]+(_[a-z0-9]+)*", code)] == []
    assert len(found) >= 80


def test_a_fresh_app_knows_every_refusal(tmp_path: Path) -> None:
    """Each refusal records its code as it is made, so a process that has only made the app
    must have loaded every module that declares one: else the document and the docs would
    miss its code."""
    made = (
        "import json; from webapp import create_app; "
        f"create_app({{'SECRET_KEY': 'x', 'TESTING': True}}, instance_path={str(tmp_path)!r}); "
        "from webapp.web.site.refusals import catalog; print(json.dumps(sorted(catalog())))"
    )
    printed = subprocess.run(
        [sys.executable, "-c", made], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    assert set(json.loads(printed.splitlines()[-1])) == set(every_refusal()) | {"http_error"}


def test_the_openapi_document_lists_every_code() -> None:
    error = DOCUMENT["components"]["schemas"]["ErrorJson"]
    assert error["properties"]["code"]["enum"] == sorted(catalog())
    assert set(error["required"]) == {"error", "code"}


def test_the_api_docs_table_lists_every_code_with_its_status() -> None:
    rows = dict(ROW.findall(API_DOC.read_text(encoding="utf-8")))
    listed = {code: str(status or "its own") for code, status in catalog().items()}
    assert rows == listed


class _NoSuchArena(UnknownLinkError):
    """A subclass that no table names."""


class _PersonInGame(OnlyComputersError):
    """A subclass that no table names."""


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (_NoSuchArena(errors.NO_ARENA), 404),
        (UnknownLinkError(), 404),
        (BadStartError(errors.FINISHED_DRAW), 422),
        (RuleError(errors.NOT_YOUR_TURN), 409),
        (_PersonInGame(errors.ONLY_COMPUTERS), 409),
    ],
)
def test_the_status_follows_the_code_whatever_the_class(error: RuleError, status: int) -> None:
    assert status_of(error) == status


def test_an_api_refusal_by_a_subclass_keeps_its_code_and_words(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The API's words for a refusal are found by class, a subclass's too (no KeyError, no
    500)."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise _PersonInGame(errors.ONLY_COMPUTERS)

    call(client, "/api/new", {"x": "easy", "o": "hard"})
    monkeypatch.setattr(actions, "step", refuse)
    response = call(client, "/api/step", {"ply": 0})
    assert response.status_code == 409
    assert refusal(response.get_json()) == ("only_computers", None)
