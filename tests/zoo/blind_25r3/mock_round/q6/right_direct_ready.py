# right (style): delay-0 jobs go straight to the ready heap, seq = len(jobs), heapq for the delayed heap, a Condition as the lock
import heapq
import threading
from kit.exercises.mock_round import Job
from kit.heap import Heap
from kit.jobs import PriorityPolicy


class JobScheduler:
    def __init__(self, clock, policy=None, workers=1):
        self.clock, self.workers = clock, workers
        pol = policy or PriorityPolicy()
        self.ready = Heap(before=lambda a, b: pol.before(a, b))
        self.later = []
        self.jobs = {}
        self.cv = threading.Condition()

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        with self.cv:
            if id in self.jobs or delay < 0:
                raise ValueError(id)
            job = Job(id, task, priority, self.clock.now() + delay, len(self.jobs), retries, backoff)
            self.jobs[id] = job
            if delay == 0:
                self.ready.push(job)
            else:
                heapq.heappush(self.later, (job.run_at, job.seq, job))
            return id

    def cancel(self, id):
        with self.cv:
            job = self.jobs.get(id)
            ok = job is not None and job.status == "PENDING"
            if ok:
                job.status = "CANCELLED"
            return ok

    def status(self, id):
        return "%s" % self.jobs[id].status

    def _finish(self, job, now, err):
        with self.cv:
            job.attempts += 1
            if err is None:
                job.status = "DONE"
            elif job.attempts <= job.retries:
                job.status, job.error = "PENDING", err
                job.run_at = now + (job.backoff << (job.attempts - 1))
                heapq.heappush(self.later, (job.run_at, job.seq, job))
            else:
                job.status, job.error = "FAILED", err

    def tick(self):
        with self.cv:
            now = self.clock.now()
            while self.later and self.later[0][0] <= now:
                job = heapq.heappop(self.later)[2]
                if job.status == "PENDING":
                    self.ready.push(job)
            todo = []
            while len(todo) < self.workers and len(self.ready):
                job = self.ready.pop()
                if job.status == "PENDING":
                    job.status = "RUNNING"
                    todo.append(job)
        out = []
        for job in todo:
            err = None
            try:
                job.task()
            except Exception as e:
                err = e
            self._finish(job, now, err)
            out.append(job.id)
        return out
