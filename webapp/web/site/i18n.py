"""The page's language: the four catalogs, the choice of one per request, the templates
translated once per language, and the menu's route."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from babel.support import NullTranslations, Translations
from flask import Blueprint, Flask, current_app, g, request
from flask.typing import ResponseReturnValue
from flask_babel import Babel
from jinja2 import Environment
from jinja2.ext import Extension
from jinja2.lexer import Token
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Response

from ...engine import N_, TicTacToeError
from . import choices

# Each language by its code, named in itself for the menu. English is the source.
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
# A cookie rather than the session: error pages and visitors who only look have no session.
COOKIE = "ttt_lang"
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
        pgettext=pgettext,
        npgettext=lambda context, singular, plural, n: catalog().unpgettext(
            context, singular, plural, n
        ),
        newstyle=True,
    )
    app.jinja_env.globals["languages"] = LANGUAGES
    app.jinja_env.globals["language"] = language
    folder = Path(app.root_path) / "translations"
    catalogs = {code: _load(folder, code) for code in LANGUAGES}
    app.extensions["catalogs"] = catalogs
    app.extensions["templates_by_language"] = {
        code: _translated_environment(app.jinja_env, catalog) for code, catalog in catalogs.items()
    }
    app.register_blueprint(bp)


def render(template: str, /, **context: Any) -> str:
    """``template`` rendered in the request's language, from its copy compiled with that
    language's texts (Flask's render_template, but for the language's environment)."""
    app = current_app
    app.update_template_context(context)
    environment: Environment = app.extensions["templates_by_language"][language()]
    return environment.get_template(template).render(context)


class FoldedTexts(Extension):
    """Writes the translation of each ``_("text")`` that has no parameters into the template
    as it is compiled, so that a page's fixed texts cost nothing when it is rendered; texts
    with parameters are still translated at each render."""

    def filter_stream(self, stream: Iterable[Token]) -> Iterator[Token]:
        """The template's tokens, with ``_ ( "text" )`` replaced by ``"translation" | safe``
        (gettext's own result is markup too)."""
        catalog: NullTranslations = getattr(self.environment, "folded_catalog", NullTranslations())
        tokens = list(stream)
        at = 0
        while at < len(tokens):
            window = [token.type for token in tokens[at : at + 4]]
            if tokens[at].test("name:_") and window == ["name", "lparen", "string", "rparen"]:
                line = tokens[at].lineno
                text = catalog.ugettext(tokens[at + 2].value) % {}  # as newstyle gettext does
                yield Token(line, "string", text)
                yield Token(line, "pipe", "|")
                yield Token(line, "name", "safe")
                at += 4
                continue
            yield tokens[at]
            at += 1


def _load(folder: Path, code: str) -> NullTranslations:
    """The compiled catalog of ``code`` (English is the source: it has none)."""
    return Translations.load(str(folder), [code]) if code != "en" else NullTranslations()


def _translated_environment(base: Environment, catalog: NullTranslations) -> Environment:
    """A copy of the app's template environment whose templates are compiled with
    ``catalog``'s texts written in."""
    environment = base.overlay(extensions=[FoldedTexts])
    environment.extend(folded_catalog=catalog)
    return environment


def language() -> str:
    """The request's language: the one chosen in the menu, else the browser's best match;
    worked out once per request (a page asks for it a dozen times)."""
    chosen: str | None = g.get("language")
    if chosen is None:
        chosen = request.cookies.get(COOKIE)
        if chosen not in LANGUAGES:
            chosen = _best_match(request.headers.get("Accept-Language", ""))
        g.language = chosen
    return chosen


# Browsers send a few dozen distinct Accept-Language headers, each parsed once per process.
@functools.lru_cache(maxsize=256)
def _best_match(accepted: str) -> str:
    """Our language that an Accept-Language header of ``accepted`` prefers, else English."""
    return parse_accept_header(accepted, LanguageAccept).best_match(LANGUAGES, default="en")


def catalog() -> NullTranslations:
    """The request's catalog, of those read once at start: Flask-Babel looks it up for every
    text, and a board has dozens (the figures are in docs/performance.md)."""
    catalogs: dict[str, NullTranslations] = current_app.extensions["catalogs"]
    return catalogs[language()]


def C_(context: str, text: str) -> str:
    """Mark ``text``, meant in ``context``, for the catalogs where it is written (``make
    messages`` extracts it); :func:`pgettext` translates it when shown."""
    return text


def pgettext(context: str, text: str) -> str:
    """``text`` in the request's language, as meant in ``context``."""
    return catalog().upgettext(context, text)


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
    response = choices.back()
    return remember(response, code) if code in LANGUAGES else response


def remember(response: Response, code: str) -> Response:
    """``response``, telling the browser to keep ``code`` (one of LANGUAGES) as its language."""
    return choices.keep(response, COOKIE, code)
