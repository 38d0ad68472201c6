"""The pages and page fragments kept per process, each rendered once per complete view model,
in the page's language and under the app's script root: the things its HTML depends on."""

from __future__ import annotations

import dataclasses
import functools
import re
import secrets
from collections.abc import Hashable
from typing import Any

from flask import current_app, get_flashed_messages, request, session
from flask_wtf.csrf import generate_csrf
from jinja2 import Environment
from markupsafe import Markup

from ..site import hosts
from ..site.i18n import language, render

Parts = tuple[tuple[str, Markup], ...]  # a page's parts, by name, in order

# What a kept page holds in place of the two things that belong to one request: the browser's
# CSRF token and the messages flashed for it. Random, so no page text can contain them.
TOKEN = f"token-{secrets.token_hex(16)}"
MESSAGES = f"<!--messages-{secrets.token_hex(16)}-->"
# What a page's frame holds in place of each of its parts (``assembled``).
_SLOT = f"<!--part-{secrets.token_hex(16)}-{{}}-->"
_SPACES = re.compile(r"\s+")
# Flask's own context: the page reads of the request only what the key has of it.
_PER_REQUEST = frozenset({"request", "session", "g"})


def site(macro: str, model: Hashable) -> Markup:
    """One of the parts every page shares (``_site.html``): the head's links, the header."""
    return fragment("_site.html", macro, model)


def page(template: str, model: Any) -> str:
    """The page ``template`` for ``model`` (a frozen dataclass whose fields are the template's
    variables: every value it renders, but for the request's path, host and language, which
    are added to the key), with this request's CSRF token and flashed messages put in."""
    return filled(marked(template, model))


def filled(html: str, messages: str | None = None) -> str:
    """``html`` of a kept page with this request's CSRF token and ``messages`` put in (by
    default its flashed messages), in place of their marks: no template rendered."""
    if messages is None:
        flashed = tuple(tuple(pair) for pair in get_flashed_messages(with_categories=True))
        messages = fragment("_site.html", "messages", flashed) if flashed else ""
    return html.replace(TOKEN, _token()).replace(MESSAGES, messages)


def _token() -> str:
    """This request's CSRF token as ``generate_csrf`` signs it, signed once per session token:
    none expires here (``WTF_CSRF_TIME_LIMIT`` is ``None``), so the one signed first passes as
    well as a new one, and signing it is a good part of a board shown again."""
    config = current_app.config
    raw = session.get(config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
    if config.get("WTF_CSRF_TIME_LIMIT", 3600) is not None or not isinstance(raw, str):
        return str(generate_csrf())
    return _signed(raw, config.get("WTF_CSRF_SECRET_KEY") or current_app.secret_key)


@functools.lru_cache(maxsize=4096)
def _signed(raw: str, secret: object) -> str:
    """``generate_csrf`` of this request, whose session holds ``raw`` (the arguments are the
    cache's key: the session's token and the key that signs it)."""
    return str(generate_csrf())


def marked(template: str, model: Any) -> str:
    """The page ``template`` for ``model``, as ``page`` keeps it: with the marks in place of
    the token and the messages."""
    context: dict[str, Any] = {}
    current_app.update_template_context(context)  # what the context processors give the page
    given = tuple(sorted((k, v) for k, v in context.items() if k not in _PER_REQUEST))
    key = (request.method, request.full_path, hosts.address(request), request.script_root, given)
    try:
        return _page(template, model, language(), key)
    except TypeError:  # a value that cannot be a key: the page is rendered for this request
        return _page.__wrapped__(template, model, language(), key)


def assembled(template: str, model: Any) -> str:
    """``marked`` of a page whose model holds its parts (``model.parts``): the page around
    them is rendered once per model with a slot in place of each part, as it changes less often
    than they do (a move changes the grid, not the page's head), and the parts are put in."""
    parts: Parts = model.parts
    names = tuple(name for name, _ in parts)
    slots = tuple((name, Markup(_SLOT.format(name))) for name in names)
    pieces = _pieces(marked(template, dataclasses.replace(model, parts=slots)), names)
    page = [pieces[0]]
    for (_, html), piece in zip(parts, pieces[1:], strict=True):
        page += (html, piece)
    return "".join(page)


@functools.lru_cache(maxsize=1024)
def _pieces(frame: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """``frame`` cut at the slots of ``names``, which it holds once each, in order."""
    pieces, rest = [], frame
    for name in names:
        before, found, rest = rest.partition(_SLOT.format(name))
        if not found:
            raise ValueError(f"the page has no slot for its part {name!r}")
        pieces.append(before)
    return (*pieces, rest)


@functools.lru_cache(maxsize=1024)
def _page(template: str, model: Any, language: str, request_key: tuple[Any, ...]) -> str:
    """The page rendered with the marks in place of the token and the messages; the arguments
    are the cache's key (``language`` is the one ``render`` uses)."""
    fields = {field.name: getattr(model, field.name) for field in dataclasses.fields(model)}
    return render(template, **fields, csrf_token=lambda: TOKEN, messages=Markup(MESSAGES))


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


def parts(template: str, names: tuple[str, ...], model: Hashable) -> Parts:
    """The macros ``names`` of ``template`` for ``model``, in order, as (name, HTML) pairs:
    the parts of a page that its live stream sends again when they change. They hold the marks
    in place of the CSRF token and the flashed messages, as a kept page does."""
    return _parts(template, names, model, language(), request.script_root)


@functools.lru_cache(maxsize=4096)
def _parts(
    template: str, names: tuple[str, ...], model: Hashable, language: str, script_root: str
) -> Parts:
    """The rendering itself; the arguments are the cache's key, as for ``_rendered``."""
    module = _marked_module(template, language)
    return tuple((name, Markup(getattr(module, name)(model))) for name in names)


def part(template: str, macro: str, model: Hashable) -> Markup:
    """One of the parts of ``template`` (as ``parts`` makes them, with the marks) for a model
    of its own: every value it renders, and nothing else, so that it is kept across the states
    that do not change it."""
    return _part(template, macro, model, language(), request.script_root)


@functools.lru_cache(maxsize=8192)
def _part(template: str, macro: str, model: Hashable, language: str, script_root: str) -> Markup:
    """The rendering itself; the arguments are the cache's key, as for ``_rendered``."""
    return Markup(getattr(_marked_module(template, language), macro)(model))


def _marked_module(template: str, language: str) -> Any:
    """``template``'s macros in ``language``'s copy of the app's templates, with the marks in
    place of the CSRF token and the messages: made once per template as loaded (kept with its
    app, so that a closed app's templates go with it), as making it runs the whole template."""
    environment: Environment = current_app.extensions["templates_by_language"][language]
    loaded = environment.get_template(template)
    modules: dict[tuple[str, str], Any] = current_app.extensions.setdefault("marked_modules", {})
    kept = modules.get((template, language))
    if kept is None or kept[0] is not loaded:
        marks = {"csrf_token": lambda: TOKEN, "messages": Markup(MESSAGES)}
        kept = modules[(template, language)] = (loaded, loaded.make_module(marks))
    return kept[1]


def without_marks(html: str) -> str:
    """``html`` of kept parts as a live event sends it: no flashed messages, the token's mark
    left for the page's script to replace with the page's own token, and each run of white
    space one space (as the browser shows it: no part holds preformatted text), which is a
    sixth of a board's bytes."""
    return _SPACES.sub(" ", html.replace(MESSAGES, ""))
