"""Reading an API request's JSON body into its Struct, the refusal that names a bad field, and
the body of an answer to an offer."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import msgspec
from flask import request

from ...engine import (
    BOARD_NAMES,
    N_,
    PLAYER_KINDS,
    Board,
    TicTacToeError,
    UnknownCellError,
    parse_cell,
    unknown_cell,
)
from ...rules import FRIEND
from ...rules.said import PHRASES
from ..cycle import matches
from ..site.errors import ApiError
from ..site.i18n import gettext as _
from ..site.i18n import said
from ..site.refusals import (
    BAD_REQUEST,
    INVALID_FIELD,
    MISSING_FIELD,
    NOT_AN_OBJECT,
    NOT_JSON,
    NOT_UTF8,
)
from .schema import ExpectedBody, MissingFieldError

Body = TypeVar("Body", bound=msgspec.Struct)


class AnswerBody(ExpectedBody, kw_only=True):
    """An offer made, or the other player's accepted, when ``accept`` is left out."""

    accept: Annotated[
        bool | None, msgspec.Meta(description="true accepts only; false declines.")
    ] = None


BAD_POSITION_SHAPE = N_(
    "A position is 9, 25 or 49 cells of capital X, O and _ (for empty), with no spaces."
)
NOT_A_STRING = N_("The field %(name)s must be a string.")
TRUE_OR_FALSE = N_("The field %(name)s must be true or false.")
ONE_OF = N_("The field %(name)s must be one of %(choices)s.")
NO_STATE = N_("The field 'version' (or 'ply') is required: the match's version from /api/game.")
CLOCK_RANGE = N_("The field 'clock' must be a whole number of seconds from 0 (no clock) to 604800.")
# What is wrong with each field, in the API's words; the cells, kinds and positions in the
# engine's, which quote the value.
FIELDS: dict[str, Callable[[Any], str]] = {
    "ply": lambda value: _(N_("The field 'ply' must be a whole number: the ply from /api/game.")),
    "version": lambda value: _(N_("The field 'version' must be a whole number: from /api/game.")),
    "game": lambda value: _(N_("The field 'game' must be a string: the game id from /api/game.")),
    "toss": lambda value: _(N_("The field 'toss' must be true or false.")),
    "to_end": lambda value: _(N_("The field 'to_end' must be true or false.")),
    "cell": lambda value: _cell(value),
    # The engine's words name its four kinds; a side of a new game may be a friend too.
    "x": lambda value: _(ONE_OF, name=repr("x"), choices=", ".join((*PLAYER_KINDS, FRIEND))),
    "o": lambda value: _(ONE_OF, name=repr("o"), choices=", ".join((*PLAYER_KINDS, FRIEND))),
    "position": lambda value: _position(value),
    "invite": lambda value: _(NOT_A_STRING, name=repr("invite")),
    "seat": lambda value: _(NOT_A_STRING, name=repr("seat")),
    "board": lambda value: _(ONE_OF, name=repr("board"), choices=", ".join(BOARD_NAMES)),
    "phrase": lambda value: _(ONE_OF, name=repr("phrase"), choices=", ".join(PHRASES)),
    "clock": lambda value: _(CLOCK_RANGE),
    "accept": lambda value: _(TRUE_OR_FALSE, name=repr("accept")),
    "muted": lambda value: _(TRUE_OR_FALSE, name=repr("muted")),
}


def decode(into: type[Body], optional: bool = False) -> Body:
    """The request's JSON body as ``into``; with ``optional``, an empty body is ``into()``.

    A body not sent as JSON is a 415; one that is not a JSON object of the right shape is a
    400 that names the field and says what is wrong with it.
    """
    data = request.get_data(cache=True)
    if optional and not data:
        return into()
    if not request.is_json:
        raise ApiError(NOT_JSON)
    try:
        return msgspec.json.decode(data, type=into)
    except msgspec.ValidationError:
        pass  # which field is wrong, and how, is found below
    except MissingFieldError as error:  # a body that names no state (PinnedBody)
        raise _missing(error.name) from error
    # Not JSON at all, or nested deeper than msgspec reads (in a field that nothing reads).
    except (msgspec.DecodeError, RecursionError) as error:
        raise ApiError(NOT_AN_OBJECT) from error
    # msgspec checks a string's UTF-8 only as it reads it, and raises the codec's own error.
    except UnicodeDecodeError as error:
        raise ApiError(NOT_UTF8) from error
    return _checked(data, into)


def _checked(data: bytes, into: type[Body]) -> Body:
    """``data``, which msgspec refused as ``into``, read field by field: msgspec's
    ValidationError carries only an English message (no field or path attribute in its
    public API), so each field is converted on its own to find the one that is wrong. The
    document's "integer" is JSON Schema's, for which ``3.0`` is a whole number too, but
    msgspec's int is not: such a field is read as the int it is."""
    try:  # the standard library's reader: msgspec refuses a number past its range (1e400)
        body = json.loads(data, parse_constant=_not_json)
    except UnicodeDecodeError as error:
        raise ApiError(NOT_UTF8) from error
    except (ValueError, RecursionError) as error:
        raise ApiError(NOT_AN_OBJECT) from error
    if not isinstance(body, dict):  # an array, a string, a number
        raise ApiError(NOT_AN_OBJECT)
    for field in msgspec.structs.fields(into):
        name = field.encode_name
        if name in body:
            body[name] = _field(name, body[name], field.type)
        elif field.required:
            raise _missing(name)
    try:
        return msgspec.convert(body, type=into)
    except MissingFieldError as error:
        raise _missing(error.name) from error
    except msgspec.ValidationError as error:  # a fault of no one field: the body as a whole
        raise ApiError(BAD_REQUEST) from error


def _not_json(constant: str) -> Any:
    """The standard library reads ``NaN`` and ``Infinity``, which JSON does not have."""
    raise ValueError(f"{constant} is not JSON")


def _field(name: str, value: Any, kind: Any) -> Any:
    """``value`` if it is of ``kind`` (a whole float made an int); else the 400 naming
    ``name``, in the words of that field."""
    whole = isinstance(value, float) and value.is_integer()
    for each in (value, int(value)) if whole else (value,):
        try:
            msgspec.convert(each, type=kind)
        except msgspec.ValidationError:
            continue
        return each
    raise ApiError(INVALID_FIELD, name, FIELDS.get(name, _unexplained)(value))


def _missing(name: str) -> ApiError:
    """The 400 for a required field left out; ``ply`` is missing only when ``version`` is too
    (a request that names no state), and the API's docs advise version."""
    if name == "ply":
        return ApiError(MISSING_FIELD, name, _(NO_STATE))
    return ApiError(MISSING_FIELD, name, name=repr(name))


def _cell(value: Any) -> str:
    """What is wrong with a cell of no board: the engine's words for the board of this
    browser's game, which name its cells (A1 to E5 on 5x5), also of a cell the engine forgives
    and the API does not (a1)."""
    size = matches.current().match.game.size
    try:
        parse_cell(value, size)
    except UnknownCellError as error:
        return said(error)
    return said(unknown_cell(value, size))


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
    return _(INVALID_FIELD.message)
