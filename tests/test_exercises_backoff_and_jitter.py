"""Exercises for 04_backoff_and_jitter: references pass, every pitfall fails *named* on a small
counterexample, differently written right answers pass, checks are quick; and the explorer."""

import itertools
import math
import random

import hypothesis
import pytest

from kit.exercises import backoff_and_jitter as ex
from kit.exercises.backoff_and_jitter import Rand, exact_mean_spread

JITTER = "jitter applied before the cap"

PROBLEMS = [ex.q1, ex.q2, ex.q3]


# -- q1 ------------------------------------------------------------------------------------------
def delay_doubling(attempt, base, cap, rand):
    ceiling = base
    for _ in range(attempt):
        if ceiling >= cap:
            break
        ceiling *= 2
    return min(cap, ceiling) * rand()


def delay_catching_overflow(attempt, base, cap, rand):
    try:
        ceiling = min(cap, base * 2.0 ** attempt)
    except OverflowError:
        ceiling = cap
    return rand() * ceiling


def delay_clamp_1023(attempt, base, cap, rand):
    return rand() * min(cap, base * 2 ** min(attempt, 1023))  # past log2(1e300 / 0.001)


def delay_while(attempt, base, cap, rand):
    ceiling, k = base, 0
    while k < attempt and ceiling < cap:
        ceiling, k = ceiling * 2, k + 1
    return min(ceiling, cap) * rand()


@pytest.mark.parametrize("answer", [delay_doubling, delay_catching_overflow, delay_clamp_1023,
                                    delay_while])
def test_q1_differently_written_answers_pass(answer):
    assert ex.q1.check(answer)


def test_q1_reference_is_the_formula_past_every_clamp():
    """(63, 1, 1e30): 2**63, as min(cap, base * 2**attempt) says (a clamp at 62 gave 2**62)."""
    assert ex.q1.expected((63, 1.0, 1e30, Rand(value=0.5))) == 0.5 * 2.0**63
    assert drawn(ex.q1.cases, lambda c: c[2] >= 1e30 and c[0] > 62)
    assert drawn(ex.q1.cases, lambda c: c[1] == ex.LOWEST_BASE and c[2] == ex.HIGHEST_CAP)


@pytest.mark.parametrize("answer, pitfall, words", [
    # exponent clamps of any size below what the cap needs: the class, named by the message
    (lambda a, b, c, r: r() * min(c, b * 2 ** min(a, 30)), "exponent clamped below the cap",
     "clamp"),
    (lambda a, b, c, r: r() * min(c, b * 2 ** min(a, 40)), None, "clamp"),
    (lambda a, b, c, r: r() * min(c, b * 2 ** min(a, 62)), "exponent clamped below the cap", ""),
    (lambda a, b, c, r: r() * min(c, math.ldexp(b, min(a, 100))),
     "exponent clamped below the cap", "clamp"),
    (lambda a, b, c, r: r() * min(c, b * 2.0 ** min(a, 500)), None, "clamp"),
    # no cap, written the ways a candidate writes it
    (lambda a, b, c, r: r() * b * 2 ** a, "no cap", "above cap"),
    (lambda a, b, c, r: r() * (b * 2.0 ** min(a, 60)), None, "above cap"),
    # jitter before the cap, with any clamp
    (lambda a, b, c, r: min(c, r() * b * 2 ** min(a, 1000)), None, "cap itself"),
    (lambda a, b, c, r: min(c, r() * b * 2 ** a), JITTER, ""),
    # the attempt number off by one, written as powers
    (lambda a, b, c, r: r() * min(c, b * 2 ** (a + 1)), "off by one: attempt + 1", ""),
    (lambda a, b, c, r: r() * min(c, b * 2.0 ** (a - 1)), "off by one: attempt - 1", ""),
    # no jitter, equal jitter, max for min, a rounded wait
    (lambda a, b, c, r: min(c, b * 2 ** min(a, 1023)), None, "no jitter"),
    (lambda a, b, c, r: (lambda ce: ce / 2 + r() * ce / 2)(min(c, b * 2 ** min(a, 1023))), None,
     ""),
    (lambda a, b, c, r: r() * max(c, b * 2 ** min(a, 1023)), None, ""),
    (lambda a, b, c, r: round(r() * min(c, b * 2 ** min(a, 1023)), 2), None, ""),
])
def test_q1_undeclared_wrong_answers_fail_by_class(answer, pitfall, words):
    result = ex.q1.check(answer)
    assert not result, repr(result)
    assert words in result.error, repr(result)
    if pitfall is not None:
        assert result.pitfall is not None and result.pitfall.name == pitfall, repr(result)


def test_q1_overflow_is_reported_as_a_crash_on_a_huge_attempt():
    result = ex.q1.check(next(p.answer for p in ex.q1.pitfalls
                              if p.name == "overflow on huge attempts"))
    assert result.status == "crashed" and "OverflowError" in result.error
    assert result.case[0] >= 1_000 and result.pitfall.name == "overflow on huge attempts"


def test_q1_cases_include_huge_attempts_and_the_seed_examples():
    attempts = {case[0] for case in ex.q1.sample(60)}
    assert attempts & {10**4, 10**5, 10**6}
    assert ex.q1.expected((7, 0.1, 10.0, ex.TOP)) == pytest.approx(9.99999)
    assert ex.q1.expected((3, 1.0, 30.0, Rand(value=0.0))) == 0.0


def test_rand_is_replayable_and_reads_like_code():
    a, b = Rand(seed=3).make(), random.Random(3).random
    assert [a() for _ in range(5)] == [b() for _ in range(5)]
    assert repr(Rand(seed=3)) == "random.Random(3).random"
    assert repr(ex.TOP) == "lambda: 0.999999"


# -- q2 ------------------------------------------------------------------------------------------
def schedule_accumulate(attempts, base, cap, rand):
    return list(itertools.accumulate(delay_doubling(a, base, cap, rand) for a in range(attempts)))


def schedule_sums(attempts, base, cap, rand):
    waits = [delay_catching_overflow(a, base, cap, rand) for a in range(attempts)]
    return [sum(waits[: i + 1]) for i in range(attempts)]


@pytest.mark.parametrize("answer", [schedule_accumulate, schedule_sums])
def test_q2_differently_written_answers_pass(answer):
    assert ex.q2.check(answer)


def schedule_clamped(attempts, base, cap, rand):  # its own backoff with a clamp at 62
    t, out = 0.0, []
    for a in range(attempts):
        t += rand() * min(cap, base * 2 ** min(a, 62))
        out.append(t)
    return out


def schedule_one_late(attempts, base, cap, rand):
    return [sum(rand() * min(cap, base * 2 ** k) for k in range(a)) for a in range(1, attempts + 1)]


@pytest.mark.parametrize("answer", [
    schedule_clamped, schedule_one_late,
    lambda n, b, c, rand: list(itertools.accumulate(min(c, b * 2 ** a) for a in range(n))),
    lambda n, b, c, rand: tuple(schedule_accumulate(n, b, c, rand)),
])
def test_q2_undeclared_wrong_answers_fail(answer):
    assert not ex.q2.check(answer)


def test_q2_wrong_length_is_explained():
    result = ex.q2.check(lambda n, b, c, rand: [0.0])
    assert result.status == "failed" and "times" in result.error


# -- q3 ------------------------------------------------------------------------------------------
def decorrelated_from_the_top(previous, base, cap, rand):
    top = 3 * previous
    return min(cap, top - rand() * (top - base))  # 1 - r is uniform too: a different sample


def decorrelated_short_circuit(previous, base, cap, rand):
    if base >= cap:
        return cap  # right without a draw: every wait is cap
    return min(cap, (3 * previous - base) * rand() + base)


def decorrelated_uniform(previous, base, cap, rand):
    lo, hi = base, 3 * previous
    return min(cap, lo + (hi - lo) * rand())


@pytest.mark.parametrize("answer", [
    lambda p, b, c, rand: min(c, b + rand() * 3 * p),  # the range is [b, b + 3p]
    lambda p, b, c, rand: max(b, min(c, rand() * 3 * p)),  # clipped at base: a lump on base
    lambda p, b, c, rand: min(c, b + rand() * (2 * p - b)),  # twice, not three times
    lambda p, b, c, rand: min(c, p + rand() * (3 * p - p)),  # from previous
])
def test_q3_undeclared_wrong_answers_fail(answer):
    assert not ex.q3.check(answer)


@pytest.mark.parametrize("answer", [decorrelated_from_the_top, decorrelated_short_circuit,
                                    decorrelated_uniform])
def test_q3_differently_written_answers_pass(answer):
    assert ex.q3.check(answer)


HIDDEN = random.Random(5)  # an answer that ignores rand and draws from its own generator


@pytest.mark.parametrize("answer, words", [
    (lambda p, b, c, rand: min(c, (b + 3 * p) / 2), "same wait"),  # right mean, no spread
    (lambda p, b, c, rand: c, "above min(cap, 3 × previous)"),  # always the cap
    (lambda p, b, c, rand: min(c, HIDDEN.uniform(b, 3 * p)), "never called"),
])
def test_q3_constant_always_cap_and_hidden_random_answers_fail(answer, words):
    result = ex.q3.check(answer)
    assert result.status == "failed" and words in result.error, repr(result)


def test_exact_mean_and_spread_match_a_big_sample():
    rng = random.Random(1)
    for previous, base, cap in [(2.0, 1.0, 100.0), (10.0, 1.0, 12.0), (3.0, 3.0, 3.0)]:
        waits = [min(cap, base + rng.random() * (3 * previous - base)) for _ in range(40_000)]
        mean, spread = exact_mean_spread(previous, base, cap)
        assert sum(waits) / len(waits) == pytest.approx(mean, abs=0.02 * max(spread, 0.01))
        got = math.sqrt(sum((w - mean) ** 2 for w in waits) / len(waits))
        assert got == pytest.approx(spread, abs=0.02 * max(spread, 0.01))


def test_not_attempted_stubs():
    def todo(*args):
        raise NotImplementedError

    assert all(p.check(todo).status == "not attempted" for p in PROBLEMS)


# -- the explorer --------------------------------------------------------------------------------
def test_explorer_readout_follows_the_controls():
    from kit.widgets.backoff import BackoffExplorer

    explorer = BackoffExplorer(clients=20, attempts=3)
    text = explorer._repr_mimebundle_()["text/plain"]
    assert text.startswith("[Backoff explorer]\n20 clients fail together")
    assert "no jitter: first retries span 0.00 s; herd: 210 calls" in text  # 20 * 21 / 2
    assert bytes(explorer.picture.value[:4]) == b"\x89PNG"
    explorer.clients.value = 30
    assert explorer.lines[0].startswith("30 clients") and "herd: 465 calls" in explorer.lines[1]
    explorer.strategy.value = "none"
    assert explorer.lines[-1].startswith("no jitter: 15.5 calls per client, 100% of the work")


def drawn(strategy, condition):
    """Some case the strategy draws meets the condition (a search, not the check's sample)."""
    return hypothesis.find(strategy, condition, settings=hypothesis.settings(
        database=None, derandomize=True, max_examples=2000)) is not None
