"""Template helpers that give the same answer on every request, worked out once per process.

Profiling GET / showed a page spending a fifth of its time on two of them: ``url_for``
(fifteen URLs per board page, always the same ones) and ``csrf_token()``, which signs the
session's token anew on every page. Here both keep their results:

- ``links``: every URL the pages link to, by name, worked out once per script root (the
  share link, which carries the position, is the one ``url_for`` left, on the board page
  that is rendered once per game state);
- a session's signed CSRF token is remembered per secret key and session token. Signing
  again would only change its timestamp, which nothing reads while ``WTF_CSRF_TIME_LIMIT``
  is ``None`` (the tokens live as long as the session); with a time limit set, every page
  signs afresh as before;
- ``token_placeholder`` puts a marker in place of the token while a page shared between
  sessions is rendered (see board_page).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from flask import Flask, current_app, g, request, session, url_for
from flask_wtf.csrf import generate_csrf

from .csrf import remember

_MAX_TOKENS = 10_000
_signed_tokens: dict[tuple[str, str], str] = {}


# The pages' links by name: endpoint and arguments.
_LINKS: dict[str, tuple[str, dict[str, Any]]] = {
    "home": ("game.index", {}),
    "hint": ("game.index", {"hint": 1}),
    "setup": ("game.setup", {}),
    "start": ("game.start", {}),
    "move": ("game.move", {}),
    "step": ("game.step", {}),
    "finish": ("game.finish", {}),
    "play_again": ("rounds.play_again", {}),
    "swap_sides": ("rounds.swap_sides", {}),
    "reset_score": ("rounds.reset_score", {}),
    "undo": ("history.undo", {}),
    "style": ("static", {"filename": "style.css"}),
    "icon": ("static", {"filename": "favicon.svg"}),
    "script": ("static", {"filename": "keys.js"}),
}
MAX_PLY = 9  # a game has at most nine moves: links to replay moves 0 to 9


def init_app(app: Flask) -> None:
    """Put the links and the remembering csrf_token in every template, over Flask-WTF's."""
    app.jinja_env.globals["csrf_token"] = csrf_token
    # Flask-WTF also injects csrf_token through a context processor; a later one wins.
    app.context_processor(lambda: {"csrf_token": csrf_token, "links": links()})


def links() -> Mapping[str, Any]:
    """The URLs the pages link to, by name (``links['move']``; ``links['replay'][ply]``).

    Templates read them as plain values: a ``url_for`` call from a template costs a few
    microseconds, and the board page made fifteen.
    """
    return _links(request.script_root)


@lru_cache(maxsize=64)
def _links(script_root: str) -> Mapping[str, Any]:
    found: dict[str, Any] = {name: url_for(endpoint, **values)
                             for name, (endpoint, values) in _LINKS.items()}  # fmt: skip
    found["replay"] = tuple(url_for("history.replay", ply=ply) for ply in range(MAX_PLY + 1))
    return MappingProxyType(found)


@contextlib.contextmanager
def token_placeholder(marker: str) -> Iterator[None]:
    """Within the block, ``csrf_token()`` gives ``marker`` instead of the session's token.

    For pages rendered once and shared between sessions (see board_page): every template
    and macro that asks for the token gets the marker, imported macros included, so no
    session's token can end up in a page another session is shown.
    """
    previous = g.get("csrf_placeholder")
    g.csrf_placeholder = marker
    try:
        yield
    finally:
        g.csrf_placeholder = previous


def csrf_token() -> str:
    """The session's signed CSRF token, signed once per process while tokens never expire."""
    request_globals: Any = g._get_current_object()
    placeholder: str | None = getattr(request_globals, "csrf_placeholder", None)
    if placeholder is not None:
        return placeholder
    config = current_app.config
    field = config["WTF_CSRF_FIELD_NAME"]
    signed: str | None = getattr(request_globals, field, None)  # made earlier in this request
    if signed is not None:
        return signed
    if config["WTF_CSRF_TIME_LIMIT"] is not None:
        return str(generate_csrf())
    secret = str(config.get("WTF_CSRF_SECRET_KEY") or config["SECRET_KEY"])
    raw = session.get(field)
    signed = _signed_tokens.get((secret, raw)) if isinstance(raw, str) else None
    if signed is None:
        signed = str(generate_csrf())
        raw = session.get(field)  # a new session's raw token is made by generate_csrf
        if isinstance(raw, str):
            # Remembered from the first page on: two pages signed in different seconds
            # would otherwise carry different tokens.
            remember(_signed_tokens, (secret, raw), signed, _MAX_TOKENS)
    setattr(request_globals, field, signed)  # where generate_csrf looks first, from now on
    return signed
