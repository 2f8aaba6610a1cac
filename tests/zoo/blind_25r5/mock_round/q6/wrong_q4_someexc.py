# 08 q4. Wrong: only RuntimeError and ValueError count as failures; any other exception escapes tick.
# Breaks: "A task that raises has failed this attempt, whatever it raises (any `Exception`"
import itertools, threading
from kit.exercises.mock_round import Job
from kit.heap import Heap
from kit.jobs import PriorityPolicy

class JobScheduler:
    def __init__(self, clock, policy=None, workers=1):
        self.clock = clock
        self.policy = policy if policy is not None else PriorityPolicy()
        self.workers = workers
        self.jobs = {}
        self.seq = itertools.count()
        self.delayed = Heap(key=lambda j: (j.run_at, j.seq))
        self.ready = Heap(before=self.policy.before)
        self.lock = threading.Lock()

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        with self.lock:
            if id in self.jobs:
                raise ValueError(f"id {id!r} already used")
            if delay < 0:
                raise ValueError("negative delay")
            job = Job(id, task, priority=priority, run_at=self.clock.now() + delay,
                      seq=next(self.seq), retries=retries, backoff=backoff)
            self.jobs[id] = job
            self.delayed.push(job)
            return id

    def cancel(self, id):
        with self.lock:
            job = self.jobs[id]
            if job.status != "PENDING":
                return False
            job.status = "CANCELLED"
            return True

    def status(self, id):
        with self.lock:
            return str(self.jobs[id].status)

    def _promote(self, now):
        while self.delayed and self.delayed.peek().run_at <= now:
            job = self.delayed.pop()
            if job.status == "PENDING":
                self.ready.push(job)

    def _take(self):
        with self.lock:
            self._promote(self.clock.now())
            while self.ready:
                job = self.ready.pop()
                if job.status == "PENDING":
                    job.status = "RUNNING"
                    return job
            return None

    def _finish(self, job, exc):
        with self.lock:
            now = self.clock.now()
            if exc is None:
                job.status = "DONE"
                return
            job.error = exc
            if job.attempts <= job.retries:
                job.status = "PENDING"
                job.run_at = now + job.backoff * 2 ** (job.attempts - 1)
                self.delayed.push(job)
            else:
                job.status = "FAILED"

    def tick(self):
        taken = []
        for _ in range(self.workers):
            job = self._take()
            if job is None:
                break
            taken.append(job)
        for job in taken:
            job.attempts += 1
            try:
                job.task()
                exc = None
            except (RuntimeError, ValueError) as e:
                exc = e
            self._finish(job, exc)
        return [j.id for j in taken]
