"""Real servers for tests: gunicorn, redis-server and nginx on free loopback ports, stopped by
PID."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO

import pytest

ROOT = Path(__file__).resolve().parents[1]
SYSTEM_PROGRAMS = "/usr/local/sbin:/usr/sbin:/sbin"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def require_program(name: str, package: str) -> str:
    """The path of ``name``; skips without it, but fails when CI is set (CI must not skip).
    Debian puts daemons such as nginx in /usr/sbin, which a user's PATH may lack."""
    path = shutil.which(name) or shutil.which(name, path=SYSTEM_PROGRAMS)
    if path:
        return path
    message = f"{name} is not installed (Debian package {package}; .ci/run installs it)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def stop_process(process: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    """Stop ``process`` by its PID: SIGTERM, then SIGKILL if it lingers."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout)
    if process.stderr is not None:
        process.stderr.close()  # an unclosed pipe is a ResourceWarning, an error under pytest


def file_store_env(directory: Path) -> dict[str, str]:
    """Settings for a server on the default stores, private to one test: the SQLite file of
    matches and the session files in ``directory``, and a fresh secret key."""
    return {
        "FLASK_SECRET_KEY": secrets.token_hex(16),
        "FLASK_DATABASE": str(directory / "matches.sqlite"),
        "FLASK_SESSION_DIR": str(directory / "sessions"),
        "FLASK_HEARTBEAT": "0.5",  # a dropped stream is noticed (and its thread freed) soon
    }


# The app's gunicorn settings, plus a hook that marks each worker once it has loaded the app.
_READY_HOOK = """
import os

from webapp import serving
from webapp.serving import *  # noqa: F403


def post_worker_init(worker):
    serving.post_worker_init(worker)
    open(os.path.join({directory!r}, str(os.getpid())), "w").close()
"""


class GunicornServer:
    """``gunicorn wsgi:app`` with its own settings; ``url`` is where it answers."""

    def __init__(self, env: dict[str, str], workers: int = 2, port: int | None = None) -> None:
        """A server with ``env`` added to this process's environment, not started yet."""
        self.chosen = port is None  # a port of our own choosing, which another may take first
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # Every test client comes from 127.0.0.1: the limits per client are off unless the
        # test turns them on (tests/hardening/test_limits.py, tests/redis/test_limits.py).
        self.env = {**os.environ, "FLASK_LIMITS": "false", **env}
        self.workers = workers
        self.process: subprocess.Popen[bytes] | None = None
        self.log: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 (closed by stop)
        self._ready: Path | None = None  # where each worker leaves a mark once it is ready

    def start(self) -> GunicornServer:
        """Start it and wait until it answers and every worker has loaded the app (a worker
        still starting would meet whatever a test does to the store next)."""
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        ready = self._ready = Path(tempfile.mkdtemp(prefix="gunicorn-ready-"))
        config = ready / "ready.conf.py"
        config.write_text(_READY_HOOK.format(directory=str(ready)))
        # A file, not a pipe: a pipe nobody reads would block a chatty server.
        self.process = subprocess.Popen(
            [gunicorn, "--config", str(config), "--workers", str(self.workers),
             "--bind", f"127.0.0.1:{self.port}", "wsgi:app"],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=self.log,
        )  # fmt: skip
        try:
            wait_until_answers(self.url + "/static/favicon.svg", self.process, self.log)
        except RuntimeError:
            if not (self.chosen and "in use" in self._log_tail()):
                raise
            # Another test (on another pytest-xdist worker) bound the free port first.
            stop_process(self.process)
            self.port = free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            self.log.seek(0)
            self.log.truncate()
            shutil.rmtree(ready, ignore_errors=True)
            return self.start()
        deadline = time.monotonic() + 20
        while len(list(ready.glob("[0-9]*"))) < self.workers:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn's workers did not start: {self._log_tail()}")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        """SIGTERM the master by its PID (it stops its workers), then wait for it."""
        if self.process is not None:
            stop_process(self.process)
            self.log.close()
        if self._ready is not None:
            shutil.rmtree(self._ready, ignore_errors=True)

    def _log_tail(self) -> str:
        """The end of the server's log."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-2000:]


class RedisServer:
    """A private ``redis-server`` with no persistence on a free loopback port."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> RedisServer:
        """Start it and wait until it accepts connections."""
        program = require_program("redis-server", "redis-server")
        self.process = subprocess.Popen(
            [program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        """Stop it by its PID."""
        if self.process is not None:
            stop_process(self.process)


# nginx's own settings around deploy/nginx.conf (which goes in its http block), as Debian's
# /etc/nginx/nginx.conf has them, but every file in the test's prefix: nothing is written to
# the system's paths.
_NGINX_MAIN = """
daemon off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log info;
events {{
    worker_connections 512;
}}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {prefix}/site.conf;
}}
"""


class NginxServer:
    """nginx with deploy/nginx.conf, rendered by deploy/render, in front of ``app``: plain
    HTTP at ``url`` and HTTPS (a certificate of its own for 127.0.0.1) at ``https_url``."""

    def __init__(self, app: str, settings: dict[str, str] | None = None) -> None:
        """A server in front of ``app`` (host:port), not started yet; ``settings`` replace the
        values of directives of the configuration (each must be there once)."""
        self.app = app
        self.settings = settings or {}
        self.http_port, self.https_port = free_port(), free_port()
        self.url = f"http://127.0.0.1:{self.http_port}"
        self.https_url = f"https://127.0.0.1:{self.https_port}"
        self.prefix = Path(tempfile.mkdtemp(prefix="nginx-"))
        self.certificate = self.prefix / "certificate.pem"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> NginxServer:
        """Make the certificate, render the configuration, start nginx, wait for its ports."""
        nginx = require_program("nginx", "nginx")
        openssl = require_program("openssl", "openssl")
        # Run as root, nginx's workers run as nobody, who must reach the prefix's folders.
        self.prefix.chmod(0o755)
        key = self.prefix / "key.pem"
        subprocess.run(
            [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
             "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
             "-addext", "subjectAltName=IP:127.0.0.1",
             "-keyout", str(key), "-out", str(self.certificate)],
            check=True, capture_output=True,
        )  # fmt: skip
        (self.prefix / "site.conf").write_text(self._site(key))
        main = self.prefix / "nginx.conf"
        main.write_text(_NGINX_MAIN.format(prefix=self.prefix))
        self.process = subprocess.Popen(
            [nginx, "-p", str(self.prefix), "-c", str(main), "-e", str(self.prefix / "error.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        for port in (self.http_port, self.https_port):
            while True:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"nginx did not start: {self.error_log()[-2000:]}")
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.02)
        return self

    def _site(self, key: Path) -> str:
        """deploy/nginx.conf as deploy/render fills it in, with ``settings`` applied."""
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "APP": self.app,
            "HTTP_LISTEN": f"127.0.0.1:{self.http_port}",
            "HTTPS_LISTEN": f"127.0.0.1:{self.https_port}", "SERVER_NAME": "127.0.0.1",
            "CERTIFICATE": str(self.certificate), "CERTIFICATE_KEY": str(key),
        }  # fmt: skip
        render = [str(ROOT / "deploy" / "render")]
        site = subprocess.run(render, env=env, check=True, capture_output=True, text=True).stdout
        assert "@" not in site.replace("@...@", ""), "a placeholder left unfilled"
        for directive, value in self.settings.items():
            site, found = re.subn(rf"^(\s*{directive}) [^;]*;", rf"\1 {value};", site, flags=re.M)
            assert found == 1, f"{directive} is not in deploy/nginx.conf once"
        return site

    def error_log(self) -> str:
        """What nginx has logged so far."""
        try:
            return (self.prefix / "error.log").read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def stop(self) -> None:
        """Stop it by its PID (SIGTERM: nginx's fast shutdown), then remove its files."""
        if self.process is not None:
            stop_process(self.process)
        shutil.rmtree(self.prefix, ignore_errors=True)


def wait_until_answers(
    url: str, process: subprocess.Popen[bytes], log: IO[bytes] | None = None, timeout: float = 20
) -> None:
    """Poll ``url`` until it answers, failing early if the server process died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            error = ""
            if log is not None:
                log.seek(0)
                error = log.read().decode(errors="replace")
            raise RuntimeError(f"server exited with {process.returncode}: {error[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.05)
    raise RuntimeError(f"{url} did not answer within {timeout} s")
