"""The check engine: declare a problem in a few lines; `check(answer)` says exactly what happened.

A `Problem` names what the learner writes, a hypothesis strategy for its inputs (a *case* is a
tuple of arguments), the reference answer, named edge cases, known pitfalls and hints.
`problem.check(fn)` runs the edge cases, then generated cases, and returns a `Result` with one
outcome:

- passed: every case agreed with the reference;
- failed: the smallest input hypothesis shrank to, expected vs got, and the pitfall it matches;
- not attempted: the answer raised NotImplementedError;
- timed out: one call ran longer than `timeout` seconds (stopped; the kernel stays usable);
- crashed: the answer raised (type, message and input are shown);
- mutated its input: the answer changed the arguments it was given.

- too slow: every answer was right, but the answer does more work than the statement promises
  (a scan where a heap was asked for), found by counting operations on a large input.

The answer is one text (`answer`, see `kit.checks.answers`): `solution()` shows it, the build
writes it into the solution notebook, and each pitfall is a named small edit of it (or, when the
mistake is really another algorithm, its own function). A pitfall is named only on evidence: the
learner's answer must do what the pitfall does on the failing case *and* on every sample case
where the pitfall differs from the reference or from the other candidates.

Values are compared strictly: a tuple is not a list, a Fraction is not a float, a bool is not an
int (ints and floats of equal value are the same number). A type difference is reported as such.

How an answer is *observed* is separate from how it is *judged*: `check` observes in this process;
the grader observes in a separate, sandboxed process and judges here. Checks are deterministic
(derandomized, no example database) and never raise into the notebook.
"""

import copy
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import strategies as st

from kit.checks import answers
from kit.checks.report import Result, show_hint, show_solution

PASSED, FAILED, NOT_ATTEMPTED = "passed", "failed", "not attempted"
TIMED_OUT, CRASHED, MUTATED, TOO_SLOW = "timed out", "crashed", "mutated its input", "too slow"


class TooSlow(str):
    """A judge's verdict that the answer is right but breaks the statement's cost promise."""


@dataclass(frozen=True, eq=False)  # each pitfall is itself: hashed and compared by identity
class Pitfall:
    """A classic mistake: a small named edit of the answer's text (`edit`: (old, new) pairs), or,
    when the mistake is another algorithm, a wrong answer of its own (`answer`). Used to name the
    mistake in a report, and as a mutant the check must kill."""

    name: str
    why: str
    answer: Callable | None = None
    edit: tuple[tuple[str, str], ...] | list[tuple[str, str]] = ()


_NUMBERS = (int, float)


def a_kind(value) -> str:
    """"a list", "an int", "None": how a message names what a value is."""
    if value is None:
        return "None"
    name = type(value).__name__
    return f"{'an' if name[0] in 'aeiouAEIOU' else 'a'} {name}"


def _items(expected, got):
    """(label, expected item, got item) of two containers of one kind and size, else None."""
    if isinstance(expected, list | tuple):
        fields = getattr(expected, "_fields", None)
        return [(fields[i] if fields else f"item {i}", e, g)
                for i, (e, g) in enumerate(zip(expected, got, strict=True))]
    if isinstance(expected, dict):
        return [(repr(k), expected[k], got[k]) for k in expected] \
            if expected.keys() == got.keys() else None
    return None


def _type_difference(expected, got, where: str) -> str | None:
    if type(expected) is not type(got) and not (type(expected) in _NUMBERS
                                                and type(got) in _NUMBERS):
        return f"{where}expected {a_kind(expected)}, got {a_kind(got)}"
    if isinstance(expected, list | tuple | dict) and len(expected) != len(got):
        n = len(expected)
        return f"{where}expected {n} item{'s' * (n != 1)}, got {len(got)}"
    for label, e, g in _items(expected, got) or ():
        inner = _type_difference(e, g, f"{where}{label}: ")
        if inner is not None:
            return inner
    return None


def _value_difference(expected, got, where: str) -> str | None:
    if expected == got:
        return None
    if not hasattr(expected, "_fields"):  # a record differs as a whole; containers item by item
        for label, e, g in _items(expected, got) or ():
            inner = _value_difference(e, g, f"{where}{label}: ")
            if inner is not None:
                return inner
    return f"{where}expected {expected!r}, got {got!r}" if where else \
        "the answer differs from the expected one"


def difference(expected, got) -> str | None:
    """Why `got` is not `expected`, type first ("expected a list, got a tuple", "item 2: expected
    a Job, got a tuple"), then the first value that differs; None when they are the same."""
    return _type_difference(expected, got, "") or _value_difference(expected, got, "")


def same(expected, got) -> bool:
    """Strict equality: equal values of the same types (ints and floats aside)."""
    return difference(expected, got) is None


@dataclass(frozen=True)
class Observation:
    """What one call did: `kind` is "ok" or an outcome name; `value` is what it returned."""

    kind: str
    value: Any = None
    error: str = ""


class _Stop(BaseException):
    """Ends the search at once (no shrinking): not attempted, timed out. Not an Exception, so the
    learner's own `except Exception` cannot swallow it."""


class _TimedOut(BaseException):
    pass


class _Mismatch(Exception):
    pass


ALARM_REPEAT = 0.05  # s: an alarm swallowed (in a gc callback, a __del__, an except) fires again
MEMORY_HEADROOM = 4 << 30  # bytes an answer may allocate beyond what the process holds already


@contextmanager
def memory_guard():
    """While an answer runs, lower the soft address-space limit to what this process uses now
    plus MEMORY_HEADROOM: an answer that allocates without bound gets MemoryError (a crash the
    report names) instead of the machine's memory. Restored afterwards; Linux only."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        with open("/proc/self/statm") as f:
            used = int(f.read().split()[0]) * resource.getpagesize()
    except (ImportError, OSError, ValueError):
        yield
        return
    limit = used + MEMORY_HEADROOM
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    if soft != resource.RLIM_INFINITY and soft <= limit:  # already as tight: leave it
        yield
        return
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def call_with_timeout(fn: Callable[[], Any], seconds: float) -> Any:
    """Call `fn()` under `memory_guard`; raise `_TimedOut` after `seconds` (by SIGALRM, so in the
    main thread only). The alarm repeats every ALARM_REPEAT seconds until the call ends: Python
    drops an exception raised in a garbage-collector callback or a `__del__`, and a dropped
    timeout would let the answer run for ever."""
    in_main = threading.current_thread() is threading.main_thread()
    if not in_main or not hasattr(signal, "setitimer"):
        with memory_guard():
            return fn()
    armed = [True]

    def on_alarm(signum, frame):
        if armed[0]:  # an alarm that lands after the call has ended is ignored
            raise _TimedOut

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds, ALARM_REPEAT)
    try:
        with memory_guard():
            return fn()
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def call_answer(answer: Callable, case: tuple) -> Any:
    """The default way to run an answer on a case: `answer(*case)`."""
    return answer(*case)


def observe_locally(problem: "Problem", answer: Callable) -> Callable[[tuple], Observation]:
    """An observer that runs `answer` here, on a deep copy of each case, with a time limit."""

    def observe(case: tuple) -> Observation:
        args = copy.deepcopy(case)
        try:
            value = call_with_timeout(lambda: problem.run(answer, args), problem.timeout)
        except NotImplementedError:
            return Observation(NOT_ATTEMPTED)
        except _TimedOut:
            return Observation(TIMED_OUT, error=f"no answer after {problem.timeout:g} s")
        except Exception as e:  # the learner's bug, reported, never raised
            return Observation(CRASHED, error=f"{type(e).__name__}: {e}")
        if args != case:
            return Observation(MUTATED, value, error="the call changed the arguments it was given; "
                               "work on a copy (sorted(x) returns a new list, x.sort() does not)")
        return Observation("ok", value)

    return observe


@dataclass
class Problem:
    """One exercise. Declare it; the engine does the rest.

    name: what the learner defines (shown in messages); `defines` when the defined name differs
    from that label (several levels of one class); cases: strategy for argument tuples;
    reference: the right answer; run(answer, case): how to call an answer (default answer(*case));
    judge(case, expected, got): None when `got` is right, else a sentence saying why (default: ==);
    examples: named edge cases tried first; pitfalls: known wrong answers; hints: in order.
    """

    name: str
    cases: st.SearchStrategy
    reference: Callable | None = None  # default: the answer itself
    examples: list[tuple[str, tuple]] = field(default_factory=list)
    pitfalls: list[Pitfall] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    run: Callable[[Callable, tuple], Any] = call_answer
    judge: Callable[[tuple, Any, Any], str | None] | None = None
    arg_names: tuple[str, ...] = ()
    max_examples: int = 150
    timeout: float = 2.0
    points: int = 1
    defines: str = ""  # the name the notebook must define, when it is not `name`
    answer: Callable | None = None  # the one text: shown, written into the notebook, edited
    equivalent: dict[str, str] = field(default_factory=dict)  # mutant key -> why it is right

    def __post_init__(self):
        """Pitfalls declared as edits become wrong answers now, at import: an edit that does
        not apply fails the import, naming the pitfall."""
        if self.reference is None:
            self.reference = self.answer
        resolved = []
        for p in self.pitfalls:
            if p.answer is None:
                if self.answer is None or not p.edit:
                    raise answers.EditError(f"pitfall {p.name!r} of {self.name}: give edits of "
                                            "the problem's answer or an answer of its own")
                wrong = answers.edited(self.answer, p.edit, p.name)
                p = Pitfall(p.name, p.why, wrong, tuple(p.edit))
            resolved.append(p)
        self.pitfalls = resolved

    @property
    def answer_name(self) -> str:
        return self.defines or self.name

    # -- the learner's API -------------------------------------------------------------
    def check(self, answer, explain: bool = True) -> Result:
        """Check `answer` against the reference. Never raises; the result is truthy iff passed.
        `explain=False` skips naming a pitfall (the mutation zoo only needs the verdict).

        Under nbgrader (its autograde or validate sets NBGRADER_EXECUTION) the report is
        printed, and a check that did not pass raises AssertionError: nbgrader scores a graded
        cell by whether it raised (and would read a returned value as partial credit)."""
        result = self._check(answer, explain)
        if os.environ.get("NBGRADER_EXECUTION") in ("autograde", "validate"):
            if not result:
                raise AssertionError(repr(result))
            print(repr(result))
            return None
        return result

    def _check(self, answer, explain: bool) -> Result:
        if not callable(answer):
            return Result(self, CRASHED, error=f"expected a function or class, got {answer!r}")
        try:
            return self.evaluate(observe_locally(self, answer), explain=explain)
        except BaseException as e:  # a check never raises into the notebook
            return Result(self, CRASHED, error=f"{type(e).__name__}: {e}")

    def hint(self, n: int = 1):
        return show_hint(self, n)

    def solution(self):
        shown = self.answer or self.reference
        return show_solution(self, answers.shown(answers.source_of(shown)))

    # -- judging -------------------------------------------------------------------------
    def expected(self, case: tuple) -> Any:
        """The reference's answer on `case`, computed once per distinct case: the reference is
        deterministic, and checks of many answers (the zoo, a class) meet the same cases."""
        try:
            key = pickle.dumps(case)
        except (pickle.PicklingError, TypeError, AttributeError):  # not plain data: no cache
            return self.run(self.reference, copy.deepcopy(case))
        memo = self.__dict__.setdefault("_expected", {})
        if key not in memo:
            memo[key] = self.run(self.reference, copy.deepcopy(case))
        return memo[key]

    def verdict(self, case: tuple, seen: Observation) -> str | None:
        """None when the observation is right; otherwise a sentence saying what is wrong."""
        if seen.kind != "ok":
            return seen.error or seen.kind
        expected = self.expected(case)
        if self.judge is not None:
            return self.judge(case, expected, seen.value)
        return difference(expected, seen.value)

    def sample(self, n: int = 30) -> list[tuple]:
        """`n` generated cases, the same ones every time, then the named edge cases: the inputs
        that tell similar pitfalls apart."""
        if not hasattr(self, "_sample"):
            cases: list[tuple] = []

            @settings(max_examples=n, derandomize=True, database=None, deadline=None,
                      verbosity=Verbosity.quiet, phases=[Phase.generate],
                      suppress_health_check=list(HealthCheck))
            @given(self.cases)
            def collect(case):
                cases.append(case)

            collect()
            self._sample = cases + [case for _, case in self.examples]
        return self._sample

    def pitfall_for(self, case: tuple, seen: Observation,
                    observe: Callable[[tuple], Observation]) -> Pitfall | None:
        """The declared pitfall the answer behaves like, on evidence, or None.

        A candidate does what the answer did on the failing case (the same value, strictly, or a
        crash of the same type). It is named only if the answer also agrees with it on every
        sample case that tells it apart: where it differs from the reference or from another
        candidate. Of several that pass, the first declared is named."""

        def alike(a: Observation, b: Observation) -> bool:
            if a.kind == b.kind == "ok":
                return same(a.value, b.value)
            return a.kind == b.kind == CRASHED and a.error.split(":")[0] == b.error.split(":")[0]

        mutants = {p: observe_locally(self, p.answer) for p in self.pitfalls}
        candidates = [p for p, mutant in mutants.items() if alike(mutant(case), seen)]
        if not candidates:
            return None
        sample = self.sample()
        truth = {i: Observation("ok", self.expected(c)) for i, c in enumerate(sample)}
        runs = {p: [mutants[p](c) for c in sample] for p in candidates}
        mine: dict[int, Observation] = {}
        for p in candidates:
            telling = [i for i in range(len(sample))
                       if not alike(runs[p][i], truth[i])
                       or any(not alike(runs[p][i], runs[q][i]) for q in candidates if q is not p)]
            for i in telling:
                if i not in mine:
                    mine[i] = observe(sample[i])
                if not alike(mine[i], runs[p][i]):
                    break
            else:
                return p
        return None

    def evaluate(self, observe: Callable[[tuple], Observation], explain: bool = True) -> Result:
        """Generated cases (the first failure shrunk), then the named edge cases, via `observe`."""
        started = time.perf_counter()
        worst: list = []  # latest failing (case, observation, message): at the end, the shrunk one
        stop: list = []
        tried = 0

        @settings(max_examples=self.max_examples, derandomize=True, database=None, deadline=None,
                  verbosity=Verbosity.quiet, print_blob=False, report_multiple_bugs=False,
                  phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck))
        @given(self.cases)
        def probe(case):
            nonlocal tried
            tried += 1
            seen = observe(case)
            if seen.kind in (NOT_ATTEMPTED, TIMED_OUT):
                stop.append((case, seen))
                raise _Stop
            problem = self.verdict(case, seen)
            if problem is not None:
                worst[:] = [(case, seen, problem)]
                raise _Mismatch

        try:
            probe()
        except _Stop:
            case, seen = stop[-1]
            if seen.kind == NOT_ATTEMPTED:
                return Result(self, NOT_ATTEMPTED)
            return self._failure(case, seen, seen.error, observe, explain=explain)
        except Exception:
            if not worst:
                raise
            return self._failure(*worst[-1], observe, explain=explain)
        for label, case in self.examples:  # named edge cases, after the generated ones
            seen = observe(case)
            problem = self.verdict(case, seen)
            if problem is not None:
                return self._failure(case, seen, problem, observe, label=label, explain=explain)
        return Result(self, PASSED, cases=tried, edge_cases=[lbl for lbl, _ in self.examples],
                      seconds=time.perf_counter() - started)

    def _failure(self, case, seen: Observation, message: str, observe, label: str = "",
                 explain: bool = True) -> Result:
        status = FAILED if seen.kind == "ok" else seen.kind
        if isinstance(message, TooSlow):
            return Result(self, TOO_SLOW, case=case, error=message, label=label)
        expected = self.expected(case) if status == FAILED else None
        pitfall = self.pitfall_for(case, seen, observe) \
            if explain and status in (FAILED, CRASHED) else None
        return Result(self, status, case=case, expected=expected, got=seen.value,
                      error=message, pitfall=pitfall, label=label)
