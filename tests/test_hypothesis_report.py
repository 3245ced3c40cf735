"""A falsified Hypothesis property fails as a test, under its name, rather than crashing
pytest's report (tests/conftest.py, ``pytest_runtest_makereport``)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FALSE_PROPERTY = """
from hypothesis import given, strategies as st

@given(st.integers())
def test_small(n):
    assert n < 5
"""


def test_a_falsified_property_is_reported_under_its_name():
    # Beside the suite's conftest, under a name no collection of the folder picks up.
    test_file = ROOT / "tests" / f"_falsified_{os.getpid()}.py"
    test_file.write_text(FALSE_PROPERTY)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:randomly"]
            + ["-p", "no:cacheprovider", str(test_file)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        test_file.unlink()
    assert "INTERNALERROR" not in done.stdout + done.stderr
    assert done.returncode == 1, done.stdout[-2000:]
    assert "FAILED" in done.stdout and "test_small" in done.stdout
    assert "Falsifying example: test_small(" in done.stdout
