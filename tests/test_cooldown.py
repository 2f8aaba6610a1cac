"""Cooldowns and rate limits against brute force and naive models; bad input."""

from collections import Counter, deque
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.clock import FakeClock
from kit.cooldown import (
    CooldownQueue,
    TokenBucket,
    cooldown_schedule,
    least_interval,
    rate_limited_starts,
)


def brute_least_interval(tasks, n):
    """Breadth-first search over (tasks left per type, ticks each type still cools): the first
    level where nothing is left is the fewest ticks."""
    kinds = sorted(set(tasks))
    start = (tuple(tasks.count(k) for k in kinds), (0,) * len(kinds))
    level, t, seen = {start}, 0, {start}
    while True:
        if any(sum(left) == 0 for left, _ in level):
            return t
        nxt = set()
        for left, cool in level:
            tick = tuple(max(0, c - 1) for c in cool)
            moves = [(left, tick)]  # idle
            for i in range(len(kinds)):
                if left[i] and cool[i] == 0:
                    moves.append((left[:i] + (left[i] - 1,) + left[i + 1:],
                                  tick[:i] + (n,) + tick[i + 1:]))
            nxt.update(m for m in moves if m not in seen)
        seen |= nxt
        level, t = nxt, t + 1


def assert_valid(ticks, tasks, n):
    """Every task runs once, same types at least n ticks apart, no idle tick at the end."""
    assert Counter(k for k in ticks if k is not None) == Counter(tasks)
    last = {}
    for t, kind in enumerate(ticks):
        if kind is not None:
            assert kind not in last or t - last[kind] >= n + 1, (ticks, kind, t)
            last[kind] = t
    assert not ticks or ticks[-1] is not None


def test_the_classic_examples():
    assert least_interval("AAABBB", 2) == 8  # A B _ A B _ A B
    assert cooldown_schedule("AAABBB", 2) == ["A", "B", None, "A", "B", None, "A", "B"]
    assert least_interval("AAABBB", 0) == 6
    assert least_interval("AAAAAABCDEFG", 2) == 16
    assert least_interval("ABCDE", 4) == 5 and least_interval([], 3) == 0
    # arrival order is not enough: FIFO among ready types idles where "most left" does not
    assert least_interval("AAABBBCCDD", 2) == 10
    assert len(cooldown_schedule("AAABBBCCDD", 2, order="fifo")) == 12


@settings(max_examples=300)
@given(st.lists(st.sampled_from("ABCD"), max_size=8), st.integers(0, 4))
def test_least_interval_matches_brute_force_and_the_greedy_schedule_meets_it(tasks, n):
    best = least_interval(tasks, n)
    assert best == brute_least_interval(tasks, n)
    greedy = cooldown_schedule(tasks, n)
    assert_valid(greedy, tasks, n)
    assert len(greedy) == best
    fifo = cooldown_schedule(tasks, n, order="fifo")
    assert_valid(fifo, tasks, n)
    assert len(fifo) >= best


def naive_queue(ops, cooldown, order):
    """The rule read literally: every take looks at every type."""
    jobs, last, first, out, seq, last_take = [], {}, {}, [], 0, 0
    for op in ops:
        if op[0] == "put":
            first.setdefault(op[2], seq)
            jobs.append((seq, op[1], op[2]))
            seq += 1
            out.append(None)
            continue
        now = op[1]
        last_take = now
        ready = [k for k in first if any(j[2] == k for j in jobs)
                 and (k not in last or now >= last[k] + cooldown)]
        if not ready:
            out.append(None)
            continue
        if order == "fifo":
            kind = min(ready, key=lambda k: min(j[0] for j in jobs if j[2] == k))
        else:
            kind = min(ready, key=lambda k: (-sum(j[2] == k for j in jobs), first[k]))
        job = min(j for j in jobs if j[2] == kind)
        jobs.remove(job)
        last[kind] = now
        out.append((kind, job[1]))
    now = last_take or 0
    times = [max(now, last[k] + cooldown) if k in last else now for k in {j[2] for j in jobs}]
    return out, min(times, default=None)


@settings(max_examples=300)
@given(st.lists(st.one_of(st.tuples(st.just("put"), st.integers(0, 99), st.sampled_from("xyz")),
                          st.tuples(st.just("take"), st.integers(0, 3))), max_size=30),
       st.integers(0, 3), st.sampled_from(["fifo", "most_left"]))
def test_the_cooldown_queue_matches_the_naive_rule(ops, cooldown, order):
    q, now, out, program = CooldownQueue(cooldown, order), 0, [], []
    for op in ops:
        if op[0] == "put":
            q.put(op[1], op[2])
            out.append(None)
            program.append(op)
        else:
            now += op[1]  # time only moves forward
            out.append(q.take(now))
            program.append(("take", now))
    want, next_ready = naive_queue(program, cooldown, order)
    assert out == want
    assert q.next_ready(now) == next_ready
    assert len(q) == sum(op[0] == "put" for op in ops) - sum(o is not None for o in out)


def test_the_cooldown_queue_holds_a_type_until_its_ready_time():
    q = CooldownQueue(cooldown=2.5)
    for job, kind in [(1, "a"), (2, "a"), (3, "b")]:
        q.put(job, kind)
    assert q.take(0) == ("a", 1)
    assert q.take(0) == ("b", 3)
    assert q.take(2.4) is None and q.next_ready(2.4) == 2.5 and q.next_ready(3) == 3
    assert q.cooling() == {"a": 2.5, "b": 2.5}
    assert q.take(2.5) == ("a", 2) and len(q) == 0


# -- the token bucket ---------------------------------------------------------------------

RATES = st.builds(Fraction, st.integers(1, 6), st.integers(1, 4))


@settings(max_examples=300)
@given(RATES, st.integers(1, 5), st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)),
                                          max_size=30))
def test_try_acquire_matches_a_bucket_refilled_tick_by_tick(rate, capacity, requests):
    clock = FakeClock()
    bucket = TokenBucket(rate, capacity, clock)
    tokens, got, want = Fraction(capacity), [], []
    for gap, cost in requests:
        for _ in range(gap):  # the naive bucket: one tick at a time, capped each tick
            tokens = min(Fraction(capacity), tokens + rate)
        clock.advance(gap)
        cost = min(cost, capacity)
        got.append(bucket.try_acquire(cost))
        want.append(tokens >= cost)
        if want[-1]:
            tokens -= cost
        assert bucket.available() == tokens
    assert got == want


@settings(max_examples=300)
@given(st.integers(1, 4), st.integers(1, 4), st.lists(st.integers(0, 3), max_size=25))
def test_queued_requests_start_when_a_tick_by_tick_bucket_lets_them(k, capacity, gaps):
    rate = Fraction(1, k)
    arrivals = [sum(gaps[:i + 1]) for i in range(len(gaps))]
    starts = rate_limited_starts(arrivals, rate, capacity)
    # naive: refill once per tick, then serve the waiting requests first come first served
    want, tokens, waiting, i, t = [], Fraction(capacity), deque(), 0, arrivals[0] if gaps else 0
    while len(want) < len(arrivals):
        while i < len(arrivals) and arrivals[i] == t:
            waiting.append(i)
            i += 1
        while waiting and tokens >= 1:
            waiting.popleft()
            tokens -= 1
            want.append(t)
        t += 1
        tokens = min(Fraction(capacity), tokens + rate)
    assert starts == want


@settings(max_examples=200)
@given(st.floats(0.1, 5), st.integers(1, 5),
       st.lists(st.floats(0, 2, allow_nan=False), max_size=30))
def test_no_window_admits_more_than_capacity_plus_rate_times_its_length(rate, capacity, gaps):
    arrivals = [sum(gaps[:i + 1]) for i in range(len(gaps))]
    starts = rate_limited_starts(arrivals, rate, capacity)
    assert all(s >= a for s, a in zip(starts, arrivals, strict=True))
    assert starts == sorted(starts)
    for i in range(len(starts)):
        for j in range(i, len(starts)):
            assert j - i + 1 <= capacity + rate * (starts[j] - starts[i]) + 1e-9


def test_a_burst_of_capacity_passes_then_one_per_refill():
    clock = FakeClock()
    b = TokenBucket(rate=2, capacity=3, clock=clock)
    assert [b.try_acquire() for _ in range(4)] == [True, True, True, False]
    assert b.wait_time() == 0.5
    clock.advance(0.5)
    assert b.try_acquire() and not b.try_acquire()
    assert b.wait_time(3) == 1.5
    clock.advance(100)
    assert b.available() == 3  # capped


def test_bad_input():
    clock = FakeClock()
    with pytest.raises(ValueError, match="n must be >= 0, got -1"):
        least_interval("AB", -1)
    with pytest.raises(TypeError, match="n must be an int, got 1.5"):
        least_interval("AB", 1.5)
    with pytest.raises(TypeError, match="tasks must be a list of task types, got 5"):
        least_interval(5, 1)
    with pytest.raises(TypeError, match=r"each task must be hashable, got \[1\]"):
        least_interval([[1]], 1)
    with pytest.raises(ValueError, match="n must be >= 0, got -2"):
        cooldown_schedule("AB", -2)
    with pytest.raises(ValueError, match="order must be one of 'fifo', 'most_left', got 'lifo'"):
        cooldown_schedule("AB", 1, order="lifo")
    with pytest.raises(ValueError, match="cooldown must be >= 0, got -1"):
        CooldownQueue(-1)
    q = CooldownQueue(1)
    with pytest.raises(TypeError, match=r"kind must be hashable, got \{\}"):
        q.put(1, {})
    with pytest.raises(TypeError, match="now must be a number, got 'soon'"):
        q.take("soon")
    with pytest.raises(TypeError, match="now must be a number, got None"):
        q.next_ready(None)
    for kwargs, error, message in [
        (dict(rate=0), ValueError, "rate must be > 0, got 0"),
        (dict(rate="1"), TypeError, "rate must be a number, got '1'"),
        (dict(capacity=0), ValueError, "capacity must be > 0, got 0"),
        (dict(clock=3), TypeError, r"clock must have a now\(\) method, got 3"),
        (dict(tokens=9), ValueError, "tokens must be <= 2, got 9"),
        (dict(tokens=-1), ValueError, "tokens must be >= 0, got -1"),
    ]:
        with pytest.raises(error, match=message):
            TokenBucket(**(dict(rate=1, capacity=2, clock=clock) | kwargs))
    b = TokenBucket(1, 2, clock)
    for method in (b.try_acquire, b.wait_time, b.reserve):
        with pytest.raises(ValueError, match="cost must be <= 2, got 3"):
            method(3)
        with pytest.raises(ValueError, match="cost must be >= 0, got -1"):
            method(-1)
    clock._now = -5  # a clock that jumped back, as a wall clock can
    with pytest.raises(ValueError, match="the clock went backwards"):
        b.available()
    with pytest.raises(TypeError, match="arrivals must be a list of times, got 3"):
        rate_limited_starts(3, 1, 1)
    with pytest.raises(ValueError, match="arrivals must not decrease, got 2 then 1"):
        rate_limited_starts([2, 1], 1, 1)
    with pytest.raises(TypeError, match=r"arrivals\[1\] must be a number, got 'x'"):
        rate_limited_starts([0, "x"], 1, 1)


# -- the explorers (they only draw what the core returns) -----------------------------------

def test_the_cooldown_explorer_compares_both_rules_with_the_formula():
    from kit.widgets.cooldown import CooldownExplorer

    e = CooldownExplorer("AAABBBCCDD", n=2)
    assert e.lines[0] == "least_interval = 10 ticks for 10 tasks."
    assert e.lines[2] == "first come first served: 12 ticks, 2 idle: ABCABCABD__D"
    e.n.value = 0
    assert e.lines[1] == "most left first: 10 ticks, 0 idle: " + e.lines[1][-10:]
    e.tasks.value = ""
    assert e.lines[0] == "least_interval = 0 ticks for 0 tasks." and e.picture.value
    assert "[Cooldown explorer]" in e._repr_mimebundle_()["text/plain"]


def test_the_rate_limit_explorer_reads_the_queued_starts():
    from kit.widgets.cooldown import RateLimitExplorer

    e = RateLimitExplorer(rate=1, capacity=4, pattern="one burst", requests=16)
    assert e.lines[1].startswith("4 start at once; the last starts at t = 12;")
    e.pattern.value = "steady, 2 per tick"
    e.capacity.value = 12
    assert e.lines[1].startswith("16 start at once;")  # 12 tokens + 1 per tick: never short
    e.capacity.value = 1
    assert e.lines[1].startswith("1 start at once; the last starts at t = 15;")
