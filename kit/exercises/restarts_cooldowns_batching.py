"""Exercises for 11_restarts_cooldowns_batching: the durable scheduler's recovery rule, the
fewest ticks under a cooldown, a token bucket, batching under a capacity, and three relatives from
the seed (top k longest jobs with a size-k heap, unit jobs with profits, an incremental build).

Each answer is compared with the core: q1 with `kit.durable_scheduler.JobStore` itself (the rows
are written into an SQLite table in memory and the store's recovery step runs on them), q2 with
`kit.cooldown`, q3 with `kit.cooldown.TokenBucket`, q4 with `kit.batching`, q5 with
`kit.heap_habits.top_k_longest`, q6 with `kit.edf.max_profit_unit_jobs`, q7 with
`kit.incremental.build`. q5 also checks its cost on a stream of 5 000 jobs: how many jobs the
answer holds at once and how many comparisons it makes. The other generators mix in large cases
(`now_and_then_many`): a rule that stops after the first few items, levels or ticks fails.
"""

import heapq
import random
from collections import Counter
from graphlib import TopologicalSorter
from typing import NamedTuple

from hypothesis import strategies as st

from kit import batching, cooldown, edf, heap_habits, incremental
from kit.batching import BatchJob
from kit.checks import Pitfall, Problem, a_kind, difference, meter, programs, too_slow
from kit.clock import FakeClock
from kit.durable_scheduler import JobStore
from kit.edf import ProfitJob

NAMES = "ABCDEFGHIJ"


def names(draw, n: int) -> list:
    """n names drawn apart from their order: a name never hints at a position."""
    return draw(st.permutations(NAMES))[:n]


def now_and_then_many(small, large, most: int, *more):
    """`small` cases, and about one in four `large(n, rng, ids, *drawn from more)`: n items, up
    to `most`, grown from a seed in a fixed order (a shorter case is the start of a longer one,
    so shrinking finds the size where a hard-coded limit breaks), ids from a shuffled range."""
    def grow(n, seed, *drawn):
        rng = random.Random(seed)
        ids = rng.sample(range(most), most)
        return large(n, rng, [f"j{i}" for i in ids], *drawn)
    return st.one_of(small, st.builds(grow, st.integers(0, most), st.integers(0, 3), *more))


# -- q1: the recovery rule ---------------------------------------------------------------------
class Row(NamedTuple):
    id: str
    state: str  # PENDING READY RUNNING DONE FAILED CANCELLED
    attempts: int
    recoveries: int
    lease_until: float | None  # RUNNING only


def recover(jobs, now, on_start, max_recoveries):
    """The rows after the recovery rule, in the same order. A RUNNING job whose lease has expired
    (`lease_until <= now`), or on start every RUNNING job, is unfinished: it becomes READY with
    its interrupted attempt not counted and one more recovery, or FAILED once it has already
    been recovered `max_recoveries` times. Its lease is cleared. Other rows stay as they are."""
    out = []
    for job in jobs:
        if job.state == "RUNNING" and (on_start or job.lease_until <= now):
            state = "READY" if job.recoveries < max_recoveries else "FAILED"
            job = job._replace(state=state, attempts=job.attempts - 1,
                               recoveries=job.recoveries + 1, lease_until=None)
        out.append(job)
    return out


def _recover_by_the_store(jobs, now, on_start, max_recoveries):
    """The reference: the rows written into the real store's table, its recovery step run."""
    store = JobStore(":memory:")
    for seq, j in enumerate(jobs):
        store._db.execute(
            "INSERT INTO jobs (id, task, payload, priority, run_at, seq, retries, backoff, state, "
            "attempts, recoveries, lease_until) VALUES (?, 't', 'null', 5, 1e18, ?, 0, 0, ?, ?, "
            "?, ?)", (j.id, seq, j.state, j.attempts, j.recoveries, j.lease_until))
    store.recover_and_promote(now, max_recoveries, on_start=on_start)
    rows = {r.id: r for r in store.rows()}
    store.close()
    return [Row(j.id, str(rows[j.id].status), rows[j.id].attempts, rows[j.id].recoveries,
                rows[j.id].lease_until) for j in jobs]


@st.composite
def recovery_cases(draw):
    n = draw(st.integers(0, 6))
    rows = []
    for name in names(draw, n):
        state = draw(st.sampled_from(["RUNNING", "RUNNING", "PENDING", "READY", "DONE", "FAILED",
                                      "CANCELLED"]))
        running = state == "RUNNING"  # another state may carry an old lease too: left as it is
        rows.append(Row(name, state, draw(st.integers(1 if running else 0, 3)),
                        draw(st.integers(0, 3)),
                        draw(_times) if running else draw(st.none() | _times)))
    return rows, draw(_times), draw(st.booleans()), draw(st.integers(0, 3))


_times = st.integers(0, 6) | st.integers(0, 12).map(lambda x: x / 2)  # a lease ends at any time


def _many_rows(n, rng, ids):
    """n rows as `recovery_cases` draws them (hundreds: no rule may stop after the first few)."""
    now, on_start, most = rng.randrange(13) / 2, rng.random() < 0.5, rng.randrange(4)
    rows = []
    for name in ids[:n]:
        state = rng.choice(["RUNNING", "RUNNING", "PENDING", "READY", "DONE", "FAILED"])
        lease = rng.randrange(13) / 2
        rows.append(Row(name, state, rng.randint(state == "RUNNING", 3), rng.randint(0, 3),
                        lease if state == "RUNNING" or rng.random() < 0.5 else None))
    return rows, now, on_start, most


def _judge_rows(case, expected, got) -> str | None:
    """What differs first: the first row that differs, and in it the first field, in the order
    Row lists them (state before lease_until)."""
    wrong = difference(expected, got)
    if wrong is None or not isinstance(got, list) or len(got) != len(expected):
        return wrong
    for i, (want, row) in enumerate(zip(expected, got, strict=True)):
        if not (isinstance(row, tuple) and len(row) == len(Row._fields)):
            return difference(want, row) and f"row {i}: {difference(want, row)}"
        for field, w, g in zip(Row._fields, want, row, strict=True):
            if difference(w, g) is not None:
                return (f"row {i} ({want.id}): {field}: expected {w!r}, got {g!r}"
                        + ("" if type(w) is type(g) or None not in (w, g) else
                           f" ({a_kind(g)})"))
    return wrong


R = Row
q1 = Problem(
    name="recover",
    arg_names=("jobs", "now", "on_start", "max_recoveries"),
    cases=now_and_then_many(recovery_cases(), _many_rows, 600),
    answer=recover,
    reference=_recover_by_the_store,
    judge=_judge_rows,
    examples=[
        ("no jobs", ([], 0, True, 3)),
        ("a lease that expires exactly now", ([R("A", "RUNNING", 1, 0, 5)], 5, False, 3)),
        ("a lease still held", ([R("B", "RUNNING", 2, 0, 6)], 5, False, 3)),
        ("on start a held lease counts too", ([R("C", "RUNNING", 1, 1, 9)], 5, True, 3)),
        ("recovered max_recoveries times already", ([R("D", "RUNNING", 1, 2, 0)], 5, True, 2)),
        ("one recovery left", ([R("E", "RUNNING", 3, 1, 0)], 5, False, 2)),
        ("other states are left alone",
         ([R("F", "DONE", 1, 0, None), R("G", "PENDING", 0, 0, None),
           R("H", "READY", 1, 1, None)], 5, True, 0)),
        ("other states are left alone, an old lease included",
         ([R("F", "DONE", 1, 0, 2), R("G", "FAILED", 2, 1, 4.5), R("H", "READY", 1, 1, 0)],
          5, False, 3)),
    ],
    pitfalls=[
        Pitfall("a lease counted as held at its expiry", "a lease is held while now < "
                "lease_until; at exactly lease_until it has expired",
                edit=[("job.lease_until <= now", "job.lease_until < now")]),
        Pitfall("waited for the lease on start", "on start nobody else can be running the job "
                "(one scheduler per file): every RUNNING row is unfinished at once",
                edit=[("(on_start or job.lease_until <= now)", "job.lease_until <= now")]),
        Pitfall("the interrupted attempt counted against retries", "the task did not fail, its "
                "process died: take the attempt back and count a recovery instead",
                edit=[("attempts=job.attempts - 1,", "attempts=job.attempts,")]),
        Pitfall("no cap on recoveries", "a job that kills its process every time would run for "
                "ever: after max_recoveries recoveries it ends FAILED",
                edit=[('"READY" if job.recoveries < max_recoveries else "FAILED"', '"READY"')]),
    ],
    hints=["Only RUNNING rows change. Which of them are unfinished: on start, and otherwise?",
           "A lease is held while `now < lease_until`, so it has expired when `lease_until <= "
           "now`. Rows are NamedTuples: `row._replace(state=...)` makes the changed copy.",
           "An unfinished job goes back to READY with `attempts - 1` and `recoveries + 1` "
           "(FAILED instead when `recoveries` already reached `max_recoveries`), lease None."],
)


# -- q2: the fewest ticks under a cooldown -------------------------------------------------------
def least_interval(tasks, n):
    """The fewest ticks, idle ones included, to run every task (one per tick) when two tasks of
    the same type need at least `n` other ticks between them."""
    counts = Counter(tasks)
    if not counts:
        return 0
    m = max(counts.values())  # the most frequent type needs m - 1 frames of n + 1 ticks
    k = list(counts.values()).count(m)  # ... and a last frame with every type that ties on m
    return max(len(tasks), (m - 1) * (n + 1) + k)


def _judge_ticks(case, expected, got):
    """The difference, and for a wrong count of the right type what the top type needs."""
    wrong, (tasks, n) = difference(expected, got), case
    if wrong is None or type(got) is not int or not tasks:
        return wrong
    top, m = Counter(tasks).most_common(1)[0]
    return (f"the fewest ticks is {expected}, not {got}: {len(tasks)} tasks, and {top!r} runs "
            f"{m} times with at least n = {n} other ticks (idle ones too) between two of them")


q2 = Problem(
    name="least_interval",
    arg_names=("tasks", "n"),
    cases=now_and_then_many(  # a cooldown up to 200: longer than the tasks
        st.tuples(st.lists(st.sampled_from("ABCDE"), max_size=14), st.integers(0, 12)
                  | st.integers(13, 200)),
        lambda k, rng, ids, n: (rng.choices("ABCDEFGH"[:rng.randint(1, 8)], k=k), n), 1000,
        st.integers(0, 30)),  # (a simulation, tick by tick, is a right answer too: bounded)
    answer=least_interval,
    reference=cooldown.least_interval,
    judge=_judge_ticks,
    exact_numbers=True,  # a count is an int: 8.0 is not the 8 the statement promises
    examples=[("no tasks", ([], 2)), ("the classic AAABBB, n = 2", (list("AAABBB"), 2)),
              ("no cooldown", (list("AAB"), 0)),
              ("enough other tasks to fill every gap", (list("AAABBBCCDDEE"), 2)),
              ("one type", (list("AAAA"), 3))],
    pitfalls=[
        Pitfall("frames never widen", "when there are more tasks than frame slots no tick idles: "
                "the answer is at least len(tasks)",
                edit=[("max(len(tasks), (m - 1) * (n + 1) + k)", "(m - 1) * (n + 1) + k")]),
        Pitfall("only one type in the last frame", "every type that ties on the top count runs "
                "in the last frame", edit=[("(n + 1) + k)", "(n + 1) + 1)")]),
        Pitfall("frames of n ticks", "a frame is the task and the n ticks after it: n + 1",
                edit=[("(m - 1) * (n + 1)", "(m - 1) * n")]),
    ],
    hints=["Count the tasks of each type; the most frequent type decides the shape.",
           "With m tasks of the top type, picture m - 1 frames of n + 1 ticks, then a last frame.",
           "`max(len(tasks), (m - 1) * (n + 1) + k)`, k = how many types have the top count."],
)


# -- q3: the token bucket ------------------------------------------------------------------------
class TokenBucket:
    """At most `capacity` tokens, `rate` more per unit of time on `clock`, starting full. A
    request of `cost` tokens goes through (True) when the bucket holds them (never when cost is
    above capacity)."""

    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens, self.last = capacity, clock.now()

    def try_acquire(self, cost=1):
        """Refill for the time since the last call (capped), then take `cost` tokens if they are
        there: True; otherwise take none: False."""
        now = self.clock.now()
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


class _SharedTokens(TokenBucket):
    """The listed slip "tokens shared by every bucket": the count lives on the class."""

    count = 0
    tokens = property(lambda self: _SharedTokens.count,
                      lambda self, value: setattr(_SharedTokens, "count", value))


class _SharedLast(TokenBucket):
    """The slip "refill time shared by every bucket": the mark lives on the class."""

    mark = 0
    last = property(lambda self: _SharedLast.mark,
                    lambda self, value: setattr(_SharedLast, "mark", value))


def _run_bucket(answer, case):
    """Replay "t=3 try_acquire 2" steps (`kit.checks.programs`) on `answer(rate, capacity,
    clock)`: the FakeClock is moved to t, then try_acquire(2) is called (a cost of 1 is left
    to the default); what each call returned, with its type (a bool)."""
    rate, capacity, ops = case
    clock = FakeClock()
    bucket = answer(rate, capacity, clock)
    theirs = FakeClock()  # a second bucket, made after, with its own rate, capacity and clock,
    theirs.advance(1000)  # emptied, then used before each of your calls: buckets share nothing
    beside = answer(rate * 2, capacity + 1, theirs)  # (no class attribute set in __init__)
    for _ in range(capacity + 2):  # (bounded: a bucket that never refuses must not hang it)
        if not beside.try_acquire(1):
            break

    def do(bucket, step):
        clock.advance(step.at - clock.now())
        theirs.advance(1)
        beside.try_acquire(1)
        (cost,) = step.words
        return repr(bucket.try_acquire() if cost == "1" else bucket.try_acquire(_cost(cost)))

    return programs.replay(bucket, ops, do)


def _cost(word: str):
    return float(word) if "." in word else int(word)


def requests(*pairs) -> list[str]:
    """Steps from (time since the last request, cost) pairs: (0, 1), (2, 1) -> t=0, t=2."""
    ops, now = [], 0
    for gap, cost in pairs:
        now += gap
        ops.append(f"t={now:g} try_acquire {cost:g}")
    return ops


class _KitBucket:
    """The kit's bucket, which refuses a cost above capacity as an error: here such a request
    never goes through (False), as the statement says."""

    def __init__(self, rate, capacity, clock):
        self.bucket = cooldown.TokenBucket(rate, capacity, clock)

    def try_acquire(self, cost=1):
        return False if cost > self.bucket.capacity else self.bucket.try_acquire(cost)


def _reference_bucket(rate, capacity, clock):
    return _KitBucket(rate, capacity, clock)


@st.composite
def bucket_cases(draw):
    """Requests at times that never go back: often several at one tick, now and then after a
    long idle time, at half ticks too; costs from 0 to the capacity, a half included, and now
    and then above the capacity (never met)."""
    capacity = draw(st.integers(1, 5))
    # powers of two: every way of writing the refill (times or divides) is exact in binary
    rate = draw(st.sampled_from([0.25, 0.5, 1, 2, 4]))
    gap = st.one_of(programs.gaps(0, 3, idle=10), st.sampled_from([0.5, 1.5]))
    cost = st.one_of(st.integers(0, capacity), st.just(0.5), st.integers(capacity + 1, 9))
    return rate, capacity, requests(*draw(st.lists(st.tuples(gap, cost), max_size=20)))


q3 = Problem(
    name="TokenBucket",
    arg_names=("rate", "capacity", "requests"),
    cases=now_and_then_many(bucket_cases(), lambda n, rng, ids, rate, capacity: (
        rate, capacity, requests(*[(rng.choice([0, 0, 1, 2, 3, 0.5, 1.5, 12]), rng.choice(
            [*range(capacity + 1), 0.5, capacity + 1])) for _ in range(n)])), 600,
        st.sampled_from([0.25, 0.5, 1, 2, 4]), st.integers(1, 5)),
    answer=TokenBucket,
    reference=_reference_bucket,
    run=_run_bucket,
    examples=[("a burst of capacity, then one more", (2, 3, requests(*[(0, 1)] * 4))),
              ("exactly enough after a wait", (0.5, 1, requests((0, 1), (2, 1)))),
              ("a long idle time is capped", (1, 2, requests((0, 2), (50, 2), (0, 1)))),
              ("a refusal takes nothing", (1, 3, requests((0, 2), (0, 2), (0, 1)))),
              ("a refill split over many calls", (0.25, 1, requests((0, 1), *[(1, 1)] * 5))),
              ("a cost above capacity, on a full bucket", (1, 2, requests((0, 3), (0, 2))))],
    pitfalls=[
        Pitfall("no cap on the tokens", "a bucket holds at most `capacity`: an idle hour must "
                "not buy an hour-long burst",
                edit=[("min(self.capacity, self.tokens + (now - self.last) * self.rate)",
                       "self.tokens + (now - self.last) * self.rate")]),
        Pitfall("the same time refilled twice", "remember when you last refilled, or the next "
                "call pays for that time again", edit=[("        self.last = now\n", "")]),
        Pitfall("needs more than the cost", "a request goes through when the tokens equal its "
                "cost", edit=[("if self.tokens >= cost:", "if self.tokens > cost:")]),
        Pitfall("tokens shared by every bucket", "the tokens are the bucket's own (self.tokens, "
                "set in __init__), not a class attribute: the check empties a second bucket, "
                "made after yours, and yours must still be full", answer=_SharedTokens),
        Pitfall("refill time shared by every bucket", "each bucket keeps its own refill time "
                "(self.last, set in __init__), not a class attribute: the check uses a second "
                "bucket between your calls, and yours must not see its clock", answer=_SharedLast),
        Pitfall("a cost above capacity let through", "a bucket never holds more than capacity "
                "tokens, so a request of more can never go through: False, taking none (not a "
                "full bucket's worth, leaving the tokens negative)",
                edit=[("if self.tokens >= cost:", "if self.tokens >= min(cost, self.capacity):")]),
        Pitfall("a refused request took tokens", "only a request that goes through takes "
                "tokens",
                edit=[("        if self.tokens >= cost:\n            self.tokens -= cost\n",
                       "        self.tokens -= cost\n        if self.tokens >= 0:\n")]),
    ],
    hints=["Do not run a timer: refill lazily, when a request comes, for the time since the last.",
           "`tokens = min(capacity, tokens + (now - last) * rate)`, then `last = now`.",
           "If `tokens >= cost`, take them and return True; otherwise return False, taking none."],
)


# -- q4: batching under a capacity ---------------------------------------------------------------
def pick_batch(jobs, capacity, skip):
    """The names of the jobs one pick admits, in priority order (lower first, ties in input
    order): each job that fits in the room left is admitted; at the first that does not fit,
    stop (`skip` False) or skip it and keep filling (`skip` True)."""
    room, batch = capacity, []
    for job in sorted(jobs, key=lambda j: j.priority):  # stable: ties keep input order
        if job.size <= room:
            batch.append(job.name)
            room -= job.size
        elif not skip:
            break
    return batch


def _pick_by_the_core(jobs, capacity, skip):
    return batching.pick_batch(jobs, capacity, "skip" if skip else "stop")


@st.composite
def batch_cases(draw):
    capacity = draw(st.integers(1, 10))
    # every field the rule does not order by varies too (arrival, duration), against input order
    specs = draw(st.lists(st.tuples(st.integers(1, capacity), st.integers(1, 3),
                                    st.integers(0, 3), st.integers(1, 3)), max_size=8))
    jobs = [BatchJob(n, size, priority, arrival, duration)
            for n, (size, priority, arrival, duration) in zip(names(draw, len(specs)), specs,
                                                              strict=True)]
    return jobs, capacity, draw(st.booleans())


J = BatchJob
BLOCKED = [J("B", 4, 1), J("A", 7, 2), J("D", 3, 3), J("C", 3, 3)]
q4 = Problem(
    name="pick_batch",
    arg_names=("jobs", "capacity", "skip"),
    cases=now_and_then_many(batch_cases(), lambda n, rng, ids, capacity, skip: ([J(
        name, rng.randint(1, min(5, capacity)), rng.randint(1, 3), rng.randint(0, 3),
        rng.randint(1, 3))
        for name in ids[:n]], capacity, skip), 1000, st.integers(1, 3000), st.booleans()),
    answer=pick_batch,
    reference=_pick_by_the_core,
    examples=[("no jobs", ([], 5, True)), ("a big job blocks the line: stop", (BLOCKED, 10, False)),
              ("a big job blocks the line: skip", (BLOCKED, 10, True)),
              ("an exact fit", ([J("B", 2, 1), J("A", 3, 1)], 5, False)),
              ("equal priorities, names against input order",
               ([J("C", 2, 2), J("A", 2, 2), J("B", 2, 1)], 4, True)),
              ("equal priorities, arrivals and durations against input order",
               ([J("C", 2, 2, 3, 1), J("A", 2, 2, 1, 3), J("B", 2, 2, 0, 2)], 4, True))],
    pitfalls=[
        Pitfall("skip and stop swapped", "with `skip` False the pick ends at the first job that "
                "does not fit", edit=[("elif not skip:", "elif skip:")]),
        Pitfall("an exact fit refused", "a job fits when its size is at most the room left",
                edit=[("if job.size <= room:", "if job.size < room:")]),
        Pitfall("ignored the priority", "walk the jobs in priority order, not as given",
                edit=[("sorted(jobs, key=lambda j: j.priority)", "jobs")]),
        Pitfall("ties not kept in input order", "equal priorities keep their input order; do "
                "not break ties by name",
                edit=[("key=lambda j: j.priority)", "key=lambda j: (j.priority, j.name))")]),
    ],
    hints=["Sort by priority (stable), keep the room left, and walk the jobs once.",
           "A job fits when `job.size <= room`. What happens at the first one that does not fit "
           "is the only difference between the two rules.",
           "`elif not skip: break`; otherwise just go on to the next job."],
)


# -- q5: the k longest jobs with a size-k heap ---------------------------------------------------
def top_k_longest(durations, k):
    """The k longest jobs as (name, duration) pairs, longest first, equal durations in input
    order. `durations` is a stream of (name, duration) pairs: hold at most k jobs at a time."""
    heap = []  # (duration, -seq, name): the root is the weakest of the k kept
    for seq, (name, duration) in enumerate(durations):
        if len(heap) < k:
            heapq.heappush(heap, (duration, -seq, name))
        elif k and (duration, -seq) > heap[0][:2]:
            heapq.heapreplace(heap, (duration, -seq, name))  # drop the weakest
    heap.sort(reverse=True)
    return [(name, duration) for duration, _, name in heap]


BIG_K = 64
BIG = [(f"J{i}", d) for i, d in enumerate(random.Random(11).choices(range(1, 50), k=5_000))]


def _run_top_k(answer, case):
    """Feed the pairs one at a time; return the answer (durations as ints). On the long stream
    (the only case judged by cost) return (that, its costs) instead."""
    pairs, k = case
    held = []

    def stream():
        for name, d in pairs:
            held.append(m.alive)  # the jobs the answer still holds as the next arrives
            yield name, meter.Int(d)

    with meter.Meter() as m:
        got = answer(stream(), k)
    if isinstance(got, list):  # the counted durations as the ints they stand for, wherever
        got = [type(p)(int(x) if isinstance(x, meter.Int) else x for x in p)
               if type(p) in (tuple, list) else int(p) if isinstance(p, meter.Int) else p
               for p in got]
    if len(pairs) < LONG_STREAM:
        return got
    return got, {"compared": m.count, "held": max(held, default=0)}


LONG_STREAM = 1000  # from this many jobs on, the costs are judged too


def _judge_top_k(case, expected, got):
    pairs, k = case
    (value, costs), want = (got, expected[0]) if len(pairs) >= LONG_STREAM else \
        ((got, None), expected)
    wrong = difference(want, value)
    if wrong is not None:
        return _top_k_difference(want, value, wrong)
    if costs is not None:
        if costs["held"] > k + 1:  # the k kept, and the pair the loop saw last
            return too_slow(f"right answer, but it held {costs['held']} jobs at once for k = {k}: "
                           "a size-k heap holds k (drop the weakest as you go)")
        if costs["compared"] > 6 * len(pairs):
            return too_slow(f"right answer, but {costs['compared']} comparisons for "
                           f"{len(pairs)} jobs and k = {k}: a size-k heap needs about "
                           "n (one look at the root) plus log k per replacement")
    return None


def _top_k_difference(want, value, wrong):
    """What differs, said plainly for a list of pairs of the right length and shape: the first
    place that differs, then which rule it breaks (longest first; equal durations in the order
    they came)."""
    if not (isinstance(value, list) and len(value) == len(want) and all(
            type(p) is tuple and len(p) == 2 and type(p[1]) is int for p in value)):
        return wrong  # not a list of (name, duration) pairs of the right length: say the type
    i = next(i for i, (w, g) in enumerate(zip(want, value, strict=True)) if w != g)
    place = f"pair {i + 1} of {len(want)}: expected {want[i]!r}, got {value[i]!r}"
    if [d for _, d in value] == [d for _, d in want]:
        return f"{place}. The durations are right, so the tie rule is wrong: among equal " \
            "durations the job that came first is kept and listed first"
    if sorted(value, key=repr) == sorted(want, key=repr):
        return f"{place}. The right jobs in the wrong order: longest first"
    return place


@st.composite
def top_k_cases(draw):
    durations = draw(st.lists(st.integers(1, 9), max_size=len(NAMES)))
    return list(zip(names(draw, len(durations)), durations, strict=True)), \
        draw(st.integers(0, len(durations) + 1))


q5 = Problem(
    name="top_k_longest",
    arg_names=("durations", "k"),
    cases=top_k_cases(),
    answer=top_k_longest,
    reference=heap_habits.top_k_longest,
    run=_run_top_k,
    judge=_judge_top_k,
    examples=[("no jobs", ([], 3)), ("k = 0", ([("A", 4)], 0)),
              ("k larger than the jobs", ([("B", 2), ("A", 5)], 5)),
              ("equal durations keep input order",
               ([("C", 3), ("A", 3), ("D", 1), ("B", 3)], 2)),
              (f"a stream of {len(BIG)} jobs, durations 1 to 49 (ties all along), k = {BIG_K}",
               (BIG, BIG_K))],
    equivalent={
        "top_k_longest constant: `2` -> `3` in `if k and (duration, -seq) > "
        "heap[0][:2]:`": "a new job's -seq never equals a kept one's, so the third "
        "item (the name) is never reached",
        "top_k_longest compare: `(duration, -seq) > heap[0][:2]` -> `(duration, -seq) >= "
        "heap[0][:2]` in `if k and (duration, -seq) > heap[0][:2]:`":
        "-seq is unique, so the new pair never equals the root's",
    },
    pitfalls=[
        Pitfall("ties: the later job kept", "among equal durations the earlier job is stronger: "
                "key on -seq, so the later arrival is the weaker one", edit=[
                    ("(duration, -seq, name))\n        elif",
                     "(duration, seq, name))\n        elif"),
                    ("(duration, -seq) > heap[0][:2]", "(duration, seq) > heap[0][:2]"),
                    ("heapreplace(heap, (duration, -seq, name))",
                     "heapreplace(heap, (duration, seq, name))")]),
        Pitfall("ties: an equal duration replaced a kept job", "a newcomer must be strictly "
                "longer than the weakest kept job to replace it: an equal duration came later, "
                "so it is the weaker one (test >, not >=)",
                edit=[("elif k and (duration, -seq) > heap[0][:2]:",
                       "elif k and duration >= heap[0][0]:")]),
        Pitfall("ties by name", "equal durations keep their input order, not their names' order",
                edit=[("(duration, -seq, name))\n        elif", "(duration, name, name))\n"
                       "        elif"),
                      ("(duration, -seq) > heap[0][:2]", "(duration, name) > heap[0][:2]"),
                      ("heapq.heapreplace(heap, (duration, -seq, name))",
                       "heapq.heapreplace(heap, (duration, name, name))")]),
        Pitfall("shortest first", "the answer lists the longest job first",
                edit=[("heap.sort(reverse=True)", "heap.sort()")]),
    ],
    hints=["Keep a min-heap of the best k so far: its root is the weakest of them.",
           "A new job only matters if it beats the root; then `heapq.heapreplace` swaps it in.",
           "Entries `(duration, -seq, name)`: among equal durations the later job is weaker. Sort "
           "the k kept entries in reverse at the end."],
)


# -- q6: unit jobs with deadlines and profits ----------------------------------------------------
def max_profit(jobs):
    """Jobs of one tick each, as ProfitJob(name, deadline, profit): the most profit from jobs
    that finish by their deadlines, and the names of those jobs in an order that does."""
    taken = []  # min-heap of (profit, seq, job): the least profitable on top
    for seq, job in enumerate(sorted(jobs, key=lambda j: j.deadline)):
        heapq.heappush(taken, (job.profit, seq, job))
        if len(taken) > job.deadline:  # more jobs than ticks before this deadline
            heapq.heappop(taken)  # drop the least profitable
    chosen = sorted(taken, key=lambda e: e[1])  # seq: deadline order, so all are on time
    return sum(p for p, _, _ in chosen), [j.name for _, _, j in chosen]


def _judge_profit(case, expected, got):
    (jobs,) = case
    if not isinstance(got, tuple) or len(got) != 2 or not isinstance(got[1], list):
        return f"expected a (profit, names) tuple, got {a_kind(got)}"
    profit, chosen = got
    by_name = {j.name: j for j in jobs}
    if len(set(chosen)) != len(chosen) or any(n not in by_name for n in chosen):
        return "every name returned must be one of the jobs, at most once"
    late = [n for tick, n in enumerate(chosen, 1) if tick > by_name[n].deadline]
    if late:
        return f"run in that order, {late[0]!r} finishes after its deadline"
    if profit != sum(by_name[n].profit for n in chosen):
        return f"the jobs returned earn {sum(by_name[n].profit for n in chosen)}, not {profit}"
    if profit != expected[0]:
        return f"the most profit is {expected[0]}, the answer earns {profit}"
    if type(profit) is not type(expected[0]):
        return (f"the total profit is a sum of int profits, an int: expected {expected[0]!r}, "
                f"got {a_kind(profit)}: {profit!r}")
    return None


def _take_while_room(jobs):
    """The pitfall of q6 as its own algorithm: by deadline, take a job while there is a tick
    left, never give one back."""
    chosen = []
    for job in sorted(jobs, key=lambda j: j.deadline):
        if len(chosen) < job.deadline:
            chosen.append(job)
    return sum(j.profit for j in chosen), [j.name for j in chosen]


@st.composite
def profit_cases(draw):
    specs = draw(st.lists(st.tuples(st.integers(0, 4), st.integers(1, 30)), max_size=8))
    return ([ProfitJob(n, d, p) for n, (d, p) in zip(names(draw, len(specs)), specs,
                                                        strict=True)],)


P = ProfitJob
q6 = Problem(
    name="max_profit",
    arg_names=("jobs",),
    cases=now_and_then_many(profit_cases(), lambda n, rng, ids, most: ([ProfitJob(
        name, rng.randint(0, most), rng.randint(1, 30)) for name in ids[:n]],), 300,
        st.integers(0, 400)),  # deadlines up to `most`: hundreds of ticks to fill (an exact
        # O(n²) dynamic programme is a right answer too: the size is bounded for it)
    answer=max_profit,
    reference=edf.max_profit_unit_jobs,
    judge=_judge_profit,
    examples=[("no jobs", ([],)),
              ("the seed-style example", ([P("a", 2, 100), P("b", 1, 19), P("c", 2, 27),
                                           P("d", 1, 25), P("e", 3, 15)],)),
              ("a deadline of 0", ([P("A", 0, 50)],)),
              ("a later, richer job displaces an earlier one",
               ([P("B", 1, 5), P("A", 1, 9)],))],
    pitfalls=[
        Pitfall("never gave a job back", "when a richer job comes with a deadline that is full, "
                "drop the least profitable job taken, which may be an earlier one",
                answer=_take_while_room),
        Pitfall("dropped the most profitable", "the heap must hand back the *least* profitable "
                "job: a min-heap on profit",
                edit=[("heapq.heappush(taken, (job.profit, seq, job))",
                       "heapq.heappush(taken, (-job.profit, seq, job))"),
                      ("return sum(p for p, _, _ in chosen)", "return sum(-p for p, _, _ in "
                       "chosen)")]),
    ],
    hints=["Walk the jobs by deadline. At deadline d at most d jobs can be on time so far.",
           "Keep the taken jobs' profits in a min-heap; when there are more than d, pop one.",
           "At the end, run the jobs kept in deadline order."],
)


# -- q7: an incremental build --------------------------------------------------------------------
def to_rebuild(deps, changed, last_built):
    """The jobs to run again, in the order of `deps` (name -> its dependencies): a job is rebuilt
    when it was never built, its own inputs changed, or one of its dependencies is rebuilt."""
    rebuild = set()
    for name in TopologicalSorter(deps).static_order():  # dependencies first
        if (name not in last_built or name in changed
                or any(dep in rebuild for dep in deps[name])):
            rebuild.add(name)
    return [name for name in deps if name in rebuild]


def _rebuild_by_the_core(deps, changed, last_built):
    """Build once with every source at version 1, keep the keys of `last_built`, bump the
    changed sources, build again: what the core does not skip."""
    jobs = {name: (1, 1, tuple(ds)) for name, ds in deps.items()}
    record = incremental.build(jobs, {name: "v1" for name in jobs}).record
    last = {name: key for name, key in record.items() if name in last_built}
    now = {name: "v2" if name in changed else "v1" for name in jobs}
    skipped = set(incremental.build(jobs, now, last).skipped)
    return [name for name in deps if name not in skipped]


@st.composite
def build_cases(draw):
    n = draw(st.integers(1, 7))
    order = names(draw, n)  # a topological order, drawn apart from the names
    deps = {name: sorted(draw(st.sets(st.sampled_from(order[:i]))) if i else [])
            for i, name in enumerate(order)}
    listed = draw(st.permutations(order))  # the submission order: another permutation
    deps = {name: deps[name] for name in listed}
    return (deps, draw(st.sets(st.sampled_from(order))), draw(st.sets(st.sampled_from(order))))


def _long_chains(n, rng, ids):
    """n jobs in chains of up to 250 (a change passes down hundreds of levels, within Python's
    recursion limit), listed from the last job: each needed job after the jobs needing it."""
    deps, changed, built, depth = {}, set(), set(), 0
    for i, name in enumerate(ids[:n]):
        depth = depth + 1 if i and depth < 250 and rng.random() < 0.995 else 0
        deps[name] = [ids[i - 1]] if depth else []
        changed |= {name} if rng.random() < 0.004 else set()
        built |= {name} if rng.random() < 0.996 else set()
    return dict(reversed(deps.items())), changed, built


CHAIN = {"C": ["B"], "A": [], "B": ["A"], "D": []}
q7 = Problem(
    name="to_rebuild",
    arg_names=("deps", "changed", "last_built"),
    cases=now_and_then_many(build_cases(), _long_chains, 800),
    answer=to_rebuild,
    reference=_rebuild_by_the_core,
    examples=[("nothing changed", (CHAIN, set(), set(CHAIN))),
              ("a change at the root", (CHAIN, {"A"}, set(CHAIN))),
              ("never built", (CHAIN, set(), {"A", "B", "D"})),
              ("listed before its dependency", ({"B": ["A"], "A": []}, {"A"}, {"A", "B"}))],
    pitfalls=[
        Pitfall("a changed dependency not passed down", "a job that needs a rebuilt job must be "
                "rebuilt too: its inputs include that job's output",
                edit=[("\n                or any(dep in rebuild for dep in deps[name]))", ")")]),
        Pitfall("a job never built was skipped", "a job with no record of a last build must run",
                edit=[("(name not in last_built or name in changed", "(name in changed")]),
        Pitfall("dependencies decided after the job", "decide in topological order, so a job's "
                "dependencies are known before it is", edit=[
                    ("TopologicalSorter(deps).static_order()", "deps")]),
    ],
    hints=["Decide job by job, dependencies first (`graphlib.TopologicalSorter`).",
           "Three reasons to rebuild: never built, changed, or a dependency being rebuilt.",
           "Keep a set of the jobs being rebuilt; `any(dep in rebuild for dep in deps[name])`."],
)

PROBLEMS = [q1, q2, q3, q4, q5, q6, q7]
