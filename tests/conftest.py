"""Hypothesis runs derandomized and without an example database, so every run of the suite tries
the same examples: a failure in CI is a failure on every machine, never a flake."""

import pytest
from hypothesis import settings

settings.register_profile("kit", derandomize=True, database=None, deadline=None)
settings.load_profile("kit")


@pytest.fixture(scope="session")
def pg_dsn():
    """The DSN of a PostgreSQL cluster this test session started itself (tests/pg_server.py),
    started on first use, stopped and removed at the end of the session."""
    try:
        from pg_server import throwaway_server
    except ImportError:  # tests/ is a package
        from tests.pg_server import throwaway_server
    with throwaway_server() as dsn:
        yield dsn
