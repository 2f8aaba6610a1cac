"""Hypothesis runs derandomized and without an example database, so every run of the suite tries
the same examples: a failure in CI is a failure on every machine, never a flake.

How the suite is scheduled (`make test` runs it on both cores with pytest-xdist, `--dist
loadgroup`): a test goes to whichever worker is free, except the files in `ONE_WORKER`, whose
module fixtures (a class graded once, a JupyterLab server, a Gradescope archive) serve all their
tests and so keep them together on one worker. Session fixtures (`pg_dsn`) run once per worker:
each starts its own throwaway cluster on its own free port.

`make quick` runs `-m "not slow"`: every test but the files in `SLOW` (and `SLOW_PREFIXES`,
`SLOW_FOLDERS`), the tests on a database
server or file (`pg_dsn`, a `postgres`/`sqlite` parameter) and the tests marked `@pytest.mark.slow`.
A new test file is in `make quick` until it is named here."""

from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("kit", derandomize=True, database=None, deadline=None)
settings.load_profile("kit")

# whole files left out of `make quick`: notebooks executed, mutants and pitfalls run, classes
# graded in sandboxes, real browsers, worker processes killed, nbgrader; and the topic files,
# which check exercise content rather than the core or the engine
SLOW = {"test_build", "test_zoo_mutation", "test_zoo", "test_gradescope", "test_gradebook",
        "test_nbgrader", "test_browser", "test_crash", "test_crash_pg", "test_checks_answers",
        "test_readme"}
SLOW_PREFIXES = ("test_exercises_", "test_grade")  # every topic file, every file that grades
SLOW_FOLDERS = {"zoo"}  # tests/zoo/: wrong and right answers checked against the exercises
STORAGE = ("postgres", "sqlite")  # parameters that put a test on a database server or file
ONE_WORKER = {"test_grade", "test_grade_attacks", "test_gradescope", "test_browser",
              "test_nbgrader"}
# the files that run the class grader share one worker: their tests look at every learner process
# on the machine (none may outlive a run) and time their own runs, so no two graders overlap
GRADING = {"test_grade", "test_grade_attacks", "test_gradescope", "test_gradebook",
           "test_nbgrader", "test_grade_attacks_r2"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        stem = Path(str(item.fspath)).stem
        params = getattr(getattr(item, "callspec", None), "params", {})
        if stem in SLOW or stem.startswith(SLOW_PREFIXES) or item.fspath.ext == ".ipynb" or \
                Path(str(item.fspath)).parent.name in SLOW_FOLDERS or \
                "pg_dsn" in getattr(item, "fixturenames", ()) or \
                any(isinstance(v, str) and v.startswith(STORAGE) for v in params.values()):
            item.add_marker(pytest.mark.slow)
        if stem in GRADING:
            item.add_marker(pytest.mark.xdist_group("grading"))
        elif stem in ONE_WORKER:
            item.add_marker(pytest.mark.xdist_group(stem))


@pytest.fixture(scope="session")
def pg_dsn():
    """The DSN of a PostgreSQL cluster this test session (or xdist worker) started itself
    (tests/pg_server.py), started on first use, stopped and removed at the end of the session."""
    try:
        from pg_server import throwaway_server
    except ImportError:  # tests/ is a package
        from tests.pg_server import throwaway_server
    with throwaway_server() as dsn:
        yield dsn
