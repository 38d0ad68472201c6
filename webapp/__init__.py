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

    from . import settings
    from .web import layer

    root = Path(__file__).resolve().parent.parent
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=instance_path or str(root / "instance"),
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
    settings.configure(app, test_config)
    layer.init_app(app, settings.redis_client(app.config))
    return app
