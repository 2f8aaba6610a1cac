"""Incremental builds: skip a job whose inputs have not changed since its last run.

A build system is the dependency scheduler plus a cache. Each job gets an *input key*: a content
hash (SHA-256) of its own sources together with the names and keys of its dependencies. A change
anywhere upstream therefore changes every key below it, the way a hash tree does. After a build we
record each job's key; next time a job re-runs when

- it never ran (no recorded key), or
- one of its dependencies re-runs, or
- its key differs from the recorded one (its inputs changed);

otherwise it is skipped and counts as already done. Skipping is closed downwards: every dependency
of a skipped job is skipped too. The jobs that re-run are scheduled with `kit.dag.run`, keeping
only the edges between re-run jobs. Cost O(V + E) hashing plus the cost of the run.
"""

import hashlib
from collections.abc import Mapping
from typing import NamedTuple

from kit.dag import WORKED_EXAMPLE, LogEntry, check_jobs, check_workers, order_checked, run_checked

# Sources for the worked example: edit one and rebuild to see what is skipped.
# Changing "D" re-runs only D; changing "A" re-runs A, C, D and E but skips B.
EXAMPLE_JOBS = WORKED_EXAMPLE
EXAMPLE_SOURCES = {name: f"source of {name}, version 1" for name in WORKED_EXAMPLE}

UNCHANGED = "unchanged"
NEVER_RAN = "never ran"
INPUTS_CHANGED = "inputs changed"


class Build(NamedTuple):
    ran: list  # names of re-run jobs, in dispatch order
    skipped: list  # names of skipped jobs, in submission order
    why: dict  # name -> reason: "unchanged", "never ran", "inputs changed", "needs X, which re-ran"
    log: list[LogEntry]  # the schedule of the re-run jobs
    makespan: float
    record: dict  # name -> input key; pass it as `last_run` to the next build


def _check_sources(jobs, sources) -> None:
    if not isinstance(sources, Mapping):
        raise TypeError(f"sources must be a dict of job name -> str or bytes, got {sources!r}")
    for name in jobs:
        if name not in sources:
            raise ValueError(f"sources has no entry for job {name!r}")
    for name, text in sources.items():
        if name not in jobs:
            raise ValueError(f"sources[{name!r}] names no job in jobs")
        if not isinstance(text, (str, bytes)):
            raise TypeError(f"sources[{name!r}] must be str or bytes, got {text!r}")


def _field(data: bytes) -> bytes:
    return len(data).to_bytes(8, "big") + data  # length-prefixed, so fields cannot run together


def input_keys(jobs, sources) -> dict:
    """name -> hex SHA-256 of the job's sources and its deps' (name, key) pairs; O(V + E).

    The dep pairs are sorted, so the order in which deps are listed does not matter.
    """
    check_jobs(jobs)
    _check_sources(jobs, sources)
    return _input_keys(jobs, sources)


def _input_keys(jobs, sources) -> dict:
    keys = {}
    for name in order_checked(jobs):
        text = sources[name]
        digest = hashlib.sha256(_field(text.encode() if isinstance(text, str) else text))
        for dep_name, dep_key in sorted((repr(dep), keys[dep]) for dep in set(jobs[name][2])):
            digest.update(_field(dep_name.encode()) + _field(dep_key.encode()))
        keys[name] = digest.hexdigest()
    return {name: keys[name] for name in jobs}  # submission order


def build(jobs, sources, last_run=None, workers: int = 1) -> Build:
    """Re-run only the jobs whose inputs changed since `last_run`; report what was skipped.

    `jobs` is as in `kit.dag.run`; `sources` maps every job to its own input content (str or
    bytes); `last_run` is the `record` of the previous build (None: nothing ran before).
    Cost O(V + E) plus `run` on the re-run jobs.
    """
    check_jobs(jobs)
    _check_sources(jobs, sources)
    if last_run is None:
        last_run = {}
    if not isinstance(last_run, Mapping):
        raise TypeError(f"last_run must be a dict of job name -> key or None, got {last_run!r}")
    check_workers(workers)
    keys = _input_keys(jobs, sources)  # a cycle is found here, before anything runs
    why = {}
    for name in order_checked(jobs):
        rerun_deps = [dep for dep in jobs[name][2] if why[dep] != UNCHANGED]
        if name not in last_run:
            why[name] = NEVER_RAN
        elif rerun_deps:
            why[name] = f"needs {rerun_deps[0]!r}, which re-ran"
        elif last_run[name] != keys[name]:
            why[name] = INPUTS_CHANGED
        else:
            why[name] = UNCHANGED
    todo = {
        name: (priority, duration, tuple(dep for dep in deps if why[dep] != UNCHANGED))
        for name, (priority, duration, deps) in jobs.items()
        if why[name] != UNCHANGED
    }
    log, makespan = run_checked(todo, workers)
    return Build(
        ran=[entry.name for entry in log],
        skipped=[name for name in jobs if why[name] == UNCHANGED],
        why={name: why[name] for name in jobs},
        log=log,
        makespan=makespan,
        record=keys,
    )
