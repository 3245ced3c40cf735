import pytest
from django.test import override_settings


@pytest.fixture(autouse=True)
def small_budget():
    """A tenth of the analysis's iterations: the tests check what is stored, not the search's
    strength (bench/analysis.py measures the real budget)."""
    with override_settings(ANALYSIS_BUDGET=0.1):
        yield
