"""The settings page: how this browser shows the game (the board, text mode, or text mode with
digits as numpad keys) and its language, kept in the cookies their switches keep; and this
browser's drawn name, shown there and answered to programs (GET and POST /api/name)."""

from __future__ import annotations

from typing import Annotated

from flask import Blueprint, redirect, request, url_for
from flask.typing import ResponseReturnValue
from msgspec import Meta, Struct

from ...engine import N_
from ..site import display as text
from ..site import i18n, limits, names
from ..site.errors import ApiError, for_api
from ..site.i18n import gettext as _
from ..site.i18n import render
from ..site.refusals import NAME_PROMISED
from ..views.answers import answer
from ..views.operations import Operation, read
from . import pair

bp = Blueprint("preferences", __name__)

NORMAL = "normal"
# Each way to show the game, with its label: the value is text mode's cookie, "" for none.
DISPLAYS = {
    NORMAL: N_("The board, with a button for each cell"),
    text.ON: N_("Text mode: the game in words, for screen readers and the keyboard"),
    text.NUMPAD: N_("Text mode, with a digit alone played as on a numeric keypad (7 is A1)"),
}
UNKNOWN = N_("Choose one of the settings shown; nothing was changed.")


class NameJson(Struct):
    """This browser's drawn name (an adjective and an animal), shown in paired games."""

    name: Annotated[str, Meta(description="In the request's language, e.g. Quick Otter.")]
    id: Annotated[str, Meta(description="The same in any language, e.g. quick-otter.")]


NAME = Operation(
    "This browser's drawn name, shown in paired games (drawn now if it had none).",
    answer=NameJson,
    answered="The name.",
)
DRAWN = Operation(
    "Draw another name for this browser from the same words; games already paired keep the "
    "name they were paired with.",
    {
        409: "This browser waits for an opponent: its name stays until it is paired.",
        429: "Too many names drawn from this address in a short time.",
    },
    answer=NameJson,
    answered="The new name.",
)


@read(bp, "/settings", "/api/name", NAME)
def settings() -> ResponseReturnValue:
    """The settings as this browser has them; ``?saved=1`` after they were saved. For
    programs, this browser's name (drawn now if it had none)."""
    if for_api():
        return answer(NameJson(names.shown(names.mine()), names.mine()))
    saved = request.args.get("saved") == "1"
    return _page(text.mode() or NORMAL, i18n.language(), saved, request.args.get("named") == "1")


@read(bp, "/settings/name", "/api/name", DRAWN, method="POST")
@limits.naming
def draw_name() -> ResponseReturnValue:
    """Draw another name for this browser, then show the settings with it (not while it
    waits for an opponent, who will know it by the name it has: 409)."""
    if pair.waiting_for_one():
        if for_api():
            raise ApiError(NAME_PROMISED)
        return _page(text.mode() or NORMAL, i18n.language(), problem=_(names.PROMISED)), 409
    drawn = names.draw_another()
    if for_api():
        return answer(NameJson(names.shown(drawn), drawn))
    return redirect(url_for(".settings", named=1), 303)


@bp.post("/settings")
def save() -> ResponseReturnValue:
    """Keep the chosen display and language, then show the settings in that language; an
    unknown choice changes nothing and says so."""
    display = request.form.get("display", "")
    language = request.form.get("language", "")
    if display not in DISPLAYS or language not in i18n.LANGUAGES:
        return _page(text.mode() or NORMAL, i18n.language(), problem=_(UNKNOWN)), 400
    response = redirect(url_for(".settings", saved=1), 303)
    text.remember(response, "" if display == NORMAL else display)
    return i18n.remember(response, language)


def _page(
    display: str, language: str, saved: bool = False, named: bool = False, problem: str = ""
) -> str:
    """The settings page with ``display`` and ``language`` chosen, and this browser's name
    (the one it drew, else the one its browser id gives: showing it stores nothing)."""
    displays = [(value, _(label)) for value, label in DISPLAYS.items()]
    return render(
        "settings.html",
        displays=displays,
        display=display,
        chosen_language=language,
        saved=saved,
        named=named,
        name=names.shown(names.mine()),
        problem=problem,
    )
