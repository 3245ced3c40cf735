"""A real Daphne server and Debian's Chromium driven by Playwright.

The server runs as its own process on a fresh database, exactly as `make run`
serves it, so these tests see what a user sees: HTTP, WebSockets and all.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


class Server:
    """One Daphne process on a free port with its own database directory, and with
    ``worker`` the background worker beside it (bots, flags), as `make run` starts them.
    ``app`` is the ASGI application it serves (bench/floor.py serves one of its own)."""

    def __init__(
        self,
        var_dir: Path,
        env_extra: dict | None = None,
        worker: bool = False,
        app: str = "config.asgi:application",
    ):
        self.port = free_port()
        self.app = app
        self.env = {
            **os.environ,
            "VAR_DIR": str(var_dir),
            "DEBUG": "1",
            "TASK_QUEUE": f"gametable-test-{self.port}",
            "TASK_WORKERS": "1",
            **(env_extra or {}),
        }
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.worker: subprocess.Popen | None = None
        self.with_worker = worker

    def migrate(self):
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=self.env,
            check=True,
        )

    def start(self):
        # Server errors go to SERVER_LOG when set; a pipe nobody reads could fill and stall it.
        log = open(os.environ.get("SERVER_LOG", os.devnull), "a")  # noqa: SIM115 (lives with the process)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "config.serve", "-b", "127.0.0.1", "-p", str(self.port)]
            + [self.app],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        wait_for_port(self.port, self.proc)
        if self.with_worker:
            self.worker = subprocess.Popen(
                [sys.executable, "manage.py", "run_huey", "--quiet"],
                cwd=ROOT,
                env=self.env,
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        return self

    def stop(self):
        if self.worker and self.worker.poll() is None:
            self.worker.terminate()
            self.worker.wait(10)
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:  # sockets still open: do not wait for them
                self.proc.kill()
                self.proc.wait(10)

    def kill(self):
        """Stops the process without a clean shutdown, as a crash or power cut would."""
        self.proc.kill()
        self.proc.wait(10)


def isolated_env(name: str) -> dict:
    """Environment for a server process of its own: in scale mode a fresh PostgreSQL database
    and its own Redis database number, so it never shares rows or groups with the test process."""
    env = {}
    if os.environ.get("DATABASE_URL"):
        env["DATABASE_URL"] = fresh_postgres_database(os.environ["DATABASE_URL"], name)
    if os.environ.get("REDIS_URL"):
        env["REDIS_URL"] = os.environ["REDIS_URL"].rsplit("/", 1)[0] + "/2"
    return env


def fresh_postgres_database(url: str, name: str) -> str:
    import psycopg

    base, _, _ = url.rpartition("/")
    database = f"gametable_{name}_{os.getpid()}"
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{database}"')
    return f"{base}/{database}"


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    # Lobby lists refresh every second here, so tests see new matches without waiting long;
    # computers playing each other move every 0.3 s, so a whole match fits a test's patience.
    fast = {"LOBBY_REFRESH_SECONDS": "1", "PRESENCE_POLL_SECONDS": "1", "BOT_PACE_SECONDS": "0.3"}
    srv = Server(
        tmp_path_factory.mktemp("server"),
        {**isolated_env("browser"), **fast},
        worker=True,
    )
    srv.migrate()
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.fail(f"Debian's chromium is required at {CHROMIUM} (make test installs it)")
    from playwright.sync_api import expect, sync_playwright

    # Assertions wait as long as actions do (new_page): a loaded CI machine answers slower,
    # and a wrong page still fails, only later.
    expect.set_options(timeout=10_000)
    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser, server):
    """Opens pages in separate contexts (separate cookie jars: separate people)."""
    contexts = []

    def open_page(width=1280, height=900):
        context = browser.new_context(
            viewport={"width": width, "height": height}, base_url=server.url
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def screenshot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
