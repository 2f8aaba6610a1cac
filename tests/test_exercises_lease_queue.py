"""The exercises of 05_lease_queue: answers and references pass, every pitfall is caught and
named with a short counterexample, wrong answers nobody declared fail, other correct answers pass,
cost promises are counted; the lease explorer steps."""

import bisect
import heapq
import itertools

import pytest

from kit.checks.answers import edited
from kit.exercises import lease_queue as ex
from kit.grading import wire
from kit.widgets.lease import LeaseExplorer, job_lanes

PROBLEMS = ex.PROBLEMS
LEASES = PROBLEMS[:4]


def test_the_seed_pitfalls_are_all_named():
    named = {p.name for problem in PROBLEMS for p in problem.pitfalls}
    assert {ex.INCLUSIVE, ex.WRONG_WORKER, ex.OLDER_LEASE, ex.RETRY_FOREVER,
            ex.NO_TIE_BREAKER} <= named


def test_core_leases_compare_by_identity():
    assert ex.CoreLeases(3) != ex.CoreLeases(5)  # no stray @dataclass making all of them equal


def test_comparing_payloads_is_reported_as_a_type_error():
    result = ex.q5.check(ex.q5.pitfalls[1].answer)
    assert result.status == "crashed" and "TypeError" in result.error
    assert result.label == "two jobs due at the same time, names against order"  # first


def test_an_off_by_one_expiry_shows_the_exact_tick():
    result = ex.q2.check(ex.q2.pitfalls[0].answer)
    lease_for, ops = result.case
    leased_at = int(next(op for op in ops if " lease " in op).split()[0][2:])
    assert any(int(op.split()[0][2:]) == leased_at + lease_for for op in ops), repr(result)


def test_observations_and_cases_are_plain_data():
    for problem in PROBLEMS:
        for case in problem.sample(5):
            assert wire.loads(wire.dumps(case)) == case
            seen = problem.expected(case)
            assert wire.loads(wire.dumps(seen)) == seen


def test_replay_describes_every_call_who_holds_what_and_where_each_job_ended():
    case = (3, ["t=0 put B", "t=0 put A", "t=1 lease w1", "t=2 ack w2 #1", "t=4 ack w1 #1"])
    assert ex.replay(ex.CoreLeases, case) == [
        "t=0 put B | B: not held", "t=0 put A | B: not held, A: not held",
        "t=1 lease w1 → B #1 | B: w1 #1 until 4, A: not held",
        "t=2 ack w2 #1 → rejected | B: w1 #1 until 4, A: not held",
        "t=4 ack w1 #1 → rejected | B: not held, A: not held",
        "B at the end: ready, number 2 in line", "A at the end: ready, number 1 in line"]


def test_generated_names_are_drawn_apart_from_the_order_jobs_are_put_in():
    orders = {tuple(op.split()[2] for op in case[-1] if " put " in op)
              for problem in LEASES for case in problem.sample(30) if isinstance(case[-1], list)}
    assert any(list(o) != sorted(o) for o in orders), orders


# -- wrong answers nobody declared: edits of the answers, each must fail ------------------------
def _wrong(answer, old, new, *more):
    return edited(answer, [(old, new), *more], f"undeclared: {new}")


UNDECLARED = {
    "q1": [
        ("the ready line kept in name order",
         _wrong(ex.BorrowQueue, "job, token = self.ready.popleft(), next(self.tokens)",
                "job, token = min(self.ready), next(self.tokens)\n        self.ready.remove(job)")),
        ("a rejected ack still drops the lease",
         _wrong(ex.BorrowQueue, "        if not self.holds(worker, job, token, now):\n"
                "            return False\n", "        if not self.holds(worker, job, token, now):"
                "\n            self.held.pop(job)\n            return False\n")),
        ("holder returns a list", _wrong(ex.BorrowQueue, "return self.held.get(job)",
                                         "return list(self.held.get(job) or []) or None")),
        ("the lease ends a tick early",
         _wrong(ex.BorrowQueue, "now + self.lease_for)", "now + self.lease_for - 1)")),
        ("an empty queue lends (None, None)",
         _wrong(ex.BorrowQueue, "            return None\n", "            return None, None\n")),
    ],
    "q2": [
        ("an expired job jumps the line",
         _wrong(ex.ExpiringQueue, "self.ready.append(job)", "self.ready.appendleft(job)")),
        ("equal deadlines leave in name order",
         _wrong(ex.ExpiringQueue, "heappush(self.expiries, (expires_at, seq, job))",
                "heappush(self.expiries, (expires_at, job, seq))",
                ("expires_at, seq, job =", "expires_at, job, seq ="))),
        ("one expiry per call", _wrong(ex.ExpiringQueue, "while self.expiries and",
                                       "if self.expiries and")),
        ("the job as its token (one token per job, not per grant)",
         ex.rebuilt(ex.ExpiringQueue, ex.BorrowQueue, [(
             "job, token = self.ready.popleft(), next(self.tokens)",
             "job = token = self.ready.popleft()")], "token per job")),
        ("a put does not catch up", _wrong(ex.ExpiringQueue, "        self.catch_up(now)\n"
                                           "        super().put", "        super().put")),
    ],
    "q3": [
        ("a heartbeat hands out a new token",
         _wrong(ex.HeartbeatQueue, "self.hold(job, worker, token,",
                "self.hold(job, worker, next(self.tokens),")),
        ("a heartbeat answers the new deadline",
         _wrong(ex.HeartbeatQueue, "        return True", "        return now + self.lease_for")),
        ("a heartbeat from any worker with the token",
         _wrong(ex.HeartbeatQueue, "if not self.holds(worker, job, token, now):",
                "if (self.holder(job, now) or (None, None))[1] != token:")),
    ],
    "q4": [
        ("the first retry waits 2·base", _wrong(ex.RetryQueue, "2 ** (self.attempts[job] - 1)",
                                                "2 ** self.attempts[job]")),
        ("a retry jumps the line", _wrong(ex.RetryQueue, "self.ready.append(heapq",
                                          "self.ready.appendleft(heapq")),
        ("dead letters as a tuple", _wrong(ex.RetryQueue, "return list(self.dead)",
                                           "return tuple(self.dead)")),
        ("a failure is not an attempt that ends",
         _wrong(ex.RetryQueue, "        self.expired(job, now)  # a failure ends the attempt as "
                "an expiry would\n", "        self.ready.append(job)\n")),
    ],
    "q5": [
        ("cancel says True for any name", _wrong(ex.DelayedJobs, "return self.live.pop(name, None)"
                                                 " is not None", "self.live.pop(name, None)\n"
                                                 "        return True")),
        ("pop_due answers names only", _wrong(ex.DelayedJobs, "due.append((name, payload))",
                                              "due.append(name)")),
        ("latest first", _wrong(ex.DelayedJobs, "return due", "return due[::-1]")),
        ("a payload copied from the first schedule of a name",
         _wrong(ex.DelayedJobs, "due.append((name, payload))",
                "due.append((name, self.__dict__.setdefault('first', {}).setdefault(name, "
                "payload)))")),
    ],
}
WRONG = [(q, label, answer) for q, items in UNDECLARED.items() for label, answer in items]
BY_KEY = {f"q{i}": p for i, p in enumerate(PROBLEMS, 1)}


@pytest.mark.parametrize("q, label, answer", WRONG, ids=[f"{q}:{lbl}" for q, lbl, _ in WRONG])
def test_undeclared_wrong_answers_fail(q, label, answer):
    result = BY_KEY[q].check(answer)
    assert not result, f"{q}: the wrong answer '{label}' passed"
    assert result.status in ("failed", "crashed"), repr(result)


def test_a_new_token_on_heartbeat_fails_at_the_heartbeat_itself():
    answer = UNDECLARED["q3"][0][1]
    result = ex.q3.check(answer)
    assert "heartbeat" in result.case[-1][-1] or any("heartbeat" in op for op in result.case[-1])
    assert "w1 with a token no lease returned" in result.error, repr(result)


# -- correct answers written differently --------------------------------------------------------
class ScanningLeases:
    """Expiry by scanning every lease on each call (right, but slow for many leases), tokens
    as strings, the ready line as a list, deadlines kept per job with the count of when they
    were set (equal deadlines expire in that order)."""

    def __init__(self, lease_for, max_attempts=10 ** 9, base=0):
        self.lease_for, self.max_attempts, self.base = lease_for, max_attempts, base
        self.ready, self.leases, self.backoff, self.dead = [], {}, [], []
        self.tries, self.n = {}, 0

    def _tick(self, now):
        gone = sorted((exp, n, job) for job, (_, _, exp, n) in self.leases.items() if exp <= now)
        for exp, _, job in gone:
            del self.leases[job]
            self._over(job, exp)
        for _, _, job in sorted(b for b in self.backoff if b[0] <= now):
            self.ready.append(job)
        self.backoff = [b for b in self.backoff if b[0] > now]

    def _over(self, job, when):
        if self.tries[job] >= self.max_attempts:
            self.dead.append(job)
        else:
            self.n += 1
            wait = self.base << (self.tries[job] - 1)
            self.backoff.append((when + wait, self.n, job))

    def _live(self, worker, job, token):
        return self.leases.get(job, (None, None))[:2] == (worker, token)

    def put(self, job, now):
        self._tick(now)
        self.ready.append(job)

    def lease(self, worker, now):
        self._tick(now)
        if not self.ready:
            return None
        job = self.ready.pop(0)
        self.n += 1
        self.tries[job] = self.tries.get(job, 0) + 1
        token = f"{job}-{self.n}"
        self.leases[job] = (worker, token, now + self.lease_for, self.n)
        return job, token

    def holder(self, job, now):
        self._tick(now)
        return self.leases[job][:3] if job in self.leases else None

    def ack(self, worker, job, token, now):
        self._tick(now)
        return self._live(worker, job, token) and self.leases.pop(job) is not None

    def heartbeat(self, worker, job, token, now):
        self._tick(now)
        if not self._live(worker, job, token):
            return False
        self.n += 1
        self.leases[job] = (worker, token, now + self.lease_for, self.n)
        return True

    def fail(self, worker, job, token, now):
        self._tick(now)
        if not self._live(worker, job, token):
            return False
        del self.leases[job]
        self._over(job, now)
        return True

    def dead_letters(self):
        return list(self.dead)


class SeqHeapLeases(ScanningLeases):
    """Right and fast: one heap of events (time, kind, seq, job), each lease's live seq kept
    per job; expiries (kind 0) before retries (kind 1) on a tie."""

    def __init__(self, lease_for, max_attempts=10 ** 9, base=0):
        super().__init__(lease_for, max_attempts, base)
        self.events, self.live, self.count = [], {}, itertools.count()

    def _tick(self, now):
        while self.events and self.events[0][0] <= now:
            when, kind, seq, job = heapq.heappop(self.events)
            if kind == 1:
                self.ready.append(job)
            elif self.live.get(job) == seq:
                del self.live[job], self.leases[job]
                self._over(job, when)

    def _over(self, job, when):
        if self.tries[job] >= self.max_attempts:
            self.dead.append(job)
        else:
            heapq.heappush(self.events, (when + self.base * 2 ** (self.tries[job] - 1), 1,
                                         next(self.count), job))

    def _hold(self, job, worker, token, until):
        self.leases[job] = (worker, token, until, 0)
        self.live[job] = seq = next(self.count)
        heapq.heappush(self.events, (until, 0, seq, job))

    def lease(self, worker, now):
        grant = super().lease(worker, now)
        if grant is not None:
            self._hold(grant[0], worker, grant[1], now + self.lease_for)
        return grant

    def ack(self, worker, job, token, now):
        accepted = super().ack(worker, job, token, now)
        if accepted:
            del self.live[job]
        return accepted

    def heartbeat(self, worker, job, token, now):
        accepted = super().heartbeat(worker, job, token, now)
        if accepted:
            self._hold(job, worker, token, now + self.lease_for)
        return accepted

    def fail(self, worker, job, token, now):
        self._tick(now)
        if not self._live(worker, job, token):
            return False
        del self.leases[job], self.live[job]
        self._over(job, now)
        return True


@pytest.mark.parametrize("problem", LEASES, ids=[p.name for p in LEASES])
def test_another_fast_lease_answer_passes(problem):
    result = problem.check(SeqHeapLeases)
    assert result, repr(result)


def test_a_scan_is_right_for_q1_and_too_slow_where_a_heap_is_promised():
    assert ex.q1.check(ScanningLeases)
    for problem in LEASES[1:]:
        result = problem.check(ScanningLeases)
        assert result.status == "too slow", repr(result)
        assert result.error.startswith("gives the right answers, but 1000 puts, 1000 leases "
                                       "live at once and "), result.error
        assert "some call searches, scans or sorts every item" in result.error
        assert result.label == "many leases at once"


def test_the_answers_compare_a_few_times_per_call():
    for problem in LEASES[1:]:
        (label, case), = [e for e in problem.examples if e[0] == "many leases at once"]
        summary, counted = ex.replay(problem.answer, case)
        assert summary is not None and counted < ex.budget(ex.STRESS) / 5
        assert ex.replay(ScanningLeases, case) == (None, ex.budget(ex.STRESS) + 1)  # cut short


EAGER = [("        while self.expiries and not now < self.expiries[0][0]:",
          "        while self.expiries and self.held.get(self.expiries[0][2], (0, 0, 0))[2] "
          "!= self.expiries[0][0]:\n            heapq.heappop(self.expiries)  # stale: drop now\n"
          "        while self.expiries and not now < self.expiries[0][0]:")]


@pytest.mark.parametrize("problem", LEASES[1:], ids=[p.name for p in LEASES[1:]])
def test_a_heap_that_drops_stale_entries_at_once_is_not_too_slow(problem):
    """O(log n) per stale entry, as kit.lease does it: well inside the budget."""
    answer = edited(ex.ExpiringQueue, EAGER, "eager") if problem is ex.q2 else \
        ex.rebuilt(problem.answer, ex.ExpiringQueue, EAGER, "eager")
    result = problem.check(answer)
    assert result, repr(result)


class SortedDelayed:
    """A sorted list with bisect, and eager cancel: right, but cancel searches the list."""

    def __init__(self):
        self.items, self.count = [], itertools.count()

    def schedule(self, name, at, payload):
        bisect.insort(self.items, (at, next(self.count), name, payload), key=lambda e: e[:2])

    def cancel(self, name):
        for i, entry in enumerate(self.items):
            if entry[2] == name:
                del self.items[i]
                return True
        return False

    def pop_due(self, now):
        cut = bisect.bisect_right([e[0] for e in self.items], now)
        due, self.items = self.items[:cut], self.items[cut:]
        return [(name, payload) for _, _, name, payload in due]


class DictHeapDelayed:
    """Heap entries (at, seq, job record); a cancelled record is flagged."""

    def __init__(self):
        self.heap, self.current, self.seq = [], {}, 0

    def schedule(self, name, at, payload):
        self.seq += 1
        record = {"name": name, "payload": payload, "dead": False}
        self.current[name] = record
        heapq.heappush(self.heap, (at, self.seq, record))

    def cancel(self, name):
        record = self.current.pop(name, None)
        if record is None:
            return False
        record["dead"] = True
        return True

    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            record = heapq.heappop(self.heap)[2]
            if not record["dead"]:
                del self.current[record["name"]]
                out.append((record["name"], record["payload"]))
        return out


def test_another_delayed_answer_passes():
    assert ex.q5.check(DictHeapDelayed)


def test_a_searching_cancel_is_too_slow():
    result = ex.q5.check(SortedDelayed)
    assert result.status == "too slow"
    assert "1000 schedules, 1000 cancels and one pop_due took" in result.error


def test_pairs_as_lists_are_rejected_with_the_type_named():
    class Lists(DictHeapDelayed):
        def pop_due(self, now):
            return [list(pair) for pair in super().pop_due(now)]

    result = ex.q5.check(Lists)
    assert not result and "expected a list of (name, payload) tuples" in result.error


def test_not_attempted():
    class Stub:
        def __init__(self, *args):
            raise NotImplementedError

    for problem in PROBLEMS:
        assert problem.check(Stub).status == "not attempted"


# -- the explorer -----------------------------------------------------------------------------
def test_explorer_steps_back_and_resets():
    explorer = LeaseExplorer("crash")
    assert explorer.lines[0].startswith("Step 0 of 8, t = 0")
    assert explorer.back.disabled and not explorer.step.disabled
    for _ in range(4):
        explorer.step.click()
    assert explorer.lines[0] == "Step 4 of 8, t = 5: time passes: +1 → t = 5."
    assert any("at exactly expires_at it has expired" in line for line in explorer.lines)
    explorer.back.click()
    assert explorer.lines[0].startswith("Step 3 of 8, t = 4")
    assert any("leased by w1 (attempt 1) while t < 5" in line for line in explorer.lines)
    explorer.reset.click()
    assert explorer.lines[0].startswith("Step 0 of 8")
    explorer.go(99)
    assert explorer.step.disabled and "duplicate deliveries 1" in explorer.lines[-1]


def test_explorer_scenario_change_starts_over():
    explorer = LeaseExplorer("crash")
    explorer.go(3)
    explorer.scenario.value = "poison"
    assert explorer.lines[0].startswith("Step 0 of 14")
    explorer.go(14)
    assert "dead 1" in explorer.lines[-1]
    text = explorer._repr_mimebundle_()["text/plain"]
    assert text.startswith("[Lease explorer]") and "no retrying forever" in text
    assert bytes(explorer.picture.value).startswith(b"\x89PNG")


def test_job_lanes_follow_the_trace():
    from kit.lease_scenarios import replay

    bars, marks, held = job_lanes(replay("slow_duplicate")[-1])
    assert [b[0] for b in bars["A"]] == ["ready", "w1", "backoff", "ready", "w2", "done"]
    assert (8, "ack refused") in marks["A"] and held == {}
