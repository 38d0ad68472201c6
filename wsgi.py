"""The WSGI entry point for gunicorn: ``gunicorn -c python:webapp.serving wsgi:app``."""

from webapp import create_app
from webapp.serving import one_at_a_time

app = create_app()
# Middleware as Flask documents it; mypy takes the method for a plain attribute.
app.wsgi_app = one_at_a_time(app.wsgi_app)  # type: ignore[method-assign,assignment]
