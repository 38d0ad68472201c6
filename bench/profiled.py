"""The app's gunicorn settings (webapp/serving.py) with each worker run under cProfile, its
statistics written to BENCH_PROFILE/<pid>.prof when it exits: ``bench/online.py --profile``."""

from __future__ import annotations

import cProfile
import os
from typing import Any

from webapp import serving
from webapp.serving import *  # noqa: F403

_PROFILE = cProfile.Profile()


# Every setting of the app's, this hook replaced: the app's own is called first.
def post_worker_init(worker: Any) -> None:  # type: ignore[no-redef]
    """The app's hook, then the profile started."""
    serving.post_worker_init(worker)
    _PROFILE.enable()


def worker_exit(server: Any, worker: Any) -> None:
    """The profile written out."""
    _PROFILE.disable()
    _PROFILE.dump_stats(os.path.join(os.environ["BENCH_PROFILE"], f"{os.getpid()}.prof"))
