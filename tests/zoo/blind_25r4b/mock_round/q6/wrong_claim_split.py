# WRONG: pop under the lock, set RUNNING in a second lock section without re-check
import itertools
import threading
from kit.heap import Heap
from kit.jobs import PriorityPolicy
from kit.exercises.mock_round import Job


class JobScheduler:
    def __init__(self, clock, policy=None, workers=1):
        self.clock = clock
        self.policy = policy or PriorityPolicy()
        self.workers = workers
        self.jobs = {}
        self.seq = itertools.count()
        self.ready = Heap(before=self.policy.before)
        self.delayed = Heap(key=lambda j: (j.run_at, j.seq))
        self.lock = threading.Lock()

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        if delay < 0:
            raise ValueError("negative delay")
        with self.lock:
            if id in self.jobs:
                raise ValueError("id used")
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
        with self.lock:
            now = self.clock.now()
            while self.delayed and self.delayed.peek().run_at <= now:
                j = self.delayed.pop()
                if j.status == "PENDING":
                    self.ready.push(j)
            batch = []
            while self.ready and len(batch) < self.workers:
                j = self.ready.pop()
                if j.status == "PENDING":
                    batch.append(j)
        with self.lock:
            for j in batch:
                j.status = "RUNNING"
                j.attempts += 1
        ran = []
        for j in batch:
            err = None
            try:
                j.task()
            except Exception as e:
                err = e
            with self.lock:
                ran.append(j.id)
                if err is None:
                    j.status = "DONE"
                elif j.attempts <= j.retries:
                    j.status = "PENDING"
                    j.run_at = now + j.backoff * 2 ** (j.attempts - 1)
                    self.delayed.push(j)
                else:
                    j.status = "FAILED"
                    j.error = err
        return ran
