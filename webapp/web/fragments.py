"""The page fragments kept per process, each rendered once per complete view model, in the
page's language and under the app's script root: the three things its HTML depends on."""

from __future__ import annotations

import functools
from collections.abc import Hashable

from flask import current_app, request
from jinja2 import Environment
from markupsafe import Markup

from .i18n import language


def site(macro: str, model: Hashable) -> Markup:
    """One of the parts every page shares (``_site.html``): the head's links, the header."""
    return fragment("_site.html", macro, model)


def fragment(template: str, macro: str, model: Hashable) -> Markup:
    """The HTML of ``macro`` of ``template`` for ``model`` (a frozen view model: every field
    it renders is in it, so it is the key)."""
    return _rendered(template, macro, model, language(), request.script_root)


# A board's state is shown again and again (every page after a move, every player in the same
# position), and its grid and buttons cost most of a board page to render.
@functools.lru_cache(maxsize=4096)
def _rendered(
    template: str, macro: str, model: Hashable, language: str, script_root: str
) -> Markup:
    """The rendering itself, in ``language``'s copy of the templates; the arguments are the
    cache's key (``script_root`` starts every link)."""
    environment: Environment = current_app.extensions["templates_by_language"][language]
    module = environment.get_template(template).module
    return Markup(getattr(module, macro)(model))
