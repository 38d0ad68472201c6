"""The Flask application factory: settings, the match and session stores, pages and errors."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Flask is imported inside create_app so `import webapp.engine` stays Flask-free
    from flask import Flask


def create_app(
    test_config: dict[str, Any] | None = None, instance_path: str | None = None
) -> Flask:
    """Build the app; ``test_config`` replaces the environment's ``FLASK_*`` settings.

    ``instance_path`` (default: ``instance/`` beside the package) holds the secret key, the
    SQLite file of matches and the session files.
    """
    from pathlib import Path

    from flask import Flask
    from flask_wtf.csrf import CSRFProtect

    from . import settings
    from .web import (
        api,
        errors,
        forms,
        headers,
        health,
        i18n,
        limits,
        live,
        matches,
        metrics,
        observe,
        online,
        pages,
        sessions,
        views,
    )

    root = Path(__file__).resolve().parent.parent
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=instance_path or str(root / "instance"),
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
    settings.configure(app, test_config)
    client = settings.redis_client(app.config)
    matches.init_app(app, client)
    live.init_app(app)
    sessions.init_app(app, client)
    CSRFProtect(app)
    limits.init_app(app)
    headers.init_app(app)
    errors.init_app(app)
    i18n.init_app(app)
    health.init_app(app)
    metrics.init_app(app)
    observe.init_app(app)
    # The templates show stored player names and levels in the page's language.
    app.jinja_env.globals.update(
        shown_name=views.shown_name, level_word=views.level_word, level_label=views.level_label
    )
    for blueprint in (pages.bp, forms.bp, online.bp, api.bp):
        app.register_blueprint(blueprint)
    return app
