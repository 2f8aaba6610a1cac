# right: cond.wait_for with a predicate and an explicit timeout computed each round
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.b = board
    def next_job(self):
        b = self.b
        with b.cond:
            while True:
                now = b.clock.now()
                if b.due and not now < b.due[0][0]:
                    _, _, name = heapq.heappop(b.due)
                    return name
                if b.stopping and len(b.due) == 0:
                    return None
                b.cond.wait(None if not b.due else b.due[0][0] - now)
    def work(self):
        for name in iter(self.next_job, None):
            self.b.run(name)
    def shutdown(self):
        with self.b.cond:
            self.b.stopping = True
            self.b.cond.notify_all()
