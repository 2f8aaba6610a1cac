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

A pitfall is a known wrong answer. When the learner's output on the failing input equals the
pitfall's output there, the report names the pitfall. The same wrong answers are the mutant zoo.

How an answer is *observed* is separate from how it is *judged*: `check` observes in this process;
the grader observes in a separate, sandboxed process and judges here. Checks are deterministic
(derandomized, no example database) and never raise into the notebook.
"""

import copy
import inspect
import pickle
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import strategies as st

from kit.checks.report import Result, show_hint, show_solution

PASSED, FAILED, NOT_ATTEMPTED = "passed", "failed", "not attempted"
TIMED_OUT, CRASHED, MUTATED = "timed out", "crashed", "mutated its input"


@dataclass(frozen=True)
class Pitfall:
    """A classic mistake, with a wrong answer that makes it (used to name it, and as a mutant)."""

    name: str
    why: str
    answer: Callable


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


def call_with_timeout(fn: Callable[[], Any], seconds: float) -> Any:
    """Call `fn()`; raise `_TimedOut` after `seconds` (by SIGALRM, so in the main thread only)."""
    in_main = threading.current_thread() is threading.main_thread()
    if not in_main or not hasattr(signal, "setitimer"):
        return fn()

    def on_alarm(signum, frame):
        raise _TimedOut

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    finally:
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
    reference: Callable
    examples: list[tuple[str, tuple]] = field(default_factory=list)
    pitfalls: list[Pitfall] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    run: Callable[[Callable, tuple], Any] = call_answer
    judge: Callable[[tuple, Any, Any], str | None] | None = None
    arg_names: tuple[str, ...] = ()
    max_examples: int = 150
    timeout: float = 2.0
    points: int = 1
    solution_source: Callable | None = None  # what solution() shows (default: reference)
    defines: str = ""  # the name the notebook must define, when it is not `name`

    @property
    def answer_name(self) -> str:
        return self.defines or self.name

    # -- the learner's API -------------------------------------------------------------
    def check(self, answer) -> Result:
        """Check `answer` against the reference. Never raises; the result is truthy iff passed."""
        if not callable(answer):
            return Result(self, CRASHED, error=f"expected a function or class, got {answer!r}")
        try:
            return self.evaluate(observe_locally(self, answer))
        except BaseException as e:  # a check never raises into the notebook
            return Result(self, CRASHED, error=f"{type(e).__name__}: {e}")

    def hint(self, n: int = 1):
        return show_hint(self, n)

    def solution(self):
        return show_solution(self, inspect.getsource(self.solution_source or self.reference))

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
        return None if seen.value == expected else "the answer differs from the expected one"

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
        """The declared pitfall that behaves like the answer: it must do the same on the failing
        case (same value, or a crash of the same type); when several do, the one that agrees with
        the answer on most of a fixed sample of cases wins."""

        def same(a: Observation, b: Observation) -> bool:
            if a.kind == b.kind == "ok":
                return a.value == b.value
            return a.kind == b.kind == CRASHED and a.error.split(":")[0] == b.error.split(":")[0]

        mutants = {p: observe_locally(self, p.answer) for p in self.pitfalls}
        candidates = [p for p, mutant in mutants.items() if same(mutant(case), seen)]
        if len(candidates) <= 1:
            return candidates[0] if candidates else None
        answers = [(c, observe(c)) for c in self.sample()]
        return max(candidates, key=lambda p: sum(same(mutants[p](c), a) for c, a in answers))

    def evaluate(self, observe: Callable[[tuple], Observation]) -> Result:
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
            return self._failure(case, seen, seen.error, observe)
        except Exception:
            if not worst:
                raise
            return self._failure(*worst[-1], observe)
        for label, case in self.examples:  # named edge cases, after the generated ones
            seen = observe(case)
            problem = self.verdict(case, seen)
            if problem is not None:
                return self._failure(case, seen, problem, observe, label=label)
        return Result(self, PASSED, cases=tried, edge_cases=[lbl for lbl, _ in self.examples],
                      seconds=time.perf_counter() - started)

    def _failure(self, case, seen: Observation, message: str, observe, label: str = "") -> Result:
        status = FAILED if seen.kind == "ok" else seen.kind
        expected = self.expected(case) if status == FAILED else None
        pitfall = self.pitfall_for(case, seen, observe) if status in (FAILED, CRASHED) else None
        return Result(self, status, case=case, expected=expected, got=seen.value,
                      error=message, pitfall=pitfall, label=label)
