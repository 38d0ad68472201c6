"""The app's gunicorn settings (webapp/serving.py) with each worker's CPU split by what it ran:
each greenlet's CPU (``time.process_time`` between two switches, seen by greenlet.settrace) is
charged to the request it serves (method and route, ids masked; a stream's whole life is its
request's) or else to the thread it runs (the settler, the store's listener) or to gevent's hub, and
written to BENCH_CPU/<pid>.json when the worker exits: ``bench/arena.py --cpu DIR``. The cyclic
garbage collector's passes (gc.callbacks) are a kind of their own, by generation, charged to no
greenlet."""

from __future__ import annotations

import gc
import json
import os
import re
import time
import weakref
from typing import Any

import greenlet  # type: ignore[import-untyped]  # gevent's, untyped

from webapp import serving
from webapp.serving import *  # noqa: F403

_ID = re.compile(r"/[A-Za-z0-9_-]{16,}")  # a match's or an arena's id in a path
_LABELS: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
_SPENT: dict[str, float] = {}
_COUNTS: dict[str, int] = {}
_LAST = [0.0]
_COLLECTING = [0.0]  # when the collector's pass under way began


def _switched(event: str, args: tuple[Any, Any]) -> None:
    """greenlet.settrace: charge the CPU since the last switch to the greenlet left."""
    now = time.process_time()
    if event in ("switch", "throw"):
        label = _LABELS.get(args[0]) or _background(args[0])
        _SPENT[label] = _SPENT.get(label, 0.0) + now - _LAST[0]
    _LAST[0] = now


def _collected(phase: str, info: dict[str, int]) -> None:
    """gc.callbacks: a pass's CPU charged to its generation, taken off the greenlet it
    interrupted."""
    now = time.process_time()
    if phase == "start":
        _COLLECTING[0] = now
        return
    label, spent = f"gc: generation {info['generation']}", now - _COLLECTING[0]
    _SPENT[label] = _SPENT.get(label, 0.0) + spent
    _COUNTS[label] = _COUNTS.get(label, 0) + 1
    _LAST[0] += spent


def _background(left: Any) -> str:
    """What a greenlet serving no request runs: a thread's name (the settler, the store's
    listener), else its class (gevent's hub: the loop, its timers and sockets)."""
    run = getattr(left, "_run", None)
    name = getattr(getattr(run, "__self__", None), "name", None)
    return f"background: {name or type(left).__name__}"


def _tagged(app: Any) -> Any:
    """``app`` noting, for each request, what its greenlet serves."""

    def tagging(environ: dict[str, Any], start_response: Any) -> Any:
        label = f"{environ['REQUEST_METHOD']} {_ID.sub('/<id>', environ.get('PATH_INFO', ''))}"
        _LABELS[greenlet.getcurrent()] = label
        _COUNTS[label] = _COUNTS.get(label, 0) + 1
        return app(environ, start_response)

    return tagging


def post_worker_init(worker: Any) -> None:  # type: ignore[no-redef]
    """The app's hook, then the worker's app tagged and the switches traced."""
    serving.post_worker_init(worker)
    worker.wsgi = _tagged(worker.wsgi)
    _LAST[0] = time.process_time()
    greenlet.settrace(_switched)
    gc.callbacks.append(_collected)


def worker_exit(server: Any, worker: Any) -> None:
    """Each kind's CPU seconds and requests written out."""
    _switched("switch", (greenlet.getcurrent(), None))
    kinds = {label: [spent, _COUNTS.get(label, 0)] for label, spent in _SPENT.items()}
    with open(os.path.join(os.environ["BENCH_CPU"], f"{os.getpid()}.json"), "w") as out:
        json.dump(kinds, out)
