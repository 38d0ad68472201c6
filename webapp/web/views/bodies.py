"""Reading an API request's JSON body into its Struct, and the refusal that names a bad field."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec
from flask import request

from ...engine import N_, Board, TicTacToeError, UnknownCellError, UnknownLevelError
from ..site.errors import MESSAGES, ApiError
from ..site.i18n import gettext as _
from ..site.i18n import said

Body = TypeVar("Body", bound=msgspec.Struct)

NOT_JSON = N_("Send the request body as JSON, with Content-Type: application/json.")
NOT_AN_OBJECT = N_("The request body must be a JSON object.")
NOT_UTF8 = N_("The request body must be JSON encoded as UTF-8.")
BAD_POSITION_SHAPE = N_("A position is 9 cells of capital X, O and _ (for empty), with no spaces.")
REQUIRED = N_("The field %(name)s is required.")
NOT_A_STRING = N_("The field %(name)s must be a string.")
# What is wrong with each field, in the API's words; the cells, kinds and positions in the
# engine's, which quote the value.
FIELDS: dict[str, Callable[[Any], str]] = {
    "ply": lambda value: _(N_("The field 'ply' must be a whole number: the ply from /api/game.")),
    "version": lambda value: _(N_("The field 'version' must be a whole number: from /api/game.")),
    "game": lambda value: _(N_("The field 'game' must be a string: the game id from /api/game.")),
    "toss": lambda value: _(N_("The field 'toss' must be true or false.")),
    "to_end": lambda value: _(N_("The field 'to_end' must be true or false.")),
    "cell": lambda value: said(UnknownCellError(value)),
    "x": lambda value: said(UnknownLevelError(value)),
    "o": lambda value: said(UnknownLevelError(value)),
    "position": lambda value: _position(value),
    "invite": lambda value: _(NOT_A_STRING, name=repr("invite")),
    "seat": lambda value: _(NOT_A_STRING, name=repr("seat")),
}
# msgspec's messages end with where the problem is (" - at `$.ply`"); a field that is
# missing is named inside the message instead.
_AT = re.compile(r" - at `\$\.(\w+)")
_MISSING = re.compile(r"missing required field `(\w+)`")
_FLOAT_FOR_INT = "Expected `int`, got `float`"


def decode(into: type[Body], optional: bool = False) -> Body:
    """The request's JSON body as ``into``; with ``optional``, an empty body is ``into()``.

    A body not sent as JSON is a 415; one that is not a JSON object of the right shape is a
    400 that names the field and says what is wrong with it.
    """
    data = request.get_data(cache=True)
    if optional and not data:
        return into()
    if not request.is_json:
        raise ApiError(415, _(NOT_JSON))
    try:
        return _read(data, into)
    except msgspec.ValidationError as error:
        raise _bad_field(str(error), data) from error
    # Not JSON at all, or nested deeper than msgspec reads (in a field that nothing reads).
    except (msgspec.DecodeError, RecursionError) as error:
        raise ApiError(400, _(NOT_AN_OBJECT)) from error
    # msgspec checks a string's UTF-8 only as it reads it, and raises the codec's own error.
    except UnicodeDecodeError as error:
        raise ApiError(400, _(NOT_UTF8)) from error


def _read(data: bytes, into: type[Body]) -> Body:
    """``data`` as ``into``. The document's "integer" is JSON Schema's, for which ``3.0`` is
    a whole number too, but msgspec's int is not: a body with one is read again, with its
    whole numbers made ints."""
    try:
        return msgspec.json.decode(data, type=into)
    except msgspec.ValidationError as error:
        if not str(error).startswith(_FLOAT_FOR_INT):
            raise
    body = msgspec.json.decode(data)
    whole = {k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in body.items()}
    return msgspec.convert(whole, type=into)


def _bad_field(problem: str, data: bytes) -> ApiError:
    """The 400 for msgspec's ``problem`` with ``data``: the field it names, in our words."""
    missing = _MISSING.search(problem)
    if missing:
        name = missing.group(1)
        return ApiError(400, _(REQUIRED, name=repr(name)), name)
    at = _AT.search(problem)
    if at is None:  # the body is an array, a string, a number
        return ApiError(400, _(NOT_AN_OBJECT))
    try:
        # Read again without a type, only to quote the bad value: msgspec stops at the first
        # problem, so the rest of the body may not be JSON at all.
        body = msgspec.json.decode(data)
    except (msgspec.DecodeError, RecursionError):
        return ApiError(400, _(NOT_AN_OBJECT))
    except UnicodeDecodeError:
        return ApiError(400, _(NOT_UTF8))
    name = at.group(1)
    return ApiError(400, FIELDS.get(name, _unexplained)(body.get(name)), name)


def _position(value: Any) -> str:
    """What is wrong with a position: the engine's reason, or the API's stricter shape (the
    engine forgives small letters and spaces)."""
    try:
        Board.from_string(value)
    except TicTacToeError as error:
        return said(error)
    return _(BAD_POSITION_SHAPE)


def _unexplained(value: Any) -> str:
    """A field without words of its own: the general message of a bad request."""
    return _(MESSAGES[400][1])
