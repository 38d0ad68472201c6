"""The web's refusals, the HTTP status that programs get for every refusal's code, and the
catalog of every code (the OpenAPI document's enum and docs/api.md's table)."""

from __future__ import annotations

from ...engine import N_, Refusal, TicTacToeError
from ...engine import errors as engine_errors

# An HTTP error of Flask, werkzeug or a library (a route that is not there, a limit met).
BAD_REQUEST = Refusal(
    "bad_request", N_("The request could not be understood, so nothing was changed.")
)
NOT_FOUND = Refusal("not_found", N_("There is no page at this address."))
METHOD_NOT_ALLOWED = Refusal(
    "method_not_allowed", N_("This address does not accept that kind of request.")
)
TOO_LARGE = Refusal("too_large", N_("The request was larger than 16 KiB, so nothing was changed."))
TOO_MANY_REQUESTS = Refusal(
    "too_many_requests",
    N_(
        "Too many new games or new sessions from your address in a short time, so nothing "
        "was changed. Please wait a minute and try again."
    ),
)
SERVER_ERROR = Refusal("server_error", N_("The server failed to answer; nothing was changed."))
STORE_UNAVAILABLE = Refusal(
    "store_unavailable",
    N_("The game store is unavailable, so nothing was changed. Please try again in a moment."),
)
HTTP_ERROR = Refusal("http_error", N_("The request failed; nothing was changed."))
HTTP = {
    400: BAD_REQUEST,
    404: NOT_FOUND,
    405: METHOD_NOT_ALLOWED,
    413: TOO_LARGE,
    429: TOO_MANY_REQUESTS,
    500: SERVER_ERROR,
    503: STORE_UNAVAILABLE,
}
STORE_BUSY = Refusal(
    "store_busy",
    N_("Your game is busy with another request; nothing was changed. Please try again."),
)
# A program's POST without its CSRF token; over HTTPS, without a same-site Referer.
CSRF_TOKEN = Refusal(
    "csrf_token",
    N_(
        "The X-CSRFToken header was missing or not valid, so nothing was changed. "
        "GET /api/game returns the token of this session as csrf_token."
    ),
)
REFERRER_REQUIRED = Refusal(
    "referrer_required",
    N_(
        "Over HTTPS a POST needs a Referer header from this site (browsers send it; a program "
        "must send one too, such as Referer: https://<this host>/), so nothing was changed."
    ),
)
# A body the API cannot read (api_bodies.py); a field's own words come with the field.
NOT_JSON = Refusal(
    "not_json", N_("Send the request body as JSON, with Content-Type: application/json.")
)
NOT_AN_OBJECT = Refusal("not_an_object", N_("The request body must be a JSON object."))
NOT_UTF8 = Refusal("not_utf8", N_("The request body must be JSON encoded as UTF-8."))
MISSING_FIELD = Refusal("missing_field", N_("The field %(name)s is required."))
INVALID_FIELD = Refusal("invalid_field", BAD_REQUEST.message)
# A form's fields that no page of ours posts (forms only: programs send bodies).
BAD_FORM = Refusal("bad_form", N_("Bad parameters!"))
BAD_FIELD = Refusal(
    "bad_field",
    N_("This form was not filled in as the board fills it, so nothing was changed."),
)
# The state of this browser or the site.
STALE = Refusal("stale", N_("This board has changed since the page was shown; nothing was played."))
NO_MATCH = Refusal("no_match", N_("This browser has no match yet: start one with POST /api/new."))
UNKNOWN_MATCH = Refusal("unknown_match", N_("There is no match with this id: it may have expired."))
UNKNOWN_GAME = Refusal(
    "unknown_game",
    N_("This game is not in your list of games: it may have been cleared or expired."),
)
REVIEW_NOT_READY = Refusal("review_not_ready", N_("The review opens once the game is over."))
NAME_PROMISED = Refusal(
    "name_promised",
    N_(
        "You are waiting for an opponent, who will know you by this name: draw another once "
        "you are paired or have stopped waiting."
    ),
)
STREAMS_FULL = Refusal(
    "streams_full",
    N_("Too many live boards are open on this server: reload the board to see changes."),
)

# Each code's HTTP status for programs: 409 (a conflict with the match as it is) unless here.
STATUSES = {refusal.code: status for status, refusal in HTTP.items()} | {
    "unknown_link": 404,
    "no_arena": 404,
    "stale_seat_link": 404,
    "no_match": 404,
    "unknown_match": 404,
    "unknown_game": 404,
    "other_review": 404,
    "not_json": 415,
    "not_an_object": 400,
    "not_utf8": 400,
    "missing_field": 400,
    "invalid_field": 400,
    "csrf_token": 403,
    "referrer_required": 403,
    "store_busy": 503,
    "streams_full": 503,
    # A start that cannot be played: a position that cannot arise, or is over already.
    **dict.fromkeys(("not_a_position", "position_length", "zero_for_o", "position_marks"), 422),
    **dict.fromkeys(("impossible_counts", "both_won", "o_after_x_won", "x_after_o_won"), 422),
    # 5x5 and 7x7: a cell off the game's board, a position of another size, an unknown board.
    **dict.fromkeys(("off_board", "position_size", "both_lines", "unknown_board"), 422),
    **dict.fromkeys(("finished_draw", "finished_won", "friend_against_you"), 422),
}
CONFLICT = 409


def status_of(error: TicTacToeError) -> int:
    """The HTTP status of ``error`` for programs, by its code: a subclass of any refusal's
    class has the status of the refusal it carries."""
    return STATUSES.get(error.code, CONFLICT)


def catalog() -> dict[str, int | None]:
    """Every refusal's code with its HTTP status (``None`` for http_error: its own), those of
    the engine, the rules and the web, wherever each was declared."""
    codes = {code: STATUSES.get(code, CONFLICT) for code in engine_errors.CODES}
    return {**codes, HTTP_ERROR.code: None}
