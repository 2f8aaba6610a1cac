"""Exercises for 04_backoff_and_jitter: the capped delay, the retry schedule, decorrelated jitter.

Randomness is injected, so a check can replay it: every case carries a `Rand`, a description of
the `rand` argument ("random.Random(3).random" or "lambda: 0.999999") that `run` turns into a fresh
callable for each call. q1 and q2 are compared with the reference (to 1e-9, relative); q3 is judged
on the *distribution* of many draws, since two correct answers may use the same random number
differently (`base + r * w` and `top - r * w` are both uniform).
"""

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

    def make(self):
        if self.value is not None:
            return lambda: self.value
        return random.Random(self.seed).random

    def __repr__(self) -> str:
        if self.value is not None:
            return f"lambda: {self.value!r}"
        return f"random.Random({self.seed}).random"


TOP = Rand(value=0.999999)  # the seed's worst case: jitter picks (almost) the whole ceiling
HUGE = [63, 64, 100, 1_000, 1_100, 10**4, 10**5, 10**6]  # past the exponent clamp and float range


@st.composite
def _base_cap(draw):
    """base in 0.1 .. 10 and cap in base .. 500, both on a 0.1 grid (readable counterexamples)."""
    b = draw(st.integers(1, 100))
    return b / 10, draw(st.integers(b, 5000)) / 10


seeds = st.integers(0, 2**16).map(lambda s: Rand(seed=s))


def _close(a, b) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def _is_number(x) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


# -- the answers: what solution() shows and the notebook holds, the text each pitfall edits -------
def backoff_delay(attempt, base, cap, rand):
    """Full jitter: a uniform fraction rand() of the ceiling min(cap, base * 2**attempt)."""
    ceiling = min(cap, base * 2 ** min(attempt, 62))  # clamp the exponent first: no overflow
    return rand() * ceiling


def retry_schedule(attempts, base, cap, rand):
    """Absolute retry times after a failure at t = 0: the running sum of the waits, one
    backoff_delay (one rand() call) per retry."""
    t, times = 0.0, []
    for attempt in range(attempts):
        t += backoff_delay(attempt, base, cap, rand)
        times.append(t)
    return times


def decorrelated(previous, base, cap, rand):
    """The next wait: uniform between base and three times the previous wait, then capped."""
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
    if not _close(got, expected):
        return "the delay differs from rand() × min(cap, base × 2^attempt)"
    return None


CLAMP = "any exponent clamp far above log2(cap / base) (at most 16 here) gives the same ceiling"

q1 = Problem(
    name="backoff_delay",
    arg_names=("attempt", "base", "cap", "rand"),
    cases=st.tuples(st.one_of(st.integers(0, 12), st.sampled_from(HUGE)), _base_cap(), seeds)
    .map(lambda t: (t[0], *t[1], t[2])),
    answer=backoff_delay,
    reference=backoff.backoff_delay,
    run=run_with_rand,
    judge=_judge_delay,
    examples=[("the seed's worst case, attempt 7 (0.1 doubled 7 times is 12.8: capped at 10)",
               (7, 0.1, 10.0, TOP)),
              ("attempt 0 is the first retry", (0, 0.1, 10.0, TOP)),
              ("rand() = 0 retries at once", (3, 1.0, 30.0, Rand(value=0.0))),
              ("a huge attempt: 10**6", (10**6, 0.1, 10.0, TOP))],
    pitfalls=[
        Pitfall("no cap", "the ceiling must stop growing at cap: min(cap, base × 2^attempt)",
                edit=[("min(cap, base * 2 ** min(attempt, 62))", "base * 2 ** min(attempt, 62)")]),
        Pitfall("overflow on huge attempts",
                "base × 2 ** attempt with attempt = 10**4 is too big for a float (OverflowError); "
                "clamp the exponent first: 2 ** min(attempt, 62)",
                edit=[("2 ** min(attempt, 62)", "2 ** attempt")]),
        Pitfall("jitter applied before the cap",
                "min(cap, rand() × base × 2^attempt) piles every late retry onto exactly cap: "
                "the herd is back in lock-step. Cap the ceiling first, then jitter it",
                edit=[("min(cap, base * 2 ** min(attempt, 62))", "base * 2 ** min(attempt, 62)"),
                      ("return rand() * ceiling", "return min(cap, rand() * ceiling)")]),
        Pitfall("off by one: attempt + 1",
                "attempt 0 is the first retry and its ceiling is base itself (2 ** 0 = 1)",
                edit=[("min(attempt, 62)", "min(attempt + 1, 62)")]),
        Pitfall("off by one: attempt - 1",
                "attempt counts from 0 here, so the first retry waits up to base, not base / 2 "
                "(some systems count from 1: read the question)",
                edit=[("2 ** min(attempt, 62)", "2.0 ** (min(attempt, 62) - 1)")]),
        Pitfall("no jitter", "without rand() every client that failed together retries together; "
                "full jitter waits rand() × ceiling",
                edit=[("return rand() * ceiling", "return ceiling")]),
    ],
    equivalent={
        "backoff_delay constant: `62` -> `63` in `ceiling = min(cap, base * 2 ** min(attempt, "
        "62))`": CLAMP,
        "backoff_delay constant: `62` -> `61` in `ceiling = min(cap, base * 2 ** min(attempt, "
        "62))`": CLAMP},
    hints=["First the ceiling: base, 2·base, 4·base, ... never above cap. Then the jitter: a "
           "uniform fraction of it.",
           "`base * 2 ** attempt` breaks for attempt = 10**4 (OverflowError). What is the largest "
           "exponent that can still matter?",
           "`rand() * min(cap, base * 2 ** min(attempt, 62))`: cap the ceiling, then jitter."],
)


# -- q2: the retry schedule ----------------------------------------------------------------------
def _judge_schedule(case, expected, got) -> str | None:
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
    cases=st.tuples(st.integers(0, 12), _base_cap(), seeds).map(lambda t: (t[0], *t[1], t[2])),
    answer=retry_schedule,
    reference=backoff.retry_schedule,
    run=run_with_rand,
    judge=_judge_schedule,
    examples=[("no retries", (0, 1.0, 30.0, Rand(seed=7))),
              ("the seed's schedule: 5 retries, base 1, cap 30", (5, 1.0, 30.0, Rand(seed=7))),
              ("70 retries, past the exponent clamp", (70, 0.1, 10.0, Rand(seed=3))),
              ("the worst case: rand() ≈ 1", (8, 0.1, 10.0, TOP))],
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


class Sample(NamedTuple):
    """What DRAWS calls returned (rounded): lowest, highest, mean, standard deviation; and how
    many times they called rand()."""

    lowest: float
    highest: float
    mean: float
    spread: float
    rand_calls: int


@st.composite
def _decorrelated_case(draw):
    base, cap = draw(_base_cap())
    lo, hi = round(base * 10), round(cap * 10)
    previous = draw(st.integers(lo, hi)) / 10  # a past wait lies in [base, cap]
    return previous, base, cap, draw(seeds)


def run_sample(answer, case) -> Sample | str:
    """Call the answer DRAWS times with one seeded rand; summarise what came back."""
    previous, base, cap, r = case
    rand, calls = r.make(), [0]

    def counted():
        calls[0] += 1
        return rand()

    values = [answer(previous, base, cap, counted) for _ in range(DRAWS)]
    for v in values:
        if not _is_number(v) or not math.isfinite(v):
            return f"a wait must be a finite number, got {v!r}"
    return Sample(round(min(values), 6), round(max(values), 6), round(statistics.fmean(values), 6),
                  round(statistics.pstdev(values), 6), calls[0])


def exact_mean_spread(previous, base, cap) -> tuple[float, float]:
    """Mean and standard deviation of min(cap, U) for U uniform on [base, 3 * previous]."""
    a, b, c = base, 3 * previous, cap
    if b <= c:
        return (a + b) / 2, (b - a) / math.sqrt(12)
    q = (c - a) / (b - a)  # the share of draws below the cap; the rest land exactly on cap
    mean = q * (a + c) / 2 + (1 - q) * c
    square = q * (a * a + a * c + c * c) / 3 + (1 - q) * c * c
    return mean, math.sqrt(max(0.0, square - mean * mean))


def _judge_sample(case, expected, got) -> str | None:
    if isinstance(got, str):
        return got
    previous, base, cap, _ = case
    top = min(cap, 3 * previous)
    if got.lowest < base - 1e-6:
        return f"a wait of {got.lowest:g} is below base = {base:g}: waits lie in [base, cap]"
    if got.highest > top + 1e-6:
        return f"a wait of {got.highest:g} is above min(cap, 3 × previous) = {top:g}"
    mean, spread = exact_mean_spread(previous, base, cap)
    if spread > 0 and got.spread == 0:
        return f"all {DRAWS} calls returned the same wait, {got.mean:g}: where is the jitter?"
    if spread > 0 and got.rand_calls == 0:
        return ("rand() was never called: draw the random part from the rand argument (the check "
                "seeds it), not from the random module")
    slack = spread / math.sqrt(DRAWS)
    if abs(got.mean - mean) > 5 * slack + 1e-6:
        return (f"over {DRAWS} calls the mean wait was {got.mean:g}; min(cap, uniform(base, "
                f"3 × previous)) averages {mean:.4g}")
    if abs(got.spread - spread) > 6 * slack + 1e-6:
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
