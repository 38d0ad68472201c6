"""Waiting for a write to a folder's files (Linux inotify, through the C library), so that a
listener sleeps while nothing is written instead of waking on a timer."""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import select
import threading

_IN_NONBLOCK = 0o4000
_IN_CLOEXEC = 0o2000000
_IN_MODIFY, _IN_CREATE, _IN_MOVED_TO = 0x2, 0x100, 0x80


class FolderWatch:
    """Writes to the files directly in ``folder`` (not its subfolders): ``wait`` returns once
    one happened, after its timeout, or once ``wake`` is called. Where inotify is missing (not
    Linux, no C library, no watch left), ``wait`` only sleeps out its timeout, and the caller
    polls as before."""

    def __init__(self, folder: str) -> None:
        self.fd = -1
        # ``wake`` (the stopping thread's) and ``close`` (the listener's) one at a time: a
        # write to a pipe closed meanwhile could land in a file that reused its number.
        self._lock = threading.Lock()
        # A pipe that ``wake`` writes to: a caller told to stop need not wait for a write or
        # the timeout, so the timeout can be long (a wake at rest costs CPU).
        self._woken, self._waker = os.pipe()
        os.set_blocking(self._woken, False)
        os.set_blocking(self._waker, False)
        libc_name = ctypes.util.find_library("c")
        if not libc_name:
            return
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(libc_name, use_errno=True)
            fd = libc.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
            if fd < 0:
                return
            mask = _IN_MODIFY | _IN_CREATE | _IN_MOVED_TO
            if libc.inotify_add_watch(fd, os.fsencode(folder), mask) < 0:
                os.close(fd)
                return
            self.fd = fd

    @property
    def watching(self) -> bool:
        """Whether writes wake ``wait`` (else it only sleeps)."""
        return self.fd >= 0

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for a write, or until ``wake``; whether a write
        happened (each write seen is taken, so the next wait waits for a new one). ``select``
        lets gevent's workers go on serving meanwhile (it is patched to wait in the event
        loop)."""
        if self.fd < 0:
            select.select([self._woken], [], [], timeout)
            _drain(self._woken)
            return False
        ready, _, _ = select.select([self.fd, self._woken], [], [], timeout)
        _drain(self._woken)
        if self.fd not in ready:
            return False
        _drain(self.fd)
        return True

    @property
    def open(self) -> bool:
        """Whether ``close`` has not been called yet."""
        return self._waker >= 0

    def wake(self) -> None:
        """End the wait under way (or the next one) at once; nothing once closed."""
        with self._lock:
            if self._waker >= 0:
                with contextlib.suppress(OSError):
                    os.write(self._waker, b"\0")

    def close(self) -> None:
        """Stop watching."""
        with self._lock:
            fds = (self.fd, self._woken, self._waker)
            self.fd = self._woken = self._waker = -1
            for fd in fds:
                if fd >= 0:
                    os.close(fd)


def _drain(fd: int) -> None:
    """Read what ``fd`` (non-blocking) holds, until it holds nothing."""
    with contextlib.suppress(BlockingIOError):
        while os.read(fd, 65536):
            pass
