# right: records the error safely with a guarded repr
import itertools
import threading

from kit.exercises.mock_round import Job
from kit.heap import Heap
from kit.jobs import PriorityPolicy


class JobScheduler:
    def __init__(self, clock, policy=None, workers=1):
        self.clock = clock
        self.policy = policy if policy is not None else PriorityPolicy()
        self.workers = workers
        self.jobs = {}
        self.delayed = Heap(key=lambda j: (j.run_at, j.seq))
        self.ready = Heap(before=self.policy.before)
        self.seq = itertools.count()
        self.lock = threading.Lock()

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        if delay < 0:
            raise ValueError("negative delay")
        with self.lock:
            if id in self.jobs:
                raise ValueError("id already used")
            job = Job(id, task, priority, self.clock.now() + delay, next(self.seq), retries, backoff)
            self.jobs[id] = job
            self.delayed.push(job)
        return id

    def cancel(self, id):
        with self.lock:
            job = self.jobs.get(id)
            if job is None or job.status != "PENDING":
                return False
            job.status = "CANCELLED"
            return True

    def status(self, id):
        with self.lock:
            return self.jobs[id].status

    def tick(self):
        now = self.clock.now()
        with self.lock:
            while self.delayed and self.delayed.peek().run_at <= now:
                job = self.delayed.pop()
                if job.status == "PENDING":
                    self.ready.push(job)
            claimed = []
            while len(claimed) < self.workers and self.ready:
                job = self.ready.pop()
                if job.status == "PENDING":
                    job.status = "RUNNING"
                    claimed.append(job)
        ran = []
        for job in claimed:
            error = None
            try:
                job.task()
            except Exception as e:
                error = e
            with self.lock:
                job.attempts += 1
                if error is None:
                    job.status = "DONE"
                elif job.attempts <= job.retries:
                    job.status = "PENDING"
                    job.run_at = now + job.backoff * 2 ** (job.attempts - 1)
                    self.delayed.push(job)
                else:
                    job.status = "FAILED"
                    job.error = self._describe(error)
            ran.append(job.id)
        return ran

    @staticmethod
    def _describe(error):
        try:
            return f"{type(error).__name__}: {error}"
        except Exception:
            return type(error).__name__
