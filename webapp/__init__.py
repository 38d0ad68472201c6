"""The Flask application factory: settings, the session store, security, pages and errors."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Flask is imported inside create_app so `import webapp.engine` stays Flask-free
    from flask import Flask


def create_app(
    test_config: dict[str, Any] | None = None, instance_path: str | None = None
) -> Flask:
    """Build the app; ``test_config`` replaces the environment's ``FLASK_*`` settings.

    ``instance_path`` (default: ``instance/`` beside the package) holds the secret key and the
    default session directory.
    """
    from pathlib import Path

    from flask import Flask

    from . import (
        api,
        board_page,
        csrf,
        errors,
        history,
        rounds,
        routes,
        security,
        settings,
        store,
        sweeper,
        templating,
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
    store.init_app(app)
    csrf.init_app(app)
    templating.init_app(app)
    board_page.init_app(app)
    security.init_app(app)
    errors.init_app(app)
    sweeper.init_app(app)
    for blueprint in (routes.bp, rounds.bp, history.bp, api.bp):
        app.register_blueprint(blueprint)
    return app
