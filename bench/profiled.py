"""The app's gunicorn settings (webapp/serving.py) with each worker run under cProfile, its
statistics written to BENCH_PROFILE/<pid>.prof when it exits, and the garbage collector's
pauses of 10 ms or more to BENCH_PROFILE/<pid>.gc (when, seconds, generation, objects collected):
``bench/online.py --profile DIR``; with BENCH_PROFILE_CPU=0, the pauses only."""

from __future__ import annotations

import cProfile
import gc
import os
import time
from typing import Any

from webapp import serving
from webapp.serving import *  # noqa: F403

_PROFILE = cProfile.Profile()
_CPU = os.environ.get("BENCH_PROFILE_CPU", "1") != "0"
_PAUSES: list[str] = []
_STARTED = [0.0]


def _collecting(phase: str, info: dict[str, int]) -> None:
    """gc.callbacks: time each collection."""
    if phase == "start":
        _STARTED[0] = time.perf_counter()
        return
    seconds = time.perf_counter() - _STARTED[0]
    if seconds >= 0.01:
        _PAUSES.append(f"{time.time():.1f} {seconds:.3f} {info['generation']} {info['collected']}")


# Every setting of the app's, this hook replaced: the app's own is called first.
def post_worker_init(worker: Any) -> None:  # type: ignore[no-redef]
    """The app's hook, then the profile and the pauses' clock started."""
    serving.post_worker_init(worker)
    gc.callbacks.append(_collecting)
    if _CPU:
        _PROFILE.enable()


def worker_exit(server: Any, worker: Any) -> None:
    """The profile and the pauses written out."""
    folder = os.environ["BENCH_PROFILE"]
    if _CPU:
        _PROFILE.disable()
        _PROFILE.dump_stats(os.path.join(folder, f"{os.getpid()}.prof"))
    with open(os.path.join(folder, f"{os.getpid()}.gc"), "w") as pauses:
        pauses.write("\n".join(_PAUSES) + "\n")
