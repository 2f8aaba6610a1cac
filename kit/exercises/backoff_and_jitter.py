"""Exercises for 04_backoff_and_jitter: the capped delay, the retry schedule, decorrelated jitter.

Randomness is injected, so a check can replay it: every case carries a `Rand`, a description of
the `rand` argument ("random.Random(3).random", "lambda: 0.999999" or "itertools.cycle([0.0,
0.5]).__next__", which reaches both ends of [0, 1)) that `run` turns into a fresh callable for
each call. q1 is compared with the reference exactly, q2 to 1e-9 (relative). q3 may use the random
number either way up (`base + r * w` and `top - r * w` are both uniform), so each of its 1,000
waits is compared with both mappings of the value rand() returned for it (every value in [0, 1)
may come up, so a notch anywhere in the mapping shows), with rand() held at a few values (FIXED),
and on the distribution of the waits.
"""

import itertools
import math
import random
import statistics
from dataclasses import dataclass
from typing import NamedTuple

from hypothesis import strategies as st

from kit import backoff
from kit.checks import Pitfall, Problem, a_kind


@dataclass(frozen=True)
class Rand:
    """The `rand` argument of a case: a seeded generator's `random`, or a constant."""

    seed: int = 0
    value: float | None = None
    cycle: tuple = ()  # these values, in turn, for ever

    def make(self):
        if self.value is not None:
            return lambda: self.value
        if self.cycle:
            return itertools.cycle(self.cycle).__next__
        return random.Random(self.seed).random

    def __repr__(self) -> str:
        if self.value is not None:
            return f"lambda: {self.value!r}"
        if self.cycle:
            return f"itertools.cycle({list(self.cycle)!r}).__next__"
        return f"random.Random({self.seed}).random"


TOP = Rand(value=0.999999)  # the seed's worst case: jitter picks (almost) the whole ceiling
HUGE = [31, 32, 63, 64, 100, 1_000, 1_100, 10**4, 10**5, 10**6]  # past any exponent clamp
LOWEST_BASE, HIGHEST_CAP = 0.001, 1e300  # the statement's bounds: 0.001 <= base <= cap <= 1e300


@st.composite
def _base_cap(draw):
    """base in 0.1 .. 10 and cap in base .. 500, both on a 0.1 grid (readable counterexamples)."""
    b = draw(st.integers(1, 100))
    return b / 10, draw(st.integers(b, 5000)) / 10


@st.composite
def _far_cap(draw):
    """The statement's extremes: base down to 0.001, cap far above base * 2**30 (up to 1e300),
    so only the exact ceiling min(cap, base * 2**attempt) passes, whatever an exponent clamp."""
    base = draw(st.sampled_from([LOWEST_BASE, 0.1, 1.0, 2.5]))
    cap = draw(st.sampled_from([2.0**31, 1e12, 3 * 2.0**62, 1e30, 1e100, HIGHEST_CAP])
               | st.floats(1e9, HIGHEST_CAP))
    return base, cap


base_caps = st.one_of(_base_cap(), _far_cap())


@st.composite
def _at_the_cap(draw):
    """(attempt, base, cap) with attempt within two of where the ceiling reaches cap: the
    boundary a hard-coded threshold ("cap from attempt 1000 on") or a clamp gets wrong. Some
    caps are base × 2^k itself or one float step from it: where a threshold computed in floats
    (log2(cap / base), a division) lands on the wrong side."""
    base, cap = draw(st.one_of(_base_cap(), _far_cap()))
    step = draw(st.sampled_from((None, -1, 0, 1)))
    if step is not None:
        exact = base * 2 ** draw(st.integers(1, 40))
        cap = exact if step == 0 else math.nextafter(exact, step * math.inf)
    crossing = math.floor(math.log2(cap / base)) if cap > base else 0
    return max(0, crossing + draw(st.integers(-2, 2))), base, cap


seeds = st.integers(0, 2**16).map(lambda s: Rand(seed=s))
BELOW_ONE = math.nextafter(1.0, 0.0)  # the largest value rand() may return
# rand() returning the ends of [0, 1) (0 exactly, the float just below 1) among other values
cycles = st.lists(st.one_of(st.just(0.0), st.just(BELOW_ONE), st.floats(0, 1, exclude_max=True)),
                  min_size=1, max_size=6).map(lambda v: Rand(cycle=tuple(v)))
rands = seeds | cycles


def _close(a, b) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def _is_number(x) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


# -- the answers: what solution() shows and the notebook holds, the text each pitfall edits -------
def backoff_delay(attempt, base, cap, rand):
    """Full jitter: a uniform fraction rand() of the ceiling min(cap, base * 2**attempt)."""
    ceiling = base
    for _ in range(attempt):  # double until the cap: no huge power, no overflow
        if ceiling >= cap:
            break
        ceiling *= 2
    return rand() * min(cap, ceiling)


def retry_schedule(attempts, base, cap, rand):
    """Absolute retry times after a failure at t = 0: the running sum of the waits, one
    backoff_delay (one rand() call) per retry."""
    t, times = 0.0, []
    for attempt in range(attempts):
        t += backoff_delay(attempt, base, cap, rand)
        times.append(t)
    return times


def decorrelated(previous, base, cap, rand):
    """The next wait: uniform between base and three times the previous wait (one rand() call),
    then capped."""
    return min(cap, base + rand() * (3 * previous - base))


def run_with_rand(answer, case):
    """Call an answer with a fresh `rand` made from the case's description."""
    *args, r = case
    return answer(*args, r.make())


def _judge_delay(case, expected, got) -> str | None:
    if not _is_number(got):
        return f"expected a number of seconds, got {a_kind(got)}"
    if math.isnan(got) or math.isinf(got):
        return f"the delay must be a finite number, got {got!r}"
    if got != expected:  # exactly: base × 2^attempt is exact in floats, so is its product
        return "the delay differs from rand() × min(cap, base × 2^attempt)" + _why_delay(case, got)
    return None


def _why_delay(case, got) -> str:
    """What the wrong delay looks like, by class, on evidence only: the right delay rounded, a
    later draw of rand() (called more than once), equal jitter, the uncapped ceiling, a ceiling
    above cap, a power of two off by one, or a ceiling that stopped doubling below cap."""
    attempt, base, cap, r = case
    rand = r.make()
    draws = [rand() for _ in range(4)]
    ceiling = backoff.no_jitter(attempt, base, cap)
    right = draws[0] * ceiling
    for digits in range(7):
        cut = math.floor(right * 10**digits) / 10**digits
        if got in (round(right, digits), cut) and got != right and not any(
                _close(got, x) for x in (ceiling, cap, base)):
            how = "rounded" if got == round(right, digits) else "cut"
            return (f": it is the right delay, {right!r}, {how} to {digits} decimal"
                    f"{'s' * (digits != 1)}; return the delay as computed")
    if _close(got, right):
        return (f": it is {got!r}, the exact delay is {right!r}: a few float steps off. Compute "
                "rand() × min(cap, ceiling) with the ceiling doubled from base and compared with "
                "cap directly; a threshold computed in floats (log2(cap / base), a division) can "
                "land on the wrong side of cap")
    for n, draw in enumerate(draws[1:], start=2) if r.value is None else ():
        if _close(got, draw * ceiling):
            nth = {2: "second", 3: "third", 4: "fourth"}[n]
            return (f": it is the right ceiling times the {nth} value rand() returned, so rand() "
                    f"was called {n} times for one delay; call it exactly once (the schedule of "
                    "q2 relies on one draw per retry)")
    draw = draws[0]
    if _close(got, ceiling / 2 + draw * ceiling / 2):
        return (": it is ceiling / 2 + rand() × ceiling / 2 (equal jitter); full jitter waits "
                "rand() × ceiling, anywhere from 0 up to the ceiling")
    if _close(got, cap) and right < cap:
        return (": it is cap itself, as if with no jitter or with the jittered wait capped; the "
                "wait is rand() × min(cap, base × 2^attempt), jitter after the cap")
    if _close(got, ceiling) and draw < 0.999:
        return ": it is the ceiling itself, with no jitter (multiply it by rand())"
    if draw == 0:
        return ""
    implied = got / draw
    if attempt <= 1000 and _close(implied, base * 2.0 ** attempt):
        return (f": it is rand() × base × 2^{attempt}, with no cap: its ceiling, "
                f"{implied:.10g}, is above cap = {cap:.10g}")
    if implied > cap * (1 + 1e-6):
        return f": the ceiling it implies, {implied:.10g}, is above cap = {cap:.10g}"
    k = math.log2(implied / base) if implied > 0 else math.nan
    if math.isfinite(k) and abs(k - round(k)) < 1e-6:
        k = round(k)
        if k == attempt + 1:
            return f": its ceiling is base × 2^{k}, one doubling too many (attempt counts from 0)"
        if k == attempt - 1 and implied < cap:
            return (f": its ceiling is base × 2^{k}, one doubling short of base × 2^{attempt} "
                    "(attempt counts from 0, and no exponent clamp may bind before the cap)")
        if k < attempt and implied < cap:
            return (f": its ceiling is base × 2^{k}, below min(cap, base × 2^{attempt}) = "
                    f"{ceiling:g}: the ceiling doubles until it reaches cap. A clamp on the "
                    f"exponent such as min(attempt, {k}) does this; so does a ceiling kept from "
                    "an earlier call with other arguments (a default argument or a global "
                    "outlives the call)")
    return ""


LOOP = ("    ceiling = base\n"
        "    for _ in range(attempt):  # double until the cap: no huge power, no overflow\n"
        "        if ceiling >= cap:\n"
        "            break\n"
        "        ceiling *= 2\n"
        "    return rand() * min(cap, ceiling)\n")


def _written(line: str) -> list[tuple[str, str]]:
    """The edit that replaces the whole answer by one return line, as a learner writes it."""
    return [(LOOP, f"    return {line}\n")]


def _clamped(k: int) -> Pitfall:
    line = f"rand() * min(cap, base * 2 ** min(attempt, {k}))"
    return Pitfall(CLAMPED, CLAMPED_WHY, edit=_written(line))


ENDLESS = ("doubling `attempt` times without stopping reaches inf, and min(cap, inf) is cap: "
           "right, only slower (10**6 doublings still take well under the time limit)")
NO_CAP_WHY = "the ceiling must stop growing at cap: min(cap, base × 2^attempt)"
CLAMPED = "exponent clamped below the cap"
CLAMPED_WHY = ("a clamp on the exponent must never bind before the cap does (for example, with "
               "base 1 and cap 1e30 the ceiling of attempt 70 is 2^70, not 2^62 or 2^30; the case "
               "above says where yours binds). Double the ceiling until it reaches cap (or clamp "
               "where base × 2^k is past every cap allowed)")
JITTER_FIRST = "jitter applied before the cap"
JITTER_FIRST_WHY = ("min(cap, rand() × base × 2^attempt) piles every late retry onto exactly cap: "
                    "the herd is back in lock-step. Cap the ceiling first, then jitter it")
PLUS_ONE = "off by one: attempt + 1"
PLUS_ONE_WHY = "attempt 0 is the first retry and its ceiling is base itself (2 ** 0 = 1)"
MINUS_ONE, MINUS_ONE_WHY = ("off by one: attempt - 1",
                            "attempt counts from 0 here, so the first retry waits up to base, not "
                            "base / 2 (some systems count from 1: read the question)")
NO_JITTER_WHY = ("without rand() every client that failed together retries together; full jitter "
                 "waits rand() × ceiling")

q1 = Problem(
    name="backoff_delay",
    arg_names=("attempt", "base", "cap", "rand"),
    cases=st.one_of(
        st.tuples(st.one_of(st.integers(0, 12), st.sampled_from(HUGE), st.integers(13, 1100)),
                  base_caps, rands).map(lambda t: (t[0], *t[1], t[2])),
        st.tuples(_at_the_cap(), rands).map(lambda t: (*t[0], t[1]))),
    answer=backoff_delay,
    reference=backoff.backoff_delay,
    run=run_with_rand,
    judge=_judge_delay,
    examples=[("rand() = 0.654321, attempt 3: every digit of the delay counts",
               (3, 0.1, 10.0, Rand(value=0.654321))),
              ("the seed's worst case, attempt 7 (0.1 doubled 7 times is 12.8: capped at 10)",
               (7, 0.1, 10.0, TOP)),
              ("attempt 0 is the first retry", (0, 0.1, 10.0, TOP)),
              ("rand() = 0 retries at once", (3, 1.0, 30.0, Rand(value=0.0))),
              ("a huge attempt: 10**6", (10**6, 0.1, 10.0, TOP)),
              ("a cap far above base × 2^62: attempt 70, base 1, cap 1e30", (70, 1.0, 1e30, TOP)),
              ("a cap one float step above base × 2^5 (3.2000000000000006): attempt 5 is "
               "not capped", (5, 0.1, math.nextafter(0.1 * 2**5, math.inf), TOP)),
              ("the extremes: base 0.001, cap 1e300, attempt 10**6",
               (10**6, LOWEST_BASE, HIGHEST_CAP, TOP)),
              ("base equal to cap", (5, 2.0, 2.0, TOP)),
              ("attempt 1000 with base 0.001 and cap 1e300: 0.001 × 2^1000 is still below cap",
               (1000, LOWEST_BASE, HIGHEST_CAP, TOP))],
    pitfalls=[
        Pitfall("no cap", NO_CAP_WHY, edit=_written("rand() * base * 2 ** attempt")),
        Pitfall("no cap", NO_CAP_WHY, edit=_written("rand() * base * 2 ** min(attempt, 62)")),
        Pitfall("no cap", NO_CAP_WHY, edit=[("        if ceiling >= cap:\n            break\n", ""),
                                             ("min(cap, ceiling)", "ceiling")]),
        Pitfall("overflow on huge attempts",
                lambda case: f"base × 2 ** attempt with attempt = {case[0]} is too big for a "
                "float (OverflowError: a float stops near 2 ** 1024); stop doubling once the "
                "ceiling reaches cap",
                edit=_written("rand() * min(cap, base * 2 ** attempt)")),
        _clamped(30), _clamped(31), _clamped(32), _clamped(62), _clamped(63), _clamped(64),
        _clamped(100), _clamped(1000),
        Pitfall(JITTER_FIRST, JITTER_FIRST_WHY,
                edit=_written("min(cap, rand() * base * 2 ** attempt)")),
        Pitfall(JITTER_FIRST, JITTER_FIRST_WHY,
                edit=_written("min(cap, rand() * base * 2 ** min(attempt, 62))")),
        Pitfall(JITTER_FIRST, JITTER_FIRST_WHY,
                edit=[("rand() * min(cap, ceiling)", "min(cap, rand() * ceiling)")]),
        Pitfall(PLUS_ONE, PLUS_ONE_WHY, edit=[("range(attempt)", "range(attempt + 1)")]),
        Pitfall(PLUS_ONE, PLUS_ONE_WHY,
                edit=_written("rand() * min(cap, base * 2 ** (attempt + 1))")),
        Pitfall(MINUS_ONE, MINUS_ONE_WHY,
                edit=_written("rand() * min(cap, base * 2.0 ** (attempt - 1))")),
        Pitfall(MINUS_ONE, MINUS_ONE_WHY,
                edit=[("    ceiling = base\n", "    ceiling = base / 2\n")]),
        Pitfall("no jitter", NO_JITTER_WHY,
                edit=[("return rand() * min(cap, ceiling)", "return min(cap, ceiling)")]),
        Pitfall("no jitter", NO_JITTER_WHY, edit=_written("min(cap, base * 2 ** attempt)")),
    ],
    equivalent={"backoff_delay compare: `ceiling >= cap` -> `ceiling > cap` in `if ceiling >= "
                "cap:`": "a ceiling equal to cap "
                "doubles once more, and min(cap, 2 × cap) is cap",
                "backoff_delay delete: `if ceiling >= cap:` -> `pass`": ENDLESS,
                "backoff_delay delete: `break` -> `pass`": ENDLESS},
    hints=["First the ceiling: base, 2·base, 4·base, ... never above cap. Then the jitter: a "
           "uniform fraction of it.",
           "`base * 2 ** attempt` breaks past attempt ≈ 1,024 (OverflowError), and clamping the "
           "exponent, `2 ** min(attempt, 30)`, stops the ceiling at base·2^30 even when cap is "
           "1e30. When can you stop doubling?",
           "Start at `ceiling = base` and double it `attempt` times, stopping as soon as it "
           "reaches cap; return `rand() * min(cap, ceiling)`."],
)


# -- q2: the retry schedule ----------------------------------------------------------------------
def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


class RandCalls(NamedTuple):
    """What a schedule run reports when the answer called rand() other than once per retry;
    shown as what the answer returned, and how often it called rand()."""

    times: object
    calls: int

    def __repr__(self) -> str:
        return f"{self.times!r} (returned after calling rand() {_times(self.calls)})"


def run_schedule(answer, case):
    """Call the answer with a fresh, counted `rand`: its times, or RandCalls when it called
    rand() other than once per retry (an extra draw after the last one changes no time)."""
    attempts, base, cap, r = case
    rand, calls = r.make(), [0]

    def counted():
        calls[0] += 1
        return rand()

    times = answer(attempts, base, cap, counted)
    return times if calls[0] == attempts else RandCalls(times, calls[0])


def _judge_schedule(case, expected, got) -> str | None:
    if isinstance(got, RandCalls):
        return (_judge_schedule(case, expected, got.times) or
                f"{case[0]} retries called rand() {_times(got.calls)}: once per retry, in order "
                "(a replay with the same rand must give the same schedule)")
    if not isinstance(got, list):
        return f"expected a list of times, got {a_kind(got)}"
    if len(got) != len(expected):
        return f"{case[0]} retries need {case[0]} times, the answer has {len(got)}"
    if not all(_is_number(t) for t in got):
        return "every retry time must be a number"
    for i, (want, t) in enumerate(zip(expected, got, strict=True)):
        if not _close(want, t):
            return f"retry {i} (counting from 0) is at the wrong time"
    return None


STEP = "        t += backoff_delay(attempt, base, cap, rand)\n        times.append(t)\n"

q2 = Problem(
    name="retry_schedule",
    arg_names=("attempts", "base", "cap", "rand"),
    cases=st.tuples(st.integers(0, 12) | st.integers(60, 120), base_caps, rands)
    .map(lambda t: (t[0], *t[1], t[2])),
    answer=retry_schedule,
    reference=backoff.retry_schedule,
    run=run_schedule,
    judge=_judge_schedule,
    examples=[("no retries", (0, 1.0, 30.0, Rand(seed=7))),
              ("the seed's schedule: 5 retries, base 1, cap 30", (5, 1.0, 30.0, Rand(seed=7))),
              ("70 retries", (70, 0.1, 10.0, Rand(seed=3))),
              ("70 retries under a cap far above base × 2^62", (70, 1.0, 1e30, Rand(seed=3))),
              ("the worst case: rand() ≈ 1", (8, 0.1, 10.0, TOP)),
              ("rand() = 0 on every other retry: each of those retries is at once, and is listed",
               (4, 1.0, 30.0, Rand(cycle=(0.0, 0.5))))],
    pitfalls=[
        Pitfall("waits instead of times",
                "the schedule holds absolute times: add each wait to the previous retry time",
                edit=[(STEP, "        times.append(backoff_delay(attempt, base, cap, rand))\n")]),
        Pitfall("the failure itself counted as a retry",
                "the first entry is the first retry, after one wait; t = 0 is the failure",
                edit=[(STEP, "        times.append(t)\n"
                             "        t += backoff_delay(attempt, base, cap, rand)\n")]),
        Pitfall("off by one: attempts numbered from 1",
                "the first retry is attempt 0, whose ceiling is base",
                edit=[("backoff_delay(attempt, ", "backoff_delay(attempt + 1, ")]),
        Pitfall("one random draw for every retry",
                "draw rand() once per retry; one shared fraction puts each client on its own "
                "fixed, scaled copy of the no-jitter schedule",
                edit=[("t, times = 0.0, []", "t, times, r = 0.0, [], rand()"),
                      ("cap, rand)\n", "cap, lambda: r)\n")]),
        Pitfall("no jitter", "each wait is rand() × ceiling, not the ceiling",
                edit=[("cap, rand)\n", "cap, lambda: 1.0)\n")]),
    ],
    hints=["Keep a clock t that starts at 0 (the failure). For each retry, add its wait to t and "
           "record t.",
           "The wait before retry number a (0, 1, 2, ...) is your backoff_delay(a, base, cap, "
           "rand); call rand() once per retry, in order.",
           "`t += backoff_delay(a, base, cap, rand); times.append(t)` for a in range(attempts)."],
)


# -- q3: decorrelated jitter ---------------------------------------------------------------------
DRAWS = 1000  # calls per case; the sample's mean and spread are compared with the exact ones


FIXED = (*(i / 20 for i in range(20)), 0.999999)  # rand() held at each: the wait must follow it


class Sample(NamedTuple):
    """What DRAWS calls returned (rounded): lowest, highest, mean, standard deviation; how many
    times they called rand(); the waits of one call each with rand() held at FIXED; and `stray`,
    () when every wait of the DRAWS calls is a mapping of the value rand() returned for it (one
    way up for all), else (that value, the wait, the wait the mapping gives, "up" or "down") for
    the first that is not."""

    lowest: float
    highest: float
    mean: float
    spread: float
    rand_calls: int
    fixed: tuple = ()
    stray: tuple = ()


@st.composite
def _decorrelated_case(draw):
    """base and cap as in q1 (0.001 <= base <= cap <= 1e300), or a cap of 10**3 to 10**9, and
    previous of every magnitude between them (a past wait lies in [base, cap]): on the 0.1 grid
    up to 500, at either end, or base × 10^k × (1 to 10), k mostly small."""
    base, cap = draw(st.one_of(base_caps, st.tuples(st.integers(1, 100).map(lambda b: b / 10),
                                                    st.integers(10**3, 10**9).map(float))))
    low = max(1, round(base * 10))
    grid = st.integers(low, max(low, round(min(cap, 500.0) * 10))).map(lambda x: x / 10)
    k = draw(st.integers(0, 4) | st.integers(0, 9) | st.integers(0, 300))
    far = st.floats(1, 10).map(lambda m: base * 10.0**k * m)
    previous = draw(st.one_of(grid, st.sampled_from([base, cap]), far))
    return min(cap, max(base, previous)), base, cap, draw(seeds)


def _mapped(previous, base, cap, r: float, way: str) -> float:
    """The wait the statement's draw gives for rand() = r: lo + r × (hi − lo) ("up") or
    hi − r × (hi − lo) ("down"), with lo = base and hi = 3 × previous, capped."""
    lo, hi = base, 3 * previous
    return min(cap, lo + r * (hi - lo) if way == "up" else hi - r * (hi - lo))


def _near(wait, want, previous, slack: float = 1e-12) -> bool:
    """Equal up to rounding: the terms of the draw are at most 3 × previous, so any way of
    computing it is off by a few float steps of that, far less than 1e-11 of it."""
    return _is_number(wait) and abs(wait - want) <= 1e-11 * 3 * previous + slack


def _stray(previous, base, cap, pairs) -> tuple:
    """(r, wait, the wait the mapping gives, its way) for the first (rand() value, wait) pair that
    the mapping the answer follows longest does not give; () when one mapping gives them all."""
    first = {}
    for way in ("up", "down"):
        first[way] = next((i for i, (r, w) in enumerate(pairs)
                           if not _near(w, _mapped(previous, base, cap, r, way), previous)), None)
        if first[way] is None:
            return ()
    way = max(first, key=first.get)
    r, wait = pairs[first[way]]
    return r, wait, _mapped(previous, base, cap, r, way), way


def run_sample(answer, case) -> Sample | str:
    """Call the answer DRAWS times with one seeded rand; summarise what came back, and compare
    each wait with the value rand() returned for it."""
    previous, base, cap, r = case
    rand, drawn = r.make(), []

    def counted():
        drawn.append(rand())
        return drawn[-1]

    values, pairs = [], []
    for _ in range(DRAWS):
        before = len(drawn)
        values.append(answer(previous, base, cap, counted))
        if len(drawn) == before + 1:
            pairs.append((drawn[-1], values[-1]))
    for v in values:
        if not _is_number(v) or not math.isfinite(v):
            return f"a wait must be a finite number, got {v!r}"
    fixed = tuple(answer(previous, base, cap, lambda r=r: r) for r in FIXED)
    for v in fixed:
        if not _is_number(v) or not math.isfinite(v):
            return f"a wait must be a finite number, got {v!r}"
    stray = _stray(previous, base, cap, pairs) if len(drawn) == DRAWS else ()
    return Sample(round(min(values), 6), round(max(values), 6), round(statistics.fmean(values), 6),
                  round(statistics.pstdev(values), 6), len(drawn),
                  tuple(round(v, 9) for v in fixed), stray)


def _mappings(previous, base, cap) -> tuple[tuple, tuple]:
    """The waits the statement's draw gives with rand() held at FIXED, both ways up:
    lo + rand() × (hi − lo) and hi − rand() × (hi − lo), capped."""
    return tuple(tuple(_mapped(previous, base, cap, r, way) for r in FIXED)
                 for way in ("up", "down"))


def _why_fixed(case, got: Sample) -> str | None:
    """None when the waits with rand() held still follow one of the two mappings."""
    previous, base, cap, _ = case
    if any(all(_near(g, w, previous, 1e-8) for w, g in zip(want, got.fixed, strict=True))
           for want in _mappings(previous, base, cap)):
        return None
    up, _ = _mappings(previous, base, cap)
    shown = ", ".join(f"{r:g} → {g:g}" for r, g in zip(FIXED, got.fixed, strict=True))
    wanted = ", ".join(f"{w:.6g}" for w in up)
    return (f"the wait does not follow rand(): with rand() held at {len(FIXED)} values it "
            f"waited {shown}; the uniform draw is base + rand() × (3 × previous − "
            f"base) (or 3 × previous − rand() × (...)), capped: {wanted}. Every value rand() "
            "returns must map onto [base, 3 × previous], from its bottom end to its top")


def _why_stray(got: Sample) -> str:
    r, wait, want, way = got.stray
    rule = ("base + rand() × (3 × previous − base)" if way == "up" else
            "3 × previous − rand() × (3 × previous − base)")
    return (f"the wait does not follow rand(): when rand() returned {r!r} it waited {wait!r}; "
            f"min(cap, {rule}) is {want!r}. The mapping must hold for every value rand() "
            f"returns, not only at a few")


def exact_mean_spread(previous, base, cap) -> tuple[float, float]:
    """Mean and standard deviation of min(cap, U) for U uniform on [base, 3 * previous]."""
    a, b, c = base, 3 * previous, cap
    if b <= c:
        return (a + b) / 2, (b - a) / math.sqrt(12)
    a, c = a / b, c / b  # in units of b: the squares below stay finite with cap near 1e300
    q = (c - a) / (1 - a)  # the share of draws below the cap; the rest land exactly on cap
    mean = q * (a + c) / 2 + (1 - q) * c
    square = q * (a * a + a * c + c * c) / 3 + (1 - q) * c * c
    return mean * b, math.sqrt(max(0.0, square - mean * mean)) * b


def _judge_sample(case, expected, got) -> str | None:
    if isinstance(got, str):
        return got
    previous, base, cap, _ = case
    top = min(cap, 3 * previous)
    rounding = 1e-11 * 3 * previous + 1e-6  # the waits are rounded to 6 decimals
    if got.lowest < base - rounding:
        return f"a wait of {got.lowest:g} is below base = {base:g}: waits lie in [base, cap]"
    if got.highest > top + rounding:
        return f"a wait of {got.highest:g} is above min(cap, 3 × previous) = {top:g}"
    mean, spread = exact_mean_spread(previous, base, cap)
    if spread > 0 and got.spread == 0:
        return f"all {DRAWS} calls returned the same wait, {got.mean:g}: where is the jitter?"
    if spread > 0 and got.rand_calls == 0:
        return ("rand() was never called: draw the random part from the rand argument (the check "
                "seeds it), not from the random module")
    if got.rand_calls != DRAWS and (spread > 0 or got.rand_calls > DRAWS):
        return (f"{DRAWS} waits called rand() {_times(got.rand_calls)}: call it once per wait "
                "(a replay with the same rand must give the same waits)")
    fixed = _why_fixed(case, got)
    if fixed is not None:
        return fixed
    if got.stray:
        return _why_stray(got)
    slack = spread / math.sqrt(DRAWS)
    if abs(got.mean - mean) > 5 * slack + rounding:
        return (f"over {DRAWS} calls the mean wait was {got.mean:g}; min(cap, uniform(base, "
                f"3 × previous)) averages {mean:.4g}")
    if abs(got.spread - spread) > 6 * slack + rounding:
        return (f"over {DRAWS} calls the waits spread by {got.spread:g} (standard deviation); "
                f"min(cap, uniform(base, 3 × previous)) spreads by {spread:.4g}")
    return None


DRAW = "base + rand() * (3 * previous - base)"

q3 = Problem(
    name="decorrelated",
    arg_names=("previous", "base", "cap", "rand"),
    cases=_decorrelated_case(),
    reference=lambda previous, base, cap, rand: backoff.decorrelated_jitter(0, base, cap, rand,
                                                                          previous),
    answer=decorrelated,
    run=run_sample,
    judge=_judge_sample,
    max_examples=60,
    examples=[("the first retry (previous = base)", (1.0, 1.0, 100.0, Rand(seed=1))),
              ("3 × previous far above cap", (50.0, 1.0, 60.0, Rand(seed=2))),
              ("base equal to cap", (2.0, 2.0, 2.0, Rand(seed=3)))],
    pitfalls=[
        Pitfall("no floor at base", "the wait is uniform between base and 3 × previous, never "
                "below base", edit=[(DRAW, "rand() * 3 * previous")]),
        Pitfall("no cap", "cap the wait: min(cap, ...)", edit=[(f"min(cap, {DRAW})", DRAW)]),
        Pitfall("previous ignored", "the range grows with the client's previous wait: "
                "uniform(base, 3 × previous), not uniform(base, 3 × base)",
                edit=[("3 * previous", "3 * base")]),
        Pitfall("no randomness", "3 × previous (capped) is the top of the range; the wait is a "
                "uniform draw below it", edit=[(DRAW, "3 * previous")]),
        Pitfall("starts from previous, not base", "the range starts at base: a client that drew a "
                "long wait can still draw a short one next time",
                edit=[(DRAW, "previous + rand() * 2 * previous")]),
        Pitfall("the draw squeezed inside [base, 3 × previous]",
                "rand() = 0 must give base and rand() close to 1 must give close to 3 × "
                "previous: lo + rand() × (hi − lo), the whole range, not its middle part",
                edit=[(DRAW, "base + (0.025 + 0.95 * rand()) * (3 * previous - base)")]),
        Pitfall("capped the range, not the wait",
                "uniform(base, min(cap, 3 × previous)) spreads the capped draws out; the rule "
                "asked for is min(cap, uniform(base, 3 × previous)), which lands on cap",
                edit=[(f"min(cap, {DRAW})", "base + rand() * (min(cap, 3 * previous) - base)")]),
    ],
    hints=["A uniform draw between lo and hi from rand() is lo + rand() × (hi − lo).",
           "Here lo = base and hi = 3 × previous; then cap the result.",
           "`min(cap, base + rand() * (3 * previous - base))`"],
)

PROBLEMS = [q1, q2, q3]
