import math
import random
import statistics
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.backoff import (
    RULES,
    STRATEGIES,
    Herd,
    backoff_delay,
    decorrelated_jitter,
    delay_for,
    equal_jitter,
    full_jitter,
    herd_retry_times,
    no_jitter,
    retry_schedule,
    simulate_herd,
)

NAMES = ["none", "full", "equal", "decorrelated"]
FAST = settings(max_examples=100, deadline=None, derandomize=True)
SLOW = settings(max_examples=60, deadline=None, derandomize=True)

seconds = st.floats(0, 1e6, allow_nan=False)
unit = st.floats(0, 1, exclude_max=True)
attempts = st.integers(0, 10**6)


def naive_ceiling(attempt, base, cap):
    """min(cap, base * 2 ** attempt) in exact rational arithmetic, the power built in full."""
    return float(min(Fraction(cap), Fraction(base) * 2 ** attempt))


def fixed(*values):
    """A rand callable that returns `values` in turn."""
    it = iter(values)
    return lambda: next(it)


# --- the seed's checks ----------------------------------------------------------------------------

def test_worst_case_delays_double_then_stop_at_the_cap():
    top = fixed(*[0.999999] * 8)
    got = [round(backoff_delay(a, 0.1, 10, top), 3) for a in range(8)]
    assert got == [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 6.4, 10.0]


def test_huge_attempt_is_capped_without_overflow():
    assert backoff_delay(10_000, 0.1, 10, lambda: 0.999999) < 10


def test_full_jitter_may_retry_immediately():
    assert backoff_delay(3, 1, 30, lambda: 0.0) == 0.0


def test_seeded_schedule_is_sorted_and_has_the_requested_length():
    times = retry_schedule(5, 1, 30, random.Random(7).random)
    assert times == sorted(times) and len(times) == 5


# --- the ceiling and each strategy ----------------------------------------------------------------

@FAST
@given(attempts, seconds, seconds, unit)
def test_backoff_delay_is_rand_times_the_ceiling(attempt, base, cap, r):
    assert backoff_delay(attempt, base, cap, lambda: r) == r * naive_ceiling(attempt, base, cap)


def test_the_ceiling_is_the_formula_past_every_exponent_clamp():
    """No clamp on the exponent: 2 ** 63 under a cap of 1e30, and the doubling reaches any cap."""
    assert no_jitter(63, 1, 1e30) == 2.0 ** 63
    assert no_jitter(100, 1.0, 1e300) == 2.0 ** 100
    assert no_jitter(10**9, 5e-324, 1.7e308) == 1.7e308  # ~2,100 doublings, then the cap
    assert no_jitter(10**9, 0.0, 5.0) == 0.0 and no_jitter(2000, 1.0, math.inf) == math.inf


@FAST
@given(st.integers(0, 2200), st.floats(5e-324, 1e308), st.floats(0, 1.7e308), unit)
def test_the_ceiling_is_exact_over_the_whole_float_range(attempt, base, cap, r):
    assert no_jitter(attempt, base, cap) == naive_ceiling(attempt, base, cap)
    assert full_jitter(attempt, base, cap, lambda: r) == r * naive_ceiling(attempt, base, cap)


@FAST
@given(attempts, seconds, seconds, unit)
def test_no_jitter_is_the_ceiling_and_grows(attempt, base, cap, r):
    d = no_jitter(attempt, base, cap, lambda: r)
    assert d == naive_ceiling(attempt, base, cap) <= cap
    assert no_jitter(attempt + 1, base, cap) >= d


@FAST
@given(attempts, seconds, seconds, unit)
def test_full_jitter_stays_in_zero_to_ceiling(attempt, base, cap, r):
    d = full_jitter(attempt, base, cap, lambda: r)
    assert math.isfinite(d) and 0 <= d <= naive_ceiling(attempt, base, cap) <= cap


@FAST
@given(attempts, seconds, seconds, unit)
def test_equal_jitter_stays_in_upper_half(attempt, base, cap, r):
    c = naive_ceiling(attempt, base, cap)
    d = equal_jitter(attempt, base, cap, lambda: r)
    assert math.isfinite(d) and c / 2 <= d <= c <= cap
    assert d == pytest.approx(c / 2 + r * c / 2)


@FAST
@given(seconds, seconds, st.lists(unit, min_size=1, max_size=30), attempts)
def test_decorrelated_chain_stays_in_base_to_cap(a, b, rs, attempt):
    base, cap = min(a, b), max(a, b)
    previous = None
    for r in rs:
        prev = base if previous is None else previous
        d = decorrelated_jitter(attempt, base, cap, lambda r=r: r, previous)
        assert base <= d <= cap
        assert d == min(cap, base + r * (3 * prev - base))  # uniform(base, 3 * previous), capped
        previous = d


@FAST
@given(st.sampled_from(NAMES), attempts, seconds, seconds, unit)
def test_every_strategy_is_finite_and_capped_for_huge_attempts(name, attempt, base, cap, r):
    d = delay_for(name, attempt, base, cap, lambda: r)
    assert math.isfinite(d) and 0 <= d <= cap
    assert d == STRATEGIES[name](attempt, base, cap, lambda: r)


def test_decorrelated_first_wait_is_uniform_between_base_and_three_base():
    rng = random.Random(3)
    waits = [decorrelated_jitter(0, 2.0, 1000.0, rng.random) for _ in range(4000)]
    assert 2.0 <= min(waits) and max(waits) < 6.0
    assert statistics.mean(waits) == pytest.approx(4.0, abs=0.1)


# --- schedules ------------------------------------------------------------------------------------

@FAST
@given(st.sampled_from(NAMES), st.integers(0, 40), seconds, seconds, st.integers(0, 99))
def test_schedule_is_the_running_sum_of_the_waits(name, n, base, cap, seed):
    got = retry_schedule(n, base, cap, random.Random(seed).random, strategy=name)
    rng, t, previous, want = random.Random(seed), 0.0, None, []
    for a in range(n):
        previous = delay_for(name, a, base, cap, rng.random, previous)
        t += previous
        want.append(t)
    assert got == want and got == sorted(got) and len(got) == n


def test_schedule_without_jitter_is_the_running_sum_of_ceilings():
    assert retry_schedule(5, 1, 5, random.random, strategy="none") == [1, 3, 7, 12, 17]


def test_herd_retry_times_lock_step_without_jitter_and_spread_with_it():
    none = herd_retry_times(50, "none", 6, 1.0, 30.0, seed=1)
    assert len(none) == 50 and all(times == none[0] for times in none)
    for name in ["full", "equal", "decorrelated"]:
        spread = herd_retry_times(50, name, 6, 1.0, 30.0, seed=1)
        assert len({times[0] for times in spread}) == 50
        assert spread == herd_retry_times(50, name, 6, 1.0, 30.0, seed=1)
        assert all(len(times) == 6 and times == sorted(times) for times in spread)


# --- the thundering herd --------------------------------------------------------------------------

def naive_herd(clients, name, base, cap, seed, call_time):
    """The model from the docstring, with a linear scan instead of a heap."""
    rng = random.Random(seed)
    pending = [(0.0, i, i) for i in range(clients)]
    seq, conflicts, previous = clients, [0] * clients, [None] * clients
    busy_until, calls, finish = -math.inf, 0, 0.0
    while pending:
        start, s, client = min(pending)
        pending.remove((start, s, client))
        calls += 1
        if start >= busy_until:
            busy_until = finish = start + call_time
        else:
            previous[client] = delay_for(name, conflicts[client], base, cap, rng.random,
                                         previous[client])
            conflicts[client] += 1
            pending.append((start + call_time + previous[client], seq, client))
            seq += 1
    return calls, finish


@SLOW
@given(st.integers(1, 12), st.sampled_from(NAMES), st.floats(0, 5), st.floats(0, 50),
       st.integers(0, 999), st.floats(0.1, 3))
def test_herd_matches_a_naive_model(clients, name, base, cap, seed, call_time):
    herd = simulate_herd(clients, name, base, cap, seed, call_time, tick=1.0)
    assert (herd.calls, herd.finish) == naive_herd(clients, name, base, cap, seed, call_time)
    assert sum(herd.per_tick) == herd.calls >= clients
    assert herd.finish >= clients * call_time - 1e-9  # one call at a time
    assert herd.finish <= len(herd.per_tick) * herd.tick + call_time


@pytest.mark.parametrize("n", [1, 2, 10, 100])
def test_herd_without_jitter_wins_one_client_per_round(n):
    herd = simulate_herd(n, "none", base=1.0, cap=100.0, seed=5, tick=1.0)
    assert herd.calls == n * (n + 1) // 2
    t = 0.0
    for k in range(n - 1):
        t = t + 1.0 + min(100.0, 2.0**k)
    assert herd.finish == t + 1.0
    assert [c for c in herd.per_tick if c] == list(range(n, 0, -1))  # lock-step spikes


def test_at_100_clients_no_jitter_does_more_work_and_finishes_later_than_full_jitter():
    runs = {name: [simulate_herd(100, name, seed=s) for s in range(5)] for name in ["none", "full"]}
    calls = {name: statistics.mean(h.calls for h in hs) for name, hs in runs.items()}
    finish = {name: statistics.mean(h.finish for h in hs) for name, hs in runs.items()}
    assert calls["none"] > 2 * calls["full"]
    assert finish["none"] > 2 * finish["full"]


def test_herd_is_deterministic_and_depends_on_the_seed():
    for name in NAMES:
        a, b = simulate_herd(60, name, seed=11), simulate_herd(60, name, seed=11)
        assert a == b and isinstance(a, Herd) and isinstance(a.per_tick, list)
    assert simulate_herd(60, "full", seed=1) != simulate_herd(60, "full", seed=2)


def test_herd_tick_buckets_call_starts():
    herd = simulate_herd(3, "none", base=1.0, cap=10.0, call_time=1.0, tick=2.0)
    # starts: 0, 0, 0, then 2, 2 (after 1 + 1), then 5 (after 2 + 1 + 2)
    assert herd == Herd(calls=6, finish=6.0, tick=2.0, per_tick=[3, 2, 1])


# --- bad input ------------------------------------------------------------------------------------

@pytest.mark.parametrize("fn", [backoff_delay, *STRATEGIES.values()])
def test_strategy_functions_reject_bad_arguments(fn):
    ok = {"attempt": 1, "base": 1.0, "cap": 10.0, "rand": lambda: 0.5}
    with pytest.raises(ValueError, match=r"attempt must be >= 0, got -1"):
        fn(**{**ok, "attempt": -1})
    for bad, match in [(2.5, r"attempt.*2\.5"), (True, r"attempt.*True"), ("3", r"attempt.*'3'")]:
        with pytest.raises(TypeError, match=match):
            fn(**{**ok, "attempt": bad})
    for arg in ["base", "cap"]:
        with pytest.raises(ValueError, match=rf"{arg} must be >= 0, got -0\.5"):
            fn(**{**ok, arg: -0.5})
        with pytest.raises(ValueError, match=rf"{arg} must be a number, got nan"):
            fn(**{**ok, arg: math.nan})
        with pytest.raises(TypeError, match=rf"{arg}.*'1'"):
            fn(**{**ok, arg: "1"})
    with pytest.raises(TypeError, match=r"rand.*0\.5"):
        fn(**{**ok, "rand": 0.5})


@pytest.mark.parametrize("fn", [full_jitter, equal_jitter, decorrelated_jitter])
def test_rand_outside_unit_interval_is_rejected(fn):
    with pytest.raises(ValueError, match=r"rand\(\) must return .* got 1\.0"):
        fn(1, 1.0, 10.0, lambda: 1.0)
    with pytest.raises(ValueError, match=r"got -0\.1"):
        fn(1, 1.0, 10.0, lambda: -0.1)


def test_delay_for_rejects_unknown_strategy_and_bad_previous():
    with pytest.raises(ValueError, match=r"strategy must be one of .*'none'.* got 'fixed'"):
        delay_for("fixed", 0, 1.0, 10.0)
    with pytest.raises(ValueError, match=r"previous must be >= 0, got -2"):
        delay_for("decorrelated", 0, 1.0, 10.0, random.Random(0).random, previous=-2)


def test_retry_schedule_and_herd_retry_times_reject_bad_arguments():
    rand = random.Random(0).random
    with pytest.raises(ValueError, match=r"attempts must be >= 0, got -1"):
        retry_schedule(-1, 1, 10, rand)
    with pytest.raises(TypeError, match=r"attempts must be an int, got 1\.5"):
        retry_schedule(1.5, 1, 10, rand)
    with pytest.raises(ValueError, match=r"base must be >= 0, got -1"):
        retry_schedule(3, -1, 10, rand)
    with pytest.raises(ValueError, match=r"got 'jitter'"):
        retry_schedule(3, 1, 10, rand, strategy="jitter")
    with pytest.raises(TypeError, match=r"rand.*None"):
        retry_schedule(3, 1, 10, None)
    assert retry_schedule(0, 1, 10, rand) == []
    with pytest.raises(ValueError, match=r"clients must be >= 1, got 0"):
        herd_retry_times(0, "full", 3, 1, 10)
    with pytest.raises(TypeError, match=r"seed must be an int, got None"):
        herd_retry_times(3, "full", 3, 1, 10, seed=None)
    with pytest.raises(ValueError, match=r"got 'nope'"):
        herd_retry_times(3, "nope", 3, 1, 10)


@pytest.mark.parametrize("kwargs, error, match", [
    ({"clients": 0}, ValueError, r"clients must be >= 1, got 0"),
    ({"clients": True}, TypeError, r"clients must be an int, got True"),
    ({"clients": 2.0}, TypeError, r"clients.*2\.0"),
    ({"strategy": "jittery"}, ValueError, r"strategy must be one of .* got 'jittery'"),
    ({"base": -1}, ValueError, r"base must be >= 0, got -1"),
    ({"cap": math.nan}, ValueError, r"cap must be a number, got nan"),
    ({"call_time": 0}, ValueError, r"call_time must be > 0, got 0"),
    ({"call_time": math.inf}, ValueError, r"call_time must be finite, got inf"),
    ({"tick": -1.0}, ValueError, r"tick must be > 0, got -1\.0"),
    ({"tick": 0.0}, ValueError, r"tick must be > 0, got 0\.0"),
    ({"seed": None}, TypeError, r"seed must be an int, got None"),
    ({"base": 1e8, "cap": 1e9, "tick": 1.0}, ValueError, r"tick must be larger.*tick=1\.0"),
])
def test_simulate_herd_rejects_bad_arguments(kwargs, error, match):
    args = {"clients": 3, "strategy": "none", **kwargs}
    with pytest.raises(error, match=match):
        simulate_herd(**args)


def test_every_public_strategy_is_registered():
    assert list(STRATEGIES) == NAMES
    assert list(STRATEGIES.values()) == [no_jitter, full_jitter, equal_jitter, decorrelated_jitter]
    assert [f.__name__ for f in STRATEGIES.values()] == [
        "no_jitter", "full_jitter", "equal_jitter", "decorrelated_jitter"]


def test_rules_are_the_strategies_without_the_checks():
    # the same waits for the same draws; RULES skips the argument checks (callers check once)
    assert list(RULES) == list(STRATEGIES)
    for name in NAMES:
        for attempt, previous in [(0, None), (3, None), (5, 12.5), (70, 3.0)]:
            a, b = random.Random(attempt), random.Random(attempt)
            assert (RULES[name](attempt, 0.5, 40.0, a.random, previous)
                    == STRATEGIES[name](attempt, 0.5, 40.0, b.random, previous))
    with pytest.raises(ValueError, match="attempt"):
        STRATEGIES["full"](-1, 1.0, 2.0)
