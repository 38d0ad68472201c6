"""The one factory of the views that change something: a row (an ``Entry``) answers its form
route and its API route from one view, by the route it was reached by (a 303 back with what
was done flashed, or JSON), as lichess's ``negotiate`` does. The entry table's rows are
written as entries; the action table's rows are made into entries here. Text mode applies an
action through ``apply``."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec
from flask import Blueprint, flash, redirect, request
from flask.typing import ResponseReturnValue
from msgspec import UNSET, Struct, UnsetType

from ..engine import TicTacToeError
from ..rules import Outcome, UnknownLinkError
from ..rules.seating import LeaveRefusedError
from .action_table import ACTIONS, Action
from .cycle import matches
from .cycle.posted import posted_expected
from .site import limits
from .site.errors import ApiError, WebError, for_api, to_board
from .site.headers import move_result
from .site.i18n import gettext as _
from .site.i18n import said
from .site.refusals import BAD_FIELD, BAD_FORM
from .views import online
from .views.answers import answer, game_json
from .views.bodies import decode
from .views.params import NoParams
from .views.schema import ExpectedBody

# The blueprint keeps the forms' old name: the templates post to forms.move, forms.undo…
bp = Blueprint("forms", __name__)
Given = TypeVar("Given")
Done = Any  # what a row's rule did, which its page and its JSON answer from


class BadFormError(WebError):
    """A form's fields that no page of ours posts (an unknown player, a clock not a number)."""

    refusal = BAD_FORM


def posted_twice(*names: str) -> bool:
    """Whether the posted form carries one of ``names`` more than once (x=user&x=hard): which
    was meant? No form of ours posts a field twice, so such a post is refused."""
    return any(len(request.form.getlist(name)) > 1 for name in names)


class BadFieldError(WebError):
    """A board form's field of the wrong kind (a form no board of ours posts)."""

    refusal = BAD_FIELD


@dataclass(frozen=True)
class Entry:
    """One row, and both ways to reach it. ``run`` is the rule, through the request cycle;
    ``fields`` reads the parameters of a form (and of either route's path), ``body`` the API's
    JSON; ``page`` answers the form from the parameters and what was done, ``json`` the API.
    A form refused with one of ``back_on`` goes ``back`` (saying why, unless the page there
    does); a refused API request gets the status of the refusal's code (site/refusals.py)."""

    name: str
    summary: str
    form: str
    api: str
    run: Callable[[Any], Done]
    page: Callable[[Any, Done], ResponseReturnValue]
    json: Callable[[Done], Struct]
    fields: Callable[[dict[str, str]], Struct] = lambda route: NoParams()
    body: type[Struct] | None = None
    body_required: bool = True
    method: str = "POST"
    back: Callable[[dict[str, str]], str] | None = None
    back_on: tuple[type[TicTacToeError], ...] = ()
    says_why: bool = True
    creating: bool = False  # a new match: counted by the limit on new games
    refusals: dict[int, str] = field(default_factory=dict)
    answer: Any = None  # the API's answer type, for the OpenAPI document
    answered: str = "The match after the change."
    query: list[dict[str, Any]] = field(default_factory=list)


def view(entry: Entry) -> Callable[..., ResponseReturnValue]:
    """The view of ``entry`` at both its routes."""

    def answered(**route: str) -> ResponseReturnValue:
        if for_api():
            body = entry.body
            given = decode(body, not entry.body_required) if body else entry.fields(route)
            return answer(entry.json(entry.run(given)))  # a refusal: the error writer's
        try:
            given = entry.fields(route)
            done = entry.run(given)
        except (UnknownLinkError, LeaveRefusedError):
            raise  # the error writer's: a 404, or back to the board saying why
        except entry.back_on as error:
            if entry.says_why:
                flash(said(error), "error")
            assert entry.back is not None
            return move_result(redirect(entry.back(route), 303), accepted=False)
        return entry.page(given, done)

    answered.__name__ = entry.name
    answered.__doc__ = entry.summary
    return limits.creating(answered) if entry.creating else answered


def register(blueprint: Blueprint, entries: tuple[Entry, ...]) -> None:
    """Each entry's one view at its form route and its API route."""
    for entry in entries:
        made = view(entry)
        if entry.form:
            blueprint.add_url_rule(entry.form, entry.name, made, methods=["POST"])
        if entry.api:
            blueprint.add_url_rule(entry.api, f"api_{entry.name}", made, methods=[entry.method])


def apply(
    action: Action, params: Any, expected: matches.Expected | None
) -> tuple[matches.Current, Outcome]:
    """``action`` with ``params`` applied to this browser's match, made for ``expected``."""
    now, outcome = matches.act(lambda seen: action.rule(seen, params), expected)
    online.begun(now, outcome)
    return now, outcome


def entries(action: Action) -> tuple[Entry, ...]:
    """``action`` as entries: one per form route (each with the parameters it fixes), the
    first also at the API route (whose body gives every parameter)."""
    routes = list(action.forms.items()) or [(action.name, ("", {}))]
    return tuple(
        Entry(
            name=endpoint,
            summary=action.summary,
            form=route,
            api=action.api if number == 0 else "",
            run=functools.partial(_run, action),
            page=functools.partial(_page, action),
            json=_json,
            fields=functools.partial(_fields, action, fixed),
            body=action.body,
            body_required=action.body_required,
            refusals=action.refusals,
        )
        for number, (endpoint, (route, fixed)) in enumerate(routes)
    )


def from_form(action: Action) -> ResponseReturnValue:
    """``action`` from the posted fields, answered as its form is (the mode bar's Restart)."""
    return view(entries(action)[0])()


def _fields(action: Action, fixed: dict[str, Any], route: dict[str, str]) -> Struct:
    """The parameters of a board form: its posted fields and the ``fixed`` of its route."""
    fields = action.params.__struct_fields__
    form = request.form
    if posted_twice(*fields):
        raise BadFieldError()
    posted = {name: form[name] for name in fields if name in form}
    try:
        params: Struct = msgspec.convert({**posted, **fixed}, action.params, strict=False)
    except msgspec.ValidationError as error:
        raise BadFieldError() from error
    return params


def _run(action: Action, given: Any) -> tuple[matches.Current, Outcome]:
    """``action`` with ``given`` through the cycle, made for what the request says."""
    if not for_api():
        return apply(action, given, posted_expected())
    try:
        return apply(action, given, expected(given))
    except tuple(action.api_says) as error:
        # The API's words for this refusal, found by class: a subclass's too.
        says = next(text for kind, text in action.api_says.items() if isinstance(error, kind))
        raise ApiError(error.refusal, text=_(says)) from error


def _json(done: tuple[matches.Current, Outcome]) -> Struct:
    """The match after the action, as programs get it."""
    return game_json(done[0])


def _page(action: Action, given: Any, done: Any) -> ResponseReturnValue:
    """Back to the board, saying what was done (a refusal is flashed there by errors.py)."""
    if action.done:
        flash(_(action.done), "info")
    return to_board(accepted=True)


def expected(body: Struct | None = None) -> matches.Expected:
    """What a program's request was made for, as ``body`` or else the request's optional body
    says: a request for another version, game or move is a 409.

    ``ply`` or ``version`` names the state; ``version`` is the safer, since after an undo and
    a different move the ply is the same but the board is not. A ``version`` is checked
    against the last change of the game (cycle.Expected): the opponent's messages and mutes
    since do not refuse a program's move.
    """
    if body is None:
        body = decode(ExpectedBody, optional=True)
    given = {name: _given(getattr(body, name, UNSET)) for name in ("version", "game", "ply")}
    return matches.Expected(version=given["version"], game_id=given["game"], ply=given["ply"])


def _given(value: Given | UnsetType) -> Given | None:
    """A field of the body as sent, or ``None`` when it was left out."""
    return None if isinstance(value, UnsetType) else value


register(bp, tuple(entry for action in ACTIONS for entry in entries(action)))
