# wrong: claims and runs one slot at a time, re-promoting between slots, so a retry with backoff 0 (or a job due meanwhile) can run twice in one tick
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
        self.lock = threading.Lock()
        self.jobs = {}
        self.seq = itertools.count()
        self.ready = Heap(before=self.policy.before)
        self.delayed = Heap(key=lambda j: (j.run_at, j.seq))

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
            return str(self.jobs[id].status)

    def tick(self):
        with self.lock:
            now = self.clock.now()
            while self.delayed and self.delayed.peek().run_at <= now:
                job = self.delayed.pop()
                if job.status == "PENDING":
                    self.ready.push(job)
        ran = []
        for _slot in range(self.workers):
            with self.lock:
                while self.delayed and self.delayed.peek().run_at <= now:
                    j = self.delayed.pop()
                    if j.status == "PENDING":
                        self.ready.push(j)
                job = None
                while self.ready:
                    j = self.ready.pop()
                    if j.status == "PENDING":
                        j.status = "RUNNING"; job = j; break
            if job is None:
                break
            try:
                job.task()
                ok, err = True, None
            except Exception as e:
                ok, err = False, e
            with self.lock:
                job.attempts += 1
                if ok:
                    job.status = "DONE"
                else:
                    job.error = err
                    if job.attempts <= job.retries:
                        job.status = "PENDING"
                        job.run_at = now + job.backoff * 2 ** (job.attempts - 1)
                        self.delayed.push(job)
                    else:
                        job.status = "FAILED"
            ran.append(job.id)
        return ran
