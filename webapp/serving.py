"""How gunicorn serves the app: ``gunicorn -c python:webapp.serving wsgi:app``."""

# Threads, not gunicorn's default sync workers: an open live stream holds its thread for
# minutes, and a sync worker has one. Each worker keeps STREAMS (settings.py) below its
# threads, so moves always find a free thread. The figures are in docs/performance.md.
import os

worker_class = "gthread"
workers = int(os.environ.get("WEB_WORKERS", "2"))
threads = int(os.environ.get("WEB_THREADS", "128"))
keepalive = 5  # seconds an idle browser connection is kept, in the workers' poller
graceful_timeout = 5  # open streams end on a restart; their browsers reconnect
