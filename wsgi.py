"""The WSGI entry point for gunicorn: ``gunicorn -c python:webapp.serving wsgi:app``."""

from webapp import create_app
from webapp.serving import measured_bodies

app = create_app()
# Middleware as Flask documents it; mypy takes the method for a plain attribute.
app.wsgi_app = measured_bodies(app.wsgi_app)  # type: ignore[method-assign,assignment]
