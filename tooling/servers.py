"""Servers for the browser tests and the benchmarks: a real Daphne process (and the
background workers of both lanes beside it) on a free port with a database of its own, as `make run`
starts them: DEBUG off, static files collected (hashed names, their manifest) and served by
WhiteNoise.
"""

from __future__ import annotations

import atexit
import functools
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The background work's lanes (config/lanes.py), each with its consumer command.
LANES = ("run_huey", "run_analysis")


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


def manage(env: dict, *args: str, **run) -> subprocess.CompletedProcess:
    """``manage.py *args`` in the source tree with ``env``, failing on its failure."""
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, **run
    )


def _temporary(prefix: str) -> Path:
    """A folder removed when the process ends."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


@functools.cache
def collected_static() -> Path:
    """The static files as `make run` collects them, once per process (a pytest session) for
    all the servers it starts: they depend on the source tree only, and a second copy of them
    per server would only cost time."""
    var_dir = _temporary("gametable-static-")
    root = var_dir / "staticfiles"
    env = {**os.environ, "VAR_DIR": str(var_dir), "STATIC_ROOT": str(root), "DEBUG": "0"}
    manage(env, "collectstatic", "--noinput", "-v0")
    return root


@functools.cache
def migrated_sqlite() -> Path:
    """An SQLite database migrated once per process (a pytest session), which every server
    on the embedded default copies instead of migrating its own: a migration run costs
    seconds of CPU, and a fresh database's migrations depend on the source tree only."""
    var_dir = _temporary("gametable-migrated-")
    env = {**os.environ, "VAR_DIR": str(var_dir), "DEBUG": "0"}
    env.pop("DATABASE_URL", None)
    manage(env, "migrate", "--noinput", "-v0")
    return var_dir / "db.sqlite3"


class Server:
    """One Daphne process on a free port with its own database directory, and with
    ``worker`` the background workers beside it, one consumer per lane (``LANES``: bots,
    flags and mails; analyses), as `make run` starts them.
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
            "DEBUG": "0",  # as `make run` has it, whatever the shell running the tests says
            "STATIC_ROOT": str(collected_static()),
            "TASK_QUEUE": f"gametable-test-{self.port}",
            "TASK_WORKERS": "1",
            "ANALYSIS_WORKERS": "1",
            **(env_extra or {}),
        }
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.workers: list[subprocess.Popen] = []
        self.with_worker = worker

    def migrate(self):
        """A migrated database of its own: a copy of ``migrated_sqlite`` on SQLite, else (the
        scale path's database, shared by the servers of a test) a real migration run."""
        if not self.env.get("DATABASE_URL"):
            for part in migrated_sqlite().parent.glob("db.sqlite3*"):  # with a WAL left
                shutil.copyfile(part, Path(self.env["VAR_DIR"]) / part.name)
            return
        manage(self.env, "migrate", "--noinput", "-v0")

    def shell(self, code: str) -> str:
        """Runs ``code`` in ``manage.py shell`` on this server's database and settings (before
        or beside it serving) and returns what it printed: how a test sets up its world there."""
        return manage(self.env, "shell", "-v0", "-c", code, capture_output=True, text=True).stdout

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
            self.workers = [
                subprocess.Popen(
                    [sys.executable, "manage.py", command, "--quiet"],
                    cwd=ROOT,
                    env=self.env,
                    stdout=subprocess.DEVNULL,
                    stderr=log,
                )
                for command in LANES
            ]
        return self

    def stop(self):
        for worker in self.workers:
            if worker.poll() is None:
                worker.terminate()
        for worker in self.workers:
            try:
                worker.wait(10)
            except subprocess.TimeoutExpired:  # a slice or a turn still thinking: stop it
                worker.kill()
                worker.wait(10)
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


def xdist_worker() -> int | None:
    """The number of this pytest-xdist worker process (``gw1`` → 1), None outside one."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(name[2:]) if name.startswith("gw") else None


def redis_database(url: str, database: int) -> str:
    """``url`` with another Redis database number."""
    return f"{url.rsplit('/', 1)[0]}/{database}"


def isolated_env(name: str) -> dict:
    """Environment for a server process of its own: in scale mode a fresh PostgreSQL database,
    its own Redis database number, so it never shares rows or groups with the test process
    (nor, under ``pytest -n``, with another worker's servers: their matches share ids), and
    its own Redis prefix, so servers of one worker that run at once (the session's API server
    and a module's) keep their rate limits, notices and fragments apart."""
    env = {}
    if os.environ.get("DATABASE_URL"):
        env["DATABASE_URL"] = fresh_postgres_database(os.environ["DATABASE_URL"], name)
    if os.environ.get("REDIS_URL"):
        worker = xdist_worker()
        database = 2 if worker is None else 8 + worker
        env["REDIS_URL"] = redis_database(os.environ["REDIS_URL"], database)
        env["REDIS_PREFIX"] = f"gametable-{name}-{os.getpid()}"
    return env


def fresh_postgres_database(url: str, name: str) -> str:
    import psycopg

    base, _, _ = url.rpartition("/")
    database = f"gametable_{name}_{os.getpid()}"
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{database}"')
    return f"{base}/{database}"


def run_module_in(env: dict, module: str, spec: dict):
    """Runs ``python -m module <spec as JSON>`` with the environment ``env`` of a server (so it
    writes that server's database) and returns the JSON its last line prints."""
    done = subprocess.run(
        [sys.executable, "-m", module, json.dumps(spec)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])
