"""The page's language: the four catalogs, the choice of one per request, and the menu's route."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from babel.support import NullTranslations
from flask import Blueprint, Flask, current_app, g, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import Babel, get_translations

from ..engine import N_, TicTacToeError

# Each language by its code, named in itself for the menu. English is the source.
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
# A cookie rather than the session: error pages and visitors who only look have no session.
COOKIE = "ttt_lang"
COOKIE_AGE = 365 * 24 * 3600
# Seed 002's four statuses, which some messages quote (the game is over (X wins); ...).
STATUSES = (N_("X wins"), N_("O wins"), N_("Draw"), N_("Game not finished"))

bp = Blueprint("i18n", __name__)


def init_app(app: Flask) -> None:
    """Set up Flask-Babel with the language of each request, the templates' translations,
    and the menu's route."""
    Babel(app, locale_selector=language)
    # In place of Flask-Babel's, which look the catalog up again for every text.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda text: catalog().ugettext(text),
        ngettext=lambda singular, plural, n: catalog().ungettext(singular, plural, n),
        pgettext=lambda context, text: catalog().upgettext(context, text),
        npgettext=lambda context, singular, plural, n: catalog().unpgettext(
            context, singular, plural, n
        ),
        newstyle=True,
    )
    app.jinja_env.globals["languages"] = LANGUAGES
    app.jinja_env.globals["language"] = language
    app.register_blueprint(bp)


def language() -> str:
    """The request's language: the one chosen in the menu, else the browser's best match."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default="en")


def catalog() -> NullTranslations:
    """The request's catalog, looked up once per request: Flask-Babel looks it up for every
    text, and a board has dozens (the figures are in docs/performance.md)."""
    found: NullTranslations | None = g.get("catalog")
    if found is None:
        found = g.catalog = get_translations()
    return found


def gettext(text: str, /, **params: Any) -> str:
    """``text`` in the request's language, with its named ``params`` put in."""
    translated = catalog().ugettext(text)
    return translated % params if params else translated


def ngettext(singular: str, plural: str, num: int, /, **params: Any) -> str:
    """The form for ``num`` in the request's language; ``%(num)d`` is ``num``."""
    return catalog().ungettext(singular, plural, num) % {"num": num, **params}


def said(error: TicTacToeError) -> str:
    """An engine or rules error's message in the request's language."""
    params = {
        key: gettext(value) if value in STATUSES else value for key, value in error.params.items()
    }
    return gettext(error.template, **params)


@bp.get("/language/<code>")
def choose(code: str) -> ResponseReturnValue:
    """Remember ``code`` as this browser's language and go back to the page it came from."""
    back = request.args.get("next", "")
    if not _on_this_site(back):
        back = url_for("pages.index")
    response = redirect(back, 303)
    if code in LANGUAGES:
        secure = bool(current_app.config["SESSION_COOKIE_SECURE"])
        response.set_cookie(
            COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True, secure=secure
        )
    return response


def _on_this_site(back: str) -> bool:
    """Whether ``back`` is a path on this site: the link must not send anyone elsewhere.
    A control character cannot go into the Location header; browsers read a backslash as a
    slash, so ``/\\host`` would be another site."""
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        return False
    if any(ord(char) < 32 or ord(char) == 127 for char in back):
        return False
    parts = urlsplit(back)
    return not (parts.scheme or parts.netloc)
