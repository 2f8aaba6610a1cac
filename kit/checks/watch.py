"""Watching what an answer's code does while it runs, with no clock: `lines_run` counts the lines
it runs (for cost promises), `watching_clocks` lists the system clocks it reads (for answers that
must use an injected clock). `code_files` and `globals_of` say which code and which module globals
belong to the objects watched; `kit.checks.interleave` switches threads at those same lines.
"""

import sys
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from typing import Any

__all__ = ["code_files", "globals_of", "lines_run", "watching_clocks"]


def code_files(*objects) -> set:
    """The files (a notebook cell counts as one) of the code of functions, methods and classes,
    base classes included: the lines `explore` may switch at."""
    files = set()
    for obj in objects:
        for klass in getattr(obj, "__mro__", (obj,)):
            if klass is object:
                continue
            values = vars(klass).values() if isinstance(klass, type) else [klass]
            for value in values:
                fn = getattr(value, "__func__", getattr(value, "fget", value))
                code = getattr(fn, "__code__", None)
                if code is not None:
                    files.add(code.co_filename)
    return files


def globals_of(objects) -> list:
    """The module globals of the functions, methods and classes in `objects`, each once."""
    seen, out = set(), []
    for obj in objects:
        for klass in getattr(obj, "__mro__", (obj,)):
            values = vars(klass).values() if isinstance(klass, type) else [klass]
            for value in values:
                g = getattr(getattr(value, "__func__", value), "__globals__", None)
                if g is not None and id(g) not in seen:
                    seen.add(id(g))
                    out.append(g)
    return out


def lines_run(call: Callable[[], Any], *watch) -> int:
    """How many lines of `watch`'s code run during `call()` in this thread: a cost that grows
    with the input where the code scans (a loop's line counts once per pass), and stays flat
    where it does not. No clock involved."""
    files, count = code_files(*watch), 0

    def local(frame, event, arg):
        nonlocal count
        count += event == "line"
        return local

    def calls(frame, event, arg):
        return local if frame.f_code.co_filename in files else None

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        call()
    finally:
        sys.settrace(previous)
    return count


_CLOCKS = ("time", "monotonic", "perf_counter", "process_time", "time_ns", "monotonic_ns",
           "perf_counter_ns")


@contextmanager
def watching_clocks(*objects):
    """While inside: the time module's clocks read (in this thread) by `objects`' code, directly
    or through what it called (a MonotonicClock it made for itself counts too), are listed in
    the yielded list, by name. `from time import monotonic` in their modules is covered too."""
    me, files, reads = threading.get_ident(), code_files(*objects), []
    entered = sys._getframe(2)  # the frame of the `with`: the stack above it does not count
    originals = {name: getattr(time, name) for name in _CLOCKS}

    def by_watched_code() -> bool:
        frame = sys._getframe(2)
        while frame is not None and frame is not entered:
            if frame.f_code.co_filename in files:
                return True
            frame = frame.f_back
        return False

    def spy(name, fn):
        def read(*args):
            if threading.get_ident() == me and by_watched_code():
                reads.append(name)
            return fn(*args)
        return read

    spies = {name: spy(name, fn) for name, fn in originals.items()}
    rebound = []  # (globals, name, original) for names bound by `from time import ...`
    for g in globals_of(objects):
        for name, bound in list(g.items()):
            for clock, original in originals.items():
                if bound is original:
                    rebound.append((g, name, bound))
                    g[name] = spies[clock]
    for name, fn in spies.items():
        setattr(time, name, fn)
    try:
        yield reads
    finally:
        for name, fn in originals.items():
            setattr(time, name, fn)
        for g, name, bound in rebound:
            g[name] = bound
