"""The exercises of 05_lease_queue: references and solutions pass, every pitfall is caught and
named with a short counterexample, other correct answers pass; the lease explorer steps."""

import bisect
import heapq
import itertools

import pytest

from kit.exercises import lease_queue as ex
from kit.grading import wire
from kit.widgets.lease import LeaseExplorer, job_lanes

PROBLEMS = [ex.q1, ex.q2, ex.q3, ex.q4, ex.q5]


def test_the_seed_pitfalls_are_all_named():
    named = {p.name for problem in PROBLEMS for p in problem.pitfalls}
    assert {ex.INCLUSIVE, ex.WRONG_WORKER, ex.OLDER_LEASE, ex.RETRY_FOREVER,
            ex.NO_TIE_BREAKER} <= named


def test_comparing_payloads_is_reported_as_a_type_error():
    result = ex.q5.check(ex._JobDicts)
    assert result.status == "crashed" and "TypeError" in result.error
    assert result.case == (["schedule A at 0", "schedule B at 0"],)


def test_an_off_by_one_expiry_shows_the_exact_tick():
    result = ex.q2.check(ex._Inclusive)
    ops = result.case[-1]
    lease_for = result.case[0]
    leased_at = int(next(op for op in ops if " lease " in op).split()[0][2:])
    assert any(int(op.split()[0][2:]) == leased_at + lease_for for op in ops), repr(result)


def test_observations_and_cases_are_plain_data():
    for problem in PROBLEMS:
        for case in problem.sample(5):
            assert wire.loads(wire.dumps(case)) == case
            seen = problem.expected(case)
            assert wire.loads(wire.dumps(seen)) == seen


def test_replay_describes_every_call():
    case = (3, ["t=0 put A", "t=1 lease w1", "t=2 ack w2 #1", "t=4 ack w1 #1", "t=5 ack w1 #2"])
    assert ex.replay(ex.CoreLeases, case) == [
        "t=0 put A", "t=1 lease w1 → A #1", "t=2 ack w2 #1 → rejected",
        "t=4 ack w1 #1 → rejected", "t=5 ack w1 #2 → skipped: there is no grant #2"]


# -- correct answers written differently ------------------------------------------------------
class ScanningLeases:
    """Expiry by scanning every lease on each call (slow for many leases, but right), tokens
    as strings, the ready line as a list, deadlines kept per job."""

    def __init__(self, lease_for, max_attempts=10 ** 9, base=0):
        self.lease_for, self.max_attempts, self.base = lease_for, max_attempts, base
        self.ready, self.leases, self.backoff, self.dead = [], {}, [], []
        self.tries, self.n = {}, 0

    def _tick(self, now):
        gone = sorted((exp, job) for job, (_, _, exp) in self.leases.items() if exp <= now)
        for exp, job in gone:
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
            self.backoff.append((when + self.base * 2 ** (self.tries[job] - 1), self.n, job))

    def _live(self, worker, job, token):
        return self.leases.get(job, (None, None, None))[:2] == (worker, token)

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
        self.leases[job] = (worker, token, now + self.lease_for)
        return job, token

    def ack(self, worker, job, token, now):
        self._tick(now)
        return self._live(worker, job, token) and self.leases.pop(job) is not None

    def heartbeat(self, worker, job, token, now):
        self._tick(now)
        if not self._live(worker, job, token):
            return False
        self.leases[job] = (worker, token, now + self.lease_for)
        return True

    def fail(self, worker, job, token, now):
        self._tick(now)
        if not self._live(worker, job, token):
            return False
        del self.leases[job]
        self._over(job, now)
        return True

    def dead_letters(self):
        return self.dead


@pytest.mark.parametrize("problem", PROBLEMS[:4], ids=[p.name for p in PROBLEMS[:4]])
def test_other_lease_answers_pass(problem):
    result = problem.check(ScanningLeases)
    assert result, repr(result)


class SortedDelayed:
    """A sorted list with bisect, and eager cancel (O(n), but right)."""

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
        return [[name, payload] for _, _, name, payload in due]  # lists are fine too


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


@pytest.mark.parametrize("answer", [SortedDelayed, DictHeapDelayed])
def test_other_delayed_answers_pass(answer):
    assert ex.q5.check(answer)


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
