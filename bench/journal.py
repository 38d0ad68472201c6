"""The app with the SQLite store's journal mode and synchronous setting of the environment
(``BENCH_JOURNAL``, ``BENCH_SYNCHRONOUS``) in place of its own, for bench/store.py:
``gunicorn -c python:webapp.serving bench.journal:app``."""

from __future__ import annotations

import os

from bench.store import use_journal

use_journal(os.environ["BENCH_JOURNAL"], os.environ["BENCH_SYNCHRONOUS"])

from wsgi import app  # noqa: E402 (the store's PRAGMAS first)

__all__ = ["app"]
