"""Calls raced in threads as requests in several workers race: each thread on a database
connection of its own, all started together, and every thread's outcome kept."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext

from django.db import connection

# How long a racer waits for the others before the race counts as stuck (a failure, not a hang).
STUCK_SECONDS = 30


def race(calls) -> list:
    """Runs each of ``calls`` in a thread of its own; returns, in order, what each call
    returned or the exception it raised, so that a test accounts for every one.

    On PostgreSQL the race is forced: a racer about to make its first write waits there
    until every other racer is about to write too, has finished, or is waiting for a
    database lock. Without a row lock every racer has then read the same old rows before
    anyone writes; with one, the others queue behind its holder. SQLite runs one immediate
    transaction at a time whatever the code locks, so there the racers take turns and only
    their answers are checked: the locks themselves are tested on PostgreSQL
    (``make test-scale``).
    """
    gate = _Gate(len(calls)) if connection.vendor == "postgresql" else None
    start = threading.Barrier(len(calls), timeout=STUCK_SECONDS)

    def run(index, call):
        try:
            if gate is not None:
                gate.pids[index] = _backend_pid()
            start.wait()
            with nullcontext() if gate is None else connection.execute_wrapper(gate.at(index)):
                return call()
        finally:
            if gate is not None:
                gate.arrive(index)
            connection.close()

    with ThreadPoolExecutor(len(calls)) as pool:
        futures = [pool.submit(run, index, call) for index, call in enumerate(calls)]
    return [f.result() if f.exception() is None else f.exception() for f in futures]


def _backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


class _Gate:
    """Where each racer, about to write, waits for the others (PostgreSQL)."""

    WRITES = ("INSERT", "UPDATE", "DELETE")

    def __init__(self, count: int):
        self.pids = [None] * count
        self.arrived = [False] * count  # about to write, or finished
        self.changed = threading.Condition()

    def at(self, index):
        """An execute wrapper for racer ``index``: before its first write, the racer waits
        at the gate (inside its transaction, holding whatever it locked)."""

        def wrapper(execute, sql, params, many, context):
            if not self.arrived[index] and sql.startswith(self.WRITES):
                self.arrive(index)
                self.wait_for_the_others()
            return execute(sql, params, many, context)

        return wrapper

    def arrive(self, index: int) -> None:
        with self.changed:
            self.arrived[index] = True
            self.changed.notify_all()

    def wait_for_the_others(self) -> None:
        give_up = time.monotonic() + STUCK_SECONDS
        while True:
            with self.changed:
                behind = {
                    pid for pid, came in zip(self.pids, self.arrived, strict=True) if not came
                }
            if not behind or behind <= self.waiting_for_a_lock(behind):
                return
            if time.monotonic() > give_up:
                raise AssertionError(f"racers {sorted(behind)} neither wrote nor waited")
            with self.changed:
                self.changed.wait(0.01)

    @staticmethod
    def waiting_for_a_lock(pids) -> set:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid FROM pg_locks WHERE NOT granted AND pid = ANY(%s)", [list(pids)]
            )
            return {pid for (pid,) in cursor.fetchall()}
