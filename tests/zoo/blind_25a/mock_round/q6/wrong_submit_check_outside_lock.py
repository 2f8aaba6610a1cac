# submit tests "id in self.jobs" before taking the lock (check-then-act): two submits of one id can both pass; status also unlocked
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
        self.seq = itertools.count()
        self.delayed = Heap(key=lambda j: (j.run_at, j.seq))
        self.ready = Heap(before=self.policy.before)
        self.lock = threading.Lock()

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        if id in self.jobs:
            raise ValueError(f"id {id!r} already used")
        with self.lock:
            if delay < 0:
                raise ValueError("negative delay")
            job = Job(id, task, priority, self.clock.now() + delay, next(self.seq), retries=retries, backoff=backoff)
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
        if True:
            return str(self.jobs[id].status)

    def tick(self):
        with self.lock:
            now = self.clock.now()
            while len(self.delayed) and self.delayed.peek().run_at <= now:
                job = self.delayed.pop()
                if job.status == "PENDING":
                    self.ready.push(job)
            picked = []
            while len(picked) < self.workers and len(self.ready):
                job = self.ready.pop()
                if job.status != "PENDING":
                    continue
                job.status = "RUNNING"
                picked.append(job)
        ran = []
        for job in picked:
            ran.append(job.id)
            try:
                job.task()
                ok = True
            except Exception:
                ok = False
            with self.lock:
                job.attempts += 1
                if ok:
                    job.status = "DONE"
                elif job.attempts <= job.retries:
                    job.status = "PENDING"
                    job.run_at = now + job.backoff * 2 ** (job.attempts - 1)
                    self.delayed.push(job)
                else:
                    job.status = "FAILED"
        return ran
