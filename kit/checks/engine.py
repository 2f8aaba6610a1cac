"""The check engine: declare a problem in a few lines; `check(answer)` says exactly what happened.

A `Problem` names what the learner writes, a hypothesis strategy for its inputs (a *case* is a
tuple of arguments), the reference answer, named edge cases, known pitfalls and hints.
`problem.check(fn)` runs the named edge cases first (in the order declared: a failure there is
reported under its name, which says more to a learner than a generated input), then generated
cases, and returns a `Result` whose `status` is one `Outcome`:

- passed: every case agreed with the reference;
- failed: the first edge case that differs, or the smallest generated input hypothesis shrank
  to; expected vs got, and the pitfall it matches;
- not attempted: the answer raised NotImplementedError;
- timed out: one call ran longer than `timeout` seconds (stopped; the kernel stays usable);
- crashed: the answer raised (type, message and input are shown);
- mutated its input: the answer changed the arguments it was given;
- too slow: every answer was right, but the answer does more work than the statement promises
  (a scan where a heap was asked for): a judge says so with `too_slow(why)`, usually after
  counting operations with `kit.checks.meter` on a large input.

The answer is one text (`answer`, see `kit.checks.answers`): `solution()` shows it, the build
writes it into the solution notebook, and each pitfall is a named small edit of it (or, when the
mistake is really another algorithm, its own function). A pitfall is named only on evidence: the
learner's answer must do what the pitfall does on the failing case *and* on every sample case
where the pitfall differs from the reference or from the other candidates.

Nothing costly happens when a problem is declared (an exercises module imports in a blink): a
pitfall's edits are applied and compiled the first time its wrong answer is needed (an edit that
does not apply is an error naming the pitfall then), and the engine keeps the result.

Values are compared strictly: a tuple is not a list, a Fraction is not a float, a bool is not an
int (ints and floats of equal value are the same number). A type difference is reported as such.

How an answer is *observed* is separate from how it is *judged*: `check` observes in this process;
the grader observes in a separate, sandboxed process and judges here. Checks are deterministic
(derandomized, no example database) and never raise into the notebook.
"""

import builtins
import copy
import os
import pickle
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings
from hypothesis import strategies as st

from kit.checks import answers
from kit.checks.report import Outcome, Result, brief, show_hint, show_solution
from kit.checks.returned import GivenBack, Reused, mutable_parts, shared_with
from kit.validate import error_message

PASSED, FAILED, NOT_ATTEMPTED = Outcome.PASSED, Outcome.FAILED, Outcome.NOT_ATTEMPTED
TIMED_OUT, CRASHED, MUTATED = Outcome.TIMED_OUT, Outcome.CRASHED, Outcome.MUTATED
TOO_SLOW = Outcome.TOO_SLOW


class Verdict(NamedTuple):
    """A judge's finding other than "failed": `Verdict(Outcome.TOO_SLOW, why)`. (A judge that
    finds a wrong value returns the sentence saying why; a right one, None.)"""

    outcome: Outcome
    why: str


def too_slow(why: str) -> Verdict:
    """A judge's verdict that the answer is right but breaks the statement's cost promise."""
    return Verdict(Outcome.TOO_SLOW, why)


class Pitfall:
    """A classic mistake: a small named edit of the answer's text (`edit`: (old, new) pairs), or,
    when the mistake is another algorithm, a wrong answer of its own (`answer`). Used to name the
    mistake in a report, and as a mutant the check must kill. `why` is a sentence, or a function
    of the failing case returning one (to say what that case shows).

    A problem binds each edit to its answer (`Pitfall(..., of=answer)`, without compiling);
    `answer` then compiles the edited text on first use and the engine keeps it. A wrong answer
    that is costly to make (compiled from several texts, say) can be given as `build`, a
    function of no arguments that makes it on first use. Each pitfall is itself: hashed and
    compared by identity."""

    __slots__ = ("name", "why", "edit", "of", "build", "_answer", "__weakref__")

    def __init__(self, name: str, why: str | Callable[[tuple], str], answer: Callable | None = None,
                 edit: tuple[tuple[str, str], ...] | list[tuple[str, str]] = (), *,
                 of: Callable | None = None, build: Callable[[], Callable] | None = None):
        for slot, value in (("name", name), ("why", why), ("edit", tuple(edit)), ("of", of),
                            ("build", build), ("_answer", answer)):
            object.__setattr__(self, slot, value)

    def __setattr__(self, name, value):
        raise AttributeError(f"a Pitfall is frozen: cannot set {name!r}")

    @property
    def answer(self) -> Callable | None:
        """The wrong answer: given, built, or the bound answer with the edits applied (made
        once, on first use)."""
        if self._answer is not None or (self.of is None and self.build is None):
            return self._answer
        if self not in _MADE:
            _MADE[self] = self.build() if self.build is not None else \
                answers.edited(self.of, self.edit, self.name)
        return _MADE[self]

    def __repr__(self) -> str:
        how = f"edit={list(self.edit)!r}" if self.edit else f"answer={self._answer!r}"
        return f"Pitfall({self.name!r}, {self.why!r}, {how})"


_MADE: "weakref.WeakKeyDictionary[Pitfall, Callable]" = weakref.WeakKeyDictionary()


_NUMBERS = (int, float)


def a_kind(value) -> str:
    """"a list", "an int", "None": how a message names what a value is."""
    if value is None:
        return "None"
    kind = type(value)
    name = kind.__name__
    if kind.__module__ != "builtins" and isinstance(getattr(builtins, name, None), type):
        name = f"{kind.__module__}.{name}"  # numpy's bool is not Python's: say whose it is
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


_CONTAINERS = (dict, list, tuple, set)


def _type_difference(expected, got, where: str, exact: bool = False) -> str | None:
    """The first type that differs, outside in; items before the count of items (a list of
    lists for a list of tuples is said as such, whatever their numbers). Ints and floats are one
    kind unless `exact` (a statement that names "an int" or "a float"). Where a plain dict,
    list, tuple or set is expected, a subclass of it (an OrderedDict, a defaultdict) is one."""
    if type(expected) in _CONTAINERS and isinstance(got, type(expected)):
        pass
    elif type(expected) is not type(got) and (exact or not (type(expected) in _NUMBERS
                                                            and type(got) in _NUMBERS)):
        shown = f" ({got!r})" if type(expected) in _NUMBERS and type(got) in _NUMBERS else ""
        return f"{where}expected {a_kind(expected)}, got {a_kind(got)}{shown}"
    if isinstance(expected, list | tuple):
        fields = getattr(expected, "_fields", None)
        for i, (e, g) in enumerate(zip(expected, got, strict=False)):
            inner = _type_difference(e, g, f"{where}{fields[i] if fields else f'item {i}'}: ",
                                     exact)
            if inner is not None:
                return inner
    if isinstance(expected, list | tuple | dict) and len(expected) != len(got):
        n = len(expected)
        return f"{where}expected {n} item{'s' * (n != 1)}, got {len(got)}"
    for label, e, g in _items(expected, got) if isinstance(expected, dict) else ():
        inner = _type_difference(e, g, f"{where}{label}: ", exact)
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
    return f"{where}expected {brief(expected)}, got {brief(got)}" if where else \
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


class OutOfTime(BaseException):
    """Raised into a call that ran past its time limit (not an Exception: the learner's own
    `except Exception` cannot swallow it)."""


class _Mismatch(Exception):
    pass


# The seeds of the generated cases and of the sample cases. They are the ones hypothesis derived
# (derandomize) from the text of the two functions below before the seeds were written down, so
# the check loop's code can now be edited without changing a single generated case; changing a
# seed changes every check's cases, and with them stored notebook outputs and zoo verdicts.
CASE_SEED = int("2b24449cefc73e472a465050194327c4de9422b0db4ff6004c6d1f68eb19f98c90ee0e8b0063a0"
                "b38b7cbbcf535685b8", 16)
SAMPLE_SEED = int("4172ba90445dc0bfaeae52d429f8f2fc018d3559a33761072c39451925d4ac71fd58e375e749d5"
                  "c4d8e261b65980d1c5", 16)
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
    """Call `fn()` under `memory_guard`; raise `OutOfTime` after `seconds` (by SIGALRM, so in the
    main thread only). The alarm repeats every ALARM_REPEAT seconds until the call ends: Python
    drops an exception raised in a garbage-collector callback or a `__del__`, and a dropped
    timeout would let the answer run for ever. A dropped one is not reported either (a test
    runner's hook would count it as an error of its own)."""
    in_main = threading.current_thread() is threading.main_thread()
    if not in_main or not hasattr(signal, "setitimer"):
        with memory_guard():
            return fn()
    armed = [True]

    def on_alarm(signum, frame):
        if armed[0]:  # an alarm that lands after the call has ended is ignored
            raise OutOfTime

    def unraisable(report):  # our alarm, dropped by a gc callback or a __del__: it fires again
        if not isinstance(report.exc_value, OutOfTime):
            hook(report)

    hook, sys.unraisablehook = sys.unraisablehook, unraisable
    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds, ALARM_REPEAT)
    try:
        with memory_guard():
            return fn()
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.unraisablehook = hook


def call_answer(answer: Callable, case: tuple) -> Any:
    """The default way to run an answer on a case: `answer(*case)`."""
    return answer(*case)


def observe_locally(problem: "Problem", answer: Callable) -> Callable[[tuple], Observation]:
    """An observer that runs `answer` here, on a deep copy of each case, with a time limit. A
    result that shares a list, dict or set with the answer's previous result (kept per problem
    and answer, across observers: the grader asks one case at a time) is reported `Reused`."""
    kept = _RUN_STATE.of(problem).setdefault("kept", {})

    def observe(case: tuple) -> Observation:
        args = copy.deepcopy(case)
        try:
            value = call_with_timeout(lambda: problem.run(answer, args), problem.timeout)
        except NotImplementedError:
            return Observation(NOT_ATTEMPTED)
        except OutOfTime:
            return Observation(TIMED_OUT, error=f"no answer after {problem.timeout:g} s")
        except Exception as e:  # the learner's bug, reported, never raised
            return Observation(CRASHED, error=f"{type(e).__name__}: {error_message(e)}")
        if args != case:
            return Observation(MUTATED, value, error="the call changed the arguments it was given; "
                               "work on a copy (sorted(x) returns a new list, x.sort() does not)")
        earlier = kept.get(id(answer), (None, {}))[1]
        kept[id(answer)] = (answer, mutable_parts(value))  # the answer held: its id stays its own
        return Observation("ok", shared_with(earlier, value))

    return observe


def _settings(n: int, phases: list) -> settings:
    """The checks' hypothesis settings: `n` cases, derandomized, quiet, no database."""
    return settings(max_examples=n, derandomize=True, database=None, deadline=None,
                    verbosity=Verbosity.quiet, print_blob=False, report_multiple_bugs=False,
                    phases=phases, suppress_health_check=list(HealthCheck))


def _drawn(cases: st.SearchStrategy, n: int, seed_value: int) -> list[tuple]:
    """The `n` cases hypothesis draws from `cases` with the checks' settings and `seed_value`
    when no test fails: the same, in the same order, every time."""
    drawn: list[tuple] = []

    @_settings(n, [Phase.generate])
    @seed(seed_value)
    @given(cases)
    def collect(case):
        drawn.append(case)

    collect()
    return drawn


class _RunState:
    """What the engine has computed for one problem: run state, kept out of the declaration. Per
    problem (by identity, dropped with it): the reference's answers by pickled case, and the
    sample cases."""

    def __init__(self):
        self._of: dict[int, dict] = {}

    def of(self, problem) -> dict:
        key = id(problem)
        if key not in self._of:
            self._of[key] = {"expected": {}}
            weakref.finalize(problem, self._of.pop, key, None)
        return self._of[key]


_RUN_STATE = _RunState()


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
    # mutant key -> why it is right, or a rule: mutant -> why it is right, or None (see mutate)
    equivalent: dict[str, str] | Callable[[Any], str | None] = field(default_factory=dict)
    exact_numbers: bool = False  # the statement names "an int" / "a float": 6.0 is not 6

    def __post_init__(self):
        """Pitfalls declared as edits are bound to this problem's answer, not compiled: that
        happens on first use (`Pitfall.answer`), so declaring costs nothing."""
        if self.reference is None:
            self.reference = self.answer
        bound = []
        for p in self.pitfalls:
            if p._answer is None and p.build is None:
                if self.answer is None or not p.edit:
                    raise answers.EditError(f"pitfall {p.name!r} of {self.name}: give edits of "
                                            "the problem's answer or an answer of its own")
                p = Pitfall(p.name, p.why, edit=p.edit, of=self.answer)
            bound.append(p)
        self.pitfalls = bound

    @property
    def answer_name(self) -> str:
        return self.defines or self.name

    # -- the learner's API -------------------------------------------------------------
    def check(self, answer, explain: bool = True) -> Result | None:
        """Check `answer` against the reference and return the `Result`, truthy iff passed; it
        never raises. `explain=False` skips naming a pitfall (the mutation zoo only needs the
        verdict).

        Under nbgrader (its autograde or validate sets NBGRADER_EXECUTION) it returns None
        instead: the report is printed, and a check that did not pass raises AssertionError,
        because nbgrader scores a graded cell by whether it raised (and would read a returned
        value as partial credit)."""
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
            return Result(self, CRASHED, error=f"{type(e).__name__}: {error_message(e)}")

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
        memo = _RUN_STATE.of(self)["expected"]
        if key not in memo:
            memo[key] = self.run(self.reference, copy.deepcopy(case))
        return memo[key]

    def verdict(self, case: tuple, seen: Observation) -> str | None:
        """None when the observation is right; otherwise a sentence saying what is wrong."""
        found = self.judged(case, seen)
        return None if found is None else found.why

    def judged(self, case: tuple, seen: Observation) -> Verdict | None:
        """None when the observation is right; otherwise its outcome and a sentence saying why."""
        if seen.kind != "ok":
            return Verdict(Outcome(seen.kind), seen.error or str(seen.kind))
        if isinstance(seen.value, GivenBack | Reused):
            return Verdict(Outcome.FAILED, seen.value.why())
        expected = self.expected(case)
        found = self.exact_numbers and _type_difference(expected, seen.value, "", exact=True)
        found = found or (self.judge(case, expected, seen.value) if self.judge is not None
                          else difference(expected, seen.value))
        if found is None or isinstance(found, Verdict):
            return found
        return Verdict(Outcome.FAILED, found)

    def sample(self, n: int = 30) -> list[tuple]:
        """`n` generated cases, the same ones every time, then the named edge cases: the inputs
        that tell similar pitfalls apart."""
        state = _RUN_STATE.of(self)
        if ("sample", n) not in state:
            state["sample", n] = _drawn(self.cases, n, SAMPLE_SEED) + [c for _, c in self.examples]
        return state["sample", n]

    def pitfall_for(self, case: tuple, seen: Observation,
                    observe: Callable[[tuple], Observation]) -> Pitfall | None:
        """The declared pitfall the answer behaves like, on evidence, or None.

        A candidate does what the answer did on the failing case (the same value, strictly, or a
        crash of the same type). It is named only if the answer also agrees with it on every
        sample case that tells it apart: where it differs from the reference or from another
        candidate, and on every named edge case where the answer itself is wrong (a different
        mistake that meets this one on the failing case is not this one). Of several that pass,
        the first declared is named."""

        def alike(a: Observation, b: Observation) -> bool:
            if a.kind == b.kind == "ok":
                return same(a.value, b.value)
            return a.kind == b.kind == CRASHED and a.error.split(":")[0] == b.error.split(":")[0]

        def agree(c: tuple, a: Observation, b: Observation) -> bool:
            """Alike, or both values the problem's own judge cannot tell apart on case `c` (a
            counted cost, say, that differs between two programs doing the same thing)."""
            return alike(a, b) or (a.kind == b.kind == "ok" and self.judge is not None
                                   and self.judge(c, a.value, b.value) is None
                                   and self.judge(c, b.value, a.value) is None)

        mutants = {p: observe_locally(self, p.answer) for p in self.pitfalls}
        candidates = [p for p, mutant in mutants.items() if alike(mutant(case), seen)]
        if not candidates:
            return None
        sample = self.sample()
        truth = {i: Observation("ok", self.expected(c)) for i, c in enumerate(sample)}
        runs = {p: [mutants[p](c) for c in sample] for p in candidates}
        edges = range(len(sample) - len(self.examples), len(sample))  # the named edge cases
        mine: dict[int, Observation] = {i: observe(sample[i]) for i in edges}
        wrong = [i for i in edges if not agree(sample[i], mine[i], truth[i])]
        for p in candidates:
            telling = [i for i, c in enumerate(sample)
                       if not agree(c, runs[p][i], truth[i])
                       or any(not agree(c, runs[p][i], runs[q][i])
                              for q in candidates if q is not p)]
            for i in [*telling, *wrong]:
                if i not in mine:
                    mine[i] = observe(sample[i])
                if not agree(sample[i], mine[i], runs[p][i]):
                    break
            else:
                return p
        return None

    def generated(self) -> list[tuple]:
        """The cases `evaluate` draws when nothing fails, in its order: hypothesis with the same
        settings and seed, run once per problem and kept (drawing costs far more than checking a
        case, and every check of a right answer meets exactly these)."""
        state = _RUN_STATE.of(self)
        if "generated" not in state:
            state["generated"] = _drawn(self.cases, self.max_examples, CASE_SEED)
        return state["generated"]

    def prepare(self) -> "Problem":
        """Draw the cases and the reference's answers now (a grader does this before it forks,
        so every judge starts with them)."""
        for case in self.generated() + [case for _, case in self.examples]:
            self.expected(case)
        return self

    def evaluate(self, observe: Callable[[tuple], Observation], explain: bool = True) -> Result:
        """The named edge cases in order, then the generated cases (`generated`, replayed); on
        the first failure hypothesis draws them again and shrinks it, via `observe`."""
        started = time.perf_counter()
        for label, case in self.examples:
            seen = observe(case)
            if seen.kind == NOT_ATTEMPTED:
                return Result(self, NOT_ATTEMPTED)
            found = self.judged(case, seen)
            if found is not None:
                return self._failure(case, seen, found, observe, label=label, explain=explain)
        first = None  # the first failing generated case, in replay order
        for case in self.generated():
            seen = observe(case)
            if seen.kind == NOT_ATTEMPTED:
                return Result(self, NOT_ATTEMPTED)
            if seen.kind == TIMED_OUT:  # not run again: it costs its whole time limit
                return self._failure(case, seen, self.judged(case, seen), observe,
                                     explain=explain)
            found = self.judged(case, seen)
            if found is not None:
                first = (case, seen, found)
                break
        else:
            return Result(self, PASSED, cases=len(self.generated()),
                          edge_cases=[lbl for lbl, _ in self.examples],
                          seconds=time.perf_counter() - started)
        worst: list = []  # latest failing (case, observation, verdict): at the end, the shrunk one
        stop: list = []

        @_settings(self.max_examples, [Phase.generate, Phase.shrink])
        @seed(CASE_SEED)
        @given(self.cases)
        def probe(case):
            seen = observe(case)
            if seen.kind in (NOT_ATTEMPTED, TIMED_OUT):
                stop.append((case, seen))
                raise _Stop
            found = self.judged(case, seen)
            if found is not None:
                worst[:] = [(case, seen, found)]
                raise _Mismatch

        try:
            probe()
        except _Stop:
            case, seen = stop[-1]
            if seen.kind == NOT_ATTEMPTED:
                return Result(self, NOT_ATTEMPTED)
            return self._failure(case, seen, self.judged(case, seen), observe, explain=explain)
        except Exception:
            if not worst:
                raise
            return self._failure(*worst[-1], observe, explain=explain)
        # the answer failed the replay but not hypothesis' second draw (it is not deterministic):
        # the replay's failure stands, unshrunk
        return self._failure(*first, observe, explain=explain)

    def _failure(self, case, seen: Observation, found: Verdict, observe, label: str = "",
                 explain: bool = True) -> Result:
        status, message = found
        if status == TOO_SLOW:
            return Result(self, TOO_SLOW, case=case, error=message, label=label)
        expected = self.expected(case) if status == FAILED else None
        if status == FAILED and explain:
            again = observe(case)
            if again.kind != seen.kind or not same(again.value, seen.value):
                message += (f" (called again on the same input, it gave {again.value!r}: an "
                            "answer must depend on its arguments only, not on state kept "
                            "between calls (a global, a class attribute, a default argument) "
                            "nor on randomness it did not get from them)")
        pitfall = self.pitfall_for(case, seen, observe) \
            if explain and status in (FAILED, CRASHED) else None
        return Result(self, status, case=case, expected=expected, got=seen.value,
                      error=message, pitfall=pitfall, label=label)
