"""The web layer put together on an app: its stores, hooks, error pages, languages and every
page's blueprint, in the order the hooks need."""

from __future__ import annotations

from flask import Flask
from flask_wtf.csrf import CSRFProtect

from ..settings import RedisClient
from . import action_views, entry_table
from .api import api
from .cycle import arena_count, settler
from .cycle import arenas as arena_cycle
from .live import live
from .pages import (
    arena_stream,
    arenas,
    board,
    games,
    join,
    live_games,
    online,
    pair,
    preferences,
    replay,
    review,
    setup,
)
from .site import assets, errors, health, i18n, limits, metrics, path, sessions, stores
from .site import display as text
from .text import text_input
from .views import durations, fragments, naming

PAGES = (
    board,
    setup,
    replay,
    review,
    join,
    action_views,
    online,
    pair,
    games,
    text,
    text_input,
    api,
    preferences,
    live_games,
    arenas,
    arena_stream,
    entry_table,
)


def init_app(app: Flask, client: RedisClient | None) -> None:
    """Give ``app`` its stores (Redis through ``client``, else SQLite and files), its hooks,
    error pages and languages, and every page's blueprint. The order matters where a hook
    must run before another: the request path (the visitor's token, then the CSRF check)
    before the limits, which count a post that stores a new session."""
    stores.init_app(app, client)
    arena_cycle.init_app(app)
    arena_count.init_app(app)
    settler.init_app(app)
    live.init_app(app)
    sessions.init_app(app, client)
    path.init_app(app, CSRFProtect(app))
    limits.init_app(app)
    errors.init_app(app)
    i18n.init_app(app)
    health.init_app(app)
    metrics.init_app(app)
    # The templates name computer levels in the page's language.
    app.jinja_env.globals.update(
        level_word=naming.level_word,
        level_label=naming.level_label,
        board_label=naming.board_label,
        duration=durations.reading,
    )
    app.jinja_env.globals["site"] = fragments.site
    for page in PAGES:
        app.register_blueprint(page.bp)
    assets.init_app(app)  # last: the static files are answered before everything above
